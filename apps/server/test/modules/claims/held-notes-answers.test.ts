// The way out of the held records, a claim's notes and next step, and an insurer's answer recorded by hand (README
// "Operator console"), through app.inject() on PGlite or (DATABASE_URL) PostgreSQL:
// - held records (identity mismatch, unconfirmed resident number) are counted on the dashboard and listed with why;
//   each is released to the subscriber (a reason required; then claimed as usual, once, however many releases race)
//   or set aside (a reason required; the hospital reads set_aside in the feed's answer); both are in the operators'
//   record, and the patient's history says what happened in Korean;
// - notes: appended with who and when, encrypted at rest, in the timeline, length-limited, never changed;
// - each state names its next step (a dead letter: retry or the insurer's number; documents requested: what was
//   asked); after a retry a delivery failure is a delivery failure, never a reject reason;
// - "paid" by hand needs the amount: an empty one is refused naming paidAmount, never taken as the whole claim.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  API,
  HOSPITAL_API,
  HOSPITAL_KEY_HEADER,
  OPERATOR_API,
  type FeedAnswer,
  type OperatorHeldRecord,
  type TreatsAnswer,
} from '@auto-claim/contract';
import {
  CLAIM_NOTE_MAX,
  OPS_CLAIMS_API,
  OPS_DASHBOARD_API,
  OPS_HELD_API,
  type CursorPage,
  type DashboardAnswer,
  type OpsClaimDetail,
} from '@auto-claim/contract/ops';
import { signLinkToken } from '../../../src/security/linkToken.js';
import { createSubscriber, treatmentRecord, type Subscriber } from '../../../fixtures/factories.js';
import { build, problemOf, signInOperator, testClock, type TestApp } from '../../helper.js';

// Noon in Seoul on 15 June 2026.
const clock = testClock(new Date('2026-06-15T03:00:00Z'));
let t: TestApp;
let op: { loginId: string; headers: Record<string, string> };
let viewer: { headers: Record<string, string> };

const HOSPITAL = '90000001';
const feed = async (records: ReturnType<typeof treatmentRecord>[]) => {
  const res = await t.app.inject({
    method: 'POST',
    url: HOSPITAL_API.treatments,
    headers: { [HOSPITAL_KEY_HEADER]: `sandbox-${HOSPITAL}` },
    payload: { records },
  });
  expect(res.statusCode, res.body).toBe(200);
  await t.app.claimEngine.drain();
  return res.json() as FeedAnswer;
};
const get = (url: string, headers = op.headers) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, payload: unknown, headers = op.headers) =>
  t.app.inject({ method: 'POST', url, headers, payload: payload as object });
const recordRow = (id: number) =>
  t.db.db
    .selectFrom('treatmentRecord')
    .select(['outcome', 'insuApplyId', 'releasedBy', 'purgeAt'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const claimsOfRecord = (id: number) =>
  t.db.db.selectFrom('claim').select(['id', 'status']).where('recordId', '=', id).execute();
const heldList = async (query = '') => {
  const res = await get(`${OPERATOR_API.heldRecords}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as CursorPage<OperatorHeldRecord>).list;
};
const dashboard = async () => {
  const res = await get(OPS_DASHBOARD_API.dashboard, viewer.headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as DashboardAnswer;
};
/** The patient's history (/web/treat's answer), through their 알림톡 link. */
async function historyOf(s: Subscriber) {
  const token = await signLinkToken(t.app.ctx, { purpose: 'treat', ciHmac: s.ciHmac, insuApplyId: s.insuApplyId });
  const ex = await t.app.inject({ method: 'POST', url: API.linkExchange, payload: { token, purpose: 'treat' } });
  expect(ex.statusCode, ex.body).toBe(200);
  const cookie = ex.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  return (await t.app.inject({ url: API.treats, headers: { cookie } })).json() as TreatsAnswer;
}
const actionsOf = (action: string, recordId: number) =>
  t.db.db
    .selectFrom('operatorAction')
    .select(['loginId', 'reason', 'ciHmac'])
    .where('action', '=', action)
    .where('recordId', '=', recordId)
    .execute();

let seo: Subscriber; // a record under her CI with another name: identity_mismatch
let oh: Subscriber; // an unconfirmed RRN: rrn_unconfirmed
let mismatch: number;
let mismatch2: number;
let unconfirmed: number;
let unconfirmed2: number;

beforeAll(async () => {
  t = await build({ clock });
  await t.app.claimEngine.start();
  seo = await createSubscriber(t.app.ctx, { userNm: '서정희', insurers: ['SAMSUNGFIRE', 'HYUNDAIMARINE'] });
  oh = await createSubscriber(t.app.ctx, { userNm: '오동명', rrnConfirmed: false });
  const answer = await feed([
    // The hospital misspelt her name: held as an identity mismatch.
    treatmentRecord({ ...seo, userNm: '서정히' }, { by: 'ci', receiptNo: 'MIS-1' }),
    treatmentRecord({ ...seo, userNm: '전혀다른사람' }, { by: 'ci', receiptNo: 'MIS-2', kcdCodes: ['F32'] }),
    treatmentRecord(oh, { by: 'rrn', receiptNo: 'RRN-1' }),
    treatmentRecord(oh, { by: 'rrn', receiptNo: 'RRN-2' }),
  ]);
  [mismatch, mismatch2, unconfirmed, unconfirmed2] = answer.results.map((r) => r.recordId) as [
    number,
    number,
    number,
    number,
  ];
  op = await signInOperator(t, 'operator');
  viewer = await signInOperator(t, 'viewer');
}, 120_000);
afterAll(() => t?.close());

describe('held records', () => {
  it('are counted on the dashboard by why, and listed with why, the name masked and whether they may be released', async () => {
    expect((await dashboard()).held).toEqual({ identity_mismatch: 2, rrn_unconfirmed: 2, not_patients: 0 });
    const list = await heldList();
    expect(list.map((r) => [r.recordId, r.reason, r.releasable]).sort()).toEqual(
      [
        [mismatch, 'identity_mismatch', true],
        [mismatch2, 'identity_mismatch', true],
        [unconfirmed, 'rrn_unconfirmed', true],
        [unconfirmed2, 'rrn_unconfirmed', true],
      ].sort(),
    );
    expect(list.find((r) => r.recordId === mismatch)!.patientName).toBe('서*히');
    expect(JSON.stringify(list)).not.toContain('서정히');
    expect((await heldList('?reason=rrn_unconfirmed')).map((r) => r.recordId).sort()).toEqual(
      [unconfirmed, unconfirmed2].sort(),
    );
    // The hospital reads each as received: whose it is stays ours.
    expect(
      (await feed([treatmentRecord({ ...seo, userNm: '서정히' }, { by: 'ci', receiptNo: 'MIS-1' })])).results,
    ).toEqual([expect.objectContaining({ recordId: mismatch, status: 'duplicate', recordStatus: 'received' })]);
  });

  it('need a reason to release or set aside, refused in Korean naming the field; a viewer may do neither', async () => {
    for (const path of [OPS_HELD_API.release(mismatch), OPS_HELD_API.setAside(mismatch)]) {
      for (const body of [{}, { reason: ' ' }]) {
        const res = await post(path, body);
        expect(res.statusCode, res.body).toBe(400);
        expect(problemOf(res).errors?.[0]).toMatchObject({ field: 'reason', message: expect.stringMatching(/이유/) });
      }
      const asViewer = await post(path, { reason: '병원 오타 확인' }, viewer.headers);
      expect(asViewer.statusCode).toBe(403);
    }
    const none = await post(OPS_HELD_API.release(999_999_999), { reason: '병원 오타 확인' });
    expect(none.statusCode).toBe(404);
    expect(problemOf(none).code).toBe('RECORD_NOT_FOUND');
    expect(await recordRow(mismatch)).toMatchObject({ outcome: 'identity_mismatch' });
  });

  it('released to the subscriber: claimed as usual, once, though two releases race; logged, and she reads it', async () => {
    const reason = '병원에 전화해 이름 오타(서정히→서정희) 확인';
    const [a, b] = await Promise.all([
      post(OPS_HELD_API.release(mismatch), { reason }),
      post(OPS_HELD_API.release(mismatch), { reason }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(problemOf(loser)).toMatchObject({ code: 'RECORD_NOT_HELD' });
    expect(problemOf(loser).errors?.[0]?.field).toBe('recordId');
    await t.app.claimEngine.drain();
    expect(await recordRow(mismatch)).toMatchObject({ outcome: 'claimed', releasedBy: op.loginId });
    // One claim per insurer of her subscription, and no more after another release or another match.
    expect(await claimsOfRecord(mismatch)).toHaveLength(2);
    const again = await post(OPS_HELD_API.release(mismatch), { reason });
    expect(again.statusCode).toBe(409);
    await t.app.claimEngine.drain();
    expect(await claimsOfRecord(mismatch)).toHaveLength(2);

    expect(await actionsOf('record_released', mismatch)).toEqual([{ loginId: op.loginId, reason, ciHmac: seo.ciHmac }]);
    const history = await historyOf(seo);
    expect(history.list.map((v) => v.receiptNo)).toEqual(['MIS-1']);
    const told = history.accessLog.list.find((e) => e.action === 'OPERATOR_RECORD_RELEASED')!;
    expect(told).toMatchObject({ actorNm: '운영자' });
    expect(told.summary).toMatch(/진료 기록을 운영자가 회원님의 것으로 확인했어요\. 평소처럼 청구해 드려요\.$/);
    expect(JSON.stringify(history.accessLog)).not.toContain(reason);
    expect((await dashboard()).held.identity_mismatch).toBe(1);
  });

  it('set aside: never claimed, unlinked, the hospital reads set_aside; logged, and she reads it without the visit', async () => {
    const reason = '다른 환자의 기록으로 확인(병원 확인)';
    const res = await post(OPS_HELD_API.setAside(mismatch2), { reason });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ recordId: mismatch2, outcome: 'set_aside' });
    await t.app.claimEngine.drain();
    expect(await recordRow(mismatch2)).toMatchObject({
      outcome: 'set_aside',
      insuApplyId: null,
      purgeAt: expect.any(Date),
    });
    expect(await claimsOfRecord(mismatch2)).toEqual([]);
    // Decided once: neither a release nor a second set-aside moves it now.
    expect((await post(OPS_HELD_API.release(mismatch2), { reason })).statusCode).toBe(409);
    expect((await post(OPS_HELD_API.setAside(mismatch2), { reason })).statusCode).toBe(409);
    expect((await heldList()).map((r) => r.recordId)).not.toContain(mismatch2);

    // The hospital, sending it again, reads where it stands.
    const resent = await feed([
      treatmentRecord({ ...seo, userNm: '전혀다른사람' }, { by: 'ci', receiptNo: 'MIS-2', kcdCodes: ['F32'] }),
    ]);
    expect(resent.results).toEqual([
      { receiptNo: 'MIS-2', recordId: mismatch2, status: 'duplicate', recordStatus: 'set_aside' },
    ]);

    expect(await actionsOf('record_set_aside', mismatch2)).toEqual([
      { loginId: op.loginId, reason, ciHmac: seo.ciHmac },
    ]);
    const history = await historyOf(seo);
    expect(history.list.map((v) => v.receiptNo)).not.toContain('MIS-2');
    const told = history.accessLog.list.find((e) => e.action === 'OPERATOR_RECORD_SET_ASIDE')!;
    expect(told.summary).toBe(
      '병원이 회원님 정보로 보낸 진료 기록 1건이 회원님의 것이 아니어서, 운영자가 확인하고 청구하지 않기로 했어요.',
    );
    expect(JSON.stringify(history)).not.toContain('F32');
  });

  it('an unconfirmed resident number: released is claimed and leaves her questions; set aside leaves them too', async () => {
    expect((await historyOf(oh)).toConfirm.map((v) => v.treatId).sort()).toEqual(
      [String(unconfirmed), String(unconfirmed2)].sort(),
    );
    expect(
      (await post(OPS_HELD_API.release(unconfirmed), { reason: '환자가 전화로 본인 진료라고 확인' })).statusCode,
    ).toBe(200);
    expect((await post(OPS_HELD_API.setAside(unconfirmed2), { reason: '환자가 전화로 아니라고 함' })).statusCode).toBe(
      200,
    );
    await t.app.claimEngine.drain();
    expect(await recordRow(unconfirmed)).toMatchObject({ outcome: 'claimed' });
    expect(await claimsOfRecord(unconfirmed)).toHaveLength(1);
    expect(await recordRow(unconfirmed2)).toMatchObject({ outcome: 'set_aside', insuApplyId: null });
    const history = await historyOf(oh);
    expect(history.toConfirm).toEqual([]);
    expect(history.list.map((v) => v.treatId)).toEqual([String(unconfirmed)]);
    expect(history.accessLog.list.map((e) => e.action)).toEqual(
      expect.arrayContaining(['OPERATOR_RECORD_RELEASED', 'OPERATOR_RECORD_SET_ASIDE']),
    );
    expect((await dashboard()).held).toEqual({ identity_mismatch: 0, rrn_unconfirmed: 0, not_patients: 0 });
  });
});

describe('a claim carries its story', () => {
  let claimId: number;
  beforeAll(async () => {
    const c = await t.db.db
      .selectFrom('claim')
      .select('id')
      .where('recordId', '=', mismatch)
      .where('insuCompCd', '=', 'SAMSUNGFIRE')
      .executeTakeFirstOrThrow();
    claimId = Number(c.id);
  });
  const detail = async (id = claimId) => {
    const res = await get(OPERATOR_API.claim(id));
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as OpsClaimDetail;
  };

  it('takes notes with who and when, in the timeline, encrypted at rest, never changed', async () => {
    clock.advance(60_000);
    const note = '환자(서정희) 010-1234-5678 전화: 지급일 문의, 다음 주 확인 약속';
    const res = await post(OPS_CLAIMS_API.claimNotes(claimId), { note });
    expect(res.statusCode, res.body).toBe(200);
    const entry = (res.json() as OpsClaimDetail).timeline.find((e) => e.kind === 'note')!;
    expect(entry).toMatchObject({ title: '운영자 메모', detail: note, actor: `operator:${op.loginId}` });
    expect(entry.at).toBe(clock.now().toISOString());
    // Once in the timeline: the operators' record of adding it is not a second entry, and keeps no text.
    // (The claim's record was released by an operator: that release is the timeline's one operator entry.)
    const timeline = (await detail()).timeline;
    expect(timeline.filter((e) => e.kind === 'note')).toHaveLength(1);
    expect(timeline.filter((e) => e.kind === 'operator').map((e) => e.title)).toEqual([
      '운영자가 보류된 기록을 가입자에게 연결했어요',
    ]);
    const logged = await t.db.db
      .selectFrom('operatorAction')
      .select(['reason', 'detail'])
      .where('action', '=', 'claim_note_added')
      .where('claimId', '=', claimId)
      .executeTakeFirstOrThrow();
    expect(logged).toEqual({ reason: null, detail: null });
    const stored = await t.db.db.selectFrom('claimNote').selectAll().where('claimId', '=', claimId).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.noteEnc).not.toContain('010-1234-5678');
    expect(stored[0]!.noteEnc).not.toContain('서정희');
    // Append-only: the database refuses to change or delete one.
    await expect(sql`update claim_note set login_id = 'x'`.execute(t.db.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from claim_note`.execute(t.db.db)).rejects.toThrow(/append-only/);
  });

  it('refuses an empty or too long note naming the field, another claim’s number, and a viewer', async () => {
    for (const note of ['', '   ', 'ㄱ'.repeat(CLAIM_NOTE_MAX + 1)]) {
      const res = await post(OPS_CLAIMS_API.claimNotes(claimId), { note });
      expect(res.statusCode, res.body).toBe(400);
      expect(problemOf(res).errors?.[0]).toMatchObject({ field: 'note', message: expect.stringMatching(/메모/) });
    }
    expect((await post(OPS_CLAIMS_API.claimNotes(999_999_999), { note: '메모' })).statusCode).toBe(404);
    expect((await post(OPS_CLAIMS_API.claimNotes(claimId), { note: '메모' }, viewer.headers)).statusCode).toBe(403);
    expect((await detail()).timeline.filter((e) => e.kind === 'note')).toHaveLength(1);
  });

  it('names the next step: waiting, documents asked for, a dead letter with the insurer’s number', async () => {
    expect((await detail()).nextStep).toEqual({ text: expect.stringMatching(/답을 기다려요/), insurerPhone: null });
    await t.db.db
      .insertInto('claimStatusHistory')
      .values({
        claimId,
        status: 'documents_requested',
        reason: '진단서, 신분증 사본',
        actor: 'insurer:x',
        at: clock.now(),
      })
      .execute();
    await t.db.db.updateTable('claim').set({ status: 'documents_requested' }).where('id', '=', claimId).execute();
    expect((await detail()).nextStep.text).toBe(
      '환자에게 진단서, 신분증 사본을 보내 달라고 요청했어요. 서류가 오면 보험사에 보내요.',
    );
  });

  it('after a retry, a delivery failure is a delivery failure, never a reject reason', async () => {
    const other = await t.db.db
      .selectFrom('claim')
      .select('id')
      .where('recordId', '=', mismatch)
      .where('insuCompCd', '=', 'HYUNDAIMARINE')
      .executeTakeFirstOrThrow();
    const id = Number(other.id);
    const fail = (on: boolean) =>
      t.app.inject({
        method: 'POST',
        url: '/sandbox/delivery/failures',
        payload: { insuCompCd: 'HYUNDAIMARINE', fail: on },
      });
    // Made dead as the engine would after its last attempt.
    await t.db.db
      .updateTable('claimDelivery')
      .set({ status: 'dead', lastError: '보험사 API가 응답하지 않았어요' })
      .where('claimId', '=', id)
      .execute();
    await t.db.db.updateTable('claim').set({ status: 'failed' }).where('id', '=', id).execute();
    const dead = await detail(id);
    expect(dead.nextStep.text).toMatch(/'다시 보내기'를 누르거나, 현대해상 고객센터\(.+\)에 전화해 접수해 주세요\./);
    expect(dead.nextStep.insurerPhone).toEqual(expect.stringMatching(/\d/));
    expect(dead.deliveryFailure).toBe('보험사 API가 응답하지 않았어요');
    expect(dead.rejectReason).toBeNull();

    expect((await fail(true)).statusCode).toBe(200);
    const retried = await post(OPERATOR_API.claimRetry(id), {});
    expect(retried.statusCode, retried.body).toBe(200);
    await t.app.claimEngine.drain();
    const after = await detail(id);
    expect(after.rejectReason).toBeNull();
    expect(after.deliveryFailure).toEqual(expect.any(String));
    expect(after.status).not.toBe('rejected');
    expect((await fail(false)).statusCode).toBe(200);
  });
});

describe('an insurer’s answer recorded by hand', () => {
  let claimId: number;
  beforeAll(async () => {
    claimId = Number((await claimsOfRecord(unconfirmed))[0]!.id);
  });

  it('"paid" needs the amount: an empty one is refused naming paidAmount, never taken as the whole claim', async () => {
    for (const body of [{ status: 'paid' }, { status: 'paid', paidAmount: '' }, { status: 'paid', paidAmount: null }]) {
      const res = await post(OPERATOR_API.claimStatus(claimId), body);
      expect(res.statusCode, res.body).toBe(400);
      expect(problemOf(res).errors?.map((e) => e.field)).toContain('paidAmount');
    }
    const c = await t.db.db
      .selectFrom('claim')
      .select(['status', 'paidAmount'])
      .where('id', '=', claimId)
      .executeTakeFirstOrThrow();
    expect(c).toEqual({ status: 'sent', paidAmount: null });

    const paid = await post(OPERATOR_API.claimStatus(claimId), { status: 'paid', paidAmount: 12_345 });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'paid', paidAmount: 12_345 });
  });
});
