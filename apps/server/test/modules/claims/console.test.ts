// The console's claims, dead letters and access log (README "Operator console") through app.inject(): the search
// (filters, sorting, paging, at most 100 rows), a claim's timeline in order, the patient masked in every list, the
// reveal and the PDF package with a reason (a category and typed words) written to both logs (the patient reads a
// fixed sentence per category, never the operator's words), the package limited per operator, the dead letters (a failure forced through the
// sandbox switch, retry many, close with a note), and the access log's search; viewers can do none of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, HOSPITAL_API, HOSPITAL_KEY_HEADER, OPERATOR_API, type TreatsAnswer } from '@auto-claim/contract';
import {
  OPERATOR_ACTION,
  OPERATOR_ACTIONS,
  OPS_CLAIMS_API,
  type OperatorAction,
  OPERATOR_RELEASES_ALERT_AT,
  OPERATOR_RELEASES_PER_HOUR,
  OPS_EXPORT_API,
  type BulkAnswer,
  type DeadLetterRow,
  type OperatorActionRow,
  type OpsClaimDetail,
  type OpsClaimRow,
  type CursorPage,
} from '@auto-claim/contract/ops';
import { sql } from 'kysely';
import { signLinkToken } from '../../../src/security/linkToken.js';
import { createSubscriber, treatmentRecord, type Subscriber } from '../../../fixtures/factories.js';
import { ACCESS_ACTION, ACCESS_ACTIONS, accessSentence, type AccessAction } from '../../../src/modules/audit/index.js';
import { build, problemOf, signInOperator, testClock, type TestApp, expectLog } from '../../helper.js';

// Noon in Seoul on 15 June 2026: messages go out at once.
const clock = testClock(new Date('2026-06-15T03:00:00Z'));
let t: TestApp;
let op: { loginId: string; headers: Record<string, string> };
let viewer: { headers: Record<string, string> };

let hong: Subscriber;
let kim: Subscriber;
const claimOf: Record<string, number> = {};

const feed = async (hospitalCd: string, records: ReturnType<typeof treatmentRecord>[]) => {
  const res = await t.app.inject({
    method: 'POST',
    url: HOSPITAL_API.treatments,
    headers: { [HOSPITAL_KEY_HEADER]: `sandbox-${hospitalCd}` },
    payload: { records },
  });
  expect(res.statusCode).toBe(200);
  await t.app.claimEngine.drain();
};
const get = (url: string, headers = op.headers) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, payload: unknown, headers = op.headers) =>
  t.app.inject({ method: 'POST', url, headers, payload: payload as object });
const claimsOf = async (receiptNo: string) =>
  (
    await t.db.db
      .selectFrom('claim as c')
      .innerJoin('treatmentRecord as r', 'r.id', 'c.recordId')
      .select(['c.id', 'c.insuCompCd'])
      .where('r.receiptNo', '=', receiptNo)
      .orderBy('c.id')
      .execute()
  ).map((c) => ({ id: Number(c.id), insuCompCd: c.insuCompCd }));
const failInsurer = (insuCompCd: string, fail: boolean) =>
  t.app.inject({ method: 'POST', url: '/sandbox/delivery/failures', payload: { insuCompCd, fail } });

beforeAll(async () => {
  t = await build({ clock });
  hong = await createSubscriber(t.app.ctx, {
    userNm: '홍길동',
    userTel: '01012345678',
    hospitals: ['90000001', '90000002'],
    insurers: ['SAMSUNGFIRE', 'HYUNDAIMARINE'],
  });
  kim = await createSubscriber(t.app.ctx, { userNm: '김영희', userTel: '01098765432', insurers: ['SAMSUNGFIRE'] });
  await feed('90000001', [
    treatmentRecord(hong, { receiptNo: 'H1-A', visitDate: '20260601', coveredCopay: 10_000, uncovered: 5_000 }),
    treatmentRecord(kim, { receiptNo: 'H1-B', visitDate: '20260605', coveredCopay: 30_000, uncovered: 0 }),
  ]);
  clock.advance(24 * 3600_000); // the next Korean day: claim dates differ
  await feed('90000002', [
    treatmentRecord(hong, { receiptNo: 'H2-A', visitDate: '20260610', coveredCopay: 20_000, uncovered: 0 }),
  ]);
  for (const r of ['H1-A', 'H1-B', 'H2-A']) {
    const cs = await claimsOf(r);
    for (const c of cs) claimOf[`${r}:${c.insuCompCd}`] = c.id;
  }
  // Signed in after the clock moved a day (sessions end when idle); the tests below move it by minutes only.
  op = await signInOperator(t, 'operator');
  viewer = await signInOperator(t, 'viewer');
});
afterAll(() => t?.close());

describe('the claim search', () => {
  const search = async (query: string) => {
    const res = await get(`${OPS_CLAIMS_API.claims}?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as CursorPage<OpsClaimRow>;
  };

  it('filters by hospital, insurer, status, claim id and either date, in SQL', async () => {
    // hong: 2 insurers × 2 records; kim: 1 → five claims
    expect((await search('')).total).toBe(5);
    const h2 = await search('hospitalCd=90000002');
    expect(h2.total).toBe(2);
    expect(h2.list.every((c) => c.hospitalCd === '90000002')).toBe(true);
    expect((await search('insuCompCd=HYUNDAIMARINE')).list.map((c) => c.claimId).sort()).toEqual(
      [claimOf['H1-A:HYUNDAIMARINE'], claimOf['H2-A:HYUNDAIMARINE']].sort(),
    );
    expect((await search('status=sent')).total).toBe(5);
    expect((await search('status=failed')).total).toBe(0);
    const one = await search(`claimId=${claimOf['H1-B:SAMSUNGFIRE']}`);
    expect(one.list).toHaveLength(1);
    expect(one.list[0]).toMatchObject({ hospitalNm: expect.any(String), insuCompNm: '삼성화재', amount: 30_000 });
    expect((await search('dateField=visit&from=20260602&to=20260609')).list.map((c) => c.claimId)).toEqual([
      claimOf['H1-B:SAMSUNGFIRE'],
    ]);
    // claimed on 15 June (three) and 16 June (two), Korea time
    expect((await search('dateField=claim&from=20260615&to=20260615')).total).toBe(3);
    expect((await search('dateField=claim&from=20260616')).total).toBe(2);
  });

  it('sorts and pages on the server; never more than 100 rows, refused in Korean', async () => {
    const byAmount = await search('sort=amount&order=asc&size=2');
    expect(byAmount).toMatchObject({ total: 5, capped: false, nextCursor: expect.any(String) });
    expect(byAmount.list.map((c) => c.amount)).toEqual([15_000, 15_000]);
    // Page by page through the cursors: every claim once, in order, and no cursor after the last page.
    const seen = [...byAmount.list];
    let last = byAmount;
    while (last.nextCursor) {
      last = await search(`sort=amount&order=asc&size=2&cursor=${last.nextCursor}`);
      expect(last.total).toBe(5);
      seen.push(...last.list);
    }
    expect(last.list.map((c) => c.amount)).toEqual([30_000]);
    expect(last.nextCursor).toBeNull();
    expect(new Set(seen.map((c) => c.claimId)).size).toBe(5);
    expect(seen.map((c) => c.amount)).toEqual([...seen.map((c) => c.amount)].sort((a, b) => a - b));
    // Newest first by default: made later, or made at once and numbered later.
    const newest = (await search('size=100')).list;
    expect(newest.map((c) => [c.createdAt, c.claimId])).toEqual(
      [...newest.map((c) => [c.createdAt, c.claimId] as const)].sort((a, b) =>
        a[0] === b[0] ? b[1] - a[1] : a[0] < b[0] ? 1 : -1,
      ),
    );
    // A cursor made for another sort, or not one at all, is refused naming it (never misread as another key).
    const otherSort = problemOf(await get(`${OPS_CLAIMS_API.claims}?sort=claimId&cursor=${byAmount.nextCursor}`));
    expect(otherSort).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect(otherSort.errors?.[0]?.field).toBe('cursor');
    for (const bad of [
      'abc',
      'not!base64',
      Buffer.from('{"s":"amount","o":"asc","k":"1","i":"x"}').toString('base64url'),
    ])
      expect(
        problemOf(await get(`${OPS_CLAIMS_API.claims}?sort=amount&order=asc&cursor=${bad}`)).errors?.[0]?.field,
      ).toBe('cursor');
    const all = await search('sort=claimId&order=desc&size=100');
    expect(all.list.map((c) => c.claimId)).toEqual([...all.list.map((c) => c.claimId)].sort((a, b) => b - a));

    const tooMany = problemOf(await get(`${OPS_CLAIMS_API.claims}?size=101`));
    expect(tooMany).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect(tooMany.errors).toContainEqual({ field: 'size', message: '한 번에 100건까지 볼 수 있어요.' });
    const badRange = problemOf(await get(`${OPS_CLAIMS_API.claims}?from=20260610&to=20260601`));
    expect(badRange.errors?.[0]).toMatchObject({ field: 'from', message: '시작일이 종료일보다 늦어요.' });
    const badStatus = problemOf(await get(`${OPS_CLAIMS_API.claims}?status=lost`));
    expect(badStatus.errors?.[0]?.field).toBe('status');
    expect(problemOf(await get(`${OPS_CLAIMS_API.claims}?sort=ciHmac`)).errors?.[0]?.field).toBe('sort');
  });

  it('shows the patient masked, never the name or phone', async () => {
    const res = await get(`${OPS_CLAIMS_API.claims}?size=100`);
    const page = res.json() as CursorPage<OpsClaimRow>;
    const hongRow = page.list.find((c) => c.claimId === claimOf['H1-A:SAMSUNGFIRE'])!;
    expect(hongRow.patient).toEqual({ name: '홍*동', phone: '010-****-5678' });
    expect(page.list.find((c) => c.claimId === claimOf['H1-B:SAMSUNGFIRE'])!.patient.name).toBe('김*희');
    for (const secret of ['홍길동', '김영희', '01012345678', '1234-5678', hong.ci, hong.ciHmac, hong.rrn]) {
      expect(res.body).not.toContain(secret);
    }
  });

  it('is the operator’s: a viewer and nobody are refused', async () => {
    expect(problemOf(await get(OPS_CLAIMS_API.claims, viewer.headers))).toMatchObject({
      status: 403,
      code: 'ROLE_FORBIDDEN',
    });
    expect((await t.app.inject({ url: OPS_CLAIMS_API.claims })).statusCode).toBe(401);
  });
});

describe('a claim’s timeline and documents', () => {
  it('runs record received → claim built → each attempt → sent → the insurer’s answers, masked', async () => {
    const id = claimOf['H1-A:SAMSUNGFIRE']!;
    // The insurer answered later (as its signed call would have written it).
    clock.advance(60_000);
    await t.db.db
      .insertInto('insurerAnswer')
      .values({
        insuCompCd: 'SAMSUNGFIRE',
        eventId: 'ev-1',
        claimId: id,
        answer: 'received',
        bodySha256: 'b'.repeat(64),
        statusAfter: 'accepted',
        occurredAt: clock.now(),
        receivedAt: clock.now(),
      })
      .execute();
    clock.advance(60_000);
    const answered = await post(OPERATOR_API.claimStatus(id), { status: 'paid', paidAmount: 15_000 });
    expect(answered.statusCode, answered.body).toBe(200);

    const res = await get(OPERATOR_API.claim(id));
    expect(res.statusCode).toBe(200);
    const c = res.json() as OpsClaimDetail;
    expect(c.patient).toEqual({ name: '홍*동', phone: '010-****-5678' });
    expect(c.receiptNo).toBe('H1-A');
    expect(res.body).not.toContain('홍길동');
    expect(res.body).not.toContain('01012345678');
    expect(c.timeline.map((e) => [e.kind, e.status ?? e.outcome])).toEqual([
      ['record', null],
      ['status', 'received'],
      ['status', 'claimed'],
      ['attempt', 'sent'],
      ['status', 'sent'],
      ['answer', 'accepted'],
      ['status', 'paid'],
      ['operator', null],
    ]);
    expect(c.timeline[0]).toMatchObject({ title: '병원에서 진료 기록을 받았어요', actor: 'hospital:90000001' });
    expect(c.timeline[3]).toMatchObject({ channel: 'api', attempt: 1, title: expect.stringContaining('1번째 전송') });
    expect(c.timeline[7]).toMatchObject({
      title: '운영자가 보험사 답변을 기록했어요',
      actor: `operator:${op.loginId}`,
    });
    const times = c.timeline.map((e) => e.at);
    expect(times).toEqual([...times].sort());
    expect(c.documents.map((d) => d.kind).sort()).toEqual(['claim_form', 'receipt']);
    expect(c.documents.every((d) => /^[0-9a-f]{64}$/.test(d.sha256))).toBe(true);

    const recorded = await t.db.db
      .selectFrom('operatorAction')
      .selectAll()
      .where('claimId', '=', id)
      .where('action', '=', 'insurer_answer_recorded')
      .execute();
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ loginId: op.loginId, ciHmac: hong.ciHmac, detail: 'paid · 15000' });
  });

  it('downloading the PDF package takes a reason, as a reveal: both logs get it, the patient its category only', async () => {
    const id = claimOf['H1-B:SAMSUNGFIRE']!;
    const reason = '보험사 서류 보완 요청 (\u202Eexe.fdp) 처리';
    const res = await post(OPERATOR_API.claimPackage(id), {
      category: 'insurer_request',
      reason: '보험사 서류 보완 요청 처리',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="claim-${id}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const action = await t.db.db
      .selectFrom('operatorAction')
      .selectAll()
      .where('claimId', '=', id)
      .where('action', '=', 'documents_downloaded')
      .executeTakeFirstOrThrow();
    expect(action).toMatchObject({
      loginId: op.loginId,
      ciHmac: kim.ciHmac,
      reason: '보험사 서류 보완 요청 처리',
      detail: 'insurer_request',
    });
    expect(t.app.ctx.crypto.decrypt(action.ipEnc)).toMatch(/^127\./);
    const line = await t.db.db
      .selectFrom('accessLog')
      .selectAll()
      .where('claimId', '=', id)
      .where('action', '=', 'released_to_operator')
      .executeTakeFirstOrThrow();
    expect(line).toMatchObject({ ciHmac: kim.ciHmac, actor: `operator:${op.loginId}`, detail: 'insurer_request' });
    const detail = (await get(OPERATOR_API.claim(id))).json() as OpsClaimDetail;
    expect(detail.documents.map((d) => d.kind)).toEqual(
      expect.arrayContaining(['package', 'power_of_attorney', 'consent']),
    );
    expect(detail.timeline.at(-1)).toMatchObject({ kind: 'operator', title: '운영자가 청구 서류를 내려받았어요' });
    // A reason carrying a bidi override (or any control character) is refused, naming it.
    const bidi = problemOf(await post(OPERATOR_API.claimPackage(id), { category: 'insurer_request', reason }));
    expect(bidi).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect(bidi.errors?.map((e) => e.field)).toEqual(['reason']);
  });

  it('gives no package without a reason, and a GET or HEAD neither sends it nor logs a release', async () => {
    const id = claimOf['H1-A:SAMSUNGFIRE']!;
    const lines = async () =>
      (await t.db.db.selectFrom('accessLog').select('id').where('action', '=', 'released_to_operator').execute())
        .length;
    const actions = async () =>
      (await t.db.db.selectFrom('operatorAction').select('id').where('action', '=', 'documents_downloaded').execute())
        .length;
    const [lines0, actions0] = [await lines(), await actions()];
    const none = problemOf(await post(OPERATOR_API.claimPackage(id), {}));
    expect(none).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect(none.errors?.map((e) => e.field).sort()).toEqual(['category', 'reason']);
    const noCategory = problemOf(
      await post(OPERATOR_API.claimPackage(id), { reason: '보험사 요청', category: 'curious' }),
    );
    expect(noCategory.errors).toEqual([{ field: 'category', message: '확인하는 이유의 종류를 골라 주세요.' }]);
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await t.app.inject({ method, url: OPERATOR_API.claimPackage(id), headers: op.headers });
      expect(res.statusCode, method).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, method).toBeLessThan(500);
      expect(res.headers['content-type'] ?? '', method).not.toContain('application/pdf');
    }
    expect([await lines(), await actions()]).toEqual([lines0, actions0]);
  });

  it('holds one operator to OPERATOR_RELEASES_PER_HOUR packages an hour, with an alert from OPERATOR_RELEASES_ALERT_AT', async () => {
    const id = claimOf['H1-A:SAMSUNGFIRE']!;
    const bulk = await signInOperator(t, 'operator', { loginId: 'bulk-downloader' });
    // From the threshold on, each release is a warning in the log too (docs/security.md "Operator releases").
    expectLog({
      level: 'warn',
      msg: 'operator releases of personal data over the alert threshold',
      count: OPERATOR_RELEASES_PER_HOUR - OPERATOR_RELEASES_ALERT_AT + 1,
    });
    const alerts = async () =>
      (await t.app.ctx.metrics.registry.getSingleMetric('autoclaim_operator_release_alerts_total')!.get()).values
        .filter((v) => v.labels.kind === 'package')
        .reduce((n, v) => n + v.value, 0);
    const alerts0 = await alerts();
    const download = () =>
      post(OPERATOR_API.claimPackage(id), { category: 'patient_inquiry', reason: '환자 요청 사본' }, bulk.headers);
    for (let i = 1; i <= OPERATOR_RELEASES_PER_HOUR; i++) {
      const res = await download();
      expect(res.statusCode, `download ${i}`).toBe(200);
      // Below the threshold no alert; from it on, one per download.
      expect(await alerts(), `download ${i}`).toBe(alerts0 + Math.max(0, i - OPERATOR_RELEASES_ALERT_AT + 1));
    }
    const written = async () =>
      (
        await t.db.db
          .selectFrom('operatorAction')
          .select('id')
          .where('loginId', '=', 'bulk-downloader')
          .where('action', '=', 'documents_downloaded')
          .execute()
      ).length;
    expect(await written()).toBe(OPERATOR_RELEASES_PER_HOUR);
    const over = await download();
    expect(over.statusCode).toBe(429);
    expect(problemOf(over)).toMatchObject({ code: 'OPERATOR_RELEASE_LIMITED' });
    expect(problemOf(over).detail).toMatch(/한 시간에 \d+건까지/);
    expect(await written()).toBe(OPERATOR_RELEASES_PER_HOUR);
    // Another operator is not held by this one's count.
    expect(
      (await post(OPERATOR_API.claimPackage(id), { category: 'patient_inquiry', reason: '환자 요청 사본' })).statusCode,
    ).toBe(200);
  });
});

describe('revealing a patient', () => {
  it('needs a typed reason, refused in Korean naming the field', async () => {
    const id = claimOf['H2-A:SAMSUNGFIRE']!;
    const none = problemOf(await post(OPS_CLAIMS_API.claimReveal(id), {}));
    expect(none).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect(none.errors).toEqual([
      { field: 'category', message: '확인하는 이유의 종류를 골라 주세요.' },
      { field: 'reason', message: '확인하는 이유를 적어 주세요.' },
    ]);
    const category = 'patient_inquiry';
    const short = problemOf(await post(OPS_CLAIMS_API.claimReveal(id), { category, reason: ' 가 ' }));
    expect(short.errors).toEqual([{ field: 'reason', message: '확인하는 이유를 2자 이상 적어 주세요.' }]);
    const long = problemOf(await post(OPS_CLAIMS_API.claimReveal(id), { category, reason: '가'.repeat(201) }));
    expect(long.errors?.[0]?.message).toBe('이유는 200자까지 적을 수 있어요.');
    // Bidi overrides, NUL and other control characters: refused, naming the field.
    for (const reason of ['고객 문의 \u202E됨\u202C', '고객\u0000문의', '고객\u001b[2J문의', '고객\u2066문의']) {
      const bad = problemOf(await post(OPS_CLAIMS_API.claimReveal(id), { category, reason }));
      expect(
        bad.errors?.map((e) => e.field),
        JSON.stringify(reason),
      ).toEqual(['reason']);
      expect(bad.errors?.[0]?.message).toMatch(/쓸 수 없는 글자/);
    }
    expect(
      await t.db.db.selectFrom('operatorAction').select('id').where('action', '=', 'patient_revealed').execute(),
    ).toHaveLength(0);
    expect(
      problemOf(await post(OPS_CLAIMS_API.claimReveal(999_999), { category: 'patient_inquiry', reason: '고객 문의' }))
        .code,
    ).toBe('CLAIM_NOT_FOUND');
  });

  it('is refused to a viewer by the route’s role, before the body', async () => {
    const id = claimOf['H2-A:SAMSUNGFIRE']!;
    expect(
      problemOf(
        await post(
          OPS_CLAIMS_API.claimReveal(id),
          { category: 'patient_inquiry', reason: '고객 문의' },
          viewer.headers,
        ),
      ),
    ).toMatchObject({ status: 403, code: 'ROLE_FORBIDDEN' });
    expect(problemOf(await post(OPS_CLAIMS_API.claimReveal(id), {}, viewer.headers)).code).toBe('ROLE_FORBIDDEN');
  });

  it('answers the name, phone and birth date, writes both logs, and the patient reads a fixed sentence in Korean', async () => {
    const id = claimOf['H2-A:SAMSUNGFIRE']!;
    const reason = '고객센터 전화 문의(본인 확인)';
    const res = await post(OPS_CLAIMS_API.claimReveal(id), { category: 'patient_inquiry', reason });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ claimId: id, name: '홍길동', phone: '01012345678', birthDate: '19850101' });

    const action = await t.db.db
      .selectFrom('operatorAction')
      .selectAll()
      .where('action', '=', 'patient_revealed')
      .executeTakeFirstOrThrow();
    expect(action).toMatchObject({ loginId: op.loginId, ciHmac: hong.ciHmac, reason, detail: 'patient_inquiry' });
    expect(Number(action.claimId)).toBe(id);
    const line = await t.db.db
      .selectFrom('accessLog')
      .selectAll()
      .where('action', '=', 'operator_revealed')
      .executeTakeFirstOrThrow();
    // The patient's log keeps the category, never the operator's words.
    expect(line).toMatchObject({ ciHmac: hong.ciHmac, actor: `operator:${op.loginId}`, detail: 'patient_inquiry' });

    // The patient's own history, through their 알림톡 link.
    const token = await signLinkToken(t.app.ctx, {
      purpose: 'treat',
      ciHmac: hong.ciHmac,
      insuApplyId: hong.insuApplyId,
    });
    const ex = await t.app.inject({ method: 'POST', url: API.linkExchange, payload: { token, purpose: 'treat' } });
    expect(ex.statusCode).toBe(200);
    const cookie = ex.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const history = (await t.app.inject({ url: API.treats, headers: { cookie } })).json() as TreatsAnswer;
    const told = history.accessLog.list.find((e) => e.action === 'OPERATOR_REVEALED')!;
    expect(told).toMatchObject({
      actorNm: '운영자',
      summary: '운영자가 회원님의 문의에 답하려고 회원님의 이름, 휴대폰 번호, 생년월일을 확인했어요.',
    });
    expect(JSON.stringify(history.accessLog)).not.toContain(reason);
    // The package downloaded earlier reads the same way: its category's sentence.
    const kimToken = await signLinkToken(t.app.ctx, {
      purpose: 'treat',
      ciHmac: kim.ciHmac,
      insuApplyId: kim.insuApplyId,
    });
    const kimEx = await t.app.inject({
      method: 'POST',
      url: API.linkExchange,
      payload: { token: kimToken, purpose: 'treat' },
    });
    const kimCookie = kimEx.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const kimHistory = (await t.app.inject({ url: API.treats, headers: { cookie: kimCookie } })).json() as TreatsAnswer;
    expect(kimHistory.accessLog.list.find((e) => e.action === 'RELEASED_TO_OPERATOR')!.summary).toMatch(
      /^운영자가 보험사의 요청을 처리하려고 .*청구 서류\(위임장·동의서 포함\)를 확인했어요\.$/,
    );
    expect(JSON.stringify(kimHistory.accessLog)).not.toContain('보험사 서류 보완 요청 처리');
  });

  it('never shows the patient an operator’s words written before categories: a line of free text reads plainly', async () => {
    // A line as reveals wrote it before: the operator's words, a bidi override among them, as the detail.
    await t.db.db
      .insertInto('accessLog')
      .values({
        ciHmac: hong.ciHmac,
        action: 'operator_revealed',
        actor: 'operator:before-categories',
        claimId: claimOf['H2-A:SAMSUNGFIRE']!,
        detail: '고객 요청 \u202E됨소취 입가\u202C',
        at: clock.now(),
      })
      .execute();
    const token = await signLinkToken(t.app.ctx, {
      purpose: 'treat',
      ciHmac: hong.ciHmac,
      insuApplyId: hong.insuApplyId,
    });
    const ex = await t.app.inject({ method: 'POST', url: API.linkExchange, payload: { token, purpose: 'treat' } });
    const cookie = ex.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const history = (await t.app.inject({ url: API.treats, headers: { cookie } })).json() as TreatsAnswer;
    const summaries = history.accessLog.list.filter((e) => e.action === 'OPERATOR_REVEALED').map((e) => e.summary);
    expect(summaries).toContain('운영자가 회원님의 이름, 휴대폰 번호, 생년월일을 확인했어요.');
    expect(JSON.stringify(history.accessLog)).not.toMatch(/\u202E|고객 요청/);
  });
});

describe('dead letters', () => {
  const list = async (query = '') => {
    const res = await get(`${OPERATOR_API.deadLetters}${query ? `?${query}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as CursorPage<DeadLetterRow>;
  };
  const dead: number[] = [];

  it('a failure forced through the sandbox switch lands there at once, with its error, masked', async () => {
    expect((await failInsurer('HYUNDAIMARINE', true)).json()).toEqual({ failing: ['HYUNDAIMARINE'] });
    await feed('90000001', [
      treatmentRecord(hong, { receiptNo: 'D-1', visitDate: '20260611' }),
      treatmentRecord(hong, { receiptNo: 'D-2', visitDate: '20260612' }),
      treatmentRecord(hong, { receiptNo: 'D-3', visitDate: '20260613' }),
    ]);
    for (const r of ['D-1', 'D-2', 'D-3']) {
      const c = (await claimsOf(r)).find((x) => x.insuCompCd === 'HYUNDAIMARINE')!;
      dead.push(c.id);
    }
    const page = await list();
    expect(page.total).toBe(3);
    expect(page.list.map((d) => d.claimId).sort()).toEqual([...dead].sort());
    expect(page.list[0]).toMatchObject({
      insuCompNm: '현대해상',
      channel: 'api',
      attempts: 1,
      lastError: '샌드박스 보험사가 청구를 받지 않았어요 (시험용 실패 설정)',
      patient: { name: '홍*동', phone: '010-****-5678' },
      handled: null,
    });
    expect(JSON.stringify(page)).not.toContain('홍길동');
    const detail = (await get(OPERATOR_API.claim(dead[0]!))).json() as OpsClaimDetail;
    expect(detail.status).toBe('failed');
    expect(detail.timeline.filter((e) => e.kind === 'attempt')).toEqual([
      expect.objectContaining({ attempt: 1, outcome: 'dead', detail: expect.stringContaining('시험용 실패') }),
    ]);
    // Samsung took the same records.
    expect((await claimsOf('D-1')).length).toBe(2);
    expect(problemOf(await get(`${OPERATOR_API.deadLetters}?size=101`)).errors?.[0]?.field).toBe('size');
  });

  it('a viewer can neither list, retry nor close them', async () => {
    expect((await get(OPERATOR_API.deadLetters, viewer.headers)).statusCode).toBe(403);
    expect((await post(OPS_CLAIMS_API.deadLettersRetry, { claimIds: dead }, viewer.headers)).statusCode).toBe(403);
    expect((await post(OPERATOR_API.claimRetry(dead[0]!), {}, viewer.headers)).statusCode).toBe(403);
    expect(
      (await post(OPS_CLAIMS_API.deadLettersHandled, { claimIds: dead, note: '확인함' }, viewer.headers)).statusCode,
    ).toBe(403);
  });

  it('closes some with a note: they leave the list and are found with handled=true; twice is refused', async () => {
    const bad = problemOf(await post(OPS_CLAIMS_API.deadLettersHandled, { claimIds: [dead[2]] }));
    expect(bad.errors).toEqual([{ field: 'note', message: '처리 내용을 적어 주세요.' }]);
    const res = await post(OPS_CLAIMS_API.deadLettersHandled, {
      claimIds: [dead[2], dead[2], claimOf['H1-B:SAMSUNGFIRE']],
      note: '보험사에 팩스로 직접 보냈어요',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as BulkAnswer).results).toEqual([
      { claimId: dead[2], ok: true, code: null, detail: null },
      { claimId: claimOf['H1-B:SAMSUNGFIRE'], ok: false, code: 'CLAIM_NOT_DEAD', detail: expect.any(String) },
    ]);
    expect((await list()).list.map((d) => d.claimId)).not.toContain(dead[2]);
    const handled = await list('handled=true');
    expect(handled.list).toEqual([
      expect.objectContaining({
        claimId: dead[2],
        handled: { at: expect.any(String), by: op.loginId, note: '보험사에 팩스로 직접 보냈어요' },
      }),
    ]);
    expect((await list('handled=all')).total).toBe(3);
    const again = (await post(OPS_CLAIMS_API.deadLettersHandled, { claimIds: [dead[2]], note: '다시' })).json();
    expect((again as BulkAnswer).results[0]).toMatchObject({ ok: false, code: 'DEAD_LETTER_HANDLED' });
    const action = await t.db.db
      .selectFrom('operatorAction')
      .selectAll()
      .where('action', '=', 'dead_letter_handled')
      .execute();
    expect(action).toHaveLength(1);
    expect(action[0]).toMatchObject({ detail: '보험사에 팩스로 직접 보냈어요', ciHmac: hong.ciHmac });
  });

  it('retries many, each answered; retried ones are delivered and written down', async () => {
    await failInsurer('HYUNDAIMARINE', false);
    const tooMany = problemOf(
      await post(OPS_CLAIMS_API.deadLettersRetry, { claimIds: Array.from({ length: 101 }, (_, i) => i + 1) }),
    );
    expect(tooMany.errors?.[0], JSON.stringify(tooMany)).toMatchObject({
      field: 'claimIds',
      message: '한 번에 100건까지 처리할 수 있어요.',
    });
    expect(problemOf(await post(OPS_CLAIMS_API.deadLettersRetry, { claimIds: [] })).errors?.[0]?.message).toBe(
      '하나 이상 골라 주세요.',
    );

    const sent = claimOf['H1-B:SAMSUNGFIRE']!;
    const res = await post(OPS_CLAIMS_API.deadLettersRetry, { claimIds: [dead[0], dead[1], sent, 999_999] });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as BulkAnswer).results).toEqual([
      { claimId: dead[0], ok: true, code: null, detail: null },
      { claimId: dead[1], ok: true, code: null, detail: null },
      { claimId: sent, ok: false, code: 'CLAIM_NOT_DEAD', detail: '보내지 못한 청구만 다시 보낼 수 있어요.' },
      { claimId: 999_999, ok: false, code: 'CLAIM_NOT_FOUND', detail: '청구를 찾을 수 없어요.' },
    ]);
    await t.app.claimEngine.drain();
    expect((await list()).total).toBe(0);
    const detail = (await get(OPERATOR_API.claim(dead[0]!))).json() as OpsClaimDetail;
    expect(detail.status).toBe('sent');
    expect(detail.timeline.filter((e) => e.kind === 'attempt').map((e) => [e.attempt, e.outcome])).toEqual([
      [1, 'dead'],
      [1, 'sent'],
    ]);
    expect(detail.timeline.map((e) => e.title)).toContain('운영자가 다시 보내기를 요청했어요');
    expect(
      await t.db.db.selectFrom('operatorAction').select('claimId').where('action', '=', 'claim_retried').execute(),
    ).toHaveLength(2);

    // A handled letter retried and dead again is a new letter to deal with.
    await failInsurer('HYUNDAIMARINE', true);
    expect((await post(OPERATOR_API.claimRetry(dead[2]!), {})).statusCode).toBe(200);
    await t.app.claimEngine.drain();
    expect((await list()).list.map((d) => [d.claimId, d.handled])).toEqual([[dead[2], null]]);
    await failInsurer('HYUNDAIMARINE', false);
  });
});

describe('patient messages that failed every retry', () => {
  type Row = { jobId: string; recordId: number; handled: { by: string; note: string } | null };
  const list = async (query = '') => {
    const res = await get(`${OPERATOR_API.notificationDeadLetters}?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { list: Row[]; total: number };
  };

  it('are listed a page at a time, retried many at once and closed with a note', async () => {
    await t.app.claimEngine.start(); // pg-boss installed: messages are its jobs
    const provider = t.app.ctx.providers.notification;
    // The vendor double fails every send: the batch's failure is logged, and pg-boss retries it.
    expectLog({ level: 'warn', msg: 'patient message batch failed; pg-boss retries it' });
    t.app.ctx.providers.notification = { send: () => Promise.reject(new Error('Popbill -99999999: 알림톡 발송 실패')) };
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: HOSPITAL_API.treatments,
        headers: { [HOSPITAL_KEY_HEADER]: 'sandbox-90000001' },
        payload: {
          records: [
            treatmentRecord(kim, { receiptNo: 'N-1', visitDate: '20260611' }),
            treatmentRecord(hong, { receiptNo: 'N-2', visitDate: '20260611' }),
          ],
        },
      });
      expect(res.statusCode).toBe(200);
      while ((await t.app.claimEngine.matchBatch()) > 0);
      // No waiting for pg-boss's backoff: the messages get no retries left.
      await sql`update pgboss.job set retry_limit = 0 where name = 'claims.notify' and state = 'created'`.execute(
        t.db.db,
      );
      await t.app.claimEngine.drain();
    } finally {
      t.app.ctx.providers.notification = provider;
    }
    const page = await list('size=1');
    expect(page.total).toBe(2);
    expect(page.list).toHaveLength(1);
    const all = (await list()).list;
    const [a, b] = all;
    expect(problemOf(await get(`${OPERATOR_API.notificationDeadLetters}?size=101`)).errors?.[0]?.field).toBe('size');
    expect((await get(OPERATOR_API.notificationDeadLetters, viewer.headers)).statusCode).toBe(403);

    const closed = await post(OPS_CLAIMS_API.notificationsHandled, { jobIds: [a!.jobId], note: '전화로 알렸어요' });
    expect(closed.statusCode, closed.body).toBe(200);
    expect((closed.json() as { results: unknown[] }).results).toEqual([
      { jobId: a!.jobId, ok: true, code: null, detail: null },
    ]);
    expect((await list()).list.map((r) => r.jobId)).toEqual([b!.jobId]);
    expect((await list('handled=true')).list).toEqual([
      expect.objectContaining({ jobId: a!.jobId, handled: expect.objectContaining({ note: '전화로 알렸어요' }) }),
    ]);
    const twice = (await post(OPS_CLAIMS_API.notificationsHandled, { jobIds: [a!.jobId], note: '다시' })).json();
    expect((twice as { results: { code: string }[] }).results[0]!.code).toBe('DEAD_LETTER_HANDLED');

    const other = '00000000-0000-4000-8000-000000000000';
    const retried = await post(OPS_CLAIMS_API.notificationsRetry, { jobIds: [b!.jobId, other] });
    expect(retried.statusCode, retried.body).toBe(200);
    expect((retried.json() as { results: unknown[] }).results).toEqual([
      { jobId: b!.jobId, ok: true, code: null, detail: null },
      { jobId: other, ok: false, code: 'NOTIFICATION_NOT_DEAD', detail: expect.any(String) },
    ]);
    expect(problemOf(await post(OPS_CLAIMS_API.notificationsRetry, { jobIds: ['x'] })).errors?.[0]?.field).toMatch(
      /^jobIds/,
    );
    await t.app.claimEngine.drain();
    expect((await list()).total).toBe(0);
    const written = await t.db.db
      .selectFrom('operatorAction')
      .select(['action', 'target'])
      .where('target', 'in', [a!.jobId, b!.jobId])
      .orderBy('id')
      .execute();
    expect(written).toEqual([
      { action: 'dead_letter_handled', target: a!.jobId },
      { action: 'notification_retried', target: b!.jobId },
    ]);
  });
});

describe('the access log', () => {
  const actions = async (query: string) => {
    const res = await get(`${OPS_CLAIMS_API.operatorActions}?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as CursorPage<OperatorActionRow>;
  };

  it('finds the reveal: who, when, from where, which patient and record, what, why', async () => {
    const id = claimOf['H2-A:SAMSUNGFIRE']!;
    const page = await actions(`action=patient_revealed&loginId=${op.loginId}&claimId=${id}`);
    expect(page.total).toBe(1);
    const row = page.list[0]!;
    expect(row).toMatchObject({
      loginId: op.loginId,
      action: 'patient_revealed',
      actionNm: '환자 정보 확인',
      claimId: id,
      recordId: expect.any(Number),
      patient: '홍*동',
      reason: '고객센터 전화 문의(본인 확인)',
      detail: '환자 문의 응대',
    });
    expect(row.ip).toMatch(/^127\./);
    expect(new Date(row.at).getTime()).toBeGreaterThan(0);
    // By the patient: any of their claims or records finds every line about them.
    const byRecord = await actions(`recordId=${row.recordId}&size=100`);
    expect(byRecord.list.map((r) => r.action)).toEqual(
      expect.arrayContaining(['patient_revealed', 'insurer_answer_recorded', 'claim_retried', 'dead_letter_handled']),
    );
    expect(byRecord.list.every((r) => r.patient === null || r.patient === '홍*동')).toBe(true);
    expect((await actions(`claimId=${claimOf['H1-B:SAMSUNGFIRE']}`)).list.map((r) => r.action)).toEqual([
      'documents_downloaded',
    ]);
    expect((await actions('claimId=999999')).total).toBe(0);
    // Dates are Korean days.
    expect((await actions('action=patient_revealed&from=20260616&to=20260616')).total).toBe(1);
    expect((await actions('action=patient_revealed&from=20260617')).total).toBe(0);
    // Paged and sorted; at most 100.
    const paged = await actions('size=2&sort=at&order=asc');
    expect(paged.list).toHaveLength(2);
    expect(paged.total).toBeGreaterThan(2);
    expect(problemOf(await get(`${OPS_CLAIMS_API.operatorActions}?size=500`)).errors?.[0]).toMatchObject({
      field: 'size',
      message: '한 번에 100건까지 볼 수 있어요.',
    });
    const body = (await get(`${OPS_CLAIMS_API.operatorActions}?size=100`)).body;
    expect(body).not.toContain('홍길동');
    expect(body).not.toContain(hong.ciHmac);
  });

  it('shows an operator its own addresses in full and another operator’s only as its network', async () => {
    // Two failed sign-ins to op's account, from an IPv4 and an IPv6 address: each a line with its address.
    for (const remoteAddress of ['203.0.113.77', '2001:db8:1:2:3:4:5:6']) {
      const res = await t.app.inject({
        method: 'POST',
        url: API.login,
        remoteAddress,
        payload: { loginId: op.loginId, password: 'not the password at all' },
      });
      expect(problemOf(res).code).toBe('LOGIN_FAILED');
    }
    const query = `${OPS_CLAIMS_API.operatorActions}?loginId=${op.loginId}&action=sign_in_failed`;
    const ipsAs = async (headers: Record<string, string>) => {
      const res = await get(query, headers);
      expect(res.statusCode, res.body).toBe(200);
      return { ips: (res.json() as CursorPage<OperatorActionRow>).list.map((r) => r.ip).sort(), body: res.body };
    };
    expect((await ipsAs(op.headers)).ips).toEqual(['2001:db8:1:2:3:4:5:6', '203.0.113.77']);
    // Another operator, an admin included, sees the networks, never the addresses.
    const admin = await signInOperator(t, 'admin');
    const seen = await ipsAs(admin.headers);
    expect(seen.ips).toEqual(['2001:db8:1:*', '203.0.113.*']);
    expect(seen.body).not.toContain('203.0.113.77');
    expect(seen.body).not.toContain('2001:db8:1:2');
  });

  it('lists the lines operators caused in patients’ access logs', async () => {
    const res = await get(`${OPS_CLAIMS_API.patientAccess}?loginId=${op.loginId}&size=100`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as CursorPage<{ action: string; actionNm: string; patient: string | null; detail: string }>;
    expect(page.list.map((r) => r.action)).toEqual(
      expect.arrayContaining(['operator_revealed', 'released_to_operator', 'operator_retry']),
    );
    expect(page.list.find((r) => r.action === 'operator_revealed')).toMatchObject({
      actionNm: '이름·연락처·생년월일 확인',
      patient: '홍*동',
      detail: '환자 문의 응대',
    });
    expect(res.body).not.toContain('홍길동');
    // The engine's and hospitals' lines are not operators'.
    expect(page.list.every((r) => !['record_received', 'delivered', 'claim_created'].includes(r.action))).toBe(true);
  });

  it('names every action in Korean, on the screen and in a claim’s timeline; no raw code such as claim_status_set', async () => {
    for (const a of OPERATOR_ACTIONS) {
      expect(OPERATOR_ACTION[a].nm, a).toMatch(/[가-힣]/);
      expect(OPERATOR_ACTION[a].did, a).toMatch(/[가-힣]/);
    }
    const id = claimOf['H1-A:HYUNDAIMARINE']!;
    await t.db.db
      .insertInto('operatorAction')
      .values({
        at: clock.now(),
        loginId: op.loginId,
        ipEnc: t.app.ctx.crypto.encrypt('127.0.0.1'),
        action: 'claim_status_set',
        claimId: id,
      })
      .execute();
    const detail = (await get(OPERATOR_API.claim(id))).json() as OpsClaimDetail;
    expect(detail.timeline.at(-1)).toMatchObject({ kind: 'operator', title: '운영자가 청구 상태를 바꿨어요' });
    expect((await actions('action=claim_status_set')).list[0]).toMatchObject({ actionNm: '청구 상태 변경' });
    // Every action this file's calls wrote reads in Korean, never as its code.
    const all = await actions('size=100');
    expect(all.total).toBeLessThanOrEqual(100);
    expect(new Set(all.list.map((r) => r.action)).size).toBeGreaterThan(5);
    for (const r of all.list) expect(r.actionNm, r.action).toBe(OPERATOR_ACTION[r.action as OperatorAction].nm);
    for (const e of detail.timeline) expect(e.title).toMatch(/[가-힣]/);
  });

  it('reads every patient access-log action from one map: a Korean label for the console and the patient’s sentence', async () => {
    const facts = {
      who: '본인' as const,
      visit: '6월 1일 ',
      detail: 'patient_inquiry',
      origin: 'auto' as const,
      code: 'SAMSUNGFIRE',
      hospitalCd: '90000001',
      insuCompCd: 'SAMSUNGFIRE',
      hospitalNm: () => '한빛의원',
      insurerNm: () => '삼성화재',
    };
    for (const a of ACCESS_ACTIONS) {
      expect(ACCESS_ACTION[a].nm, a).toMatch(/[가-힣]/);
      expect(accessSentence(a, facts), a).toMatch(/요\.$/);
    }
    // The console's list of the lines operators caused labels each from the same map.
    const lines = (await get(`${OPS_CLAIMS_API.patientAccess}?size=100`)).json() as CursorPage<{
      action: AccessAction;
      actionNm: string;
    }>;
    expect(lines.total).toBeGreaterThan(0);
    for (const l of lines.list) expect(l.actionNm).toBe(ACCESS_ACTION[l.action].nm);
  });

  it('pages by cursor to the last page, every line once, the count the same on every page', async () => {
    const first = await actions('size=2&sort=at&order=asc');
    expect(first.list).toHaveLength(2);
    const ids = first.list.map((r) => r.id);
    let page = first;
    while (page.nextCursor) {
      page = await actions(`size=2&sort=at&order=asc&cursor=${page.nextCursor}`);
      expect(page.total).toBe(first.total);
      ids.push(...page.list.map((r) => r.id));
    }
    expect(page.list.length).toBe(first.total % 2 || 2);
    expect(new Set(ids).size).toBe(first.total);
  });

  it('is refused to a viewer; the operators’ record cannot be changed or deleted', async () => {
    expect((await get(OPS_CLAIMS_API.operatorActions, viewer.headers)).statusCode).toBe(403);
    expect((await get(OPS_CLAIMS_API.patientAccess, viewer.headers)).statusCode).toBe(403);
    await expect(
      t.db.db
        .updateTable('operatorAction')
        .set({ reason: 'changed' })
        .where('action', '=', 'patient_revealed')
        .execute(),
    ).rejects.toThrow(/append-only/);
    await expect(
      t.db.db.deleteFrom('operatorAction').where('action', '=', 'patient_revealed').execute(),
    ).rejects.toThrow(/append-only/);
  });
});

describe('the sandbox switch', () => {
  it('answers only this machine or an admin, and checks its body', async () => {
    const far = await t.app.inject({
      method: 'POST',
      url: '/sandbox/delivery/failures',
      remoteAddress: '203.0.113.9',
      payload: { insuCompCd: 'SAMSUNGFIRE', fail: true },
    });
    expect(far.statusCode).toBe(404);
    expect(problemOf(await failInsurer('nope', true)).errors?.[0]?.field).toBe('insuCompCd');
  });
});

describe('one budget for every release of personal data', () => {
  it('60 reveals in a row stop at OPERATOR_RELEASES_PER_HOUR, counted with packages and exports; nothing written past it', async () => {
    const id = claimOf['H1-A:SAMSUNGFIRE']!;
    const bulk = await signInOperator(t, 'operator', { loginId: 'bulk-revealer' });
    // From the threshold on, each release is a warning in the log too (docs/security.md "Operator releases").
    expectLog({
      level: 'warn',
      msg: 'operator releases of personal data over the alert threshold',
      count: OPERATOR_RELEASES_PER_HOUR - OPERATOR_RELEASES_ALERT_AT + 1,
    });
    const release = { category: 'patient_inquiry', reason: '환자 문의 확인' };
    const alerts = async (kind: string) =>
      (await t.app.ctx.metrics.registry.getSingleMetric('autoclaim_operator_release_alerts_total')!.get()).values
        .filter((v) => v.labels.kind === kind)
        .reduce((n, v) => n + v.value, 0);
    const [reveals0, exports0] = [await alerts('reveal'), await alerts('export')];
    const reveal = () => post(OPS_CLAIMS_API.claimReveal(id), release, bulk.headers);
    const download = () => post(OPERATOR_API.claimPackage(id), release, bulk.headers);
    const exportClaims = () => post(OPS_EXPORT_API.claims, {}, bulk.headers);
    const written = async () =>
      (
        await t.db.db
          .selectFrom('operatorAction')
          .select('action')
          .where('loginId', '=', 'bulk-revealer')
          .where('action', 'in', ['patient_revealed', 'documents_downloaded', 'list_exported'])
          .execute()
      ).length;
    const lines = async () =>
      (await t.db.db.selectFrom('accessLog').select('id').where('actor', '=', 'operator:bulk-revealer').execute())
        .length;
    // Two exports and three packages first, then the reveals: one count for all of them.
    for (const call of [exportClaims, exportClaims, download, download, download]) {
      expect((await call()).statusCode).toBe(200);
    }
    const outcomes: number[] = [];
    for (let i = 0; i < 60; i++) outcomes.push((await reveal()).statusCode);
    const allowed = OPERATOR_RELEASES_PER_HOUR - 5;
    expect(outcomes.slice(0, allowed)).toEqual(Array(allowed).fill(200));
    expect(outcomes.slice(allowed)).toEqual(Array(60 - allowed).fill(429));
    const over = problemOf(await reveal());
    expect(over).toMatchObject({ code: 'OPERATOR_RELEASE_LIMITED' });
    expect(over.detail).toContain(`한 시간에 ${OPERATOR_RELEASES_PER_HOUR}건까지`);
    // Packages and exports are spent too: refused before a row is read or a PDF built.
    expect(problemOf(await download()).code).toBe('OPERATOR_RELEASE_LIMITED');
    expect(problemOf(await exportClaims()).code).toBe('OPERATOR_RELEASE_LIMITED');
    expect(await written()).toBe(OPERATOR_RELEASES_PER_HOUR);
    expect(await lines()).toBe(allowed + 3);
    // From the alert threshold on, each release alerted (reveals from the 6th, exports not yet).
    expect(await alerts('reveal')).toBe(reveals0 + (OPERATOR_RELEASES_PER_HOUR - OPERATOR_RELEASES_ALERT_AT + 1));
    expect(await alerts('export')).toBe(exports0);
    // Another operator is not held by this one's count.
    expect((await post(OPS_CLAIMS_API.claimReveal(id), release)).statusCode).toBe(200);
  });
});
