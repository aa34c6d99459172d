// A subscriber's page in the operator console (README "Operator console", "A subscriber's page"), through
// app.inject() on PGlite or (DATABASE_URL) PostgreSQL: her subscriptions, the child she enrolled as guardian, her
// claims newest first a page at a time, the operators' notes and her access log, every person masked; opening it is
// written in the operators' record and in her own access log; an unknown subscription is a 404, a malformed one or
// a cursor of another list a 400 naming the field; a viewer sees none of it.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSPITAL_API, HOSPITAL_KEY_HEADER, OPERATOR_API } from '@auto-claim/contract';
import {
  OPS_CLAIMS_API,
  OPS_SUBSCRIBER_API,
  type CursorPage,
  type OpsClaimDetail,
  type OpsClaimRow,
  type SubscriberDetail,
} from '@auto-claim/contract/ops';
import { accessSentence } from '../../../src/modules/audit/index.js';
import { createSubscriber, treatmentRecord, type Subscriber } from '../../../fixtures/factories.js';
import { build, problemOf, signInOperator, testClock, type TestApp } from '../../helper.js';

const clock = testClock(new Date('2026-06-15T03:00:00Z'));
let t: TestApp;
let op: { loginId: string; headers: Record<string, string> };
let viewer: { headers: Record<string, string> };
let hong: Subscriber;
let other: Subscriber;
const CHILD = 'ACCHILD0000000001';
const HOSPITAL = '90000001';

const get = (url: string, headers = op.headers) => t.app.inject({ method: 'GET', url, headers });
const page = async (insuApplyId: string) => {
  const res = await get(OPS_SUBSCRIBER_API.subscriber(insuApplyId));
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SubscriberDetail;
};

beforeAll(async () => {
  t = await build({ clock });
  await t.app.claimEngine.start();
  hong = await createSubscriber(t.app.ctx, {
    userNm: '홍길동',
    birthDate: '19580302',
    userTel: '01012345678',
    insurers: ['SAMSUNGLIFE'],
  });
  other = await createSubscriber(t.app.ctx, { userNm: '김철수', insurers: ['SAMSUNGLIFE'] });
  // Three visits of hers, one of another patient's: claims made a minute apart, so that "newest first" is a fact.
  for (const [who, visitDate] of [
    [hong, '20260601'],
    [hong, '20260605'],
    [other, '20260606'],
    [hong, '20260610'],
  ] as const) {
    const res = await t.app.inject({
      method: 'POST',
      url: HOSPITAL_API.treatments,
      headers: { [HOSPITAL_KEY_HEADER]: `sandbox-${HOSPITAL}` },
      payload: { records: [treatmentRecord(who, { visitDate })] },
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.claimEngine.drain();
    clock.advance(60_000);
  }
  // A child she enrolled as her guardian (README "Children: a guardian claims for a child"), as the module writes one.
  const c = t.app.ctx.crypto;
  await sql`insert into subscription (insu_apply_id, ci_hmac, ci_enc, status, prc_mode, person_enc, insu_comp_cd,
      min_amt, retro_month, contract_start_date, contract_end_date, guardian_ci_hmac, guardian_ci_enc, guardian_enc,
      guardian_rel, relation_status, adult_on)
    values (${CHILD}, ${`${hong.ciHmac}-child`}, ${c.encrypt(hong.ci)}, 'subscribe', 'outer',
      ${c.encryptJson({ userNm: '홍아이', birthday: '20190505', sex: 'F', userIdno2: '4000000', userTel: hong.userTel })},
      'SAMSUNGLIFE', 0, 0, '20260101', '20261231', ${hong.ciHmac}, ${c.encrypt(hong.ci)},
      ${c.encryptJson({ userNm: '홍길동', birthday: '19580302', sex: 'M', userIdno2: '1000000', userTel: hong.userTel })},
      'mother', 'confirmed', '20380505')`.execute(t.db.db);
  op = await signInOperator(t, 'operator');
  viewer = await signInOperator(t, 'viewer');
  const newest = await t.db.db
    .selectFrom('claim')
    .select('id')
    .where('ciHmac', '=', hong.ciHmac)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const note = await t.app.inject({
    method: 'POST',
    url: OPS_CLAIMS_API.claimNotes(Number(newest.id)),
    headers: op.headers,
    payload: { note: '보험사에 전화해 접수 확인했어요' },
  });
  expect(note.statusCode, note.body).toBe(200);
}, 120_000);
afterAll(() => t?.close());

describe('a subscriber’s page', () => {
  it('shows her subscriptions, her child, her claims newest first, the notes and her access log, masked', async () => {
    const p = await page(hong.insuApplyId);
    expect(p.person).toEqual({ name: '홍*동', phone: '010-****-5678' });
    expect(p.guardian).toBeNull();
    expect(p.subscriptions).toEqual([
      expect.objectContaining({ insuApplyId: hong.insuApplyId, status: 'subscribe', insuCompCd: 'SAMSUNGLIFE' }),
    ]);
    expect(p.children).toEqual([
      {
        insuApplyId: CHILD,
        name: '홍*이',
        rel: 'mother',
        status: 'subscribe',
        relationStatus: 'confirmed',
        adultOn: '20380505',
      },
    ]);
    // Hers alone, newest first; another patient's claim is not among them.
    expect(p.claims.list.map((r) => r.visitDate)).toEqual(['20260610', '20260605', '20260601']);
    expect(p.claims.list.every((r) => r.patient.name === '홍*동')).toBe(true);
    expect(p.claims.total).toBe(3);
    expect(p.notes).toEqual([
      expect.objectContaining({
        claimId: p.claims.list[0]!.claimId,
        loginId: op.loginId,
        note: '보험사에 전화해 접수 확인했어요',
      }),
    ]);
    // Nothing unmasked: not her name, her phone, her birth date, nor her child's name.
    for (const secret of ['홍길동', '01012345678', '010-1234-5678', '19580302', '홍아이', hong.ci]) {
      expect(JSON.stringify(p)).not.toContain(secret);
    }
    // A child's page names her guardian, masked, and has no children of its own.
    const child = await page(CHILD);
    expect(child.person.name).toBe('홍*이');
    expect(child.guardian).toEqual({
      name: '홍*동',
      phone: '010-****-5678',
      rel: 'mother',
      relationStatus: 'confirmed',
    });
    expect(child.children).toEqual([]);
    expect(child.claims.list).toEqual([]);
  });

  it('pages her claims by key, newest first, without repeating one', async () => {
    const url = OPS_SUBSCRIBER_API.claims(hong.insuApplyId);
    const first = (await get(`${url}?size=2`)).json() as CursorPage<OpsClaimRow>;
    expect(first.list.map((r) => r.visitDate)).toEqual(['20260610', '20260605']);
    expect(first.nextCursor).toEqual(expect.any(String));
    const res = await get(`${url}?size=2&cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(res.statusCode, res.body).toBe(200);
    const second = res.json() as CursorPage<OpsClaimRow>;
    expect(second.list.map((r) => r.visitDate)).toEqual(['20260601']);
    expect(second.nextCursor).toBeNull();
  });

  it('is reached from a claim: the claim names its subscription', async () => {
    const claimId = (await page(hong.insuApplyId)).claims.list[0]!.claimId;
    const res = await get(OPERATOR_API.claim(claimId));
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as OpsClaimDetail).insuApplyId).toBe(hong.insuApplyId);
  });

  it('records each opening in the operators’ record and in her access log, which the page then shows', async () => {
    const before = await t.db.db
      .selectFrom('accessLog')
      .select((eb) => eb.fn.max('id').as('m'))
      .executeTakeFirst();
    const p = await page(hong.insuApplyId);
    const action = await t.db.db
      .selectFrom('operatorAction')
      .select(['loginId', 'action', 'ciHmac', 'target'])
      .where('action', '=', 'subscriber_viewed')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(action).toEqual({
      loginId: op.loginId,
      action: 'subscriber_viewed',
      ciHmac: hong.ciHmac,
      target: 'subscriber',
    });
    const lines = await t.db.db
      .selectFrom('accessLog')
      .select(['ciHmac', 'action', 'actor'])
      .where('id', '>', Number(before?.m ?? 0))
      .execute();
    expect(lines).toEqual([
      { ciHmac: hong.ciHmac, action: 'operator_subscriber_viewed', actor: `operator:${op.loginId}` },
    ]);
    expect(p.accessLog.list[0]).toMatchObject({ action: 'operator_subscriber_viewed', actionNm: '가입자 정보 열람' });
    expect(p.accessLog.total).toBeGreaterThan(3);
    const sentence = accessSentence('operator_subscriber_viewed', {
      who: '본인',
      visit: '',
      detail: null,
      origin: null,
      code: op.loginId,
      hospitalCd: null,
      insuCompCd: null,
      hospitalNm: () => '',
      insurerNm: () => '',
    });
    expect(sentence).toBe('운영자가 회원님의 가입 정보와 청구 목록을 열어 봤어요. 이름과 연락처는 가려서 봤어요.');
    // Her claims' next pages are the claim list's rows, masked, and unrecorded as the claim list is.
    const n = await t.db.db
      .selectFrom('operatorAction')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    expect((await get(OPS_SUBSCRIBER_API.claims(hong.insuApplyId))).statusCode).toBe(200);
    const m = await t.db.db
      .selectFrom('operatorAction')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    expect(Number(m?.n)).toBe(Number(n?.n));
  });

  it('answers 404 for an unknown subscription, 400 naming the field for a bad one or a bad cursor, 403 to a viewer', async () => {
    const unknown = await get(OPS_SUBSCRIBER_API.subscriber('AC20260101ABCDEF0123'));
    expect(unknown.statusCode).toBe(404);
    expect(problemOf(unknown)).toMatchObject({ code: 'SUBSCRIBER_NOT_FOUND', detail: '가입 정보를 찾을 수 없어요.' });
    expect((await get(OPS_SUBSCRIBER_API.claims('AC20260101ABCDEF0123'))).statusCode).toBe(404);
    for (const bad of ['홍길동', 'a b', 'x'.repeat(41), 'AC_1']) {
      const res = await get(`/api/admin/subscribers/${encodeURIComponent(bad)}`);
      expect(res.statusCode, bad).toBe(400);
      const p = problemOf(res);
      expect(JSON.stringify(p.errors)).toContain('insuApplyId');
      expect(JSON.stringify(p.errors)).toContain('가입 번호가 올바르지 않아요.');
    }
    const cursor = await get(`${OPS_SUBSCRIBER_API.claims(hong.insuApplyId)}?cursor=not-a-cursor`);
    expect(cursor.statusCode).toBe(400);
    expect(JSON.stringify(problemOf(cursor).errors)).toContain('cursor');
    expect((await get(OPS_SUBSCRIBER_API.subscriber(hong.insuApplyId), viewer.headers)).statusCode).toBe(403);
    expect((await get(OPS_SUBSCRIBER_API.subscriber(hong.insuApplyId), {})).statusCode).toBe(401);
  });
});
