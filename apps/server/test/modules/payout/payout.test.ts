// Her policy's rules on her claims (docs/payout-rules.md): each claim's expected amount by her contract's generation,
// explained, and the insurer's paid answer set beside it; the insurer answer's optional per-line adjudication, checked
// field by field; the generation she picks on 내 자동청구, and the one an insurer's answer names when she did not know.
// On PGlite, and on the PostgreSQL of DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  HOSPITAL_API,
  HOSPITAL_KEY_HEADER,
  PAYOUT_VERDICT_NM,
  type PolicyGeneration,
  type TreatsAnswer,
  type TreatmentRecordInput,
} from '@auto-claim/contract';
import { OPS_PAYOUT_API, type OperatorClaimPayout } from '@auto-claim/contract/ops';
import { own } from '../../../src/db/handle.js';
import type { Database } from '../../../src/db/schema.js';
import { signLinkToken } from '../../../src/security/linkToken.js';
import { createSubscriber, treatmentRecord, type Subscriber } from '../../../fixtures/factories.js';
import {
  build,
  freshAddress,
  problemOf,
  signInOperator,
  testClock,
  type TestApp,
  postInsurerAnswer,
} from '../../helper.js';

// Monday 2026-06-15 12:00 KST.
const clock = testClock(new Date('2026-06-15T03:00:00Z'));
let t: TestApp;
let ops: Record<string, string>;
const INSURER = 'SAMSUNGFIRE';

beforeAll(async () => {
  t = await build({ clock });
  await t.app.claimEngine.start();
  ops = (await signInOperator(t, 'operator', { loginId: 'payout-ops' })).headers;
});
afterAll(async () => {
  await t?.close();
});

const db = () => own<Database>(t.db.db);

/** A subscriber whose contract with each insurer is of `generation` (null: she said "잘 모르겠어요"). */
async function subscriber(generation: PolicyGeneration | null, o: { hospitals?: string[]; insurers?: string[] } = {}) {
  const who = await createSubscriber(t.app.ctx, { insurers: o.insurers ?? [INSURER], hospitals: o.hospitals });
  await db()
    .updateTable('subscriptionInsurer')
    .set({ policyGeneration: generation, policyGenerationBy: generation ? 'patient' : null })
    .where('insuApplyId', '=', who.insuApplyId)
    .execute();
  return who;
}

/** Her visit fed by the hospital, claimed and delivered by the sandbox: answers her claim at INSURER. */
async function sentClaim(who: Subscriber, record: Partial<TreatmentRecordInput>, hospitalCd = '90000001') {
  const res = await t.app.inject({
    method: 'POST',
    url: HOSPITAL_API.treatments,
    headers: { [HOSPITAL_KEY_HEADER]: `sandbox-${hospitalCd}` },
    // The fixture writes a record without lines: the 세부산정내역 rides along as the feed's `lines`.
    payload: { records: [{ ...treatmentRecord(who, record), ...(record.lines ? { lines: record.lines } : {}) }] },
  });
  expect(res.statusCode).toBe(200);
  await t.app.claimEngine.drain();
  const claim = await db()
    .selectFrom('claim')
    .selectAll()
    .where('ciHmac', '=', who.ciHmac)
    .where('insuCompCd', '=', INSURER)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  expect(claim.status).toBe('sent');
  return claim;
}

/** The insurer's signed answer (docs/providers/insurer-api.md); the sandbox's secret. */
const answer = (body: object, insurer = INSURER) => postInsurerAnswer(t, clock.now(), insurer, body);
let seq = 0;
const eventId = () => `payout-evt-${process.pid}-${++seq}`;

/** Her session, as after an SMS verification (the link's exchange, then made full: these CIs are made up). */
async function sessionOf(who: Subscriber) {
  const token = await signLinkToken(t.app.ctx, { purpose: 'treat', ciHmac: who.ciHmac, insuApplyId: who.insuApplyId });
  const res = await t.app.inject({
    method: 'POST',
    url: API.linkExchange,
    payload: { token, purpose: 'treat' },
    remoteAddress: freshAddress(),
  });
  expect(res.statusCode).toBe(200);
  await db()
    .updateTable('authSession')
    .set({ scope: 'full', linkPurpose: null, linkInsuApplyId: null, verifiedAt: clock.now() })
    .where('subjectHmac', '=', who.ciHmac)
    .where('revokedAt', 'is', null)
    .execute();
  return res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

/** Her claim at INSURER as her history shows it. */
async function shownClaim(cookie: string, claimId: number) {
  const res = await t.app.inject({ url: API.treats, headers: { cookie } });
  expect(res.statusCode).toBe(200);
  const claims = (res.json() as TreatsAnswer).list.flatMap((v) => v.claims);
  return claims.find((c) => c.claimId === String(claimId))!;
}

const consolePayout = async (claimId: number) => {
  const res = await t.app.inject({ url: OPS_PAYOUT_API.claimPayout(claimId), headers: ops });
  expect(res.statusCode).toBe(200);
  return res.json() as OperatorClaimPayout;
};

describe('a 4세대 clinic visit: 급여 본인부담 15,300원, 비급여 24,700원', () => {
  it('expects 5,300원, says why, and an answer of 5,300원 reads "예상과 같아요" to her and the operator', async () => {
    const who = await subscriber('gen4');
    const claim = await sentClaim(who, { coveredCopay: 15_300, uncovered: 24_700 });
    const cookie = await sessionOf(who);
    const before = await shownClaim(cookie, claim.id);
    expect(before.payout).toEqual({
      policyGeneration: 'gen4',
      estimate: 5_300,
      explanation: [
        '급여 본인부담 15,300원에서 공제 10,000원을 빼면 5,300원이에요.',
        '비급여 24,700원은 공제 30,000원보다 적어서 받을 금액이 없어요.',
        '그래서 예상 금액은 5,300원이에요.',
      ],
      comparison: null,
    });

    const res = await answer({ eventId: eventId(), claimId: claim.id, answer: 'paid', paidAmount: 5_300 });
    expect(res.statusCode).toBe(200);
    const after = await shownClaim(cookie, claim.id);
    expect(after.payout!.comparison).toMatchObject({ verdict: 'same', paid: 5_300, differences: [], ask: null });
    expect(PAYOUT_VERDICT_NM[after.payout!.comparison!.verdict]).toBe('예상과 같아요');
    const seen = await consolePayout(claim.id);
    expect(seen).toMatchObject({ claimId: claim.id, estimate: 5_300, comparison: { verdict: 'same' } });
    // The estimate is kept as it was shown, marked answered.
    const kept = await db()
      .selectFrom('payoutEstimate')
      .selectAll()
      .where('claimId', '=', claim.id)
      .executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ policyGeneration: 'gen4', careSetting: 'clinic', amount: 5_300 });
    expect(kept.answeredAt).not.toBeNull();
  });

  it('an answer below it names the difference from the insurer’s adjudication, which the operator sees as sent', async () => {
    const who = await subscriber('gen4');
    const claim = await sentClaim(who, { coveredCopay: 15_300, uncovered: 24_700 });
    const items = [
      {
        itemSequence: 1,
        adjudication: [
          { category: 'submitted', amount: 15_300 },
          { category: 'eligible', amount: 15_300 },
          { category: 'deductible', amount: 12_000 },
          { category: 'benefit', amount: 3_300 },
        ],
        reasonCode: 'deductible',
      },
      {
        itemSequence: 2,
        adjudication: [
          { category: 'submitted', amount: 24_700 },
          { category: 'deductible', amount: 24_700 },
          { category: 'benefit', amount: 0 },
        ],
      },
    ];
    const res = await answer({ eventId: eventId(), claimId: claim.id, answer: 'paid', paidAmount: 3_300, items });
    expect(res.statusCode).toBe(200);
    const shown = await shownClaim(await sessionOf(who), claim.id);
    expect(shown.payout!.comparison).toMatchObject({
      verdict: 'less',
      paid: 3_300,
      differences: [{ kind: 'deductible', amount: 2_000 }],
      sentences: [
        '예상 5,300원보다 2,000원 적은 3,300원을 받았어요.',
        '보험사가 공제금액을 예상보다 2,000원 더 뺐어요.',
      ],
    });
    expect((await consolePayout(claim.id)).adjudication).toEqual(items);
  });

  it('an answer below it that nothing explains: what to ask, and the insurer’s number', async () => {
    const who = await subscriber('gen4');
    const claim = await sentClaim(who, { coveredCopay: 15_300, uncovered: 24_700 });
    expect(
      (await answer({ eventId: eventId(), claimId: claim.id, answer: 'paid', paidAmount: 1_000 })).statusCode,
    ).toBe(200);
    const { comparison } = (await shownClaim(await sessionOf(who), claim.id)).payout!;
    expect(comparison).toMatchObject({
      verdict: 'unexplained',
      unexplained: 4_300,
      ask: { insurerNm: '삼성화재', phone: '1588-5114' },
    });
    expect(comparison!.sentences.at(-1)).toContain('삼성화재 고객센터(1588-5114)에 전화해서');
  });

  it('half of it, with two insurers: 비례보상', async () => {
    const who = await subscriber('gen4', { insurers: [INSURER, 'HYUNDAIMARINE'] });
    const claim = await sentClaim(who, { coveredCopay: 15_300, uncovered: 24_700 });
    await answer({ eventId: eventId(), claimId: claim.id, answer: 'paid', paidAmount: 2_650 });
    const { comparison } = (await shownClaim(await sessionOf(who), claim.id)).payout!;
    expect(comparison).toMatchObject({ verdict: 'less', differences: [{ kind: 'proportional', amount: 2_650 }] });
  });
});

describe('each generation’s worked examples (docs/payout-rules.md, "Worked examples")', () => {
  const rehab = {
    codeSystem: 'procedure' as const,
    code: 'MX122',
    name: '도수치료',
    date: '20260610',
    unitPrice: 100_000,
    count: 1,
    days: 1,
    total: 100_000,
    copay: 0,
    insurer: 0,
    fullCopay: 0,
    uncovered: 100_000,
    category: 'rehab',
  };
  const cases: {
    generation: PolicyGeneration;
    hospitalCd?: string;
    record: Partial<TreatmentRecordInput>;
    expect: number;
  }[] = [
    { generation: 'gen4', record: { coveredCopay: 15_300, uncovered: 24_700 }, expect: 5_300 },
    {
      generation: 'gen4',
      hospitalCd: '90000005',
      record: { coveredCopay: 150_000, uncovered: 200_000 },
      expect: 260_000,
    },
    { generation: 'gen3', record: { coveredCopay: 20_000, uncovered: 30_000 }, expect: 40_000 },
    {
      generation: 'gen3',
      hospitalCd: '90000005',
      record: { coveredCopay: 100_000, uncovered: 200_000 },
      expect: 250_000,
    },
    { generation: 'gen3', record: { coveredCopay: 0, uncovered: 100_000, lines: [rehab] }, expect: 70_000 },
    { generation: 'gen3_basic', record: { coveredCopay: 0, uncovered: 100_000, lines: [rehab] }, expect: 0 },
    { generation: 'gen2', record: { coveredCopay: 10_000, uncovered: 20_000 }, expect: 20_000 },
    { generation: 'gen2', hospitalCd: '90000005', record: { coveredCopay: 10_000, uncovered: 20_000 }, expect: 10_000 },
    { generation: 'gen1', record: { coveredCopay: 7_000, uncovered: 5_000 }, expect: 7_000 },
  ];
  for (const c of cases) {
    it(`${c.generation} at ${c.hospitalCd ?? '90000001'}: ${c.expect.toLocaleString('ko-KR')}원`, async () => {
      const who = await subscriber(c.generation, { hospitals: [c.hospitalCd ?? '90000001'] });
      const claim = await sentClaim(who, c.record, c.hospitalCd);
      const { payout } = await shownClaim(await sessionOf(who), claim.id);
      expect(payout).toMatchObject({ policyGeneration: c.generation, estimate: c.expect });
      expect(payout!.explanation.at(-1)).toBe(
        c.expect > 0
          ? `그래서 예상 금액은 ${c.expect.toLocaleString('ko-KR')}원이에요.`
          : '그래서 이번 진료는 받을 금액이 없을 것 같아요.',
      );
    });
  }
});

describe('her generation', () => {
  it('not known: the history says how to tell it; the insurer’s answer fills it in, never over hers', async () => {
    const who = await subscriber(null);
    const claim = await sentClaim(who, { coveredCopay: 15_300, uncovered: 24_700 });
    const cookie = await sessionOf(who);
    expect((await shownClaim(cookie, claim.id)).payout).toMatchObject({ policyGeneration: null, estimate: null });
    const res = await answer({
      eventId: eventId(),
      claimId: claim.id,
      answer: 'paid',
      paidAmount: 5_300,
      policyGeneration: 'gen4',
    });
    expect(res.statusCode).toBe(200);
    const row = await db()
      .selectFrom('subscriptionInsurer')
      .select(['policyGeneration', 'policyGenerationBy'])
      .where('insuApplyId', '=', who.insuApplyId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ policyGeneration: 'gen4', policyGenerationBy: 'insurer' });
    expect((await shownClaim(cookie, claim.id)).payout).toMatchObject({
      policyGeneration: 'gen4',
      estimate: 5_300,
      comparison: { verdict: 'same' },
    });

    // Hers stands: a later answer naming another generation changes nothing she said.
    const mine = await subscriber('gen3');
    const other = await sentClaim(mine, { coveredCopay: 20_000, uncovered: 30_000 });
    await answer({ eventId: eventId(), claimId: other.id, answer: 'received', policyGeneration: 'gen2' });
    const still = await db()
      .selectFrom('subscriptionInsurer')
      .select(['policyGeneration', 'policyGenerationBy'])
      .where('insuApplyId', '=', mine.insuApplyId)
      .executeTakeFirstOrThrow();
    expect(still).toEqual({ policyGeneration: 'gen3', policyGenerationBy: 'patient' });
  });

  it('changed on 내 자동청구: the view says it, a waiting claim is estimated again, an answered one stays', async () => {
    const who = await subscriber('gen3');
    const waiting = await sentClaim(who, { coveredCopay: 15_300, uncovered: 24_700 });
    const cookie = await sessionOf(who);
    // 3세대: 40,000 − 10,000 (larger than 1,530 + 4,940).
    expect((await shownClaim(cookie, waiting.id)).payout!.estimate).toBe(30_000);
    const put = (body: object) =>
      t.app.inject({ method: 'PUT', url: API.subscriptionInsurers, headers: { cookie }, payload: body });
    const res = await put({ insuCompCd: INSURER, policyGeneration: 'gen4' });
    expect(res.statusCode).toBe(200);
    expect(res.json().subscription.insurers).toEqual([
      expect.objectContaining({ insuCompCd: INSURER, policyGeneration: 'gen4', policyGenerationBy: 'patient' }),
    ]);
    expect((await shownClaim(cookie, waiting.id)).payout!.estimate).toBe(5_300);

    await answer({ eventId: eventId(), claimId: waiting.id, answer: 'paid', paidAmount: 5_300 });
    expect((await put({ insuCompCd: INSURER, policyGeneration: null })).statusCode).toBe(200);
    expect((await shownClaim(cookie, waiting.id)).payout).toMatchObject({
      policyGeneration: 'gen4',
      estimate: 5_300,
      comparison: { verdict: 'same' },
    });

    expect(problemOf(await put({ insuCompCd: INSURER, policyGeneration: 'gen9' }))).toMatchObject({
      status: 400,
      errors: [{ field: 'policyGeneration', message: '가입 시기를 목록에서 골라 주세요.' }],
    });
    expect(problemOf(await put({ insuCompCd: 'HANWHALIFE', policyGeneration: 'gen4' }))).toMatchObject({
      status: 404,
      code: 'INSURER_NOT_SUBSCRIBED',
      errors: [{ field: 'insuCompCd' }],
    });
    expect((await t.app.inject({ method: 'PUT', url: API.subscriptionInsurers, payload: {} })).statusCode).toBe(401);
  });
});

describe('the insurer answer’s adjudication items', () => {
  const item = (over: object = {}) => ({
    itemSequence: 1,
    adjudication: [
      { category: 'submitted', amount: 15_300 },
      { category: 'benefit', amount: 5_300 },
    ],
    ...over,
  });
  const refused = async (body: object) => {
    const who = await subscriber('gen4');
    const claim = await sentClaim(who, { coveredCopay: 15_300, uncovered: 24_700 });
    const res = await answer({ eventId: eventId(), claimId: claim.id, ...body });
    const after = await db().selectFrom('claim').select('status').where('id', '=', claim.id).executeTakeFirstOrThrow();
    expect(after.status).toBe('sent');
    return problemOf(res);
  };

  it('are refused, the field named and nothing changed, when a category, an amount or the sum is wrong', async () => {
    expect(
      await refused({
        answer: 'paid',
        paidAmount: 5_300,
        items: [item({ adjudication: [{ category: 'allowed', amount: 5_300 }] })],
      }),
    ).toMatchObject({ status: 400, errors: [{ field: 'items.0.adjudication.0.category' }] });
    expect(
      await refused({
        answer: 'paid',
        paidAmount: 5_300,
        items: [item({ adjudication: [{ category: 'submitted', amount: -1 }] })],
      }),
    ).toMatchObject({ status: 400, errors: [{ field: 'items.0.adjudication.0.amount' }] });
    expect(await refused({ answer: 'paid', paidAmount: 6_000, items: [item()] })).toMatchObject({
      status: 400,
      errors: [{ field: 'items', message: '항목별 지급액(benefit)의 합이 지급액(paidAmount)과 같아야 해요.' }],
    });
    expect(await refused({ answer: 'received', items: [item()] })).toMatchObject({
      status: 400,
      errors: [{ field: 'items' }],
    });
    expect(
      await refused({
        answer: 'paid',
        paidAmount: 5_300,
        items: [
          item({
            adjudication: [
              { category: 'submitted', amount: 100 },
              { category: 'benefit', amount: 5_300 },
            ],
          }),
        ],
      }),
    ).toMatchObject({ status: 400, errors: [{ field: 'items.0.adjudication' }] });
    expect(
      await refused({ answer: 'paid', paidAmount: 5_300, items: [item({ reasonCode: 'because' })] }),
    ).toMatchObject({ status: 400, errors: [{ field: 'items.0.reasonCode' }] });
    expect(await refused({ answer: 'paid', paidAmount: 5_300, policyGeneration: 'gen0' })).toMatchObject({
      status: 400,
      errors: [{ field: 'policyGeneration' }],
    });
  });

  it('are accepted when right, and optional', async () => {
    const who = await subscriber('gen4');
    const claim = await sentClaim(who, { coveredCopay: 15_300, uncovered: 24_700 });
    const res = await answer({
      eventId: eventId(),
      claimId: claim.id,
      answer: 'paid',
      paidAmount: 5_300,
      items: [item({ reasonCode: 'deductible', reason: '통원 공제 1만원' })],
    });
    expect(res.statusCode).toBe(200);
    expect((await consolePayout(claim.id)).adjudication).toEqual([
      item({ reasonCode: 'deductible', reason: '통원 공제 1만원' }),
    ]);
  });
});
