// Whose records are whose (docs/hospital-integration.md, "Matching"; docs/providers/rrn-check.md), each attack
// performed through app.inject(): a person with the same birth date and sex typing someone else's resident number,
// two live subscriptions with one RRN, a record for another person matched by RRN or CI (a depression code), records
// matched only by an unconfirmed RRN (held for the patient, never claimed, no 알림톡) and records from a hospital the
// patient never chose (unlinked, purged later). On PGlite or (DATABASE_URL) PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  KAKAO_NOTI_TERMS_ID,
  HOSPITAL_API,
  HOSPITAL_KEY_HEADER,
  OPERATOR_API,
  type FeedAnswer,
  type TreatsAnswer,
} from '@auto-claim/contract';
import { purgeUnlinkedRecords } from '../../../src/modules/claims/held.js';
import { UNLINKED_RECORD_PURGE_DAYS } from '../../../src/modules/claims/rules.js';
import { SANDBOX_RRN_OTHER_HOLDER } from '../../../src/providers/rrn-check/sandbox.js';
import {
  addressPerPerson,
  build,
  problemOf,
  signInOperator,
  type TestApp,
  testClock,
  verifyPatient,
} from '../../helper.js';
import { images, personFields, regFor, type Images, type Verified } from '../../../fixtures/enrolment.js';
import { treatmentRecord } from '../../../fixtures/factories.js';

// Monday 2026-06-15 12:00 KST.
const clock = testClock(new Date('2026-06-15T03:00:00Z'));
let img: Images;

/** One app (sandbox RRN check, or RRN_CHECK_PROVIDER=none) with an operator signed in. */
async function appWith(rrnCheck: 'sandbox' | 'none') {
  const t = await build({ clock, config: { rrnCheck: { kind: rrnCheck } } });
  await t.app.claimEngine.start();
  return { t, operator: (await signInOperator(t, 'admin', { loginId: 'identity-ops' })).headers };
}

let sandbox: Awaited<ReturnType<typeof appWith>>;
let none: Awaited<ReturnType<typeof appWith>>;
beforeAll(async () => {
  img = await images();
  sandbox = await appWith('sandbox');
  none = await appWith('none');
}, 180_000);
afterAll(async () => {
  await sandbox?.t.close();
  await none?.t.close();
});

const ipOf = addressPerPerson<Verified>();
const as = (t: TestApp, v: Verified, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, remoteAddress: ipOf(v), headers: { cookie: v.cookie } });

/** A verified person who subscribes with `userIdno2` (default: their own RRN); the answer is the HTTP response. */
async function enrol(t: TestApp, who: { custName: string; korRegId?: string }, userIdno2?: string) {
  const v = await verifyPatient(t, { korRegId: '8501011', ...who });
  const p = personFields(v);
  const rrnBack = userIdno2 ?? p.userIdno2;
  // With the optional 알림톡 consent, so that her messages go by 알림톡 (kakaoTo below).
  const res = await as(
    t,
    v,
    'POST',
    API.subscriptions,
    await regFor(t, v, img, { userIdno2: rrnBack, optTerms: [KAKAO_NOTI_TERMS_ID] }),
  );
  return { v, res, rrn: p.birthday.slice(2) + rrnBack, birthDate: p.birthday, userNm: p.userNm, ci: v.ci };
}

async function feed(t: TestApp, records: ReturnType<typeof treatmentRecord>[], hospitalCd = '90000001') {
  const res = await t.app.inject({
    method: 'POST',
    url: HOSPITAL_API.treatments,
    headers: { [HOSPITAL_KEY_HEADER]: `sandbox-${hospitalCd}` },
    payload: { records },
  });
  expect(res.statusCode, res.body).toBe(200);
  await t.app.claimEngine.drain();
  return (res.json() as FeedAnswer).results.map((r) => r.recordId);
}

const recordRow = (t: TestApp, id: number) =>
  t.db.db
    .selectFrom('treatmentRecord')
    .select(['outcome', 'insuApplyId', 'purgeAt', 'identityConfirmedAt'])
    .where('id', '=', id)
    .executeTakeFirst();
const claimsOf = (t: TestApp, id: number) =>
  t.db.db.selectFrom('claim').select(['id', 'insuCompCd']).where('recordId', '=', id).execute();
/** The 알림톡 to a phone, the enrolment's own confirmation left out (modules/subscriptions/enrol-notice.ts). */
const kakaoTo = async (t: TestApp, phone: string) =>
  (
    await t.db.db
      .selectFrom('sandboxOutbox')
      .select('body')
      .where('channel', '=', 'kakao')
      .where('to', '=', phone)
      .execute()
  ).filter((m) => !m.body.includes('SUBSCRIPTION_CONFIRMED'));
async function treatsOf(t: TestApp, v: Verified) {
  const res = await as(t, v, 'GET', API.treats);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TreatsAnswer;
}
async function held(app: { t: TestApp; operator: Record<string, string> }) {
  const res = await app.t.app.inject({ method: 'GET', url: OPERATOR_API.heldRecords, headers: app.operator });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { list: { recordId: number; reason: string; insuApplyId: string | null }[] }).list;
}
const subscriptionRow = (t: TestApp, ci: string) =>
  t.db.db
    .selectFrom('subscription')
    .select(['rrnConfirmedAt', 'rrnCheckVendor', 'rrnHmac'])
    .where('ciHmac', '=', t.app.ctx.crypto.hmac('ci', ci))
    .execute();

describe('the RRN typed at subscription is bound to the verified person', () => {
  it("refuses someone with the same birth date and sex typing another person's RRN, naming userIdno2, changing nothing", async () => {
    const { t } = sandbox;
    // The sandbox registry says every …9999 RRN is 박타인's: 김공격 (born 1985-01-01, male, like 박타인) types it.
    const attack = await enrol(t, { custName: '김공격' }, '1009999');
    expect(attack.res.statusCode, attack.res.body).toBe(422);
    const problem = problemOf(attack.res);
    expect(problem.code).toBe('RRN_MISMATCH');
    expect(problem.errors).toEqual([
      {
        field: 'userIdno2',
        message: '본인인증한 분의 주민등록번호가 아니에요. 주민등록번호 뒷자리를 다시 확인해 주세요.',
      },
    ]);
    expect(SANDBOX_RRN_OTHER_HOLDER).not.toBe('김공격');
    expect(await subscriptionRow(t, attack.ci)).toEqual([]);
    const view = await as(t, attack.v, 'GET', API.subscriptions);
    expect(view.json()).toEqual({ subscriptionStatus: 'none' });
    // The vendor was asked with the RRN masked in the sandbox's outbox, never in full.
    const asked = await t.db.db.selectFrom('sandboxOutbox').select('body').where('to', '=', 'rrn-check').execute();
    expect(asked.map((a) => a.body)).toContain('실명확인 8501011******');
    expect(JSON.stringify(asked)).not.toContain('1009999');
  });

  it('records when and by whom the RRN was confirmed; an unanswered check subscribes unconfirmed', async () => {
    const { t } = sandbox;
    const ok = await enrol(t, { custName: '이확인' });
    expect(ok.res.statusCode, ok.res.body).toBe(201);
    const [row] = await subscriptionRow(t, ok.ci);
    expect(row!.rrnConfirmedAt).not.toBeNull();
    expect(row!.rrnCheckVendor).toBe('sandbox');
    expect(row!.rrnHmac).toBe(t.app.ctx.crypto.hmac('rrn', ok.rrn));

    // …0000: the vendor does not answer. The patient is not turned away; the RRN stays unconfirmed.
    const later = await enrol(t, { custName: '최대기' }, '1200000');
    expect(later.res.statusCode, later.res.body).toBe(201);
    const [unconfirmed] = await subscriptionRow(t, later.ci);
    expect(unconfirmed).toMatchObject({ rrnConfirmedAt: null, rrnCheckVendor: null });
  });

  it('refuses a second live subscription with the same RRN and another CI; the first holder keeps theirs', async () => {
    const { t } = sandbox;
    const first = await enrol(t, { custName: '정먼저' }, '1345671');
    expect(first.res.statusCode, first.res.body).toBe(201);

    const second = await enrol(t, { custName: '정나중' }, '1345671');
    expect(second.res.statusCode, second.res.body).toBe(409);
    const problem = problemOf(second.res);
    expect(problem.code).toBe('RRN_IN_USE');
    expect(problem.errors?.[0]?.field).toBe('userIdno2');
    expect(await subscriptionRow(t, second.ci)).toEqual([]);

    // The same person subscribing again meets the rule they always met: already subscribed.
    const again = await as(
      t,
      first.v,
      'POST',
      API.subscriptions,
      await regFor(t, first.v, img, { userIdno2: '1345671' }),
    );
    expect(again.statusCode).toBe(409);
    expect(problemOf(again).code).toBe('ALREADY_SUBSCRIBED');

    // Once the first cancels, the RRN is free again (its holder may have been the one who typed it wrong).
    expect((await as(t, first.v, 'DELETE', API.subscriptions)).statusCode).toBe(200);
    const afterCancel = await as(
      t,
      second.v,
      'POST',
      API.subscriptions,
      await regFor(t, second.v, img, { userIdno2: '1345671' }),
    );
    expect(afterCancel.statusCode, afterCancel.body).toBe(201);
  });

  it('two concurrent subscriptions with one RRN: exactly one is made', async () => {
    const { t } = sandbox;
    const a = await verifyPatient(t, { custName: '한동시', korRegId: '8501011' });
    const b = await verifyPatient(t, { custName: '한같이', korRegId: '8501011' });
    const [ra, rb] = await Promise.all([
      as(t, a, 'POST', API.subscriptions, await regFor(t, a, img, { userIdno2: '1456781' })),
      as(t, b, 'POST', API.subscriptions, await regFor(t, b, img, { userIdno2: '1456781' })),
    ]);
    expect([ra.statusCode, rb.statusCode].sort()).toEqual([201, 409]);
    const loser = ra.statusCode === 409 ? ra : rb;
    expect(problemOf(loser).code).toBe('RRN_IN_USE');
  });
});

describe('records matched only by an unconfirmed RRN are held for the patient', () => {
  it('with no vendor configured, an attacker who typed a victim’s RRN gets none of the victim’s visits', async () => {
    const app = none;
    const { t } = app;
    // 김공격 and 박피해 share birth date and sex; 김공격 types 박피해's RRN. No vendor can say it is not theirs.
    const attacker = await enrol(t, { custName: '김공격' }, '1777771');
    expect(attacker.res.statusCode, attacker.res.body).toBe(201);
    expect((await subscriptionRow(t, attacker.ci))[0]!.rrnConfirmedAt).toBeNull();

    const victim = { ci: 'not-sent', rrn: attacker.rrn, birthDate: attacker.birthDate, userNm: '박피해' };
    const [visit] = await feed(t, [treatmentRecord(victim, { by: 'rrn', kcdCodes: ['F32.1'] })]);
    expect(await recordRow(t, visit!)).toMatchObject({ outcome: 'identity_mismatch' });
    expect(await claimsOf(t, visit!)).toEqual([]);
    expect(await kakaoTo(t, attacker.v.person.custHp)).toEqual([]);
    const seen = await treatsOf(t, attacker.v);
    expect(seen.list).toEqual([]);
    expect(seen.toConfirm).toEqual([]);
    expect((await held(app)).find((h) => h.recordId === visit)).toMatchObject({ reason: 'identity_mismatch' });
  });

  it('holds an RRN-only visit with the same name and birth date: no claim, no 알림톡, asked on /web/treat', async () => {
    const { t } = none;
    const p = await enrol(t, { custName: '오동명' }, '1888881');
    expect(p.res.statusCode, p.res.body).toBe(201);
    const [mine, notMine] = await feed(t, [
      treatmentRecord(p, { by: 'rrn', visitDate: '20260610', kcdCodes: ['J00'] }),
      treatmentRecord(p, { by: 'rrn', visitDate: '20260611', kcdCodes: ['F32'] }),
    ]);
    for (const id of [mine!, notMine!]) {
      expect(await recordRow(t, id)).toMatchObject({ outcome: 'rrn_unconfirmed' });
      expect(await claimsOf(t, id)).toEqual([]);
    }
    expect(await kakaoTo(t, p.v.person.custHp)).toEqual([]);

    const before = await treatsOf(t, p.v);
    expect(before.list).toEqual([]);
    // When and where only: no diagnosis, no amount.
    expect(before.toConfirm).toEqual([
      {
        treatId: String(notMine),
        hospitalCd: '90000001',
        hospitalNm: expect.any(String),
        treatDate: '20260611',
        visitType: 'outpatient',
        // Whether it is hers (the other question, shall a held 비급여 be sent, is her-rules.test.ts's).
        question: 'mine',
      },
      {
        treatId: String(mine),
        hospitalCd: '90000001',
        hospitalNm: expect.any(String),
        treatDate: '20260610',
        visitType: 'outpatient',
        question: 'mine',
      },
    ]);
    // A held visit cannot be claimed by hand either.
    const byHand = await as(t, p.v, 'POST', API.treats, { treatId: String(mine) });
    expect(byHand.statusCode).toBe(404);

    // "아니에요": taken off the patient, unlinked, for an operator.
    const no = await as(t, p.v, 'POST', API.treatsConfirm, { treatId: String(notMine), mine: false });
    expect(no.statusCode, no.body).toBe(200);
    expect(no.json()).toEqual({ toConfirm: [expect.objectContaining({ treatId: String(mine) })] });
    expect(await recordRow(t, notMine!)).toMatchObject({ outcome: 'not_patients', insuApplyId: null });
    expect((await held(none)).find((h) => h.recordId === notMine)).toMatchObject({ reason: 'not_patients' });

    // "맞아요": claimed by the ordinary rules, and the patient is told.
    const yes = await as(t, p.v, 'POST', API.treatsConfirm, { treatId: String(mine), mine: true });
    expect(yes.statusCode, yes.body).toBe(200);
    expect(yes.json()).toEqual({ toConfirm: [] });
    await t.app.claimEngine.drain();
    expect(await recordRow(t, mine!)).toMatchObject({ outcome: 'claimed', identityConfirmedAt: expect.any(Date) });
    expect(await claimsOf(t, mine!)).toHaveLength(1);
    expect(await kakaoTo(t, p.v.person.custHp)).toHaveLength(1);
    const after = await treatsOf(t, p.v);
    expect(after.list.map((x) => x.treatId)).toEqual([String(mine)]);

    // An answer twice, or about someone else's record, changes nothing.
    const twice = await as(t, p.v, 'POST', API.treatsConfirm, { treatId: String(notMine), mine: true });
    expect(twice.statusCode).toBe(409);
    expect(problemOf(twice).errors?.[0]?.field).toBe('treatId');
    expect(await recordRow(t, notMine!)).toMatchObject({ outcome: 'not_patients' });
  });

  it("refuses an answer about another patient's held visit", async () => {
    const { t } = none;
    const owner = await enrol(t, { custName: '유주인' }, '1999991');
    const stranger = await enrol(t, { custName: '유남남' }, '1999981');
    const [id] = await feed(t, [treatmentRecord(owner, { by: 'rrn' })]);
    expect(await recordRow(t, id!)).toMatchObject({ outcome: 'rrn_unconfirmed' });
    const res = await as(t, stranger.v, 'POST', API.treatsConfirm, { treatId: String(id), mine: true });
    expect(res.statusCode).toBe(409);
    expect(await recordRow(t, id!)).toMatchObject({ outcome: 'rrn_unconfirmed', identityConfirmedAt: null });
  });

  it('claims an RRN-only visit at once when the RRN was confirmed, and a CI visit however the RRN stands', async () => {
    const { t } = sandbox;
    const p = await enrol(t, { custName: '강확인' });
    const [byRrn] = await feed(t, [treatmentRecord(p, { by: 'rrn', receiptNo: 'CONFIRMED-RRN' })]);
    expect(await recordRow(t, byRrn!)).toMatchObject({ outcome: 'claimed' });

    const u = await enrol(t, { custName: '강미확' }, '1300000');
    const [byCi] = await feed(t, [treatmentRecord(u, { by: 'ci', receiptNo: 'UNCONFIRMED-CI' })]);
    expect(await recordRow(t, byCi!)).toMatchObject({ outcome: 'claimed' });
  });
});

describe("a record whose name or birth date is not the subscriber's is held as an identity mismatch", () => {
  it('holds a depression record for "전혀다른사람" matched by CI or by RRN: not claimed, not shown, no 알림톡', async () => {
    const app = sandbox;
    const { t } = app;
    const p = await enrol(t, { custName: '서환자' });
    expect(p.res.statusCode, p.res.body).toBe(201);
    const stranger = { ...p, userNm: '전혀다른사람' };
    const [byCi, byRrn] = await feed(t, [
      treatmentRecord(stranger, { by: 'ci', kcdCodes: ['F32'], receiptNo: 'STRANGER-CI' }),
      treatmentRecord(stranger, { by: 'rrn', kcdCodes: ['F32.9'], receiptNo: 'STRANGER-RRN' }),
    ]);
    for (const id of [byCi!, byRrn!]) {
      expect(await recordRow(t, id)).toMatchObject({ outcome: 'identity_mismatch' });
      expect(await claimsOf(t, id)).toEqual([]);
    }
    expect(await kakaoTo(t, p.v.person.custHp)).toEqual([]);
    const seen = await treatsOf(t, p.v);
    expect(seen.list).toEqual([]);
    expect(seen.toConfirm).toEqual([]);
    expect(JSON.stringify(seen)).not.toContain('STRANGER');
    const list = await held(app);
    expect(list.filter((h) => h.recordId === byCi || h.recordId === byRrn)).toEqual([
      expect.objectContaining({ recordId: byRrn, reason: 'identity_mismatch' }),
      expect.objectContaining({ recordId: byCi, reason: 'identity_mismatch' }),
    ]);
    // Operators only: a patient session gets nothing there.
    const asPatient = await as(t, p.v, 'GET', OPERATOR_API.heldRecords);
    expect(asPatient.statusCode).toBe(401);
  });

  it('holds a record with the right name but another birth date', async () => {
    const { t } = sandbox;
    const p = await enrol(t, { custName: '문생일' });
    const [id] = await feed(t, [treatmentRecord({ ...p, birthDate: '19850102' }, { by: 'ci' })]);
    expect(await recordRow(t, id!)).toMatchObject({ outcome: 'identity_mismatch' });
    expect(await claimsOf(t, id!)).toEqual([]);
  });

  it('compares names normalised: spaces and decomposed Hangul are the same name', async () => {
    const { t } = sandbox;
    const p = await enrol(t, { custName: '배정상' });
    const spaced = ` 배 정상 `.normalize('NFD');
    expect(spaced).not.toBe('배정상');
    const [id] = await feed(t, [treatmentRecord({ ...p, userNm: spaced }, { by: 'ci' })]);
    expect(await recordRow(t, id!)).toMatchObject({ outcome: 'claimed' });
  });
});

describe('records from a hospital the patient never chose', () => {
  it('are kept unlinked: not shown, not claimed, no 알림톡; and purged when their time comes', async () => {
    const { t } = sandbox;
    const p = await enrol(t, { custName: '남병원' });
    const [chosen] = await feed(t, [treatmentRecord(p, { by: 'ci', receiptNo: 'CHOSEN-1' })]);
    const [other] = await feed(
      t,
      [treatmentRecord(p, { by: 'ci', receiptNo: 'OTHER-1', kcdCodes: ['F32'] })],
      '90000002',
    );
    const row = await recordRow(t, other!);
    expect(row).toMatchObject({ outcome: 'hospital_not_subscribed', insuApplyId: null });
    expect(new Date(row!.purgeAt!).getTime()).toBe(clock.now().getTime() + UNLINKED_RECORD_PURGE_DAYS * 86_400_000);
    expect(await claimsOf(t, other!)).toEqual([]);
    expect(await kakaoTo(t, p.v.person.custHp)).toHaveLength(1); // the chosen hospital's visit only
    const seen = await treatsOf(t, p.v);
    expect(seen.list.map((x) => x.treatId)).toEqual([String(chosen)]);
    const byHand = await as(t, p.v, 'POST', API.treats, { treatId: String(other) });
    expect(byHand.statusCode).toBe(404);

    // The day before its purge date it is still kept; after it, the minute tick's purge deletes it and only it.
    const day = 86_400_000;
    expect(
      await purgeUnlinkedRecords(t.db.db, new Date(clock.now().getTime() + (UNLINKED_RECORD_PURGE_DAYS - 1) * day)),
    ).toBe(0);
    expect(await recordRow(t, other!)).toBeDefined();
    expect(
      await purgeUnlinkedRecords(t.db.db, new Date(clock.now().getTime() + (UNLINKED_RECORD_PURGE_DAYS + 1) * day)),
    ).toBeGreaterThanOrEqual(1);
    expect(await recordRow(t, other!)).toBeUndefined();
    expect(await recordRow(t, chosen!)).toMatchObject({ outcome: 'claimed' });
  });
});
