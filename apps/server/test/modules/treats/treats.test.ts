// The patient's side of the claim engine through app.inject(): the 알림톡 link's exchange (expiry, single use,
// purpose), the treatment history (own CI only, below-minimum visits shown, the access log written and shown),
// claiming visits by hand (validation, idempotency, v2 multi-receipt), and ID copies (image checks, EXIF gone).
import { createHash, randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, kstToday, type IdCardsAnswer, type TreatClaimAnswer, type TreatsAnswer } from '@auto-claim/contract';
import { BlobNotFoundError } from '../../../src/blobs/index.js';
import { sweepBlobs, SWEEP_GRACE_MS } from '../../../src/jobs/blob-sweep.js';
import { applyInsurerAnswer } from '../../../src/modules/claims/answers.js';
import { recordClaimPackage } from '../../../src/modules/claims/console/package.js';
import { legacyImagesLeft, moveLegacyImages } from '../../../src/modules/treats/files.js';
import { ID_CARD_RATE_LIMIT } from '../../../src/modules/treats/routes.js';
import { signLinkToken, LINK_TOKEN_TTL_SECONDS } from '../../../src/security/linkToken.js';
import { blobColumns } from '../../../src/security/rekey.js';
import { MAX_ID_PHOTOS_PER_DAY } from '../../../src/security/photo-days.js';
import { ciHmacOf } from '../../../src/security/session.js';
import { build, problemOf, testClock, type TestApp, freshAddress, SUBSCRIPTION_UNSET } from '../../helper.js';
import { blankPhotoJpeg, cardPhotoJpeg, cardSvg } from '../../../fixtures/enrolment.js';

const clock = testClock(new Date('2026-06-15T03:00:00Z'));
let t: TestApp;

beforeAll(async () => {
  t = await build({ clock });
});
afterAll(async () => {
  await t?.close();
});

// ---------------------------------------------------------------------------------------------------------------
// Factories: a subscribed patient with records and claims, written as the engine would have written them.

const HOSPITAL = '90000001';
const INSURERS = ['SAMSUNGFIRE', 'HYUNDAIMARINE'];
let seq = 0;

async function subscribedPatient(overrides: { minAmt?: number; insurers?: string[] } = {}) {
  seq += 1;
  const ci = `test-ci-${seq}-${randomBytes(6).toString('hex')}`;
  const ctx = t.app.ctx;
  const ciHmac = ciHmacOf(ctx, ci);
  const insurers = overrides.insurers ?? INSURERS;
  const insuApplyId = `T${Date.now()}${seq}`;
  const userTel = `0100000${String(1000 + seq).slice(-4)}`;
  await t.db.db
    .insertInto('subscription')
    .values({
      insuApplyId,
      ciHmac,
      ciEnc: ctx.crypto.encrypt(ci),
      status: 'subscribe',
      prcMode: 'outer',
      personEnc: ctx.crypto.encryptJson({ userNm: '김테스트', birthday: '19850101', sex: 'M', userTel }),
      insuCompCd: insurers[0]!,
      minAmt: overrides.minAmt ?? 10_000,
      retroMonth: 0,
      contractStartDate: '20260101',
      contractEndDate: '20261231',
      ...SUBSCRIPTION_UNSET,
      // She gave the optional 알림톡 consent: her messages go by 알림톡.
      optTerms: JSON.stringify(['SUBS_KAKAO_NOTI']) as unknown as string[],
    })
    .execute();
  await t.db.db
    .insertInto('subscriptionInsurer')
    .values(insurers.map((insuCompCd) => ({ insuApplyId, insuCompCd })))
    .execute();
  await t.db.db
    .insertInto('subscriptionHospital')
    .values({ insuApplyId, hospitalCd: HOSPITAL, agreeId: null })
    .execute();
  return { ci, ciHmac, insuApplyId, userTel, insurers };
}
type Who = Awaited<ReturnType<typeof subscribedPatient>>;

async function record(
  who: Who,
  r: { visitDate?: string; totalPaid?: number; outcome?: 'claimed' | 'below_min' | 'pending' | 'too_old' } = {},
) {
  seq += 1;
  const ctx = t.app.ctx;
  const totalPaid = r.totalPaid ?? 35_000;
  const row = await t.db.db
    .insertInto('treatmentRecord')
    .values({
      hospitalCd: HOSPITAL,
      receiptNo: `R-${seq}-${randomBytes(3).toString('hex')}`,
      contentHash: randomBytes(16).toString('hex'),
      ciHmac: who.ciHmac,
      rrnHmac: null,
      personEnc: ctx.crypto.encryptJson({ name: '김테스트', birthDate: '19850101' }),
      detailEnc: ctx.crypto.encryptJson({ department: '정형외과', kcdCodes: ['M54.5'] }),
      visitDate: r.visitDate ?? '20260610',
      visitType: '외래',
      coveredCopay: Math.floor(totalPaid * 0.4),
      uncovered: totalPaid - Math.floor(totalPaid * 0.4),
      totalPaid,
      insuApplyId: who.insuApplyId,
      outcome: r.outcome ?? 'claimed',
      receivedAt: clock.now(),
      decidedAt: clock.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db.db
    .insertInto('accessLog')
    .values({
      ciHmac: who.ciHmac,
      action: 'record_received',
      actor: HOSPITAL,
      recordId: row.id,
      claimId: null,
      detail: null,
      at: clock.now(),
    })
    .execute();
  return row.id;
}

async function engineClaim(who: Who, recordId: number, insuCompCd: string, status: 'sent' | 'rejected') {
  const at = clock.now();
  const c = await t.db.db
    .insertInto('claim')
    .values({
      recordId,
      ...(await t.db.db
        .selectFrom('treatmentRecord')
        .select(['hospitalCd', 'visitDate'])
        .where('id', '=', recordId)
        .executeTakeFirstOrThrow()),
      insuCompCd,
      insuApplyId: who.insuApplyId,
      ciHmac: who.ciHmac,
      origin: 'auto',
      amount: 35_000,
      status,
      rejectReason: status === 'rejected' ? '약관상 보장하지 않는 치료예요.' : null,
      paidAmount: null,
      scheduledFor: null,
      createdAt: at,
      updatedAt: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db.db
    .insertInto('claimStatusHistory')
    .values(
      ['received', 'claimed', status].map((s) => ({
        claimId: c.id,
        status: s as 'received',
        reason: null,
        actor: 'engine',
        at,
      })),
    )
    .execute();
  await t.db.db
    .insertInto('accessLog')
    .values({ ciHmac: who.ciHmac, action: 'delivered', actor: insuCompCd, recordId, claimId: c.id, detail: null, at })
    .execute();
  return c.id;
}

/** Each exchange from its own address, so the suite stays under the per-IP limit it does not test. */
async function exchange(token: string, purpose: 'treat' | 'idCard' = 'treat', cookie?: string) {
  const remoteAddress = freshAddress();
  return t.app.inject({
    method: 'POST',
    url: API.linkExchange,
    payload: { token, purpose },
    remoteAddress,
    ...(cookie ? { headers: { cookie } } : {}),
  });
}

/**
 * A session for this patient, through the 알림톡 link as the patient would get it (a link session of that purpose), or
 * `full`: as after the patient stepped up (these patients' CIs are made up, so no SMS verification yields them; the
 * step-up itself is tested in security/session-scope.test.ts).
 */
async function sessionOf(who: Who, as: 'treat' | 'idCard' | 'full' = 'treat') {
  const purpose = as === 'full' ? 'treat' : as;
  const token = await signLinkToken(t.app.ctx, { purpose, ciHmac: who.ciHmac, insuApplyId: who.insuApplyId });
  const res = await exchange(token, purpose);
  expect(res.statusCode).toBe(200);
  if (as === 'full') {
    await t.db.db
      .updateTable('authSession')
      .set({ scope: 'full', linkPurpose: null, linkInsuApplyId: null, verifiedAt: clock.now() })
      .where('subjectHmac', '=', who.ciHmac)
      .where('revokedAt', 'is', null)
      .execute();
  }
  return res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

const getTreats = (cookie: string, query = '') => t.app.inject({ url: `${API.treats}${query}`, headers: { cookie } });

// ---------------------------------------------------------------------------------------------------------------

describe('the 알림톡 link', () => {
  it('opens a patient session, again on the device that opened it first, and on no other device', async () => {
    const who = await subscribedPatient();
    const token = await signLinkToken(t.app.ctx, {
      purpose: 'treat',
      ciHmac: who.ciHmac,
      insuApplyId: who.insuApplyId,
    });
    const first = await exchange(token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ purpose: 'treat', userNmMasked: '김**트' });
    expect(first.cookies.map((c) => c.name).sort()).toEqual(['ac_dev', 'ac_sess', 'claimAuth']);
    expect(first.cookies.find((c) => c.name === 'ac_sess')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    const device = first.cookies.find((c) => c.name === 'ac_dev')!;
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: LINK_TOKEN_TTL_SECONDS });

    const sameDevice = await exchange(token, 'treat', `ac_dev=${device.value}`);
    expect(sameDevice.statusCode, sameDevice.body).toBe(200);

    const again = await exchange(token);
    expect(problemOf(again)).toMatchObject({ status: 403, code: 'LINK_INVALID' });
    expect(problemOf(again).detail).toContain('처음 연 휴대폰에서만');
    expect(again.cookies).toEqual([]);
  });

  it('expires: a token older than its life opens nothing', async () => {
    const who = await subscribedPatient();
    const token = await signLinkToken(t.app.ctx, { purpose: 'treat', ciHmac: who.ciHmac });
    clock.advance(LINK_TOKEN_TTL_SECONDS * 1000 + 1000);
    try {
      expect(problemOf(await exchange(token))).toMatchObject({ status: 403, code: 'LINK_INVALID' });
    } finally {
      clock.advance(-(LINK_TOKEN_TTL_SECONDS * 1000 + 1000));
    }
    // the same token, still inside its life, works (the failure above did not use it up)
    expect((await exchange(token)).statusCode).toBe(200);
  });

  it('is good only for its own purpose, and a forged or altered token opens nothing', async () => {
    const who = await subscribedPatient();
    const token = await signLinkToken(t.app.ctx, { purpose: 'idCard', ciHmac: who.ciHmac });
    expect(problemOf(await exchange(token, 'treat'))).toMatchObject({ status: 403, code: 'LINK_INVALID' });
    const [jti] = token.split('.');
    expect(problemOf(await exchange(`${jti}.${'A'.repeat(43)}`, 'idCard'))).toMatchObject({ status: 403 });
    expect((await exchange(token, 'idCard')).statusCode).toBe(200);
  });

  it('refuses a malformed body naming the field', async () => {
    const res = await t.app.inject({ method: 'POST', url: API.linkExchange, payload: { purpose: 'treat' } });
    expect(problemOf(res)).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect(problemOf(res).errors?.map((e) => e.field)).toEqual(['token']);
    const bad = await t.app.inject({
      method: 'POST',
      url: API.linkExchange,
      payload: { token: 'x'.repeat(40), purpose: 'home' },
    });
    expect(problemOf(bad).errors?.map((e) => e.field)).toEqual(['purpose']);
  });
});

describe('GET treats', () => {
  it('needs a patient session', async () => {
    expect(problemOf(await t.app.inject({ url: API.treats }))).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    expect(problemOf(await getTreats('ac_sess=forged'))).toMatchObject({ status: 401 });
  });

  it('shows each visit, what was claimed to whom and its status, below-minimum visits as not claimed, and the access log', async () => {
    const who = await subscribedPatient({ minAmt: 10_000 });
    const claimed = await record(who, { visitDate: '20260610', totalPaid: 35_000 });
    await engineClaim(who, claimed, 'SAMSUNGFIRE', 'sent');
    await engineClaim(who, claimed, 'HYUNDAIMARINE', 'rejected');
    const small = await record(who, { visitDate: '20260612', totalPaid: 4_000, outcome: 'below_min' });
    const cookie = await sessionOf(who);

    const res = await getTreats(cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json() as TreatsAnswer;
    expect(body.minAmt).toBe(10_000);
    expect(body.list.map((v) => v.treatId)).toEqual([String(small), String(claimed)]);

    const [below, visit] = body.list;
    expect(below).toMatchObject({
      claimState: 'notClaimed',
      notClaimedReason: 'BELOW_MIN_AMT',
      canClaim: true,
      paidAmt: 4_000,
      claims: [],
    });
    expect(visit).toMatchObject({
      hospitalNm: expect.any(String),
      treatDate: '20260610',
      visitType: 'outpatient',
      deptNm: '정형외과',
      paidAmt: 35_000,
      claimState: 'claimed',
      canClaim: false,
    });
    expect(visit!.claims.map((c) => [c.insuCompCd, c.status, c.reason])).toEqual([
      ['SAMSUNGFIRE', 'sent', null],
      ['HYUNDAIMARINE', 'rejected', '약관상 보장하지 않는 치료예요.'],
    ]);
    expect(visit!.claims[0]!.history.map((h) => h.status)).toEqual(['received', 'claimed', 'sent']);
    expect(visit!.claims[0]).toMatchObject({ insuCompNm: '삼성화재', origin: 'auto' });

    // the release just made is logged first; receipt from the hospital and deliveries are there too
    const actions = body.accessLog.list.map((e) => e.action);
    expect(actions[0]).toBe('RELEASED_TO_PATIENT');
    expect(actions).toEqual(expect.arrayContaining(['RECORD_RECEIVED', 'DELIVERED']));
    expect(body.accessLog.list[0]).toMatchObject({ actorNm: '본인', summary: expect.stringContaining('2건') });
    const delivered = body.accessLog.list.find((e) => e.action === 'DELIVERED')!;
    expect(delivered.summary).toContain('보냈어요');
    expect(body.accessLog.list.every((e) => !/test-ci|ci_hmac/.test(JSON.stringify(e)))).toBe(true);

    // a GET is a read: showing the same history again the same day adds no line (http/get-reads.test.ts)
    const before = body.accessLog.total;
    const second = (await getTreats(cookie)).json() as TreatsAnswer;
    expect(second.accessLog.total).toBe(before);

    // An operator who opens the claim's documents is named in plain Korean, not by a file name.
    const claimId = Number(visit!.claims[0]!.claimId);
    await recordClaimPackage(
      t.app.ctx,
      claimId,
      { category: 'hospital_inquiry', reason: '병원 원무과 문의' },
      { loginId: 'ops-7', ipEnc: t.app.ctx.crypto.encrypt('127.0.0.1') },
    );
    const third = (await getTreats(cookie)).json() as TreatsAnswer;
    const opened = third.accessLog.list.find((e) => e.action === 'RELEASED_TO_OPERATOR')!;
    expect(opened).toMatchObject({ actorNm: '운영자' });
    expect(opened.summary).toMatch(
      /^운영자가 병원의 문의를 확인하려고 .*삼성화재 청구 서류\(위임장·동의서 포함\)를 확인했어요\.$/,
    );
    expect(JSON.stringify(third.accessLog.list)).not.toContain('원무과');
    expect(JSON.stringify(third.accessLog.list)).not.toContain('package.pdf');
  });

  it("says what each insurer answered: the paid amount and when, a rejection's reason, the papers asked for, and whom to call", async () => {
    const who = await subscribedPatient({ insurers: ['SAMSUNGFIRE', 'HYUNDAIMARINE', 'DBINSU'] });
    const visit = await record(who, { visitDate: '20260610', totalPaid: 35_000 });
    const paid = await engineClaim(who, visit, 'SAMSUNGFIRE', 'sent');
    const rejected = await engineClaim(who, visit, 'HYUNDAIMARINE', 'sent');
    const papers = await engineClaim(who, visit, 'DBINSU', 'sent');
    const answer = (code: string, body: Parameters<typeof applyInsurerAnswer>[2]) =>
      applyInsurerAnswer(t.app.ctx, code, body, Buffer.from(JSON.stringify(body)));
    const before = clock.now();
    await answer('SAMSUNGFIRE', { eventId: `e-${paid}`, claimId: paid, answer: 'paid', paidAmount: 21_000 });
    await answer('HYUNDAIMARINE', {
      eventId: `e-${rejected}`,
      claimId: rejected,
      answer: 'rejected',
      reason: '미용 목적의 치료는 보장하지 않아요.',
    });
    await answer('DBINSU', {
      eventId: `e-${papers}`,
      claimId: papers,
      answer: 'documents_requested',
      documents: ['diagnosis'],
    });

    const body = (await getTreats(await sessionOf(who))).json() as TreatsAnswer;
    const byInsurer = Object.fromEntries(body.list[0]!.claims.map((c) => [c.insuCompCd, c]));
    expect(byInsurer.SAMSUNGFIRE).toMatchObject({
      status: 'paid',
      claimAmt: 35_000,
      paidAmt: 21_000,
      paidAt: before.toISOString(),
      insuCallCenter: '1588-5114',
      reason: null,
    });
    expect(byInsurer.HYUNDAIMARINE).toMatchObject({
      status: 'rejected',
      paidAmt: null,
      paidAt: null,
      reason: '미용 목적의 치료는 보장하지 않아요.',
      insuCallCenter: '1588-5656',
    });
    expect(byInsurer.DBINSU).toMatchObject({
      status: 'documents_requested',
      paidAt: null,
      reason: '진단서',
      insuCallCenter: '1588-0100',
    });
  });

  it('acts only for its own CI: another userCi is refused, other people’s visits are not there', async () => {
    const a = await subscribedPatient();
    const b = await subscribedPatient();
    await record(a);
    const cookieB = await sessionOf(b);
    expect(problemOf(await getTreats(cookieB, `?userCi=${encodeURIComponent(a.ci)}`))).toMatchObject({
      status: 403,
      code: 'CI_MISMATCH',
    });
    expect(((await getTreats(cookieB, `?userCi=${encodeURIComponent(b.ci)}`)).json() as TreatsAnswer).total).toBe(0);
  });
});

describe('GET treats in pages', () => {
  const dayBefore = (n: number) =>
    new Date(Date.UTC(2026, 5, 10) - n * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');

  it('answers her 200 newest visits and a cursor; the cursor answers the older ones, whichever way they were matched', async () => {
    const who = await subscribedPatient();
    // 203 visits, one a day back from 2026-06-10, two on the same day; every fifth matched by her subscription alone
    // (a hospital that sent only her resident number), the rest by her CI as well.
    const ids: number[] = [];
    for (let i = 0; i < 203; i++) ids.push(Number(await record(who, { visitDate: dayBefore(i === 1 ? 0 : i) })));
    await t.db.db
      .updateTable('treatmentRecord')
      .set({ ciHmac: null })
      .where(
        'id',
        'in',
        ids.filter((_, i) => i % 5 === 0),
      )
      .execute();
    const cookie = await sessionOf(who);
    const first = (await getTreats(cookie)).json() as TreatsAnswer;
    expect(first.list).toHaveLength(200);
    // Newest first; on one day, the later record first.
    expect(first.list.slice(0, 3).map((v) => v.treatId)).toEqual([String(ids[1]), String(ids[0]), String(ids[2])]);
    expect(first.nextCursor).toBe(first.list.at(-1)!.treatId);
    const second = (await getTreats(cookie, `?cursor=${first.nextCursor}`)).json() as TreatsAnswer;
    expect(second.list.map((v) => v.treatId)).toEqual(ids.slice(200).map(String));
    expect(second.nextCursor).toBeNull();
    // Every visit once, across the pages.
    expect(new Set([...first.list, ...second.list].map((v) => v.treatId)).size).toBe(203);
  });

  it('refuses a cursor that is not one of her visits, naming cursor, and one that is not a number', async () => {
    const a = await subscribedPatient();
    const b = await subscribedPatient();
    const hers = await record(a);
    expect(problemOf(await getTreats(await sessionOf(b), `?cursor=${hers}`))).toMatchObject({
      status: 404,
      code: 'TREAT_NOT_FOUND',
      errors: [{ field: 'cursor' }],
    });
    const bad = problemOf(await getTreats(await sessionOf(a), '?cursor=abc'));
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad)).toContain('cursor');
    expect(JSON.stringify(bad)).toContain('다음 진료 목록을 찾을 수 없어요');
  });
});

describe('POST treats (claim a visit by hand)', () => {
  it('validates the body, naming the fields', async () => {
    const who = await subscribedPatient();
    const cookie = await sessionOf(who, 'full');
    const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { cookie }, payload });

    const none = problemOf(await post(API.treats, {}));
    expect(none).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect(none.errors?.map((e) => e.field)).toEqual(['treatId']);
    expect(none.detail).toBe('청구할 진료를 골라 주세요.');

    const badInsurer = problemOf(await post(API.treats, { treatId: '1', insuCompCds: ['samsung'] }));
    expect(badInsurer.errors?.map((e) => e.field)).toEqual(['insuCompCds.0']);

    expect(problemOf(await post(API.treatsV2, { treatIds: [] })).errors?.map((e) => e.field)).toEqual(['treatIds']);
    const twice = problemOf(await post(API.treatsV2, { treatIds: ['5', '5'] }));
    expect(twice).toMatchObject({ status: 400, detail: '같은 진료를 두 번 골랐어요.' });
    const many = problemOf(await post(API.treatsV2, { treatIds: Array.from({ length: 21 }, (_, i) => String(i + 1)) }));
    expect(many.errors?.map((e) => e.field)).toEqual(['treatIds']);
  });

  it('needs a session and refuses another person’s visit as not found', async () => {
    const a = await subscribedPatient();
    const b = await subscribedPatient();
    const visit = await record(a, { totalPaid: 3_000, outcome: 'below_min' });
    expect(
      problemOf(await t.app.inject({ method: 'POST', url: API.treats, payload: { treatId: String(visit) } })),
    ).toMatchObject({ status: 401 });
    const cookieB = await sessionOf(b, 'full');
    const res = await t.app.inject({
      method: 'POST',
      url: API.treats,
      headers: { cookie: cookieB },
      payload: { treatId: String(visit) },
    });
    expect(problemOf(res)).toMatchObject({ status: 404, code: 'TREAT_NOT_FOUND' });
    expect(problemOf(res).errors?.map((e) => e.field)).toEqual(['treatId']);
    const stolen = await t.app.inject({
      method: 'POST',
      url: API.treats,
      headers: { cookie: cookieB },
      payload: { treatId: String(visit), userCi: a.ci },
    });
    expect(problemOf(stolen)).toMatchObject({ status: 403, code: 'CI_MISMATCH' });
    const claims = await t.db.db.selectFrom('claim').select('id').where('recordId', '=', visit).execute();
    expect(claims).toEqual([]);
  });

  it('claims a below-minimum visit for every insurer, once: a repeat changes nothing', async () => {
    const who = await subscribedPatient();
    const visit = await record(who, { totalPaid: 4_000, outcome: 'below_min' });
    const cookie = await sessionOf(who, 'full');
    const claim = () =>
      t.app.inject({ method: 'POST', url: API.treats, headers: { cookie }, payload: { treatId: String(visit) } });

    const first = await claim();
    expect(first.statusCode).toBe(200);
    const a = first.json() as TreatClaimAnswer;
    expect(a.created).toBe(2);
    expect(a.treat).toMatchObject({ treatId: String(visit), claimState: 'claimed', canClaim: false });
    expect(a.treat.claims.map((c) => [c.insuCompCd, c.status, c.origin, c.claimAmt])).toEqual([
      ['SAMSUNGFIRE', 'received', 'patient', 4_000],
      ['HYUNDAIMARINE', 'received', 'patient', 4_000],
    ]);
    expect(a.treat.claims[0]!.history.map((h) => h.status)).toEqual(['received']);

    const second = (await claim()).json() as TreatClaimAnswer;
    expect(second.created).toBe(0);
    expect(second.treat.claims.map((c) => c.claimId)).toEqual(a.treat.claims.map((c) => c.claimId));
    const rows = await t.db.db.selectFrom('claim').select('id').where('recordId', '=', visit).execute();
    expect(rows).toHaveLength(2);
    // each goes to the engine's delivery like an automatic claim: one pending delivery per claim
    const deliveries = await t.db.db
      .selectFrom('claimDelivery')
      .select(['status'])
      .where(
        'claimId',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
    expect(deliveries.map((d) => d.status)).toEqual(['pending', 'pending']);

    const log = (await getTreats(cookie)).json() as TreatsAnswer;
    const made = log.accessLog.list.filter((e) => e.action === 'CLAIM_CREATED');
    expect(made).toHaveLength(2);
    expect(made[0]!.summary).toContain('본인이');
  });

  it('claims only the insurers asked for, and only the subscription’s', async () => {
    const who = await subscribedPatient();
    const visit = await record(who, { totalPaid: 4_000, outcome: 'below_min' });
    const cookie = await sessionOf(who, 'full');
    const post = (insuCompCds: string[]) =>
      t.app.inject({
        method: 'POST',
        url: API.treats,
        headers: { cookie },
        payload: { treatId: String(visit), insuCompCds },
      });
    const foreign = problemOf(await post(['KBINSU']));
    expect(foreign).toMatchObject({ status: 400 });
    expect(foreign.errors?.map((e) => e.field)).toEqual(['insuCompCds.0']);
    const one = (await post(['HYUNDAIMARINE'])).json() as TreatClaimAnswer;
    expect(one.treat.claims.map((c) => c.insuCompCd)).toEqual(['HYUNDAIMARINE']);
    expect(one.treat.canClaim).toBe(true);
  });

  it('refuses a visit more than three years old, and one the engine is still deciding', async () => {
    const who = await subscribedPatient();
    const old = await record(who, { visitDate: '20230601', outcome: 'too_old' });
    const pending = await record(who, { outcome: 'pending' });
    const cookie = await sessionOf(who, 'full');
    const list = (await getTreats(cookie)).json() as TreatsAnswer;
    expect(list.list.find((v) => v.treatId === String(old))).toMatchObject({
      notClaimedReason: 'TOO_OLD',
      canClaim: false,
    });
    const post = (treatId: number) =>
      t.app.inject({ method: 'POST', url: API.treats, headers: { cookie }, payload: { treatId: String(treatId) } });
    expect(problemOf(await post(old))).toMatchObject({ status: 422, code: 'CLAIM_LAPSED' });
    expect(problemOf(await post(pending))).toMatchObject({ status: 409, code: 'TREAT_PENDING' });
  });

  it('v2 claims several receipts at once, all or nothing, idempotently', async () => {
    const who = await subscribedPatient({ insurers: ['SAMSUNGFIRE'] });
    const v1 = await record(who, { totalPaid: 3_000, outcome: 'below_min' });
    const v2 = await record(who, { totalPaid: 5_000, outcome: 'below_min' });
    const cookie = await sessionOf(who, 'full');
    const post = (treatIds: string[]) =>
      t.app.inject({ method: 'POST', url: API.treatsV2, headers: { cookie }, payload: { treatIds } });

    const missing = problemOf(await post([String(v1), '999999999']));
    expect(missing).toMatchObject({ status: 404, code: 'TREAT_NOT_FOUND' });
    expect(missing.errors?.map((e) => e.field)).toEqual(['treatIds.1']);
    expect(await t.db.db.selectFrom('claim').select('id').where('recordId', '=', v1).execute()).toEqual([]);

    const res = await post([String(v1), String(v2)]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total: 2, created: 2 });
    expect(((await post([String(v2), String(v1)])).json() as { created: number }).created).toBe(0);
  });
});

// ---------------------------------------------------------------------------------------------------------------

async function jpeg(width: number, height: number, withExif = false) {
  // A card-like photo: a blank one is refused as PHOTO_NO_CARD (images/index.ts checkPhotoQuality).
  let img = sharp(cardSvg(width, height)).flatten({ background: '#ffffff' }).jpeg({ quality: 80 });
  if (withExif) img = img.withExif({ IFD0: { Artist: 'EXIF-SECRET-MARKER', Copyright: 'GPS 37.5665,126.9780' } });
  return `data:image/jpeg;base64,${(await img.toBuffer()).toString('base64')}`;
}

describe('idCards', () => {
  async function asked() {
    const who = await subscribedPatient();
    const visit = await record(who);
    const claimId = await engineClaim(who, visit, 'SAMSUNGFIRE', 'sent');
    const res = await t.app.inject({
      method: 'POST',
      url: '/sandbox/insurers/idCardRequests',
      payload: { claimId, reason: '본인 확인을 위해 신분증 사본이 필요해요.' },
    });
    expect(res.json()).toMatchObject({ created: true });
    return { who, claimId, requestId: (res.json() as { requestId: string }).requestId };
  }

  it('an insurer’s request reaches the patient as an 알림톡 whose link opens /web/IDPhoto once', async () => {
    const { who } = await asked();
    const out = await t.app.inject(`/sandbox/outbox?to=${who.userTel}`);
    const msg = (out.json() as { messages: { channel: string; body: string }[] }).messages[0]!;
    expect(msg.channel).toBe('kakao');
    expect(msg.body).toContain('삼성화재');
    const link = msg.body.match(/\/ui\/insu\/vuex\/auto-claim\/web\/IDPhoto#t=([\w.%-]+)/);
    expect(link).not.toBeNull();
    expect(msg.body).not.toContain(who.ci);
    const token = decodeURIComponent(link![1]!);
    expect((await exchange(token, 'treat')).statusCode).toBe(403);
    const opened = await exchange(token, 'idCard');
    expect(opened.statusCode).toBe(200);
    const cookie = opened.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const list = (await t.app.inject({ url: API.idCards, headers: { cookie } })).json() as IdCardsAnswer;
    expect(list.list).toHaveLength(1);
    expect(list.list[0]).toMatchObject({
      insuCompNm: '삼성화재',
      status: 'requested',
      reason: '본인 확인을 위해 신분증 사본이 필요해요.',
      treatDate: '20260610',
      acceptedTypes: ['ic', 'dl', 'pp', 'ac', 'pr'],
    });
  });

  it('needs a session for both calls', async () => {
    expect(problemOf(await t.app.inject({ url: API.idCards }))).toMatchObject({ status: 401 });
    const res = await t.app.inject({ method: 'POST', url: API.idCards, payload: { idcardType: 'ic' } });
    expect(problemOf(res)).toMatchObject({ status: 401 });
  });

  it('checks the fields of the chosen type and the image by its bytes, size and pixels', async () => {
    const { who } = await asked();
    const cookie = await sessionOf(who, 'idCard');
    const post = (payload: object) => t.app.inject({ method: 'POST', url: API.idCards, headers: { cookie }, payload });

    const noType = problemOf(await post({ idcardImg: await jpeg(800, 500) }));
    expect(noType.errors?.map((e) => e.field)).toEqual(['idcardType']);
    const dl = problemOf(await post({ idcardType: 'dl', idcardImg: await jpeg(800, 500), regNo: '11-24-123456-78' }));
    expect(dl.errors?.map((e) => e.field)).toEqual(['checkCd']);
    const ic = problemOf(
      await post({ idcardType: 'ic', idcardIssueDate: '20200230', idcardIssueOrg: '서울특별시 종로구청장' }),
    );
    expect(ic.errors?.map((e) => e.field).sort()).toEqual(['idcardImg', 'idcardIssueDate']);

    const fields = { idcardType: 'ic', idcardIssueOrg: '서울특별시 종로구청장', idcardIssueDate: '20200105' };
    // a GIF claiming to be a JPEG: the magic bytes decide
    const gif = `data:image/jpeg;base64,${Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;').toString('base64')}`;
    expect(problemOf(await post({ ...fields, idcardImg: gif }))).toMatchObject({ status: 400, code: 'IMAGE_TYPE' });
    // bytes that start like a JPEG but are not one
    const fake = `data:image/jpeg;base64,${Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), randomBytes(2000)]).toString('base64')}`;
    expect(problemOf(await post({ ...fields, idcardImg: fake }))).toMatchObject({
      status: 400,
      code: 'IMAGE_UNREADABLE',
    });
    const tiny = problemOf(await post({ ...fields, idcardImg: await jpeg(120, 80) }));
    expect(tiny).toMatchObject({ status: 400, code: 'IMAGE_TOO_SMALL' });
    expect(tiny.errors?.map((e) => e.field)).toEqual(['idcardImg']);
    const big = `data:image/jpeg;base64,${randomBytes(1024 * 1024 + 10).toString('base64')}`;
    expect(problemOf(await post({ ...fields, idcardImg: big }))).toMatchObject({ status: 400 });
    // readable but no good to an insurer: 422, the field named, in words she can act on
    for (const [photo, code, detail] of [
      [await cardPhotoJpeg({ width: 1000, height: 640, blur: 8 }), 'PHOTO_BLURRY', '사진이 흐려요.'],
      [await cardPhotoJpeg({ width: 1000, height: 640, dark: true }), 'PHOTO_TOO_DARK', '사진이 어두워요.'],
      [await blankPhotoJpeg(1000, 640), 'PHOTO_NO_CARD', '신분증이 보이지 않아요.'],
    ] as const) {
      const p = problemOf(await post({ ...fields, idcardImg: `data:image/jpeg;base64,${photo.toString('base64')}` }));
      expect(p).toMatchObject({ status: 422, code });
      expect(p.detail).toContain(detail);
      expect(p.errors).toEqual([{ field: 'idcardImg', message: p.detail }]);
    }

    // none of the refusals answered the request
    const list = (await t.app.inject({ url: API.idCards, headers: { cookie } })).json() as IdCardsAnswer;
    expect(list.list[0]!.status).toBe('requested');
  });

  it('stores the copy re-encoded without EXIF, encrypted, answers the request once and logs the release', async () => {
    const { who, requestId } = await asked();
    const cookie = await sessionOf(who, 'idCard');
    const post = (payload: object) => t.app.inject({ method: 'POST', url: API.idCards, headers: { cookie }, payload });
    const img = await jpeg(1000, 640, true);
    expect(Buffer.from(img.split(',')[1]!, 'base64').includes('EXIF-SECRET-MARKER')).toBe(true);

    const res = await post({
      idcardType: 'dl',
      idcardImg: img,
      regNo: '11-24-123456-78',
      checkCd: 'ab12c',
      idcardIssueOrg: 'ignored for a licence',
      userCi: who.ci,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ idcardType: 'dl', requestIds: [requestId] });

    const row = await t.db.db
      .selectFrom('idCardSubmission')
      .selectAll()
      .where('ciHmac', '=', who.ciHmac)
      .executeTakeFirstOrThrow();
    // In the blob store, not the row; the row's hash is the stored bytes'.
    expect(row.imageEnc).toBeNull();
    const stored = await t.app.ctx.blobs.get(row.imageBlobId!, { sha256: row.imageSha256 });
    expect(stored.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(stored.includes('EXIF-SECRET-MARKER')).toBe(false);
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
    expect([row.width, row.height]).toEqual([1000, 640]);
    // only the licence's own fields are kept (spec §3), normalized
    expect(t.app.ctx.crypto.decryptJson(row.fieldsEnc)).toEqual({ regNo: '112412345678', checkCd: 'AB12C' });

    const list = (await t.app.inject({ url: API.idCards, headers: { cookie } })).json() as IdCardsAnswer;
    expect(list.list[0]).toMatchObject({ status: 'submitted', submittedAt: expect.any(String) });
    expect(
      problemOf(await post({ idcardType: 'dl', idcardImg: img, regNo: '112412345678', checkCd: 'AB12C' })),
    ).toMatchObject({ status: 409, code: 'NO_ID_CARD_REQUEST' });

    const log = ((await getTreats(cookie)).json() as TreatsAnswer).accessLog.list.map((e) => e.action);
    expect(log).toEqual(expect.arrayContaining(['ID_CARD_SUBMITTED', 'ID_CARD_RELEASED']));
    // The copy went to the insurer through the delivery provider, like a claim's documents.
    const insurerOutbox = await t.app.inject('/sandbox/outbox?to=insurer:SAMSUNGFIRE');
    const sent = JSON.parse((insurerOutbox.json() as { messages: { body: string }[] }).messages[0]!.body) as {
      documents: { kind: string; contentType: string }[];
    };
    expect(sent.documents).toEqual([expect.objectContaining({ kind: 'id_copy', contentType: 'image/jpeg' })]);
  });

  it('moves an image kept in its row before the blob store to the store, and the orphan sweep keeps every one', async () => {
    const bytes = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#abcdef' } })
      .jpeg()
      .toBuffer();
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const crypto = t.app.ctx.crypto;
    const { id } = await t.db.db
      .insertInto('idCardSubmission')
      .values({
        ciHmac: 'old-row',
        idcardType: 'ic',
        imageEnc: crypto.encrypt(`data:image/jpeg;base64,${bytes.toString('base64')}`),
        imageSha256: sha256,
        imageBytes: bytes.length,
        width: 40,
        height: 30,
        fieldsEnc: crypto.encryptJson({}),
        submittedAt: clock.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await legacyImagesLeft(t.db.db)).toBe(1);
    expect(await moveLegacyImages(t.app.ctx)).toMatchObject({ moved: 1, unreadable: 0, complete: true });
    expect(await legacyImagesLeft(t.db.db)).toBe(0);
    const row = await t.db.db.selectFrom('idCardSubmission').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ imageEnc: null, imageSha256: sha256, imageKeyId: crypto.keyId });
    expect(await t.app.ctx.blobs.get(row.imageBlobId!, { sha256 })).toEqual(bytes);
    // Key rotation finds the new blob columns by their names (security/rekey.ts), the claims' package too.
    expect((await blobColumns(t.db.db)).map((c) => `${c.table}.${c.column}.${c.keyIdColumn}`)).toEqual(
      expect.arrayContaining([
        'claim_document.file_blob_id.file_key_id',
        'id_card_submission.image_blob_id.image_key_id',
      ]),
    );

    const orphan = await t.app.ctx.blobs.put(Buffer.from('nobody’s'), { kind: 'id-photo' });
    await sweepBlobs(t.app.ctx, { now: new Date(Date.now() + 2 * SWEEP_GRACE_MS) });
    await expect(t.app.ctx.blobs.get(orphan.blobId)).rejects.toThrow(BlobNotFoundError);
    expect(await t.app.ctx.blobs.get(row.imageBlobId!, { sha256 })).toEqual(bytes);
    // Every submission's, the ones made through the API too (the test above, when run with this one).
    const named = await t.db.db.selectFrom('idCardSubmission').select('imageBlobId').execute();
    for (const r of named) if (r.imageBlobId) expect(await t.app.ctx.blobs.get(r.imageBlobId)).toBeDefined();
  });

  it('checks that an ID request is open before decoding the photo: nobody’s 16.7 MP photo is decoded for nothing', async () => {
    const who = await subscribedPatient();
    const cookie = await sessionOf(who, 'full');
    const fields = { idcardType: 'ic', idcardIssueOrg: '서울특별시 종로구청장', idcardIssueDate: '20200105' };
    const post = (idcardImg: string, remoteAddress = '127.0.0.1') =>
      t.app.inject({
        method: 'POST',
        url: API.idCards,
        headers: { cookie },
        remoteAddress,
        payload: { ...fields, idcardImg },
      });
    // Bytes that start like a JPEG but would fail to decode: answered about the request, so nothing was decoded.
    const fake = `data:image/jpeg;base64,${Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), randomBytes(2000)]).toString('base64')}`;
    expect(problemOf(await post(fake))).toMatchObject({ status: 409, code: 'NO_ID_CARD_REQUEST' });
    // The attack as it was run: the largest photo the limits allow (4096×4096), again and again, with no request.
    const huge = `data:image/jpeg;base64,${(
      await sharp({ create: { width: 4096, height: 4096, channels: 3, background: '#8a8a8a' } })
        .jpeg()
        .toBuffer()
    ).toString('base64')}`;
    expect(problemOf(await post(huge))).toMatchObject({ status: 409, code: 'NO_ID_CARD_REQUEST' });
    expect(
      await t.db.db.selectFrom('idCardSubmission').select('id').where('ciHmac', '=', who.ciHmac).execute(),
    ).toEqual([]);
  });

  it('holds one patient to ID_CARD_RATE_LIMIT copies in 10 minutes, whichever address; others are served', async () => {
    const who = await subscribedPatient();
    const cookie = await sessionOf(who, 'full');
    const payload = {
      idcardType: 'ic',
      idcardIssueOrg: '서울특별시 종로구청장',
      idcardIssueDate: '20200105',
      idcardImg: await jpeg(800, 500),
    };
    for (let i = 0; i < ID_CARD_RATE_LIMIT.max; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: API.idCards,
        headers: { cookie },
        remoteAddress: freshAddress(),
        payload,
      });
      expect(res.statusCode, `call ${i + 1}`).toBe(409);
    }
    const over = await t.app.inject({
      method: 'POST',
      url: API.idCards,
      headers: { cookie },
      remoteAddress: '127.20.1.1',
      payload,
    });
    expect(problemOf(over)).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    expect(over.headers['retry-after']).toBeDefined();
    // Another patient with a request of their own still submits.
    const { who: other } = await asked();
    const otherCookie = await sessionOf(other, 'idCard');
    const ok = await t.app.inject({
      method: 'POST',
      url: API.idCards,
      headers: { cookie: otherCookie },
      remoteAddress: '127.20.1.1',
      payload,
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('counts an ID copy with the patient’s OCR reads of the day: past MAX_ID_PHOTOS_PER_DAY, 429 before decoding', async () => {
    const { who, requestId } = await asked();
    const cookie = await sessionOf(who, 'idCard');
    // The day's OCR reads of hers, all but one of the limit (security/photo-days.ts counts both kinds together).
    const day = kstToday(t.app.ctx.clock.now());
    await t.db.db
      .insertInto('idPhotoDayCount')
      .values({ ciHmac: who.ciHmac, day, n: MAX_ID_PHOTOS_PER_DAY - 1 })
      .execute();
    const payload = {
      requestId,
      idcardType: 'ic',
      idcardIssueOrg: '서울특별시 종로구청장',
      idcardIssueDate: '20200105',
      idcardImg: '',
    };
    const post = (idcardImg: string) =>
      t.app.inject({ method: 'POST', url: API.idCards, headers: { cookie }, payload: { ...payload, idcardImg } });
    // Bytes no decoder reads: refused, and counted (the last of the day).
    const fake = `data:image/jpeg;base64,${Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), randomBytes(2000)]).toString('base64')}`;
    expect(problemOf(await post(fake))).toMatchObject({ status: 400, code: 'IMAGE_UNREADABLE' });
    const over = problemOf(await post(await jpeg(800, 500)));
    expect(over).toMatchObject({ status: 429, code: 'UPLOAD_DAILY_LIMIT' });
    expect(over.errors).toEqual([
      { field: 'idcardImg', message: `오늘은 신분증 사진을 ${MAX_ID_PHOTOS_PER_DAY}번 올렸어요.` },
    ]);
    expect(
      await t.db.db.selectFrom('idCardSubmission').select('id').where('ciHmac', '=', who.ciHmac).execute(),
    ).toEqual([]);
    const row = await t.db.db
      .selectFrom('idPhotoDayCount')
      .select('n')
      .where('ciHmac', '=', who.ciHmac)
      .executeTakeFirstOrThrow();
    expect(row.n).toBe(MAX_ID_PHOTOS_PER_DAY + 1);
  });

  it('a request for another person, or an unknown one, is not found', async () => {
    const a = await asked();
    const b = await asked();
    const cookieB = await sessionOf(b.who, 'idCard');
    const res = await t.app.inject({
      method: 'POST',
      url: API.idCards,
      headers: { cookie: cookieB },
      payload: {
        requestId: a.requestId,
        idcardType: 'ic',
        idcardIssueOrg: '서울특별시 종로구청장',
        idcardIssueDate: '20200105',
        idcardImg: await jpeg(800, 500),
      },
    });
    expect(problemOf(res)).toMatchObject({ status: 404, code: 'ID_CARD_REQUEST_NOT_FOUND' });
  });
});
