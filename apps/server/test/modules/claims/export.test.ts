// Exports of the console's lists as CSV (README "Operator console", "Exports") through app.inject(): the claims, dead
// letters, the patient messages that failed, held records and both access logs, each with the filter its screen holds; a file Excel opens with its
// Korean intact (BOM, CRLF, quoting), formulas made text, patients masked; each export in the operators' record with
// its filter (no personal value) and row count; viewers refused. Runs on PGlite and, with DATABASE_URL, PostgreSQL.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HOSPITAL_API, HOSPITAL_KEY_HEADER, OPERATOR_API } from '@auto-claim/contract';
import { OPS_CLAIMS_API, OPS_EXPORT_API, type OpsClaimDetail, type OpsExportRecord } from '@auto-claim/contract/ops';
import { createSubscriber, treatmentRecord, type Subscriber } from '../../../fixtures/factories.js';
import { failedNotificationPage } from '../../../src/modules/claims/jobs.js';
import { claimsDb } from '../../../src/modules/claims/tables.js';
import { build, problemOf, signInOperator, testClock, type TestApp, expectLog, allowLog } from '../../helper.js';

// Noon in Seoul on 15 June 2026.
const clock = testClock(new Date('2026-06-15T03:00:00Z'));
let t: TestApp;
let op: { loginId: string; headers: Record<string, string> };
let viewer: { headers: Record<string, string> };
let hong: Subscriber;
let kim: Subscriber;

const feed = async (hospitalCd: string, records: ReturnType<typeof treatmentRecord>[]) => {
  const res = await t.app.inject({
    method: 'POST',
    url: HOSPITAL_API.treatments,
    headers: { [HOSPITAL_KEY_HEADER]: `sandbox-${hospitalCd}` },
    payload: { records },
  });
  expect(res.statusCode, res.body).toBe(200);
  await t.app.claimEngine.drain();
};
const post = (url: string, payload: unknown, headers = op.headers) =>
  t.app.inject({ method: 'POST', url, headers, payload: payload as object });

/** An export's file: its bytes checked for what Excel needs, then its records as arrays of cells (RFC 4180). */
async function exported(url: string, filter: Record<string, unknown> = {}) {
  const res = await post(url, filter);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.headers['content-disposition']).toMatch(
    /^attachment; filename="[a-z-]+-\d{8}-\d{4}\.csv"; filename\*=UTF-8''/,
  );
  expect(res.headers['cache-control']).toBe('no-store');
  const bytes = res.rawPayload;
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const csv = bytes.subarray(3).toString('utf8');
  expect(csv.endsWith('\r\n')).toBe(true);
  return { csv, records: parseCsv(csv) };
}

/** RFC 4180, as a spreadsheet reads it: quoted fields may hold commas, quotes doubled and line breaks. */
function parseCsv(csv: string): string[][] {
  const out: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < csv.length; i++) {
    const c = csv[i]!;
    if (quoted && c === '"' && csv[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (quoted && c === '"') {
      quoted = false;
    } else if (quoted) {
      cell += c;
    } else if (c === '"') {
      quoted = true;
    } else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && csv[i + 1] === '\n') {
      row.push(cell);
      out.push(row);
      row = [];
      cell = '';
      i++;
    } else {
      cell += c;
    }
  }
  return out;
}

/** The export records written since `since` (their detail parsed), once there are `n` of them. */
async function exportsRecorded(since: Date, n: number) {
  const read = async () =>
    (
      await t.db.db
        .selectFrom('operatorAction')
        .select(['loginId', 'action', 'target', 'detail', 'at'])
        .where('action', '=', 'list_exported')
        .where('at', '>=', since)
        .orderBy('id')
        .execute()
    ).map((r) => ({ ...r, detail: JSON.parse(r.detail!) as OpsExportRecord }));
  // The record is written when the reply has closed, a moment after the answer's last byte.
  // A busy machine may take longer than waitFor's default second.
  await vi.waitFor(async () => expect(await read()).toHaveLength(n), { timeout: 10_000, interval: 50 });
  return read();
}

// One operator makes every export and reveal of this file within the test clock's hour, past the alert threshold of
// docs/security.md "Operator releases": noise here; the alert itself is claims/console.test.ts's.
allowLog({ level: 'warn', msg: 'operator releases of personal data over the alert threshold' });

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
    treatmentRecord(hong, { receiptNo: 'E1-A', visitDate: '20260601', coveredCopay: 10_000, uncovered: 5_000 }),
    treatmentRecord(kim, { receiptNo: 'E1-B', visitDate: '20260605', coveredCopay: 30_000, uncovered: 0 }),
  ]);
  await feed('90000002', [
    treatmentRecord(hong, { receiptNo: 'E2-A', visitDate: '20260610', coveredCopay: 20_000, uncovered: 0 }),
    // The hospital spelt her name otherwise: held, never claimed.
    treatmentRecord({ ...hong, userNm: '홍길순' }, { receiptNo: 'E2-HELD', visitDate: '20260611' }),
  ]);
  op = await signInOperator(t, 'operator');
  viewer = await signInOperator(t, 'viewer');
});
afterAll(() => t?.close());

const CLAIM_HEADER = [
  '청구 번호',
  '진료 기록 번호',
  '병원 코드',
  '병원',
  '보험사 코드',
  '보험사',
  '환자 (가림)',
  '휴대폰 (가림)',
  '진료일',
  '청구일시',
  '청구 금액 (원)',
  '지급액 (원)',
  '상태',
  '전송 방법',
  '전송 상태',
  '전송 시도 횟수',
];

describe('the claim list', () => {
  it('exports every claim of the filter with a Korean header, patients masked, and records it with the count', async () => {
    clock.advance(1000);
    const since = clock.now();
    const all = await exported(OPS_EXPORT_API.claims);
    expect(all.records[0]).toEqual(CLAIM_HEADER);
    // hong: 2 insurers × 2 claimed records; kim: 1.
    expect(all.records).toHaveLength(1 + 5);
    const hongRow = all.records.find((r) => r[5] === '삼성화재' && r[8] === '2026-06-01')!;
    expect(hongRow).toEqual([
      expect.stringMatching(/^\d+$/),
      expect.stringMatching(/^\d+$/),
      '90000001',
      expect.any(String),
      'SAMSUNGFIRE',
      '삼성화재',
      '홍*동',
      '010-****-5678',
      '2026-06-01',
      '2026-06-15 12:00:00',
      '15000',
      '',
      '보험사에 보냄',
      '보험사 API',
      '보냄',
      '1',
    ]);
    for (const secret of ['홍길동', '김영희', '01012345678', '1234-5678', hong.ci, hong.ciHmac, hong.rrn]) {
      expect(all.csv).not.toContain(secret);
    }
    // The filter the list's screen holds: hospital, insurer, dates; the sort and order as shown.
    const h2 = await exported(OPS_EXPORT_API.claims, {
      hospitalCd: '90000002',
      sort: 'amount',
      order: 'asc',
      cursor: undefined,
      size: 20,
    });
    expect(h2.records.slice(1).map((r) => [r[2], r[5]])).toEqual([
      ['90000002', expect.any(String)],
      ['90000002', expect.any(String)],
    ]);
    const visitWindow = await exported(OPS_EXPORT_API.claims, { dateField: 'visit', from: '20260602', to: '20260609' });
    expect(visitWindow.records.slice(1).map((r) => r[6])).toEqual(['김*희']);
    expect((await exported(OPS_EXPORT_API.claims, { status: 'paid' })).records).toEqual([CLAIM_HEADER]);

    const recorded = await exportsRecorded(since, 4);
    expect(recorded.map((r) => [r.loginId, r.target, r.detail])).toEqual([
      [op.loginId, 'claims', { filter: { order: 'desc', dateField: 'visit' }, rows: 5, outcome: 'completed' }],
      [
        op.loginId,
        'claims',
        {
          filter: { hospitalCd: '90000002', sort: 'amount', order: 'asc', dateField: 'visit' },
          rows: 2,
          outcome: 'completed',
        },
      ],
      [
        op.loginId,
        'claims',
        {
          filter: { dateField: 'visit', from: '20260602', to: '20260609', order: 'desc' },
          rows: 1,
          outcome: 'completed',
        },
      ],
      [
        op.loginId,
        'claims',
        { filter: { status: 'paid', order: 'desc', dateField: 'visit' }, rows: 0, outcome: 'completed' },
      ],
    ]);
    // The access log's screen shows it with its label.
    const log = (
      await t.app.inject({ url: `${OPS_CLAIMS_API.operatorActions}?action=list_exported`, headers: op.headers })
    ).json() as {
      list: { actionNm: string; target: string; detail: string }[];
    };
    expect(log.list[0]).toMatchObject({
      actionNm: '목록 내려받기 (CSV)',
      target: 'claims',
      detail: expect.stringMatching(/^청구 목록 0건 \(끝까지 내려받음\) · 필터: .*status=paid/),
    });
  });

  it('exports 지급액: what the insurer paid, beside what was claimed; empty before it pays', async () => {
    const claims = (
      await t.app.inject({ url: `${OPS_CLAIMS_API.claims}?hospitalCd=90000001`, headers: op.headers })
    ).json() as { list: { claimId: number; patient: { name: string } }[] };
    const kims = claims.list.find((c) => c.patient.name === '김*희')!;
    const paid = await post(OPERATOR_API.claimStatus(kims.claimId), { status: 'paid', paidAmount: 27_500 });
    expect(paid.statusCode, paid.body).toBe(200);
    const csv = await exported(OPS_EXPORT_API.claims, { status: 'paid' });
    const at = CLAIM_HEADER.indexOf('지급액 (원)');
    expect(csv.records.slice(1).map((r) => [r[0], r[at - 1], r[at]])).toEqual([
      [String(kims.claimId), '30000', '27500'],
    ]);
    const sent = await exported(OPS_EXPORT_API.claims, { status: 'sent', hospitalCd: '90000001' });
    expect(sent.records.slice(1).every((r) => r[at] === '')).toBe(true);
  });

  it('the claim’s page names the payout account, masked, and when the insurer paid', async () => {
    const claims = (
      await t.app.inject({ url: `${OPS_CLAIMS_API.claims}?hospitalCd=90000001`, headers: op.headers })
    ).json() as { list: { claimId: number; patient: { name: string }; status: string }[] };
    const detailOf = async (id: number) => {
      const res = await t.app.inject({ url: OPERATOR_API.claim(id), headers: op.headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as OpsClaimDetail;
    };
    const kims = claims.list.find((c) => c.patient.name === '김*희')!;
    const hongs = claims.list.find((c) => c.patient.name === '홍*동')!;
    // No account kept: none named; not paid: no date.
    expect(await detailOf(hongs.claimId)).toMatchObject({ payout: null, paidAt: null });
    await sql`update subscription set bank_cd = '004', bank_account_last4 = '4321'
      where insu_apply_id = ${kim.insuApplyId}`.execute(t.db.db);
    const paid = await detailOf(kims.claimId);
    expect(paid.payout).toEqual({ bankNm: 'KB국민은행', accountMasked: '****4321', holderMasked: '김*희' });
    // Paid by the operator's record in the test before: its time.
    expect(paid.paidAt).toBe(paid.timeline.filter((e) => e.status === 'paid').at(-1)!.at);
    expect(JSON.stringify(paid)).not.toContain('김영희');
  });

  it('refuses a bad filter naming the field, in Korean, and records nothing', async () => {
    clock.advance(1000);
    const since = clock.now();
    const bad = problemOf(await post(OPS_EXPORT_API.claims, { hospitalCd: 'abc' }));
    expect(bad).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect(bad.errors?.[0]?.field).toBe('hospitalCd');
    const range = problemOf(await post(OPS_EXPORT_API.claims, { from: '20260610', to: '20260601' }));
    expect(range.errors?.[0]).toMatchObject({ field: 'from', message: '시작일이 종료일보다 늦어요.' });
    expect(await exportsRecorded(since, 0)).toEqual([]);
  });
});

describe('dead letters, held records and the access log', () => {
  it('dead letters: an operator’s note that looks like a formula is text, quotes and commas quoted', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/sandbox/delivery/failures',
      payload: { insuCompCd: 'HYUNDAIMARINE', fail: true },
    });
    await feed('90000001', [treatmentRecord(hong, { receiptNo: 'E-DEAD', visitDate: '20260612' })]);
    await t.app.inject({
      method: 'POST',
      url: '/sandbox/delivery/failures',
      payload: { insuCompCd: 'HYUNDAIMARINE', fail: false },
    });
    const open = await exported(OPS_EXPORT_API.deadLetters);
    expect(open.records).toHaveLength(2);
    const claimId = Number(open.records[1]![0]);
    const note = '=HYPERLINK("http://evil.test","보험사, 확인")';
    const closed = await post(OPS_CLAIMS_API.deadLettersHandled, { claimIds: [claimId], note });
    expect(closed.statusCode, closed.body).toBe(200);
    // The default filter is those still to deal with: none now; handled=true finds it, its note made text.
    expect((await exported(OPS_EXPORT_API.deadLetters)).records).toHaveLength(1);
    const handled = await exported(OPS_EXPORT_API.deadLetters, { handled: 'true' });
    expect(handled.records[0]).toEqual([
      '청구 번호',
      '보험사 코드',
      '보험사',
      '병원 코드',
      '환자 (가림)',
      '휴대폰 (가림)',
      '전송 방법',
      '시도 횟수',
      '마지막 오류',
      '실패 일시',
      '처리 완료 일시',
      '처리한 운영자',
      '처리 메모',
    ]);
    expect(handled.records[1]).toMatchObject({
      0: String(claimId),
      2: '현대해상',
      4: '홍*동',
      11: op.loginId,
      12: `'${note}`,
    });
    expect(handled.csv).toContain(`"'=HYPERLINK(""http://evil.test"",""보험사, 확인"")"`);
  });

  it('held records: why each is held, in Korean', async () => {
    const held = await exported(OPS_EXPORT_API.heldRecords);
    expect(held.records[0]).toEqual([
      '진료 기록 번호',
      '병원 코드',
      '영수증 번호',
      '진료일',
      '기록의 이름 (가림)',
      '보류 사유',
      '가입 번호',
      '가입자와 연결 가능',
      '받은 일시',
      '결정 일시',
    ]);
    expect(held.records.slice(1)).toEqual([
      [
        expect.stringMatching(/^\d+$/),
        '90000002',
        'E2-HELD',
        '2026-06-11',
        '홍*순',
        '이름·생년월일이 가입자와 달라요',
        expect.stringMatching(/^\S+$/),
        '예',
        expect.any(String),
        expect.any(String),
      ],
    ]);
    expect(held.csv).not.toContain('홍길순');
    expect((await exported(OPS_EXPORT_API.heldRecords, { hospitalCd: '90000001' })).records).toHaveLength(1);
  });

  it('the access log: a typed reason is text, the patient masked; by patient, by operator', async () => {
    const claimId = Number(
      (await exported(OPS_EXPORT_API.claims, { insuCompCd: 'SAMSUNGFIRE', hospitalCd: '90000002' })).records[1]![0],
    );
    const reveal = await post(OPS_CLAIMS_API.claimReveal(claimId), {
      category: 'patient_inquiry',
      reason: '+82 전화 문의, "급함"',
    });
    expect(reveal.statusCode, reveal.body).toBe(200);
    const actions = await exported(OPS_EXPORT_API.operatorActions, { claimId, action: 'patient_revealed' });
    expect(actions.records[0]).toEqual([
      '번호',
      '일시',
      '운영자',
      '접속 주소',
      '작업',
      '청구 번호',
      '진료 기록 번호',
      '환자 (가림)',
      '대상',
      '사유',
      '내용',
    ]);
    expect(actions.records.slice(1)).toEqual([
      [
        expect.stringMatching(/^\d+$/),
        expect.stringMatching(/^2026-06-15 /),
        op.loginId,
        expect.stringMatching(/^127\./),
        '환자 정보 확인',
        String(claimId),
        expect.stringMatching(/^\d+$/),
        '홍*동',
        '',
        `'+82 전화 문의, "급함"`,
        '환자 문의 응대',
      ],
    ]);
    // The screen's own keys (which view, a filter of the other view) are not the list's: left out, not refused.
    const access = await exported(OPS_EXPORT_API.patientAccess, {
      claimId,
      loginId: op.loginId,
      view: 'patients',
      action: 'patient_revealed',
    });
    expect(access.records[0]).toEqual([
      '번호',
      '일시',
      '운영자',
      '내용',
      '청구 번호',
      '진료 기록 번호',
      '환자 (가림)',
      '상세',
    ]);
    expect(access.records.slice(1)).toContainEqual([
      expect.any(String),
      expect.any(String),
      op.loginId,
      expect.any(String),
      String(claimId),
      expect.any(String),
      '홍*동',
      '환자 문의 응대',
    ]);
    expect(access.csv).not.toContain('홍길동');
  });
});

describe('who may export', () => {
  it('a viewer may export no list (403), and nothing is recorded; without a session, 401', async () => {
    clock.advance(1000);
    const since = clock.now();
    for (const url of Object.values(OPS_EXPORT_API)) {
      expect(problemOf(await post(url, {}, viewer.headers)), url).toMatchObject({
        status: 403,
        code: 'ROLE_FORBIDDEN',
      });
      expect((await t.app.inject({ method: 'POST', url, payload: {} })).statusCode, url).toBe(401);
    }
    expect(await exportsRecorded(since, 0)).toEqual([]);
  });

  it('needs the session’s CSRF token like every POST', async () => {
    const { 'x-csrf-token': _token, ...noToken } = op.headers;
    expect(problemOf(await post(OPS_EXPORT_API.claims, {}, noToken))).toMatchObject({
      status: 403,
      code: 'CSRF_FAILED',
    });
  });
});

describe('patient messages that failed every retry', () => {
  const HEADER = [
    '작업 번호',
    '진료 기록 번호',
    '시도 횟수',
    '마지막 오류',
    '실패 일시',
    '처리 완료 일시',
    '처리한 운영자',
    '처리 메모',
  ];
  type Row = { jobId: string; recordId: number };
  const listed = async (query: string) => {
    const res = await t.app.inject({ url: `${OPERATOR_API.notificationDeadLetters}?${query}`, headers: op.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { list: Row[]; total: number };
  };

  it('exports the list as its screen shows it, newest first, an error that looks like a formula made text', async () => {
    await t.app.claimEngine.start(); // pg-boss installed: messages are its jobs
    const provider = t.app.ctx.providers.notification;
    // The adapter's message as a spreadsheet would take it: a formula.
    // The vendor double fails every send: the batch's failure is logged, and pg-boss retries it.
    expectLog({ level: 'warn', msg: 'patient message batch failed; pg-boss retries it' });
    t.app.ctx.providers.notification = { send: () => Promise.reject(new Error('-99999999: 알림톡, 문자 발송 실패')) };
    try {
      // Fed without draining: the messages' jobs wait until they are given no retries.
      const res = await t.app.inject({
        method: 'POST',
        url: HOSPITAL_API.treatments,
        headers: { [HOSPITAL_KEY_HEADER]: 'sandbox-90000001' },
        payload: {
          records: [
            treatmentRecord(kim, { receiptNo: 'E-N1', visitDate: '20260613' }),
            treatmentRecord(hong, { receiptNo: 'E-N2', visitDate: '20260613' }),
            treatmentRecord(hong, { receiptNo: 'E-N3', visitDate: '20260614' }),
          ],
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      while ((await t.app.claimEngine.matchBatch()) > 0);
      // No waiting for pg-boss's backoff: the messages get no retries left.
      await sql`update pgboss.job set retry_limit = 0 where name = 'claims.notify' and state = 'created'`.execute(
        t.db.db,
      );
      await t.app.claimEngine.drain();
    } finally {
      t.app.ctx.providers.notification = provider;
    }
    const shown = await listed('size=100');
    expect(shown.total).toBeGreaterThanOrEqual(3);

    clock.advance(1000);
    const since = clock.now();
    // The screen's body: its page and size are not the file's, which holds every row.
    const open = await exported(OPS_EXPORT_API.notificationDeadLetters, {
      handled: 'false',
      sort: 'failedAt',
      order: 'desc',
      page: 2,
      size: 1,
    });
    expect(open.records[0]).toEqual(HEADER);
    expect(open.records.slice(1).map((r) => r[0])).toEqual(shown.list.map((r) => r.jobId));
    expect(open.records[1]).toEqual([
      shown.list[0]!.jobId,
      String(shown.list[0]!.recordId),
      '1',
      `'-99999999: 알림톡, 문자 발송 실패`,
      expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      '',
      '',
      '',
    ]);
    expect(open.csv).toContain(`"'-99999999: 알림톡, 문자 발송 실패"`);

    // Closed with a note: out of the default filter, in handled=true with who closed it and the note made text.
    const [first] = shown.list;
    const note = '=1+1 전화로 알렸어요';
    const closed = await t.app.inject({
      method: 'POST',
      url: OPS_CLAIMS_API.notificationsHandled,
      headers: op.headers,
      payload: { jobIds: [first!.jobId], note },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const rest = await exported(OPS_EXPORT_API.notificationDeadLetters);
    expect(rest.records.slice(1).map((r) => r[0])).toEqual(shown.list.slice(1).map((r) => r.jobId));
    const handled = await exported(OPS_EXPORT_API.notificationDeadLetters, { handled: 'true' });
    expect(handled.records.slice(1)).toEqual([
      [
        first!.jobId,
        String(first!.recordId),
        '1',
        expect.any(String),
        expect.any(String),
        expect.stringMatching(/^2026-06-15 /),
        op.loginId,
        `'${note}`,
      ],
    ]);
    for (const secret of ['홍길동', '김영희', '01012345678', hong.ci, hong.ciHmac]) {
      expect(open.csv + handled.csv).not.toContain(secret);
    }

    const recorded = await exportsRecorded(since, 3);
    expect(recorded.map((r) => [r.loginId, r.target, r.detail])).toEqual([
      [
        op.loginId,
        'notificationDeadLetters',
        { filter: { handled: 'false', sort: 'failedAt', order: 'desc' }, rows: shown.total, outcome: 'completed' },
      ],
      [
        op.loginId,
        'notificationDeadLetters',
        { filter: { handled: 'false', order: 'desc' }, rows: shown.total - 1, outcome: 'completed' },
      ],
      [
        op.loginId,
        'notificationDeadLetters',
        { filter: { handled: 'true', order: 'desc' }, rows: 1, outcome: 'completed' },
      ],
    ]);
    const log = (
      await t.app.inject({ url: `${OPS_CLAIMS_API.operatorActions}?action=list_exported`, headers: op.headers })
    ).json() as { list: { detail: string }[] };
    expect(log.list[0]!.detail).toBe('보내지 못한 알림톡·문자 1건 (끝까지 내려받음) · 필터: order=desc, handled=true');
  });

  it('is read by key a page at a time, uncounted, in the list’s order either way, each row once', async () => {
    const all = (await listed('handled=all&size=100')).list.map((r) => r.jobId);
    expect(all.length).toBeGreaterThanOrEqual(3);
    const walked: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await failedNotificationPage(claimsDb(t.app.ctx), { handled: 'all', cursor, size: 1 });
      expect(page.list.length).toBeLessThanOrEqual(1);
      walked.push(...page.list.map((r) => r.jobId));
      cursor = page.nextCursor ?? undefined;
    } while (cursor !== undefined);
    expect(walked).toEqual(all);
    // Oldest first when the screen's sort says so, the list and its file alike.
    const oldest = (await listed('handled=all&order=asc&size=100')).list.map((r) => r.jobId);
    expect(oldest).toEqual([...all].reverse());
    const file = await exported(OPS_EXPORT_API.notificationDeadLetters, { handled: 'all', order: 'asc' });
    expect(file.records.slice(1).map((r) => r[0])).toEqual(oldest);
    const ascending: string[] = [];
    cursor = undefined;
    do {
      const page = await failedNotificationPage(claimsDb(t.app.ctx), { handled: 'all', order: 'asc', cursor, size: 2 });
      ascending.push(...page.list.map((r) => r.jobId));
      cursor = page.nextCursor ?? undefined;
    } while (cursor !== undefined);
    expect(ascending).toEqual(oldest);
  });

  it('refuses a bad filter naming the field, in Korean; a viewer may not export it', async () => {
    const bad = problemOf(await post(OPS_EXPORT_API.notificationDeadLetters, { handled: 'maybe' }));
    expect(bad).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect(bad.errors?.[0]).toMatchObject({ field: 'handled', message: 'handled는 false, true, all 중 하나예요.' });
    expect(problemOf(await post(OPS_EXPORT_API.notificationDeadLetters, {}, viewer.headers))).toMatchObject({
      status: 403,
      code: 'ROLE_FORBIDDEN',
    });
  });
});
