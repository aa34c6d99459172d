// Her rules for what is sent, and nothing silently unclaimed (README "Her rules for what is sent", "The monthly
// statement"): a visit with 비급여 her rule holds is asked about once and waits for her one tap, sent at most once; no
// answer in 30 days sends nothing and tells her; her batch day sends the month's claims together; every record of hers
// ends as a claim or as "청구하지 않았어요: 이유"; and her monthly statement's figures and message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  HOSPITAL_API,
  HOSPITAL_KEY_HEADER,
  NOT_CLAIMED_REASON_NM,
  RECORD_NOT_CLAIMED,
  STATEMENT_API,
  type StatementAnswer,
  type TreatmentRecordInput,
  type TreatsAnswer,
} from '@auto-claim/contract';
import { adviseUncovered, createVisitPort } from '../../../src/modules/claims/index.js';
import { heldText } from '../../../src/modules/claims/notify.js';
import { nextBatchDayAt } from '../../../src/modules/claims/rules.js';
import type PgBoss from 'pg-boss';
import {
  MONTHLY_STATEMENTS_QUEUE,
  sendMonthlyStatements,
  statementJobs,
  statementText,
} from '../../../src/modules/statements/index.js';
import { signLinkToken } from '../../../src/security/linkToken.js';
import { createSubscriber, sendRecords, treatmentRecord, type Subscriber } from '../../../fixtures/factories.js';
import { OPS_SUBSCRIBER_API, type SubscriberDetail } from '@auto-claim/contract/ops';
import { build, freshAddress, problemOf, signInOperator, testClock, type TestApp } from '../../helper.js';

// Monday 2026-06-15 12:00 KST: inside the hours patients are told.
const NOON = new Date('2026-06-15T03:00:00Z');
const clock = testClock(NOON);
let t: TestApp;

beforeAll(async () => {
  t = await build({ clock });
  await t.app.claimEngine.start();
});
afterAll(async () => {
  await t?.close();
});

const HOSPITAL_KEY = 'sandbox-90000001';
const DAY = 86_400_000;

const feed = (records: TreatmentRecordInput[]) => sendRecords(t.app, records);

async function subscriber(o: Parameters<typeof createSubscriber>[1] & { askUncovered?: boolean; batchDay?: number }) {
  const who = await createSubscriber(t.app.ctx, o);
  await t.db.db
    .updateTable('subscription')
    .set({ askUncovered: o.askUncovered ?? null, batchDay: o.batchDay ?? null })
    .where('insuApplyId', '=', who.insuApplyId)
    .execute();
  return who;
}

/** A session through her message's link (a link session of that purpose), or `full`, as after she stepped up. */
async function sessionOf(who: Subscriber, purpose: 'treat' | 'statement' = 'treat', full = false) {
  const token = await signLinkToken(t.app.ctx, { purpose, ciHmac: who.ciHmac, insuApplyId: who.insuApplyId });
  const res = await t.app.inject({
    method: 'POST',
    url: API.linkExchange,
    payload: { token, purpose },
    remoteAddress: freshAddress(),
  });
  expect(res.statusCode).toBe(200);
  if (full) {
    await t.db.db
      .updateTable('authSession')
      .set({ scope: 'full', linkPurpose: null, linkInsuApplyId: null, verifiedAt: clock.now() })
      .where('subjectHmac', '=', who.ciHmac)
      .where('revokedAt', 'is', null)
      .execute();
  }
  return res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

const treats = async (cookie: string) => {
  const res = await t.app.inject({ url: API.treats, headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return res.json<TreatsAnswer>();
};
const answer = (cookie: string, body: object) =>
  t.app.inject({ method: 'POST', url: API.treatsConfirm, headers: { cookie }, payload: body });

const recordsOf = (who: Subscriber) =>
  t.db.db
    .selectFrom('treatmentRecord')
    .select(['id', 'outcome', 'visitDate', 'decisionDueAt'])
    .where((eb) => eb.or([eb('insuApplyId', '=', who.insuApplyId), eb('disownedBy', '=', who.insuApplyId)]))
    .orderBy('id')
    .execute();
const claimsOf = (who: Subscriber) =>
  t.db.db
    .selectFrom('claim')
    .innerJoin('claimDelivery', 'claimDelivery.claimId', 'claim.id')
    .select(['claim.id', 'claim.recordId', 'claim.status', 'claim.scheduledFor', 'claimDelivery.sentAt'])
    .where('claim.insuApplyId', '=', who.insuApplyId)
    .orderBy('claim.id')
    .execute();
const messagesTo = async (who: Subscriber) =>
  (
    await t.db.db
      .selectFrom('sandboxOutbox')
      .select(['channel', 'body'])
      .where('to', '=', who.userTel)
      .orderBy('id')
      .execute()
  ).map((m) => ({ channel: m.channel, ...(JSON.parse(m.body) as { template: string; text: string }) }));

describe('비급여는 보내기 전에 물어봐 주세요', () => {
  it('holds a visit with 비급여, asks her once with both figures, and claims it at her one tap, at most once', async () => {
    const who = await subscriber({ askUncovered: true });
    await feed([treatmentRecord(who, { coveredCopay: 15_300, uncovered: 24_700, visitDate: '20260612' })]);
    const [rec] = await recordsOf(who);
    expect(rec!.outcome).toBe('awaiting_decision');
    expect(new Date(rec!.decisionDueAt!).getTime()).toBe(NOON.getTime() + 30 * DAY);
    expect(await claimsOf(who)).toEqual([]);

    // One message: the question, what it is about and until when.
    const asked = await messagesTo(who);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.template).toBe('AUTO_CLAIM_ASK_UNCOVERED');
    expect(asked[0]!.text).toContain('6월 12일 진료에 비급여 24,700원이 있어서 보내기 전에 여쭤봐요.');
    expect(asked[0]!.text).toContain('7월 15일까지 답이 없으면 보내지 않을게요.');

    // Her link opens the question; the visit reads "not claimed: waiting for her".
    const cookie = await sessionOf(who);
    const before = await treats(cookie);
    expect(before.toConfirm).toEqual([
      expect.objectContaining({
        treatId: String(rec!.id),
        question: 'send_uncovered',
        uncoveredAmt: 24_700,
        paidAmt: 40_000,
        answerBy: new Date(NOON.getTime() + 30 * DAY).toISOString(),
      }),
    ]);
    expect(before.list[0]).toMatchObject({
      claimState: 'notClaimed',
      notClaimedReason: 'AWAITING_DECISION',
      canClaim: false,
    });

    // "Is it mine?" is not a link's to answer; "send it" is her one tap.
    const mine = await answer(cookie, { treatId: String(rec!.id), mine: true });
    expect(mine.statusCode).toBe(403);
    expect(problemOf(mine).code).toBe('STEP_UP_REQUIRED');
    const tap = await answer(cookie, { treatId: String(rec!.id), send: true });
    expect(tap.statusCode).toBe(200);
    expect(tap.json()).toEqual({ toConfirm: [] });
    await t.app.claimEngine.drain();
    const claims = await claimsOf(who);
    expect(claims).toHaveLength(1);
    expect(claims[0]!.status).toBe('sent');

    // A second tap, or the other answer, changes nothing: sent once.
    for (const send of [true, false]) {
      const again = await answer(cookie, { treatId: String(rec!.id), send });
      expect(again.statusCode).toBe(409);
      expect(problemOf(again).code).toBe('RECORD_NOT_HELD');
    }
    await t.app.claimEngine.drain();
    expect(await claimsOf(who)).toHaveLength(1);
    expect((await recordsOf(who))[0]!.outcome).toBe('claimed');
    // She was asked once, then told it was claimed.
    expect((await messagesTo(who)).map((m) => m.template)).toEqual(['AUTO_CLAIM_ASK_UNCOVERED', 'AUTO_CLAIM_SENT']);
  });

  it('sends nothing when she says not to, and her history says why', async () => {
    const who = await subscriber({ askUncovered: true });
    await feed([treatmentRecord(who, { coveredCopay: 15_300, uncovered: 24_700 })]);
    const [rec] = await recordsOf(who);
    const cookie = await sessionOf(who);
    expect((await answer(cookie, { treatId: String(rec!.id), send: false })).statusCode).toBe(200);
    await t.app.claimEngine.drain();
    expect(await claimsOf(who)).toEqual([]);
    expect((await treats(cookie)).list[0]).toMatchObject({ notClaimedReason: 'DECLINED', canClaim: true });
  });

  it('refuses an answer naming neither question, or both, with the field', async () => {
    const who = await subscriber({ askUncovered: true });
    const cookie = await sessionOf(who);
    const none = await answer(cookie, { treatId: '1' });
    expect(none.statusCode).toBe(400);
    expect(problemOf(none).errors?.[0]?.field).toBe('mine');
    const both = await answer(cookie, { treatId: '1', mine: true, send: true });
    expect(both.statusCode).toBe(400);
    expect(problemOf(both).errors?.[0]?.field).toBe('send');
  });

  it('no answer in 30 days sends nothing, and tells her so', async () => {
    const who = await subscriber({ askUncovered: true });
    await feed([treatmentRecord(who, { coveredCopay: 9_000, uncovered: 50_000 })]);
    const [rec] = await recordsOf(who);
    // A day before its end: still waiting.
    clock.set(new Date(NOON.getTime() + 29 * DAY));
    await t.app.claimEngine.drain();
    expect((await recordsOf(who))[0]!.outcome).toBe('awaiting_decision');
    clock.set(new Date(NOON.getTime() + 30 * DAY + 60_000));
    try {
      await t.app.claimEngine.drain();
      expect((await recordsOf(who))[0]!.outcome).toBe('decision_lapsed');
      expect(await claimsOf(who)).toEqual([]);
      const told = await messagesTo(who);
      expect(told.map((m) => m.template)).toEqual(['AUTO_CLAIM_ASK_UNCOVERED', 'AUTO_CLAIM_ASK_LAPSED']);
      expect(told[1]!.text).toContain('30일 동안 답이 없어서 보험사에 보내지 않았어요.');
      // Too late to tap: nothing is sent; the history says why, and she may still claim it herself.
      const cookie = await sessionOf(who);
      const late = await answer(cookie, { treatId: String(rec!.id), send: true });
      expect(late.statusCode).toBe(409);
      await t.app.claimEngine.drain();
      expect(await claimsOf(who)).toEqual([]);
      expect((await treats(cookie)).list[0]).toMatchObject({ notClaimedReason: 'NO_ANSWER', canClaim: true });
      // The tick finds nothing more: told once.
      await t.app.claimEngine.drain();
      expect(await messagesTo(who)).toHaveLength(2);
    } finally {
      clock.set(NOON);
    }
  });

  it('defaults to asking for a 4세대 policy only when claiming would cost more next year than it pays', () => {
    // 비급여 33,000원 at a clinic: 3,000원 after the 30,000원 공제, against the year's discount lost (the first 비급여
    // benefit of the year moves her from step 1 to step 2: 5 % of the assumed premium, 4,500원).
    const small = adviseUncovered({ generation: 'gen4', visitType: '외래', coveredCopay: 15_300, uncovered: 33_000 });
    expect(small).toEqual({ expectedPayout: 3_000, premiumEffect: 4_500, askByDefault: true });
    // Below the 공제 it pays nothing and costs nothing: nothing to ask.
    const below = adviseUncovered({ generation: 'gen4', visitType: '외래', coveredCopay: 15_300, uncovered: 24_700 });
    expect(below).toEqual({ expectedPayout: 0, premiumEffect: 0, askByDefault: false });
    // A large 비급여 pays more than the discount: sent.
    const large = adviseUncovered({ generation: 'gen4', visitType: '외래', coveredCopay: 0, uncovered: 200_000 });
    expect(large.askByDefault).toBe(false);
    expect(large.expectedPayout).toBeGreaterThan(large.premiumEffect);
    // No premium steps before 4세대; a generation not known asks nothing by default.
    expect(
      adviseUncovered({ generation: 'gen3', visitType: '외래', coveredCopay: 0, uncovered: 33_000 }),
    ).toMatchObject({
      premiumEffect: 0,
      askByDefault: false,
    });
    expect(adviseUncovered({ generation: null, visitType: '외래', coveredCopay: 0, uncovered: 33_000 })).toEqual({
      expectedPayout: 3_000,
      premiumEffect: 0,
      askByDefault: false,
    });
  });

  it('holds a small 비급여 of a 4세대 policy by default, read from her subscription, and sends a 3세대 one', async () => {
    const asked = await subscriber({});
    const sent = await subscriber({});
    for (const [who, generation] of [
      [asked, 'gen4'],
      [sent, 'gen3'],
    ] as const)
      await t.db.db
        .updateTable('subscriptionInsurer')
        .set({ policyGeneration: generation, policyGenerationBy: 'patient' })
        .where('insuApplyId', '=', who.insuApplyId)
        .execute();
    for (const who of [asked, sent])
      await feed([treatmentRecord(who, { coveredCopay: 15_300, uncovered: 33_000, visitDate: '20260612' })]);
    expect((await recordsOf(asked))[0]!.outcome).toBe('awaiting_decision');
    // Both figures, as why she is asked.
    const [question] = await messagesTo(asked);
    expect(question!.template).toBe('AUTO_CLAIM_ASK_UNCOVERED');
    expect(question!.text).toContain('3,000원');
    expect(question!.text).toContain('4,500원');
    expect((await recordsOf(sent))[0]!.outcome).toBe('claimed');
  });

  it('asks in one message with both figures when they are why she is asked', () => {
    const asked = heldText({
      outcome: 'awaiting_decision',
      visitDate: '20260612',
      hospitalNm: '튼튼의원',
      uncovered: 33_000,
      expectedPayout: 3_000,
      premiumEffect: 4_500,
      answerBy: new Date('2026-07-15T03:00:00Z'),
    });
    expect(asked.text).toBe(
      '튼튼의원 6월 12일 진료에 비급여 33,000원이 있어서 보내기 전에 여쭤봐요. ' +
        '비급여를 청구하면 약 3,000원을 받지만, 내년 보험료가 약 4,500원 오를 수 있어요. ' +
        '보낼지 아래 버튼에서 골라 주세요. 7월 15일까지 답이 없으면 보내지 않을게요.',
    );
    expect(asked.sms).toBe('튼튼의원 6월 12일 진료에 비급여 33,000원이 있어요. 보험사에 보낼지 골라 주세요.');
  });
});

describe('her batch day', () => {
  it('holds her ready claims until her day and sends the month’s claims together', async () => {
    // Her day: the 20th; it is the 15th.
    const who = await subscriber({ batchDay: 20 });
    await feed([treatmentRecord(who, { visitDate: '20260610' })]);
    clock.set(new Date(NOON.getTime() + DAY));
    await feed([treatmentRecord(who, { visitDate: '20260615' })]);
    const day = new Date('2026-06-20T00:00:00Z'); // 09:00 KST
    const waiting = await claimsOf(who);
    expect(waiting).toHaveLength(2);
    for (const c of waiting) {
      expect(c.status).toBe('received');
      expect(new Date(c.scheduledFor!).getTime()).toBe(day.getTime());
    }
    // The pg-boss job that wakes the delivery on her day.
    const wake = await t.db.db
      .withSchema('pgboss')
      .selectFrom('job' as never)
      .select(['name' as never])
      .where('singleton_key' as never, '=', `at:${day.toISOString()}` as never)
      .execute();
    expect(wake.length).toBeGreaterThan(0);
    try {
      clock.set(new Date(day.getTime() - 60_000));
      await t.app.claimEngine.drain();
      expect((await claimsOf(who)).map((c) => c.status)).toEqual(['received', 'received']);
      clock.set(day);
      await t.app.claimEngine.drain();
      const sent = await claimsOf(who);
      expect(sent.map((c) => c.status)).toEqual(['sent', 'sent']);
      expect(new Set(sent.map((c) => new Date(c.sentAt!).getTime()))).toEqual(new Set([day.getTime()]));
      // A visit that comes after her day waits for next month's.
      await feed([treatmentRecord(who, { visitDate: '20260619' })]);
      expect(new Date((await claimsOf(who))[2]!.scheduledFor!).toISOString()).toBe('2026-07-20T00:00:00.000Z');
    } finally {
      clock.set(NOON);
    }
  });

  it('is the next 09:00 KST on her day, strictly after now', () => {
    expect(nextBatchDayAt(new Date('2026-06-15T03:00:00Z'), 20).toISOString()).toBe('2026-06-20T00:00:00.000Z');
    expect(nextBatchDayAt(new Date('2026-06-20T00:00:00Z'), 20).toISOString()).toBe('2026-07-20T00:00:00.000Z');
    // Over the year's end.
    expect(nextBatchDayAt(new Date('2026-12-28T03:00:00Z'), 1).toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });

  it('is hers to set in 내 자동청구, 1–28, and refused otherwise naming the field', async () => {
    const who = await subscriber({});
    const cookie = await sessionOf(who, 'treat', true);
    const bad = await t.app.inject({
      method: 'PUT',
      url: API.subscriptions,
      headers: { cookie },
      payload: { batchDay: 29 },
    });
    expect(bad.statusCode).toBe(400);
    expect(problemOf(bad).errors?.[0]).toMatchObject({ field: 'batchDay' });
    const ok = await t.app.inject({
      method: 'PUT',
      url: API.subscriptions,
      headers: { cookie },
      payload: { batchDay: 25, askUncovered: true },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ subscription: { batchDay: 25, askUncovered: true } });
  });
});

describe('nothing silently unclaimed', () => {
  it('ends every record of hers as a claim or as not claimed with a reason, on her history and her statement', async () => {
    const who = await subscriber({
      minAmt: 10_000,
      askUncovered: true,
      contractEndDate: '20260608',
      rrnConfirmed: false,
    });
    await feed([
      // claimed (no 비급여, nothing to ask)
      treatmentRecord(who, { coveredCopay: 20_000, uncovered: 0, visitDate: '20260601' }),
      // below her minimum
      treatmentRecord(who, { coveredCopay: 3_000, uncovered: 2_000, visitDate: '20260602' }),
      // held for her decision
      treatmentRecord(who, { coveredCopay: 15_300, uncovered: 24_700, visitDate: '20260603' }),
      // held, then she says no
      treatmentRecord(who, { coveredCopay: 10_000, uncovered: 30_000, visitDate: '20260604' }),
      // outside her contract (after its end)
      treatmentRecord(who, { coveredCopay: 20_000, uncovered: 0, visitDate: '20260610' }),
      // outside the three-year claim window
      treatmentRecord(who, { coveredCopay: 20_000, uncovered: 0, visitDate: '20230601' }),
      // found by her RRN only, and she says it is not hers
      treatmentRecord(who, { coveredCopay: 20_000, uncovered: 0, visitDate: '20260605', by: 'rrn' }),
    ]);
    // A receipt the hospital cancels before the engine decided its visit (the FHIR feed's cancelled receipt).
    const cancelled = await t.app.inject({
      method: 'POST',
      url: HOSPITAL_API.treatments,
      headers: { [HOSPITAL_KEY_HEADER]: HOSPITAL_KEY },
      payload: { records: [treatmentRecord(who, { coveredCopay: 20_000, uncovered: 0, visitDate: '20260607' })] },
    });
    expect(cancelled.statusCode).toBe(200);
    const { id: cancelledId } = await t.db.db
      .selectFrom('treatmentRecord')
      .select('id')
      .where('outcome', '=', 'pending')
      .where('visitDate', '=', '20260607')
      .executeTakeFirstOrThrow();
    await createVisitPort(t.app.ctx).withdraw(t.db.db, Number(cancelledId), 'hospital:test');
    await t.app.claimEngine.drain();
    const records = await recordsOf(who);
    const byDate = new Map(records.map((r) => [r.visitDate, r]));
    const cookie = await sessionOf(who);
    expect((await answer(cookie, { treatId: String(byDate.get('20260604')!.id), send: false })).statusCode).toBe(200);
    const full = await sessionOf(who, 'treat', true);
    expect((await answer(full, { treatId: String(byDate.get('20260605')!.id), mine: false })).statusCode).toBe(200);
    await t.app.claimEngine.drain();

    const ended = await recordsOf(who);
    const claimed = new Set((await claimsOf(who)).map((c) => Number(c.recordId)));
    const ending = new Map(
      ended.map((r) => [r.visitDate, claimed.has(Number(r.id)) ? 'claimed' : RECORD_NOT_CLAIMED[r.outcome]]),
    );
    expect(Object.fromEntries(ending)).toEqual({
      '20260601': 'claimed',
      '20260602': 'BELOW_MIN_AMT',
      '20260603': 'AWAITING_DECISION',
      '20260604': 'DECLINED',
      '20260610': 'OUTSIDE_CONTRACT',
      '20230601': 'TOO_OLD',
      '20260605': 'NOT_HERS',
      '20260607': 'RECEIPT_CANCELLED',
    });
    // Nothing pending, nothing without a reason.
    expect([...ending.values()].every((e) => e !== null && e !== 'PENDING')).toBe(true);

    // Her history says each reason in words (the one not hers is someone else's visit: not listed to her).
    const list = (await treats(full)).list;
    expect(Object.fromEntries(list.map((v) => [v.treatDate, v.notClaimedReason]))).toEqual({
      '20260601': null,
      '20260602': 'BELOW_MIN_AMT',
      '20260603': 'AWAITING_DECISION',
      '20260604': 'DECLINED',
      '20260610': 'OUTSIDE_CONTRACT',
      '20230601': 'TOO_OLD',
      '20260607': 'RECEIPT_CANCELLED',
    });
    for (const v of list) if (v.notClaimedReason) expect(NOT_CLAIMED_REASON_NM[v.notClaimedReason]).toMatch(/요\.$/);

    // The statement of June counts every June visit: claimed, or not claimed by reason (the one not hers too).
    const res = await t.app.inject({ url: `${STATEMENT_API.statement}?month=2026-06`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const s = res.json<StatementAnswer>();
    expect(s.figures).toMatchObject({ visits: 7, claimed: 1 });
    expect(Object.fromEntries(s.figures.notClaimed.map((r) => [r.reason, r.count]))).toEqual({
      BELOW_MIN_AMT: 1,
      AWAITING_DECISION: 1,
      DECLINED: 1,
      OUTSIDE_CONTRACT: 1,
      NOT_HERS: 1,
      RECEIPT_CANCELLED: 1,
    });

    // The operator's subscriber page lists the same endings, newest visit first, with the same reasons.
    const ops = (await signInOperator(t, 'operator', { loginId: 'her-rules-operator' })).headers;
    const page = await t.app.inject({ url: OPS_SUBSCRIBER_API.subscriber(who.insuApplyId), headers: ops });
    expect(page.statusCode).toBe(200);
    expect(page.json<SubscriberDetail>().notClaimed.map((r) => [r.visitDate, r.reason])).toEqual([
      ['20260610', 'OUTSIDE_CONTRACT'],
      ['20260607', 'RECEIPT_CANCELLED'],
      ['20260605', 'NOT_HERS'],
      ['20260604', 'DECLINED'],
      ['20260603', 'AWAITING_DECISION'],
      ['20260602', 'BELOW_MIN_AMT'],
      ['20230601', 'TOO_OLD'],
    ]);
  });
});

describe('the monthly statement', () => {
  it('sends her month once by her channel, and its page lists claimed, paid, waiting and not claimed with reasons', async () => {
    const who = await subscriber({ minAmt: 10_000 });
    try {
      // May's visits, fed in May.
      clock.set(new Date('2026-05-20T03:00:00Z'));
      await feed([
        treatmentRecord(who, { coveredCopay: 30_000, uncovered: 10_000, visitDate: '20260502' }),
        treatmentRecord(who, { coveredCopay: 20_000, uncovered: 0, visitDate: '20260510' }),
        treatmentRecord(who, { coveredCopay: 4_000, uncovered: 0, visitDate: '20260515' }),
      ]);
      const claims = await claimsOf(who);
      expect(claims).toHaveLength(2);
      // The first was paid 31,200원 in May; and 50,000원 in February for a visit of January.
      await t.db.db
        .updateTable('claim')
        .set({ status: 'paid', paidAmount: 31_200, updatedAt: new Date('2026-05-25T03:00:00Z') })
        .where('id', '=', claims[0]!.id)
        .execute();
      clock.set(new Date('2026-02-01T03:00:00Z'));
      await feed([treatmentRecord(who, { coveredCopay: 60_000, uncovered: 0, visitDate: '20260120' })]);
      const january = (await claimsOf(who)).at(-1)!;
      await t.db.db
        .updateTable('claim')
        .set({ status: 'paid', paidAmount: 50_000, updatedAt: new Date('2026-02-10T03:00:00Z') })
        .where('id', '=', january.id)
        .execute();

      // The 1st of June, 10:00 KST: the month's run.
      clock.set(new Date('2026-06-01T01:00:00Z'));
      const sentBefore = (await messagesTo(who)).length;
      expect(await sendMonthlyStatements(t.app.ctx)).toBeGreaterThanOrEqual(1);
      const statement = (await messagesTo(who)).slice(sentBefore);
      expect(statement).toHaveLength(1);
      expect(statement[0]!.template).toBe('MONTHLY_STATEMENT');
      expect(statement[0]!.text).toBe(
        '5월 자동청구 명세예요. 진료 3건 중 2건을 보험사에 청구했어요. 1건은 보험금 31,200원을 받았어요. ' +
          '1건은 아직 심사 중이에요. 청구하지 않은 1건은 그 이유를 적어 두었어요. ' +
          '2026년에 받은 보험금은 모두 81,200원이에요. 자세한 내용은 아래 버튼에서 볼 수 있어요.',
      );
      const row = await t.db.db
        .selectFrom('monthlyStatement')
        .selectAll()
        .where('insuApplyId', '=', who.insuApplyId)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ month: '2026-05', channel: 'kakao' });
      // A run again (a retry, a second worker) sends nothing again.
      await sendMonthlyStatements(t.app.ctx);
      expect((await messagesTo(who)).slice(sentBefore)).toHaveLength(1);

      // The page her link opens: the month before, by default.
      const cookie = await sessionOf(who, 'statement');
      const res = await t.app.inject({ url: STATEMENT_API.statement, headers: { cookie } });
      expect(res.statusCode).toBe(200);
      const page = res.json<StatementAnswer>();
      expect(page).toMatchObject({
        month: '2026-05',
        year: 2026,
        figures: {
          visits: 3,
          claimed: 2,
          paid: 1,
          paidAmount: 31_200,
          waiting: 1,
          rejected: 0,
          notClaimed: [{ reason: 'BELOW_MIN_AMT', count: 1 }],
          receivedThisYear: 81_200,
        },
        next: null,
      });
      expect(page.list.map((v) => [v.treatDate, v.state, v.notClaimedReason, v.receivedAmt])).toEqual([
        ['20260515', 'not_claimed', 'BELOW_MIN_AMT', null],
        ['20260510', 'waiting', null, null],
        ['20260502', 'paid', null, 31_200],
      ]);
      // A bad month is refused naming the field; the statement link opens nothing else (no claiming by hand).
      const bad = await t.app.inject({ url: `${STATEMENT_API.statement}?month=2026-13`, headers: { cookie } });
      expect(bad.statusCode).toBe(400);
      expect(problemOf(bad).errors?.[0]?.field).toBe('month');
    } finally {
      clock.set(NOON);
    }
  });

  it('says her month as a person would: all claimed, none claimed, a child’s', () => {
    const month = {
      month: '2026-05',
      visits: 2,
      claimed: 2,
      paid: 2,
      paidAmount: 40_000,
      waiting: 0,
      rejected: 0,
      notClaimed: [],
      receivedThisYear: 40_000,
    };
    expect(statementText(month)).toEqual({
      text:
        '5월 자동청구 명세예요. 진료 2건을 모두 보험사에 청구했어요. 2건은 보험금 40,000원을 받았어요. ' +
        '2026년에 받은 보험금은 모두 40,000원이에요. 자세한 내용은 아래 버튼에서 볼 수 있어요.',
      sms: '5월 명세: 진료 2건 중 2건 청구, 2026년에 받은 보험금 40,000원이에요.',
    });
    const none = {
      ...month,
      claimed: 0,
      paid: 0,
      paidAmount: 0,
      notClaimed: [{ reason: 'BELOW_MIN_AMT' as const, count: 2 }],
    };
    expect(statementText(none, '지민이의').text).toBe(
      '지민이의 5월 자동청구 명세예요. 진료 2건은 보험사에 청구하지 않았어요. 청구하지 않은 2건은 그 이유를 적어 ' +
        '두었어요. 2026년에 받은 보험금은 모두 40,000원이에요. 자세한 내용은 아래 버튼에서 볼 수 있어요.',
    );
  });

  it('is a monthly pg-boss schedule of its own, whose worker sends the statements', async () => {
    // The registration as the jobs runtime runs it in a worker process, on a stand-in for pg-boss that keeps what it
    // was asked (the runtime itself is tested in jobs/runtime.test.ts).
    const scheduled: [string, string][] = [];
    const handlers = new Map<string, () => Promise<unknown>>();
    const boss = {
      schedule: async (name: string, cron: string) => void scheduled.push([name, cron]),
      work: async (name: string, _o: unknown, handler: (jobs: unknown[]) => Promise<unknown>) => {
        handlers.set(name, () => handler([]));
        return 'worker';
      },
    } as unknown as PgBoss;
    const jobs = statementJobs(t.app.ctx);
    expect(jobs.queues?.map((q) => q.name)).toEqual([MONTHLY_STATEMENTS_QUEUE]);
    await jobs.workers!(boss);
    expect(scheduled).toEqual([[MONTHLY_STATEMENTS_QUEUE, '0 1 1 * *']]);
    expect(handlers.has(MONTHLY_STATEMENTS_QUEUE)).toBe(true);
  });
});
