// The enrolment draft (README "Enrolment drafts and coming back"): what a verified person typed, kept on the server so
// that a reload or a discarded tab resumes it: saved and read back, sealed at rest, gone 24 hours after the last save
// (and purged), never readable by anyone else's session or by an 알림톡 link's, no image accepted, gone once she
// subscribes; and each enrolment confirmed by a message to her phone, in the language she enrolled in, which the
// subscription keeps. PGlite or (DATABASE_URL) PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { API, ENROLMENT_DRAFT_HOURS, KAKAO_NOTI_TERMS_ID, type EnrolmentDraft } from '@auto-claim/contract';
import { purgeExpiredDrafts } from '../../../src/modules/subscriptions/drafts.js';
import { signLinkToken } from '../../../src/security/linkToken.js';
import { ciHmacOf } from '../../../src/security/session.js';
import { build, problemOf, testClock, verifyPatient, type TestApp, freshAddress } from '../../helper.js';
import { dataUrl, images, regFor, type Images, type Verified } from '../../../fixtures/enrolment.js';

const clock = testClock(new Date('2026-11-24T02:00:00Z'));
let t: TestApp;
let img: Images;

beforeAll(async () => {
  t = await build({ clock });
  img = await images();
});
afterAll(() => t?.close());

/** The same person verified by SMS again (past the resend gap): a new session of the same CI. */
const sameAgain = (v: Verified) => {
  clock.advance(61_000);
  return verifyPatient(t, { custName: v.person.custName, custHp: v.person.custHp, korRegId: v.person.korRegId });
};

const as = (cookie: string, opts: InjectOptions) =>
  t.app.inject({
    remoteAddress: freshAddress(),
    ...opts,
    headers: { ...(opts.headers ?? {}), cookie },
  });
const read = (cookie: string) => as(cookie, { method: 'GET', url: API.enrolmentDraft });
const save = (cookie: string, payload: object) => as(cookie, { method: 'PUT', url: API.enrolmentDraft, payload });

/** A parent in the middle of her child's enrolment, on the relation-document screen (off to 정부24). */
const CHILD_DRAFT = {
  step: 'relationDoc',
  reg: { insuCompCd: 'SAMSUNGFIRE', agreeIds: ['INSU_SAMSUNGFIRE_CLAIM'], userIdno2: '2345671', minAmt: 0 },
  ui: { insured: 'child', idPhotoRequired: false },
  repository: {},
  child: {
    person: { userNm: '김지민', birthday: '20150301', sex: 'F', userIdno2: '4123451', guardianRel: 'mother' },
    relation: { docType: 'family', issueDate: '' },
  },
};

describe('the enrolment draft', () => {
  let v: Verified;
  beforeAll(async () => {
    v = await verifyPatient(t);
  });

  it('is none before anything is saved', async () => {
    const res = await read(v.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ draft: null, savedAt: null, expiresAt: null });
  });

  it('is saved and read back as it was, sealed at rest (no name or number in the row)', async () => {
    const saved = await save(v.cookie, CHILD_DRAFT);
    expect(saved.statusCode, saved.body).toBe(200);
    const back = (await read(v.cookie)).json() as EnrolmentDraft;
    expect(back.draft).toEqual(CHILD_DRAFT);
    expect(new Date(back.expiresAt!).getTime() - new Date(back.savedAt!).getTime()).toBe(
      ENROLMENT_DRAFT_HOURS * 3_600_000,
    );
    const row = await t.db.db
      .selectFrom('enrolmentDraft')
      .selectAll()
      .where('ciHmac', '=', ciHmacOf(t.app.ctx, v.ci))
      .executeTakeFirstOrThrow();
    expect(row.draftEnc).not.toContain('김지민');
    expect(row.draftEnc).not.toContain('4123451');
    expect(JSON.stringify(row)).not.toContain(v.ci);
    expect(t.app.ctx.crypto.decryptJson(row.draftEnc)).toEqual(CHILD_DRAFT);
  });

  it('a later save replaces it; a new SMS verification of the same person (a new session) finds it', async () => {
    await save(v.cookie, { ...CHILD_DRAFT, step: 'paymentAccount' });
    const again = await sameAgain(v);
    expect(again.ci).toBe(v.ci);
    expect(again.cookie).not.toBe(v.cookie);
    expect(((await read(again.cookie)).json() as EnrolmentDraft).draft?.step).toBe('paymentAccount');
  });

  it('another person’s session cannot read it, and her own save leaves it untouched', async () => {
    const other = await verifyPatient(t);
    expect((await read(other.cookie)).json()).toEqual({ draft: null, savedAt: null, expiresAt: null });
    await save(other.cookie, { ...CHILD_DRAFT, step: 'jumin', child: { person: {}, relation: {} } });
    expect(((await read(v.cookie)).json() as EnrolmentDraft).draft?.child.person.userNm).toBe('김지민');
  });

  it('nobody without a session, and no 알림톡 link session, reads or writes one', async () => {
    expect((await t.app.inject({ method: 'GET', url: API.enrolmentDraft })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: API.enrolmentDraft, payload: CHILD_DRAFT })).statusCode).toBe(401);
    // A subscriber's link (a second child's enrolment in progress): the link alone opens her history, not the draft.
    const sub = await verifyPatient(t);
    const made = await as(sub.cookie, { method: 'POST', url: API.subscriptions, payload: await regFor(t, sub, img) });
    expect(made.statusCode, made.body).toBe(201);
    await save(sub.cookie, CHILD_DRAFT);
    const insuApplyId = (made.json() as { subscription: { insuApplyId: string } }).subscription.insuApplyId;
    const token = await signLinkToken(t.app.ctx, {
      purpose: 'treat',
      ciHmac: ciHmacOf(t.app.ctx, sub.ci),
      insuApplyId,
    });
    const exchanged = await t.app.inject({
      method: 'POST',
      url: API.linkExchange,
      payload: { token, purpose: 'treat' },
    });
    expect(exchanged.statusCode, exchanged.body).toBe(200);
    const link = exchanged.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const res = await read(link);
    expect(res.statusCode).toBe(403);
    expect(problemOf(res).detail).toMatch(/[가-힣]/);
    expect((await save(link, { ...CHILD_DRAFT, step: 'jumin' })).statusCode).toBe(403);
    expect(((await read(sub.cookie)).json() as EnrolmentDraft).draft?.step).toBe('relationDoc');
  });

  it('refuses an image, a strange field name or a missing part with a 400 naming the field, in Korean', async () => {
    // A photo is larger than a draft's whole body may be; a small image still longer than any field.
    const photo = await save(v.cookie, {
      ...CHILD_DRAFT,
      reg: { ...CHILD_DRAFT.reg, idcardImg: dataUrl('image/jpeg', img.photo) },
    });
    expect(photo.statusCode).toBe(413);
    const sign = await save(v.cookie, {
      ...CHILD_DRAFT,
      reg: { ...CHILD_DRAFT.reg, signImg: dataUrl('image/png', img.sign).slice(0, 400) },
    });
    expect(sign.statusCode).toBe(400);
    const p = problemOf(sign);
    expect(p.errors?.map((e) => e.field)).toContain('reg.signImg');
    expect(p.errors?.find((e) => e.field === 'reg.signImg')?.message).toContain('사진과 서명은 저장하지 않아요');
    const noStep = await save(v.cookie, { ...CHILD_DRAFT, step: '../x' });
    expect(problemOf(noStep).errors?.map((e) => e.field)).toEqual(['step']);
    const noChild = await save(v.cookie, { ...CHILD_DRAFT, child: undefined });
    expect(problemOf(noChild).errors?.map((e) => e.field)).toContain('child');
    // None of these replaced what was saved.
    expect(((await read(v.cookie)).json() as EnrolmentDraft).draft?.step).toBe('paymentAccount');
  });

  it('expires 24 hours after the last save, and the minute’s purge deletes it', async () => {
    const w = await verifyPatient(t);
    await save(w.cookie, CHILD_DRAFT);
    clock.advance(ENROLMENT_DRAFT_HOURS * 3_600_000 - 60_000);
    expect(((await read(w.cookie)).json() as EnrolmentDraft).draft).not.toBeNull();
    clock.advance(60_000);
    // Her session ended long before (12 hours at most): she verifies again, and finds nothing.
    expect((await read((await sameAgain(w)).cookie)).json()).toEqual({ draft: null, savedAt: null, expiresAt: null });
    const key = ciHmacOf(t.app.ctx, w.ci);
    const left = () => t.db.db.selectFrom('enrolmentDraft').select('ciHmac').where('ciHmac', '=', key).execute();
    expect(await left()).toHaveLength(1);
    expect(await purgeExpiredDrafts(t.db.db, clock.now())).toBeGreaterThanOrEqual(1);
    expect(await left()).toHaveLength(0);
  });

  it('is gone once she subscribes; DELETE clears it too', async () => {
    const s = await verifyPatient(t);
    await save(s.cookie, { ...CHILD_DRAFT, ui: { insured: 'self' }, child: { person: {}, relation: {} } });
    const res = await as(s.cookie, { method: 'POST', url: API.subscriptions, payload: await regFor(t, s, img) });
    expect(res.statusCode, res.body).toBe(201);
    expect(((await read(s.cookie)).json() as EnrolmentDraft).draft).toBeNull();

    const d = await verifyPatient(t);
    await save(d.cookie, CHILD_DRAFT);
    const del = await as(d.cookie, { method: 'DELETE', url: API.enrolmentDraft });
    expect(del.statusCode, del.body).toBe(200);
    expect(((await read(d.cookie)).json() as EnrolmentDraft).draft).toBeNull();
  });
});

describe('each enrolment is confirmed to her phone', () => {
  const outboxOf = (to: string) =>
    t.db.db.selectFrom('sandboxOutbox').select(['channel', 'body']).where('to', '=', to).orderBy('id').execute();

  it('her own: the hospital and insurer, by SMS without the 알림톡 consent, with a link to her history page', async () => {
    const s = await verifyPatient(t);
    const before = (await outboxOf(s.person.custHp)).length;
    const res = await as(s.cookie, { method: 'POST', url: API.subscriptions, payload: await regFor(t, s, img) });
    expect(res.statusCode, res.body).toBe(201);
    const sent = (await outboxOf(s.person.custHp)).slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.channel).toBe('sms');
    expect(sent[0]!.body).toContain('자동청구 가입을 마쳤어요');
    expect(sent[0]!.body).toContain('한빛정형외과의원');
    expect(sent[0]!.body).not.toContain('(데모)');
    // The SMS form (README "Patient messages"): the service first, one sentence, and the short link of her history,
    // with no token: a message that only confirms opens nothing by itself.
    expect(sent[0]!.body).toMatch(/^\[자동청구\] /);
    expect(sent[0]!.body).toMatch(/삼성화재[^\n]*\/m$/);
    expect(sent[0]!.body).not.toContain('아래 버튼');
    expect(sent[0]!.body).not.toContain('#t=');
  });

  it('a child’s: named, to the parent’s phone, saying the document is checked first; by 알림톡 with the consent', async () => {
    const parent = await verifyPatient(t, { korRegId: '8501012', custName: '김하나' });
    const before = (await outboxOf(parent.person.custHp)).length;
    const unique = parent.person.custHp.slice(-6);
    const res = await as(parent.cookie, {
      method: 'POST',
      url: API.subscriptions,
      payload: await regFor(t, parent, img, {
        optTerms: [KAKAO_NOTI_TERMS_ID],
        bankAccountRel: '3',
        child: {
          userNm: '김지민',
          birthday: '20150301',
          sex: 'F',
          userIdno2: `4${unique}`,
          guardianRel: 'mother',
        },
      }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const sent = (await outboxOf(parent.person.custHp)).slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.channel).toBe('kakao');
    expect(sent[0]!.body).toContain('지민이의 자동청구 신청을 받았어요');
    expect(sent[0]!.body).toContain('가족관계 서류를 담당자가 확인한 뒤부터');
  });
});

/** Her language on the subscription (docs/decisions/0010-message-catalogs.md; migration 0070). */
const subscribeIn = async (v: Verified, extra: object) =>
  as(v.cookie, { method: 'POST', url: API.subscriptions, payload: { ...(await regFor(t, v, img)), ...extra } });
const langsOf = (v: Verified) =>
  t.db.db.selectFrom('subscription').select(['lang']).where('ciHmac', '=', t.app.ctx.crypto.hmac('ci', v.ci)).execute();

describe('her language on the subscription', () => {
  it('is kept as she sent it', async () => {
    const v = await verifyPatient(t);
    const res = await subscribeIn(v, { lang: 'vi' });
    expect(res.statusCode, res.body).toBe(201);
    expect(await langsOf(v)).toEqual([{ lang: 'vi' }]);
  });

  it('decides the language of the message that confirms her enrolment', async () => {
    const v = await verifyPatient(t);
    const outbox = () =>
      t.db.db.selectFrom('sandboxOutbox').select(['body']).where('to', '=', v.person.custHp).orderBy('id').execute();
    const before = (await outbox()).length;
    const res = await subscribeIn(v, { lang: 'en' });
    expect(res.statusCode, res.body).toBe(201);
    const sent = (await outbox()).slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toContain("You're signed up for auto-claim at 한빛정형외과의원.");
    expect(sent[0]!.body).not.toContain('가입을 마쳤어요');
  });

  it('sends that message by SMS/LMS in her language even with the 알림톡 consent (the templates are Korean)', async () => {
    const sentTo = async (v: Verified, lang: string) => {
      const outbox = () =>
        t.db.db
          .selectFrom('sandboxOutbox')
          .select(['channel', 'body'])
          .where('to', '=', v.person.custHp)
          .orderBy('id')
          .execute();
      const before = (await outbox()).length;
      const res = await as(v.cookie, {
        method: 'POST',
        url: API.subscriptions,
        payload: { ...(await regFor(t, v, img, { optTerms: [KAKAO_NOTI_TERMS_ID] })), lang },
      });
      expect(res.statusCode, res.body).toBe(201);
      return (await outbox()).slice(before);
    };
    const [vi] = await sentTo(await verifyPatient(t), 'vi');
    expect(vi!.channel).toBe('sms');
    expect(vi!.body).toMatch(/^\[자동청구\] .*한빛정형외과의원/);
    expect(vi!.body).not.toMatch(/마쳤어요/);
    const [ko] = await sentTo(await verifyPatient(t), 'ko');
    expect(ko!.channel).toBe('kakao');
    expect(ko!.body).toContain('자동청구 가입을 마쳤어요');
  });

  it('is Korean when the request names none', async () => {
    const v = await verifyPatient(t);
    const res = await subscribeIn(v, {});
    expect(res.statusCode, res.body).toBe(201);
    expect(await langsOf(v)).toEqual([{ lang: 'ko' }]);
  });

  it('is refused when it is not one of ours, naming the field, and nothing is stored', async () => {
    const v = await verifyPatient(t);
    const res = await subscribeIn(v, { lang: 'fr' });
    expect(res.statusCode).toBe(400);
    expect(problemOf(res).errors?.map((e) => e.field)).toContain('lang');
    expect(await langsOf(v)).toEqual([]);
  });
});
