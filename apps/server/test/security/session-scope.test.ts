// Session scope and step-up (README "Identity and sessions", DESIGN §4): what someone holding only a patient's 알림톡
// link (forwarded, previewed, read over a shoulder) can do, and what needs a fresh SMS verification of the same person.
// Each attack is performed with the link alone and shown refused with nothing changed; then the patient steps up and
// the same call works; a step-up by another person is refused; a cancelled subscription's links open nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { API, CHILD_API, STATEMENT_API, STEP_UP_FRESH_SECONDS, type SessionCurrent } from '@auto-claim/contract';
import { signLinkToken } from '../../src/security/linkToken.js';
import { ciHmacOf } from '../../src/security/session.js';
import {
  build,
  latestSmsCode,
  problemOf,
  telecomTermsIds,
  testClock,
  testPerson,
  verifyPatient,
  type TestApp,
  freshAddress,
  cookieOf,
} from '../helper.js';
import { images, regFor, type Images, type Verified } from '../../fixtures/enrolment.js';

const clock = testClock(new Date('2026-11-23T03:00:00Z'));
let t: TestApp;
let img: Images;

beforeAll(async () => {
  // TRUST_PROXY=1: a call that says X-Forwarded-Proto: https is one over https (the device cookie's attacks below).
  t = await build({ clock, config: { trustProxy: 1 } });
  img = await images();
});
afterAll(() => t?.close());

const as = (cookie: string, opts: InjectOptions) =>
  t.app.inject({ remoteAddress: freshAddress(), ...opts, headers: { ...(opts.headers ?? {}), cookie } });

/** A patient who verified by SMS and subscribed, as the wizard does. */
async function subscribedPatient() {
  const v: Verified = await verifyPatient(t);
  const res = await as(v.cookie, { method: 'POST', url: API.subscriptions, payload: await regFor(t, v, img) });
  expect(res.statusCode, res.body).toBe(201);
  const insuApplyId = (res.json() as { subscription: { insuApplyId: string } }).subscription.insuApplyId;
  return { v, insuApplyId, ciHmac: ciHmacOf(t.app.ctx, v.ci) };
}
type Patient = Awaited<ReturnType<typeof subscribedPatient>>;

/** What the 알림톡 carries, traded for a session: the only thing the attacker holds. */
async function linkSession(p: Patient, purpose: 'treat' | 'idCard' | 'statement' = 'treat') {
  const token = await signLinkToken(t.app.ctx, { purpose, ciHmac: p.ciHmac, insuApplyId: p.insuApplyId });
  const res = await t.app.inject({
    method: 'POST',
    url: API.linkExchange,
    payload: { token, purpose },
    remoteAddress: freshAddress(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return cookieOf(res);
}

const rowOf = (insuApplyId: string) =>
  t.db.db
    .selectFrom('subscription')
    .select(['status', 'bankAccountEnc', 'bankAccountRel', 'personEnc'])
    .where('insuApplyId', '=', insuApplyId)
    .executeTakeFirstOrThrow();
/** What the attack wants to change, as stored. */
async function stored(insuApplyId: string) {
  const row = await rowOf(insuApplyId);
  const ctx = t.app.ctx;
  return {
    status: row.status,
    account: row.bankAccountEnc ? ctx.crypto.decrypt(row.bankAccountEnc) : null,
    rel: row.bankAccountRel,
    email: ctx.crypto.decryptJson<{ userEmail: string }>(row.personEnc).userEmail,
  };
}

/** Someone else's account, named as 기타 가족: the move the attacker made. */
const MOVE_ACCOUNT = { bankCd: '088', bankAccount: '110999888777', bankAccountHolder: '박타인', bankAccountRel: '9' };

function expectStepUp(res: Awaited<ReturnType<typeof t.app.inject>>, words?: string) {
  const p = problemOf(res);
  expect(p).toMatchObject({ status: 403, code: 'STEP_UP_REQUIRED' });
  expect(p.detail).toMatch(/본인인증을 한 번 더 해 주세요/);
  if (words) expect(p.detail).toContain(words);
}

/** Step-up as the SPA does it: the carrier and the telecom terms; the code from the session's own phone. */
async function stepUp(cookie: string, phone: string) {
  // A verification just sent a code to this phone: the resend gap applies to step-up as to any send.
  clock.advance(61_000);
  const started = await as(cookie, {
    method: 'POST',
    url: API.stepUp,
    payload: { telecomType: '1', termsIds: await telecomTermsIds(t) },
  });
  expect(started.statusCode, started.body).toBe(200);
  const seq = started.json() as { smsRequestSeq: string; smsResponseSeq: string; userTelMasked: string };
  expect(seq.userTelMasked).toBe(`${phone.slice(0, 3)}-****-${phone.slice(-4)}`);
  return as(cookie, {
    method: 'POST',
    url: API.stepUpConfirm,
    payload: {
      smsRequestSeq: seq.smsRequestSeq,
      smsResponseSeq: seq.smsResponseSeq,
      smsAuthNum: await latestSmsCode(t, phone),
    },
  });
}

describe('a link session (the 알림톡 link alone)', () => {
  it('reads the visit history and the ID requests, and sees no CI and no unmasked person', async () => {
    const p = await subscribedPatient();
    const link = await linkSession(p);
    expect((await as(link, { url: API.treats })).statusCode).toBe(200);
    expect((await as(link, { url: API.idCards })).statusCode).toBe(200);

    const session = await as(link, { url: API.session });
    expect(session.statusCode).toBe(200);
    expect(session.body).not.toContain(p.v.ci);
    expect(session.body).not.toContain(p.v.person.custHp);
    expect(session.body).not.toContain(p.v.person.custName);
    const s = session.json() as SessionCurrent;
    expect(s).toMatchObject({ kind: 'patient', scope: 'link', linkPurpose: 'treat', userNmMasked: '김**트' });
    // The carrier she subscribed with, so that a step-up offers it again instead of asking.
    expect(s.telecomType).toBe(p.v.person.telecomType);
    expect(s.ci).toBeUndefined();
    expect(s.person).toBeUndefined();
    expect(s.freshUntil).toBeUndefined();
  });

  it('cannot move the payout account to another person’s (bankAccountRel 9): refused, nothing changed', async () => {
    const p = await subscribedPatient();
    const before = await stored(p.insuApplyId);
    const link = await linkSession(p);
    const res = await as(link, { method: 'PUT', url: API.subscriptions, payload: MOVE_ACCOUNT });
    expectStepUp(res);
    // Refused before the body is read: no bank was asked (the outbox has no holder check for this account).
    expect(await stored(p.insuApplyId)).toEqual(before);
    expect(before).toMatchObject({ account: '123456781234', rel: '1' });
  });

  it('cannot change the e-mail, cancel, or download the stored documents: refused, nothing changed', async () => {
    const p = await subscribedPatient();
    const before = await stored(p.insuApplyId);
    const link = await linkSession(p);
    expectStepUp(
      await as(link, { method: 'PUT', url: API.subscriptions, payload: { userEmail: 'attacker@example.com' } }),
    );
    expectStepUp(await as(link, { method: 'DELETE', url: API.subscriptions }));
    for (const url of [API.documentCommission, API.documentAgree]) {
      const doc = await as(link, { method: 'POST', url, payload: { insuApplyId: p.insuApplyId } });
      expectStepUp(doc);
      expect(doc.headers['content-type']).not.toContain('pdf');
    }
    expect(await stored(p.insuApplyId)).toEqual(before);
    expect(before).toMatchObject({ status: 'subscribe', email: 'patient@example.com' });
  });

  it('cannot subscribe again (v1 or v2), even after the subscription it came from', async () => {
    const p = await subscribedPatient();
    const link = await linkSession(p);
    const body = await regFor(t, p.v, img, { bankAccountHolder: '박타인', bankAccountRel: '9' });
    expectStepUp(await as(link, { method: 'POST', url: API.subscriptions, payload: body }), '가입하려면');
    expectStepUp(await as(link, { method: 'POST', url: API.subscriptionsV2, payload: body }));
    const rows = await t.db.db
      .selectFrom('subscription')
      .select('insuApplyId')
      .where('ciHmac', '=', p.ciHmac)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('is refused by every patient call outside its purpose, before any word about the body', async () => {
    const p = await subscribedPatient();
    const treatLink = await linkSession(p, 'treat');
    const idLink = await linkSession(p, 'idCard');
    const statementLink = await linkSession(p, 'statement');
    const patientRoutes = t.app.routeList.filter((r) => r.config?.auth === 'patient' && r.method !== 'HEAD');
    expect(patientRoutes.length).toBeGreaterThan(15);
    const allowed = (purpose: 'treat' | 'idCard' | 'statement', r: (typeof patientRoutes)[number]) =>
      r.config?.scope?.link?.includes(purpose) ?? false;
    let refused = 0;
    for (const r of patientRoutes) {
      for (const [purpose, cookie] of [
        ['treat', treatLink],
        ['idCard', idLink],
        ['statement', statementLink],
      ] as const) {
        if (allowed(purpose, r)) continue;
        const method = [r.method].flat()[0] as InjectOptions['method'];
        const res = await as(cookie, { method, url: r.url, ...(method === 'GET' ? {} : { payload: {} }) });
        expect(res.statusCode, `${String(method)} ${r.url} with a ${purpose} link`).toBe(403);
        expect(problemOf(res).code).toBe('STEP_UP_REQUIRED');
        refused += 1;
      }
    }
    // What a link may do is exactly: read the history and ID requests (and a guardian's children, whose histories they
    // are), submit the ID with an ID link, answer a held visit's "shall it be sent?" with a visit's link (its body's
    // "is it mine?" is refused: her-rules.test.ts), read her month with a statement's link (or a visit's), step up.
    const linkRoutes = patientRoutes
      .filter((r) => r.config?.scope?.link?.length)
      .map((r) => `${String(r.method)} ${r.url} ${r.config!.scope!.link!.join('+')}`)
      .sort();
    expect(linkRoutes).toEqual(
      [
        `GET ${API.idCards} treat+idCard+statement`,
        `GET ${API.treats} treat+idCard+statement`,
        `GET ${CHILD_API.children} treat+idCard+statement`,
        `GET ${STATEMENT_API.statement} statement+treat`,
        `POST ${API.idCards} idCard`,
        `POST ${API.stepUp} treat+idCard+statement`,
        `POST ${API.stepUpConfirm} treat+idCard+statement`,
        `POST ${API.treatsConfirm} treat`,
      ].sort(),
    );
    expect(refused).toBeGreaterThan(30);
  });
});

describe('step-up', () => {
  it('the same person verified again: the link session becomes full and fresh, and the change goes through', async () => {
    const p = await subscribedPatient();
    const link = await linkSession(p);
    expectStepUp(await as(link, { method: 'PUT', url: API.subscriptions, payload: MOVE_ACCOUNT }));

    const confirmed = await stepUp(link, p.v.person.custHp);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const answer = confirmed.json() as { responseCode: string; ci: string; freshUntil: string };
    expect(answer).toMatchObject({ responseCode: '0000', ci: p.v.ci });
    expect(new Date(answer.freshUntil).getTime() - clock.now().getTime()).toBe(STEP_UP_FRESH_SECONDS * 1000);
    const full = cookieOf(confirmed);
    // A new session id: the link's cookie is finished.
    expect((await as(link, { url: API.treats })).statusCode).toBe(401);

    const s = (await as(full, { url: API.session })).json() as SessionCurrent;
    expect(s).toMatchObject({ scope: 'full', ci: p.v.ci, person: { telecomType: '1' } });
    const moved = await as(full, { method: 'PUT', url: API.subscriptions, payload: MOVE_ACCOUNT });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await stored(p.insuApplyId)).toMatchObject({ account: '110999888777', rel: '9' });
    const email = await as(full, { method: 'PUT', url: API.subscriptions, payload: { userEmail: 'new@example.com' } });
    expect(email.statusCode, email.body).toBe(200);
    expect(await stored(p.insuApplyId)).toMatchObject({ email: 'new@example.com' });
    const doc = await as(full, {
      method: 'POST',
      url: API.documentCommission,
      payload: { insuApplyId: p.insuApplyId },
    });
    expect(doc.statusCode).toBe(200);
    expect(doc.headers['content-type']).toContain('application/pdf');
  });

  it('another person’s verification is refused and the link session stays exactly as it was', async () => {
    const p = await subscribedPatient();
    const link = await linkSession(p);
    // The attacker verifies themselves (their own phone, their own code) and offers that to the step-up.
    const attacker = testPerson({ custName: '나공격', korRegId: '9002021' });
    const started = await t.app.inject({
      method: 'POST',
      url: API.niceUserAuth,
      remoteAddress: freshAddress(),
      payload: { ...attacker, hospitalCode: '00000000', termsIds: await telecomTermsIds(t) },
    });
    expect(started.statusCode, started.body).toBe(200);
    const seq = started.json() as { smsRequestSeq: string; smsResponseSeq: string };
    const res = await as(link, {
      method: 'POST',
      url: API.stepUpConfirm,
      payload: { ...seq, smsAuthNum: await latestSmsCode(t, attacker.custHp) },
    });
    expect(problemOf(res)).toMatchObject({ status: 403, code: 'STEP_UP_PERSON_MISMATCH' });
    expect(res.cookies).toEqual([]);
    // Unchanged: the same cookie, still a link session, still refused.
    const s = (await as(link, { url: API.session })).json() as SessionCurrent;
    expect(s).toMatchObject({ scope: 'link' });
    expect(s.ci).toBeUndefined();
    expectStepUp(await as(link, { method: 'PUT', url: API.subscriptions, payload: MOVE_ACCOUNT }));
    expect(await stored(p.insuApplyId)).toMatchObject({ account: '123456781234', rel: '1' });
  });

  it('an SMS login is fresh for STEP_UP_FRESH_SECONDS; after that the account needs a step-up, which makes it fresh again', async () => {
    const p = await subscribedPatient();
    const cookie = p.v.cookie;
    const fresh = (await as(cookie, { url: API.session })).json() as SessionCurrent;
    expect(fresh.scope).toBe('full');
    expect(fresh.freshUntil).toBeDefined();
    clock.advance(STEP_UP_FRESH_SECONDS * 1000 + 1000);
    // Still a full session: it reads its subscription, but money and identity need a fresh verification.
    const stale = (await as(cookie, { url: API.session })).json() as SessionCurrent;
    expect(stale.freshUntil).toBeUndefined();
    expect((await as(cookie, { url: API.subscriptions })).statusCode).toBe(200);
    expectStepUp(
      await as(cookie, { method: 'PUT', url: API.subscriptions, payload: MOVE_ACCOUNT }),
      '보험금 받을 계좌를 바꾸려면',
    );
    expectStepUp(
      await as(cookie, { method: 'PUT', url: API.subscriptions, payload: { userEmail: 'x@example.com' } }),
      '연락처를 바꾸려면',
    );
    expectStepUp(await as(cookie, { method: 'DELETE', url: API.subscriptions }), '해지하려면');
    expect(await stored(p.insuApplyId)).toMatchObject({ status: 'subscribe', account: '123456781234' });

    const confirmed = await stepUp(cookie, p.v.person.custHp);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const again = cookieOf(confirmed);
    const res = await as(again, { method: 'PUT', url: API.subscriptions, payload: MOVE_ACCOUNT });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('needs a patient session, and names the carrier when it is missing', async () => {
    expect(problemOf(await t.app.inject({ method: 'POST', url: API.stepUp, payload: {} })).status).toBe(401);
    const p = await subscribedPatient();
    const link = await linkSession(p);
    const res = await as(link, { method: 'POST', url: API.stepUp, payload: {} });
    expect(problemOf(res)).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect(problemOf(res).errors?.map((e) => e.field)).toEqual(['telecomType']);
  });
});

describe('the same link opened again (README "Identity and sessions": one device, the link’s lifetime)', () => {
  const exchange = (token: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: API.linkExchange,
      payload: { token, purpose: 'treat' },
      remoteAddress: freshAddress(),
      ...(cookie ? { headers: { cookie } } : {}),
    });
  const deviceOf = (res: Awaited<ReturnType<typeof exchange>>) => {
    const c = res.cookies.find((x) => x.name === 'ac_dev');
    expect(c, 'the device cookie').toBeDefined();
    return `ac_dev=${c!.value}`;
  };

  it('on the phone that opened it: the history again without SMS, until the link’s 72 hours end', async () => {
    const p = await subscribedPatient();
    const token = await signLinkToken(t.app.ctx, { purpose: 'treat', ciHmac: p.ciHmac, insuApplyId: p.insuApplyId });
    const first = await exchange(token);
    expect(first.statusCode, first.body).toBe(200);
    const device = deviceOf(first);
    const moved = 71 * 3600_000;
    clock.advance(moved);
    try {
      // Days later: the first session ended long ago (15 min idle); the same device opens the link again.
      expect((await as(cookieOf(first), { url: API.session })).statusCode).toBe(401);
      const again = await exchange(token, device);
      expect(again.statusCode, again.body).toBe(200);
      const session = cookieOf(again);
      expect((await as(session, { url: API.treats })).statusCode).toBe(200);
      const s = (await as(session, { url: API.session })).json() as SessionCurrent;
      expect(s).toMatchObject({ kind: 'patient', scope: 'link', linkPurpose: 'treat' });
      expect(s.ci).toBeUndefined();
      // Past the link's life it opens nothing, on this device either.
      clock.advance(3600_000 + 1000);
      expect(problemOf(await exchange(token, device))).toMatchObject({ status: 403, code: 'LINK_INVALID' });
    } finally {
      clock.advance(-(moved + 3600_000 + 1000));
    }
  });

  it('on another device (a forwarded link): nothing opens; SMS verification is asked, in Korean', async () => {
    const p = await subscribedPatient();
    const token = await signLinkToken(t.app.ctx, { purpose: 'treat', ciHmac: p.ciHmac, insuApplyId: p.insuApplyId });
    expect((await exchange(token)).statusCode).toBe(200);
    for (const cookie of [undefined, `ac_dev=${'x'.repeat(43)}`, 'ac_dev=not-a-device-id']) {
      const other = await exchange(token, cookie);
      expect(problemOf(other)).toMatchObject({ status: 403, code: 'LINK_INVALID' });
      expect(problemOf(other).detail).toMatch(/처음 연 휴대폰에서만 열려요. 휴대폰 본인인증을 하면/);
      expect(other.cookies).toEqual([]);
    }
  });

  it('one view, one line: the first open, a reopen, parallel reads and the stepped-up patient write one line', async () => {
    const p = await subscribedPatient();
    const released = async () =>
      (
        await t.db.db
          .selectFrom('accessLog')
          .select('id')
          .where('ciHmac', '=', p.ciHmac)
          .where('action', '=', 'released_to_patient')
          .execute()
      ).length;
    const token = await signLinkToken(t.app.ctx, { purpose: 'treat', ciHmac: p.ciHmac, insuApplyId: p.insuApplyId });
    const first = await exchange(token);
    const link = cookieOf(first);
    // The screen's two reads at once (a double effect, a refetch) are one view.
    const reads = await Promise.all([as(link, { url: API.treats }), as(link, { url: API.treats })]);
    expect(reads.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await released()).toBe(1);
    const reopened = cookieOf(await exchange(token, deviceOf(first)));
    const shown = (await as(reopened, { url: API.treats })).json() as {
      accessLog: { list: { action: string }[] };
    };
    expect(shown.accessLog.list.filter((e) => e.action === 'RELEASED_TO_PATIENT')).toHaveLength(1);
    const up = await stepUp(reopened, p.v.person.custHp);
    expect((await as(cookieOf(up), { url: API.treats })).statusCode).toBe(200);
    expect(await released()).toBe(1);
  });

  it('reopened, it changes nothing: every changing call is 403 STEP_UP_REQUIRED until the SMS step-up', async () => {
    const p = await subscribedPatient();
    const token = await signLinkToken(t.app.ctx, { purpose: 'treat', ciHmac: p.ciHmac, insuApplyId: p.insuApplyId });
    const device = deviceOf(await exchange(token));
    const reopened = await exchange(token, device);
    expect(reopened.statusCode).toBe(200);
    const link = cookieOf(reopened);
    const before = await stored(p.insuApplyId);
    const changing = t.app.routeList.filter(
      (r) => r.config?.auth === 'patient' && !['GET', 'HEAD'].includes(String(r.method)) && !r.config.scope?.link,
    );
    expect(changing.length).toBeGreaterThan(10);
    for (const r of changing) {
      const method = [r.method].flat()[0] as InjectOptions['method'];
      const res = await as(link, { method, url: r.url, payload: MOVE_ACCOUNT });
      expect(res.statusCode, `${String(method)} ${r.url}`).toBe(403);
      expect(problemOf(res).code).toBe('STEP_UP_REQUIRED');
      expect(problemOf(res).detail).toMatch(/본인인증을 한 번 더 해 주세요/);
    }
    expect(await stored(p.insuApplyId)).toEqual(before);
    // The patient steps up by SMS: the same session id's successor is full, and the change goes through.
    const up = await stepUp(link, p.v.person.custHp);
    expect(up.statusCode, up.body).toBe(200);
    const full = [cookieOf(up), device].join('; ');
    const put = await as(full, {
      method: 'PUT',
      url: API.subscriptions,
      payload: { userEmail: 'new@example.com' },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await stored(p.insuApplyId)).email).toBe('new@example.com');
  });
});

describe('a device cookie the attacker chose (docs/security.md, "A link opens the history, nothing else")', () => {
  /** A link exchange; `https` as the proxy reports it. */
  const exchange = (token: string, cookie: string | undefined, https = false) =>
    t.app.inject({
      method: 'POST',
      url: API.linkExchange,
      payload: { token, purpose: 'treat' },
      remoteAddress: freshAddress(),
      headers: { ...(cookie ? { cookie } : {}), ...(https ? { 'x-forwarded-proto': 'https' } : {}) },
    });
  const leakedLink = async () => {
    const p = await subscribedPatient();
    return signLinkToken(t.app.ctx, { purpose: 'treat', ciHmac: p.ciHmac, insuApplyId: p.insuApplyId });
  };

  it('a made-up device id planted in the victim’s browser is not adopted: the leaked link opens nothing for the attacker', async () => {
    // Two shapes an attacker can invent: a bare random id, and one with a made-up MAC; each on a link of its own.
    for (const planted of [`ac_dev=${'A'.repeat(43)}`, `ac_dev=${'A'.repeat(43)}.${'B'.repeat(43)}`]) {
      const token = await leakedLink();
      const victim = await exchange(token, planted);
      expect(victim.statusCode, victim.body).toBe(200);
      const issued = victim.cookies.find((c) => c.name === 'ac_dev');
      expect(issued?.value, 'a fresh device id is issued').toBeDefined();
      expect(`ac_dev=${issued!.value}`).not.toBe(planted);
      // The attacker opens the leaked link from their own browser with the value they planted.
      const attacker = await exchange(token, planted);
      expect(problemOf(attacker)).toMatchObject({ status: 403, code: 'LINK_INVALID' });
      expect(attacker.cookies).toEqual([]);
      // The victim's own browser, with the id the server issued, still opens it.
      expect((await exchange(token, `ac_dev=${issued!.value}`)).statusCode).toBe(200);
    }
  });

  it('over https a plain-named ac_dev (settable by a sibling subdomain or over http) is ignored, even one the server signed', async () => {
    // The attacker's own link gives them a device value this server signed.
    const own = await exchange(await leakedLink(), undefined, true);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.cookies.map((c) => c.name)).toContain('__Host-ac_dev');
    expect(own.cookies.map((c) => c.name)).not.toContain('ac_dev');
    const signed = own.cookies.find((c) => c.name === '__Host-ac_dev')!.value;
    // Planted under the plain name in the victim's browser, which then opens the victim's link over https.
    const token = await leakedLink();
    const victim = await exchange(token, `ac_dev=${signed}`, true);
    expect(victim.statusCode, victim.body).toBe(200);
    const issued = victim.cookies.find((c) => c.name === '__Host-ac_dev');
    expect(issued).toMatchObject({ secure: true, httpOnly: true, path: '/', sameSite: 'Lax' });
    expect(issued!.value).not.toBe(signed);
    // The attacker's browser with that value, under either name: nothing opens.
    for (const cookie of [`__Host-ac_dev=${signed}`, `ac_dev=${signed}`]) {
      expect(problemOf(await exchange(token, cookie, true))).toMatchObject({ status: 403, code: 'LINK_INVALID' });
    }
    expect((await exchange(token, `__Host-ac_dev=${issued!.value}`, true)).statusCode).toBe(200);
  });
});

describe('a cancelled subscription', () => {
  it('its links open nothing, and the link sessions opened before can do nothing more', async () => {
    const p = await subscribedPatient();
    const earlier = await linkSession(p);
    const unused = await signLinkToken(t.app.ctx, { purpose: 'treat', ciHmac: p.ciHmac, insuApplyId: p.insuApplyId });
    expect((await as(earlier, { url: API.treats })).statusCode).toBe(200);

    const cancelled = await as(p.v.cookie, { method: 'DELETE', url: API.subscriptions });
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    const opened = await t.app.inject({
      method: 'POST',
      url: API.linkExchange,
      payload: { token: unused, purpose: 'treat' },
      remoteAddress: freshAddress(),
    });
    expect(problemOf(opened)).toMatchObject({ status: 403, code: 'LINK_INVALID' });
    expect(problemOf(opened).detail).toContain('해지');
    expect(opened.cookies).toEqual([]);

    const after = await as(earlier, { url: API.treats });
    expect(problemOf(after)).toMatchObject({ status: 403, code: 'LINK_INVALID' });
    expect(problemOf(after).detail).toContain('해지');
    // Ended, not merely refused once.
    expect((await as(earlier, { url: API.session })).statusCode).toBe(401);

    // Subscribing again (the patient's own SMS session, fresh) does not bring the old links back.
    const again = await as(p.v.cookie, { method: 'POST', url: API.subscriptions, payload: await regFor(t, p.v, img) });
    expect(again.statusCode, again.body).toBe(201);
    const old = await signLinkToken(t.app.ctx, { purpose: 'treat', ciHmac: p.ciHmac, insuApplyId: p.insuApplyId });
    const res = await t.app.inject({
      method: 'POST',
      url: API.linkExchange,
      payload: { token: old, purpose: 'treat' },
      remoteAddress: freshAddress(),
    });
    expect(problemOf(res)).toMatchObject({ status: 403, code: 'LINK_INVALID' });
  });
});
