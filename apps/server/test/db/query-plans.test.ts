// The console's lists and the dashboard do not grow with a year of data (the scale review): on a database large
// enough for the planner to care (tens of thousands of claims, records, deliveries and access-log lines), every query
// the console's calls make is planned with EXPLAIN, and a sequential scan of a table that grows with use fails it.
// The queries are the ones the routes really send: a Kysely plugin records each SELECT while app.inject() calls them.
// PostgreSQL only (DATABASE_URL): the embedded database plans alike but takes minutes to seed this much.
import { CompiledQuery, sql, type KyselyPlugin, type RootOperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HELD_OUTCOMES, HOSPITAL_KEY_HEADER, OPERATOR_API } from '@auto-claim/contract';
import {
  OPS_CHILD_API,
  OPS_CLAIMS_API,
  OPS_DASHBOARD_API,
  OPS_EXPORT_API,
  OPS_HOSPITALS_API,
  HOSPITAL_PORTAL_API,
  OPS_SUBSCRIBER_API,
  type RelationDocumentsPage,
} from '@auto-claim/contract/ops';
import { childrenOf } from '../../src/modules/guardians/children.js';
import { EXPORT_PAGE_SIZE } from '../../src/http/csv-export.js';
import { buildApp } from '../../src/app.js';
import { foldDayCounts } from '../../src/modules/claims/counts.js';
import { rebuildFunnelStepDays } from '../../src/modules/funnel/index.js';
import { listTreats } from '../../src/modules/treats/history.js';
import type { Patient } from '../../src/security/session.js';
import { birthHmacOf, nameHmacOf, phoneHmacOf } from '../../src/security/person-lookup.js';
import type { Db } from '../../src/db/index.js';
import {
  TEST_CONFIG,
  openTestDb,
  signInHospitalUser,
  signInOperator,
  testLogStream,
  type TestApp,
  allowLog,
} from '../helper.js';
import { treatmentRecord } from '../../fixtures/factories.js';

/** The tables that grow with use: none of them may be read whole to answer one screen. */
const GROWING = new Set([
  'claim',
  'claim_delivery',
  'claim_delivery_attempt',
  'claim_status_history',
  'claim_day_count',
  'hospital_day_count',
  'fhir_refusal',
  'claim_status_day_count',
  'treatment_record',
  'access_log',
  'operator_action',
  'feed_rejection',
  'subscription',
  'funnel_day',
  'funnel_step_day',
  'funnel_visit',
  'relation_document',
  'insured_dispute',
]);
const N = 200_000;
const HOSPITAL = '90000001';
const INSURER = 'SAMSUNGFIRE';

type Plan = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: Plan[];
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
};
const seqScans = (p: Plan): string[] => [
  ...(p['Node Type'] === 'Seq Scan' && p['Relation Name'] && GROWING.has(p['Relation Name'])
    ? [p['Relation Name']]
    : []),
  ...(p.Plans ?? []).flatMap(seqScans),
];

/** Each index's table (pg_indexes): a bitmap index scan names only its index. */
const indexTable = new Map<string, string>();
/**
 * The rows a query read from growing tables (kept or filtered out), as EXPLAIN ANALYZE counts them, and the entries
 * its bitmap index scans read from their indexes (a BitmapAnd of two long ranges keeps few rows but reads them all).
 */
const rowsRead = (p: Plan): number => {
  const table = p['Node Type'] === 'Bitmap Index Scan' ? indexTable.get(p['Index Name'] ?? '') : p['Relation Name'];
  const own =
    table && GROWING.has(table)
      ? ((p['Actual Rows'] ?? 0) + (p['Rows Removed by Filter'] ?? 0) + (p['Rows Removed by Index Recheck'] ?? 0)) *
        (p['Actual Loops'] ?? 1)
      : 0;
  return own + (p.Plans ?? []).reduce((n, c) => n + rowsRead(c), 0);
};

/** The plan's nodes, one a line, for a failure's message. */
const shape = (p: Plan, depth = 0): string =>
  [
    `${'  '.repeat(depth)}${p['Node Type']}${p['Relation Name'] ? ` ${p['Relation Name']}` : ''} rows=${p['Actual Rows'] ?? '?'}×${p['Actual Loops'] ?? 1}${p['Rows Removed by Filter'] ? ` filtered=${p['Rows Removed by Filter']}` : ''}`,
    ...(p.Plans ?? []).map((c) => shape(c, depth + 1)),
  ].join('\n');

// One operator asks every plan's list within a minute, past the person-search alert threshold (docs/security.md
// "Operator releases"): noise here; the alert itself is claims/person-search.test.ts's.
allowLog({ level: 'warn', msg: 'operator person searches over the alert threshold' });

let t: TestApp;
let headers: Record<string, string>;
let recording: CompiledQuery[] | undefined;

const isRead = (node: RootOperationNode) =>
  node.kind === 'SelectQueryNode' ||
  (node.kind === 'RawNode' && /^\s*(select|with)\b/i.test(node.sqlFragments.join('')));

/** Seeds N records, N claims with their deliveries and history, N access-log lines and operator actions; ANALYZE. */
async function seed(t: TestApp) {
  const db = t.db.db;
  const crypto = t.app.ctx.crypto;
  const person = crypto.encryptJson({ name: '홍길동', birthDate: '19800101' });
  const detail = crypto.encryptJson({ department: '내과', kcdCodes: [] });
  const ip = crypto.encrypt('203.0.113.7');
  const hospitals = (await db.selectFrom('hospital').select('hospitalCd').limit(20).execute()).map((h) => h.hospitalCd);
  const insurers = (await db.selectFrom('insurer').select('insuCompCd').limit(10).execute()).map((i) => i.insuCompCd);
  const hs = sql`(${sql.val([...new Set([HOSPITAL, ...hospitals])])}::text[])`;
  const is = sql`(${sql.val([...new Set([INSURER, ...insurers])])}::text[])`;
  // Over two years, one every 5 minutes: a month is a few percent of the table, as it will be.
  await sql`insert into treatment_record (hospital_cd, receipt_no, content_hash, ci_hmac, person_enc, detail_enc,
      visit_date, visit_type, covered_copay, uncovered, total_paid, outcome, received_at, decided_at)
    select ${hs}[1 + g % cardinality(${hs})], 'SEED-' || g, 'seed-' || g, 'ci-' || (g % 20000), ${person}, ${detail},
      to_char(now() - make_interval(mins => g * 5) - interval '2 days', 'YYYYMMDD'), '외래', 10000, 0, 10000,
      case when g % 125 <> 0 then 'claimed' when g % 375 = 0 then 'identity_mismatch'
        when g % 375 = 125 then 'rrn_unconfirmed' else 'not_patients' end,
      now() - make_interval(mins => g * 5), now() - make_interval(mins => g * 5)
    from generate_series(1, ${N}) g`.execute(db);
  await sql`insert into claim (record_id, hospital_cd, visit_date, insu_comp_cd, ci_hmac, origin, amount, status, created_at, updated_at)
    select r.id, r.hospital_cd, r.visit_date, ${is}[1 + r.id % cardinality(${is})], r.ci_hmac, 'auto', 1000 + r.id % 90000,
      (array['sent', 'accepted', 'paid', 'rejected', 'failed', 'claimed', 'received'])[1 + r.id % 7],
      r.received_at, r.received_at
    from treatment_record r where r.receipt_no like 'SEED-%'`.execute(db);
  await sql`insert into claim_delivery (claim_id, insu_comp_cd, channel, destination, status, attempts,
      next_attempt_at, created_at, dead_at)
    select c.id, c.insu_comp_cd, 'api', 'https://insurer.test', case when c.id % 49 = 0 then 'dead' else 'sent' end,
      1, c.created_at, c.created_at, case when c.id % 49 = 0 then c.created_at end
    from claim c`.execute(db);
  await sql`insert into claim_status_history (claim_id, status, actor, at)
    select c.id, c.status, 'engine', c.created_at from claim c`.execute(db);
  await sql`insert into access_log (ci_hmac, action, actor, record_id, claim_id, at)
    select c.ci_hmac, 'claim_created', case when c.id % 10 = 0 then 'operator:seed' else 'engine' end, c.record_id,
      c.id, c.created_at
    from claim c`.execute(db);
  await sql`insert into operator_action (at, login_id, ip_enc, action, ci_hmac, record_id, claim_id)
    select c.created_at, 'seed-' || (c.id % 30), ${ip}, 'patient_revealed', c.ci_hmac, c.record_id, c.id
    from claim c`.execute(db);
  await sql`insert into feed_rejection (hospital_cd, at, receipt_no, code, field, message)
    select ${hs}[1 + g % cardinality(${hs})], now() - make_interval(mins => g * 5), 'BAD-' || g, 'INVALID', 'visitDate',
      '진료일이 올바르지 않아요.'
    from generate_series(1, ${N}) g`.execute(db);
  await sql`insert into subscription (insu_apply_id, ci_hmac, ci_enc, status, prc_mode, person_enc, insu_comp_cd,
      contract_start_date, contract_end_date, created_at, updated_at)
    select 'SEED-' || g, 'sci-' || g, ${person}, 'subscribe', 'inner', ${person}, ${INSURER}, '20250101', '20251231',
      now() - make_interval(mins => g * 5), now() - make_interval(mins => g * 5)
    from generate_series(1, ${N}) g`.execute(db);
  await sql`insert into subscription_hospital (insu_apply_id, hospital_cd)
    select insu_apply_id, ${HOSPITAL} from subscription where insu_apply_id like 'SEED-%'`.execute(db);
  // Each with its RRN's hash, as every subscription made since migration 0011 has, and the backfill gave the rest.
  await sql`update subscription set rrn_hmac = 'r-' || insu_apply_id where insu_apply_id like 'SEED-%'`.execute(db);
  await sql`insert into funnel_day (day, hospital_cd, step, visits)
    select to_char(now() - make_interval(days => d), 'YYYYMMDD'), h, s, 10
    from generate_series(0, 729) d, unnest(${hs}) h, unnest(array['landing', 'identity', 'jumin', 'insuChoose', 'photo',
      'paymentAccount', 'signature', 'complete']) s`.execute(db);
  // The lookup hashes (migration 0039): a name per patient, a birth date per 365 records, a phone per subscription;
  // one patient (ci-42) answers to the real hashes of what the search below says.
  const ctx = t.app.ctx;
  await sql`update treatment_record set
      name_hmac = case when ci_hmac = 'ci-42' then ${nameHmacOf(ctx, '홍길동')} else 'n-' || ci_hmac end,
      birth_hmac = case when ci_hmac = 'ci-42' then ${birthHmacOf(ctx, '19580302')} else 'b-' || (id % 365) end
    where receipt_no like 'SEED-%'`.execute(db);
  await sql`update subscription set phone_hmac = 'p-' || insu_apply_id where insu_apply_id like 'SEED-%'`.execute(db);
  await sql`update subscription set phone_hmac = ${phoneHmacOf(ctx, '01012345678')}, ci_hmac = 'ci-42'
    where insu_apply_id = 'SEED-42'`.execute(db);
  // The child case: every fourth subscription a child's (30,000 guardians), each with a relation document (1 % still
  // waiting, the rest confirmed or refused), and a dispute for every other one (25,000: far more than there will be).
  await sql`update subscription set guardian_ci_hmac = 'g-' || (substr(insu_apply_id, 6)::int % 30000),
      guardian_ci_enc = ci_enc, guardian_enc = person_enc, guardian_rel = 'mother', relation_status = 'confirmed',
      adult_on = '20340101'
    where insu_apply_id like 'SEED-%' and substr(insu_apply_id, 6)::int % 4 = 0`.execute(db);
  // The guardians' lookup hashes (migration 0058): one guardian, of two children, is 홍길동 born 1958-03-02.
  await sql`update subscription set guardian_name_hmac = 'gn-' || guardian_ci_hmac, guardian_birth_hmac = 'gb-1'
    where guardian_ci_hmac is not null`.execute(db);
  await sql`update subscription set guardian_name_hmac = ${nameHmacOf(ctx, '홍길동')},
      guardian_birth_hmac = ${birthHmacOf(ctx, '19580302')}
    where guardian_ci_hmac = 'g-44'`.execute(db);
  await sql`insert into relation_document (insu_apply_id, doc_type, issue_date, content_type, file_bytes, status,
      submitted_at, decided_at, decided_by)
    select insu_apply_id, 'family', '20250101', 'image/jpeg', 1000,
      case when substr(insu_apply_id, 6)::int % 400 = 0 then 'pending'
           when substr(insu_apply_id, 6)::int % 7 = 0 then 'refused' else 'confirmed' end,
      created_at, created_at, 'seed'
    from subscription where guardian_ci_hmac is not null`.execute(db);
  await sql`insert into insured_dispute (rrn_hmac, holder_insu_apply_id, claimant_ci_hmac, claimant_enc, status,
      created_at)
    select 'r-' || insu_apply_id, insu_apply_id, 'c-' || insu_apply_id,
      ${crypto.encryptJson({ kind: 'child', insuredNm: '홍길동', guardianNm: '홍엄마', guardianRel: 'mother', userTel: '' })},
      case when substr(insu_apply_id, 6)::int % 3 = 0 then 'open' else 'resolved' end, created_at
    from subscription where guardian_ci_hmac is not null and substr(insu_apply_id, 6)::int % 8 = 0`.execute(db);
  // As the minute tick does for the day counts; the funnel's totals as countView keeps them, from the rows seeded above.
  await foldDayCounts(t.app.ctx.db);
  await rebuildFunnelStepDays(t.app.ctx.db);
  await sql`analyze`.execute(db);
}

/** Runs `call` and answers every SELECT it sent with its plan's sequential scans of growing tables. */
async function plansOf(call: () => Promise<unknown>) {
  const queries: CompiledQuery[] = (recording = []);
  try {
    await call();
  } finally {
    recording = undefined;
  }
  expect(queries.length, 'no query recorded').toBeGreaterThan(0);
  const out: { sql: string; seq: string[]; rows: number; shape: string }[] = [];
  for (const q of queries) {
    const r = await t.db.db.executeQuery<{ 'QUERY PLAN': [{ Plan: Plan }] }>(
      CompiledQuery.raw(`explain (analyze, format json) ${q.sql}`, [...q.parameters]),
    );
    const plan = r.rows[0]!['QUERY PLAN'][0].Plan;
    out.push({ sql: q.sql, seq: seqScans(plan), rows: rowsRead(plan), shape: shape(plan) });
  }
  return out;
}

/**
 * Calls the console as an operator: 200, and no query of it reads a growing table whole; with `maxRows`, none reads
 * more rows of them than that either (an index range that grows with history is as bad as a scan, only slower to show).
 */
const noSeqScan = async (url: string, maxRows?: number, except: string[] = []) => {
  let body: Record<string, unknown> = {};
  const plans = await plansOf(async () => {
    const res = await t.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode, res.body).toBe(200);
    body = res.json() as Record<string, unknown>;
  });
  for (const p of plans) expect(p.seq, `${url}\n${p.sql}`).toEqual([]);
  if (maxRows !== undefined) {
    for (const p of plans) {
      if (!except.some((table) => new RegExp(`\\b(from|join) "?${table}"?\\s`, 'i').test(p.sql))) {
        expect(p.rows, `${url}\n${p.sql}\n${p.shape}`).toBeLessThanOrEqual(maxRows);
      }
    }
  }
  return body;
};

/** The same for a POST search (the person searches: what a caller says rides in the body). */
const noSeqScanPost = async (url: string, payload: Record<string, unknown>) => {
  let body: Record<string, unknown> = {};
  const plans = await plansOf(async () => {
    const res = await t.app.inject({ method: 'POST', url, headers, payload });
    expect(res.statusCode, res.body).toBe(200);
    body = res.json() as Record<string, unknown>;
  });
  for (const p of plans) expect(p.seq, `${url} ${JSON.stringify(payload)}\n${p.sql}`).toEqual([]);
  return body as { list: unknown[] };
};

// Every query of a call EXPLAINed on a seeded database: an export is dozens of them, so 120 s a test.
describe.skipIf(!process.env.DATABASE_URL)('on a database the planner has to think about', { timeout: 120_000 }, () => {
  beforeAll(async () => {
    const { db, close } = await openTestDb();
    // Every SELECT the app sends while `recording` is set, compiled as the database receives it.
    const record: KyselyPlugin = {
      transformQuery({ node, queryId }) {
        if (recording && isRead(node)) recording.push(db.db.getExecutor().compileQuery(node, queryId));
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    const recorded: Db = { ...db, db: db.db.withPlugin(record) };
    const app = await buildApp({ config: TEST_CONFIG, db: recorded, logStream: testLogStream });
    await app.ready();
    t = {
      app,
      db,
      async close() {
        await app.close();
        await close();
      },
    };
    headers = (await signInOperator(t, 'operator')).headers;
    await seed(t);
    const indexes = await sql<{ indexname: string; tablename: string }>`select indexname, tablename from pg_indexes
      where schemaname = current_schema()`.execute(db.db);
    for (const i of indexes.rows) indexTable.set(i.indexname, i.tablename);
  }, 300_000);
  afterAll(() => t?.close());

  it('the claim search: newest first, by insurer and status, hospital, either date, sorted, the next page', async () => {
    const first = await noSeqScan(`${OPS_CLAIMS_API.claims}?size=20`);
    // The count stops at 1,000: the console shows "1,000건 이상".
    expect(first).toMatchObject({ total: 1000, capped: true, nextCursor: expect.any(String) });
    await noSeqScan(`${OPS_CLAIMS_API.claims}?size=20&cursor=${first.nextCursor as string}`);
    await noSeqScan(`${OPS_CLAIMS_API.claims}?insuCompCd=${INSURER}&status=failed`);
    await noSeqScan(`${OPS_CLAIMS_API.claims}?status=paid`);
    await noSeqScan(`${OPS_CLAIMS_API.claims}?hospitalCd=${HOSPITAL}`);
    await noSeqScan(`${OPS_CLAIMS_API.claims}?hospitalCd=${HOSPITAL}&insuCompCd=${INSURER}`);
    const week = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
    await noSeqScan(`${OPS_CLAIMS_API.claims}?dateField=claim&from=${week(14)}&to=${week(7)}`);
    await noSeqScan(`${OPS_CLAIMS_API.claims}?dateField=visit&from=${week(14)}&to=${week(7)}`);
    // A hospital's, an insurer's or a status's week reads that week (a few hundred claims), not every claim it ever
    // had (migration 0045). Two of them with a week read one's week or the two's history, as the planner judges.
    const weekOf = `from=${week(14)}&to=${week(7)}`;
    await noSeqScan(`${OPS_CLAIMS_API.claims}?hospitalCd=${HOSPITAL}&${weekOf}`, 1001);
    await noSeqScan(`${OPS_CLAIMS_API.claims}?insuCompCd=${INSURER}&${weekOf}`, 1001);
    await noSeqScan(`${OPS_CLAIMS_API.claims}?insuCompCd=${INSURER}&dateField=claim&${weekOf}`, 1001);
    await noSeqScan(`${OPS_CLAIMS_API.claims}?status=paid&${weekOf}`, 1001);
    await noSeqScan(`${OPS_CLAIMS_API.claims}?hospitalCd=${HOSPITAL}&dateField=claim&${weekOf}`, 1001);
    await noSeqScan(`${OPS_CLAIMS_API.claims}?insuCompCd=${INSURER}&status=paid&${weekOf}`);
    await noSeqScan(`${OPS_CLAIMS_API.claims}?sort=claimId`);
  });

  it('the claim list and the access log by what a caller says: each key alone and together', async () => {
    const claims = OPS_CLAIMS_API.claimsSearch;
    expect((await noSeqScanPost(claims, { name: '홍길동' })).list.length).toBeGreaterThan(0);
    expect((await noSeqScanPost(claims, { phone: '010-1234-5678' })).list.length).toBeGreaterThan(0);
    expect((await noSeqScanPost(claims, { birthDate: '1958.03.02' })).list.length).toBeGreaterThan(0);
    expect((await noSeqScanPost(claims, { receiptNo: 'SEED-4242' })).list).toHaveLength(1);
    await noSeqScanPost(claims, { claimId: 4242 });
    await noSeqScanPost(claims, { name: '홍길동', birthDate: '19580302', phone: '01012345678' });
    // A guardian's name finds her children's claims too (person-search.ts, whoOnRecord).
    await noSeqScanPost(claims, { name: '홍길동', birthDate: '19580302', receiptNo: 'SEED-4244' });
    await noSeqScanPost(claims, { name: '홍길동', status: 'paid', insuCompCd: INSURER });
    await noSeqScanPost(claims, { birthDate: '19580302', sort: 'amount' });
    const access = OPS_CLAIMS_API.patientAccessSearch;
    await noSeqScanPost(access, { name: '홍길동', birthDate: '19580302' });
    await noSeqScanPost(access, { phone: '01012345678' });
    await noSeqScanPost(access, { receiptNo: 'SEED-4242' });
  });

  it('the dead letters, held records and a hospital’s refused records', async () => {
    // 4,000 dead letters (2 %, over every insurer): a page and its capped count join only the rows they walk on the delivery's index.
    await noSeqScan(`${OPERATOR_API.deadLetters}?size=20`, 4 * 1001);
    await noSeqScan(`${OPERATOR_API.deadLetters}?handled=all&insuCompCd=${INSURER}`, 4 * 1001);
    await noSeqScan(`${OPERATOR_API.deadLetters}?sort=claimId&order=asc`, 4 * 1001);
    await noSeqScan(`${OPERATOR_API.deadLetters}?sort=attempts`, 4 * 1001);
    // The feed at a glance: the newest record and today's, not every record the hospital sent.
    await noSeqScan(OPS_HOSPITALS_API.feed(HOSPITAL), 1000);
    // 1,600 records held (1 in 125, of the three reasons): more than the count's cap, fewer than the dashboard's
    // bound below. The list's page and capped count, newest first, by visit date, of a hospital or of a reason, read
    // an index of the held records in that order (migration 0048), not the whole backlog sorted.
    const held = OPERATOR_API.heldRecords;
    for (const q of ['size=20', 'sort=visitDate&order=asc', `hospitalCd=${HOSPITAL}`])
      await noSeqScan(`${held}?${q}`, 1001);
    await noSeqScan(`${held}?sort=hospitalCd`);
    for (const reason of HELD_OUTCOMES) await noSeqScan(`${held}?reason=${reason}`, 1001);
    expect(await noSeqScan(`${held}?size=20`)).toMatchObject({ total: 1000, capped: true });
    await noSeqScan(`${OPS_HOSPITALS_API.rejections(HOSPITAL)}?size=20`);
  });

  it('the access log: the operators’ record and the lines operators caused in patients’ logs', async () => {
    await noSeqScan(`${OPS_CLAIMS_API.operatorActions}?size=20`);
    await noSeqScan(`${OPS_CLAIMS_API.operatorActions}?loginId=seed-3`);
    await noSeqScan(`${OPS_CLAIMS_API.operatorActions}?claimId=4242`);
    await noSeqScan(`${OPS_CLAIMS_API.patientAccess}?size=20`);
    await noSeqScan(`${OPS_CLAIMS_API.patientAccess}?claimId=4242`);
  });

  it('a patient’s treatments, claims and access log (one of ten records a patient, as the seed made them)', async () => {
    const patient = { ci: 'seed', ciHmac: 'ci-4242', person: {}, scope: {} } as unknown as Patient;
    const plans = await plansOf(() => listTreats(t.app.ctx, patient));
    for (const p of plans) expect(p.seq, p.sql).toEqual([]);
  });

  it('a patient with 3,000 visits: her first page and the next read a page of her records, not her years of them', async () => {
    // Three years of a visit a day under her CI and her subscription (one in ten sent with her resident number only).
    await sql`insert into subscription (insu_apply_id, ci_hmac, ci_enc, status, prc_mode, person_enc, insu_comp_cd,
        contract_start_date, contract_end_date, created_at, updated_at)
      select 'BUSY-1', 'ci-busy', ci_enc, status, prc_mode, person_enc, insu_comp_cd, contract_start_date,
        contract_end_date, created_at, updated_at
      from subscription where insu_apply_id = 'SEED-1'`.execute(t.db.db);
    await sql`insert into treatment_record (hospital_cd, receipt_no, content_hash, ci_hmac, person_enc, detail_enc,
        visit_date, visit_type, covered_copay, uncovered, total_paid, outcome, received_at, decided_at, insu_apply_id)
      select hospital_cd, 'BUSY-' || g, 'busy-' || g, case when g % 10 = 0 then null else 'ci-busy' end, person_enc,
        detail_enc, to_char(now() - make_interval(days => g), 'YYYYMMDD'), '외래', 10000, 0, 10000, 'claimed', now(),
        now(), 'BUSY-1'
      from generate_series(1, 3000) g, (select * from treatment_record order by id limit 1) t`.execute(t.db.db);
    await sql`analyze treatment_record, subscription`.execute(t.db.db);
    const patient = { ci: 'busy', ciHmac: 'ci-busy', person: {}, scope: {} } as unknown as Patient;
    let next: string | null = null;
    const plans = await plansOf(async () => {
      next = (await listTreats(t.app.ctx, patient)).nextCursor;
    });
    expect(next).not.toBeNull();
    const pages = [...plans, ...(await plansOf(() => listTreats(t.app.ctx, patient, '본인', next!)))];
    const ofRecords = pages.filter((p) => /from "treatment_record"/.test(p.sql));
    expect(ofRecords.length).toBeGreaterThan(0);
    for (const p of ofRecords) {
      expect(p.seq, p.sql).toEqual([]);
      // A page is 200 visits and one to say more follow (history.ts TREATS_LIMIT).
      expect(p.rows, `${p.sql}\n${p.shape}`).toBeLessThanOrEqual(201);
    }
  });

  it('a subscriber’s page: her subscriptions, children, claims newest first (and their next page), notes, access log', async () => {
    // SEED-42 is ci-42's subscription (ten records of the seed's 200,000); its person as enrolment seals one.
    const person = t.app.ctx.crypto.encryptJson({
      userNm: '홍길동',
      birthday: '19580302',
      sex: 'F',
      userIdno2: '2000000',
      userTel: '01012345678',
    });
    await sql`update subscription set person_enc = ${person} where insu_apply_id = 'SEED-42'`.execute(t.db.db);
    const first = (await noSeqScan(OPS_SUBSCRIBER_API.subscriber('SEED-42'), 1001)) as {
      claims: { list: unknown[]; nextCursor: string | null };
    };
    expect(first.claims.list.length).toBeGreaterThan(0);
    await noSeqScan(`${OPS_SUBSCRIBER_API.claims('SEED-42')}?size=2`, 1001);
  });

  it('the child case: the relation documents’ queue, the disputes, a guardian’s children', async () => {
    // 50,000 documents, 500 waiting: a page reads its rows and the capped count on relation_document_queue.
    const first = (await noSeqScan(
      `${OPS_CHILD_API.relationDocuments}?order=asc&size=20`,
      1001,
    )) as RelationDocumentsPage;
    expect(first.list.length).toBe(20);
    await noSeqScan(`${OPS_CHILD_API.relationDocuments}?order=asc&size=20&cursor=${first.nextCursor}`, 1001);
    await noSeqScan(`${OPS_CHILD_API.relationDocuments}?status=confirmed&size=20`, 1001);
    // The capped count joins each dispute's holder by its key: two reads a row.
    await noSeqScan(`${OPS_CHILD_API.insuredDisputes}?size=20`, 2 * 1001);
    const guardian = { ci: 'seed', ciHmac: 'g-42', person: {}, scope: 'full' } as unknown as Patient;
    const plans = await plansOf(() => childrenOf(t.app.ctx, guardian));
    for (const p of plans) expect(p.seq, p.sql).toEqual([]);
  });

  it('the dashboard', async () => {
    // Counts, not rows: a month is a few hundred rows of rollups whatever the claims and hospitals (20 here), the
    // enrolments too (migrations 0044 and 0047: a month of them is 8,640 subscriptions here, all at HOSPITAL).
    await noSeqScan(OPS_DASHBOARD_API.dashboard, 2000);
    await noSeqScan(`${OPS_DASHBOARD_API.dashboard}?hospitalCd=${HOSPITAL}`, 2000);
  });

  /**
   * An export (POST, the list's filter in the body) reads the list page by page by key: each page on an index, one
   * read of the list per EXPORT_PAGE_SIZE rows, and no count of the rows at all.
   */
  const exportedByKey = async (url: string, filter: Record<string, unknown>, list: RegExp) => {
    let rows = 0;
    const plans = await plansOf(async () => {
      const res = await t.app.inject({ method: 'POST', url, headers, payload: filter });
      expect(res.statusCode, res.body).toBe(200);
      rows = res.body.split('\r\n').length - 2;
    });
    for (const p of plans) expect(p.seq, `${url}\n${p.sql}`).toEqual([]);
    expect(
      plans.filter((p) => list.test(p.sql)),
      url,
    ).toHaveLength(Math.max(1, Math.ceil(rows / EXPORT_PAGE_SIZE)));
    // The one count allowed is the operator's own release budget (docs/security.md, "Operator releases and public writes"): her
    // hour of the operators' record on (login_id, at), as many rows as her releases of the hour, never the list's.
    const budget = (sql: string) => /from operator_action/.test(sql) && /login_id = \$\d+ and at >= /.test(sql);
    for (const p of plans.filter((p) => budget(p.sql))) expect(p.rows, p.shape).toBeLessThan(200);
    expect(
      plans.filter((p) => /count\(\*\)/.test(p.sql) && !budget(p.sql)),
      url,
    ).toEqual([]);
    return rows;
  };

  it('the exports: the claims, dead letters, held records and both access logs, a page of 500 at a time', async () => {
    expect(
      await exportedByKey(OPS_EXPORT_API.claims, { insuCompCd: INSURER, status: 'failed' }, /from "claim" as "c"/),
    ).toBeGreaterThan(2 * EXPORT_PAGE_SIZE);
    await exportedByKey(OPS_EXPORT_API.claims, { hospitalCd: HOSPITAL, sort: 'claimId' }, /from "claim" as "c"/);
    await exportedByKey(OPS_EXPORT_API.deadLetters, { handled: 'all' }, /from "claim_delivery" as "d"/);
    await exportedByKey(OPS_EXPORT_API.heldRecords, {}, /from "treatment_record" as "r" where "outcome" in/);
    expect(
      await exportedByKey(OPS_EXPORT_API.operatorActions, { loginId: 'seed-3' }, /from "operator_action"/),
    ).toBeGreaterThan(2 * EXPORT_PAGE_SIZE);
    await exportedByKey(OPS_EXPORT_API.patientAccess, { claimId: 4242 }, /from "access_log"/);
  });

  it('a hospital user’s month: its counts from the day rollup, its records and refused bundles by key, its export', async () => {
    const operator = headers;
    const admin = (await signInOperator(t, 'admin')).headers;
    headers = (await signInHospitalUser(t, admin, HOSPITAL)).headers;
    // Refused bundles over two years and 20 hospitals (the intake's own table, not seeded above).
    await sql`insert into fhir_refusal (hospital_cd, at, status, receipt_no, issues)
      select case when g % 20 = 0 then ${HOSPITAL} else 'H' || (g % 20) end, now() - make_interval(mins => g * 20), 422,
        'R-' || g, '[{"code":"invariant","rule":"line-total","expression":"Bundle.entry[1]"}]'::jsonb
      from generate_series(1, 50000) g`.execute(t.db.db);
    await sql`analyze fhir_refusal`.execute(t.db.db);
    try {
      const month = new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 7);
      // A month of one hospital is a few hundred rollup rows, whatever its years of records.
      await noSeqScan(`${HOSPITAL_PORTAL_API.month}?month=${month}`, 2000);
      // Her records and their capped count walk (hospital_cd, received_at) in the page's order; the sort by id within
      // one instant reads one row past the cap.
      const first = await noSeqScan(`${HOSPITAL_PORTAL_API.records}?month=${month}&size=20`, 1002);
      if (first.nextCursor)
        await noSeqScan(
          `${HOSPITAL_PORTAL_API.records}?month=${month}&size=20&cursor=${first.nextCursor as string}`,
          1002,
        );
      await noSeqScan(`${HOSPITAL_PORTAL_API.records}?month=${month}&view=held`, 1002);
      await noSeqScan(`${HOSPITAL_PORTAL_API.refusals}?month=${month}`, 1002);
      expect(await exportedByKey(HOSPITAL_PORTAL_API.export, { month }, /from "treatment_record"/)).toBeGreaterThan(0);
    } finally {
      headers = operator;
    }
  });

  it('the claim engine: a hospital’s records, one matched by RRN alone, taken in and decided', async () => {
    const who = { ci: 'ci-unknown', rrn: '5803021999999', birthDate: '19580302', userNm: '홍길동' };
    const plans = await plansOf(async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/hospital/api/v1/treatments',
        headers: { [HOSPITAL_KEY_HEADER]: 'sandbox-90000001' },
        payload: { records: [treatmentRecord(who), treatmentRecord(who, { by: 'rrn' })] },
      });
      expect(res.statusCode, res.body).toBeLessThan(300);
      expect(await t.app.claimEngine.matchBatch()).toBe(2);
    });
    for (const p of plans) expect(p.seq, p.sql).toEqual([]);
  });

  it('the failed patient messages’ export: pg-boss’s failed jobs by key, a page of 500 at a time', async () => {
    // pg-boss keeps a failed job a week (its archive): a few thousand at worst, not a table that grows with history.
    await t.app.claimEngine.start();
    await sql`insert into pgboss.job (name, data, state, retry_count, completed_on, output)
      select 'claims.notify', jsonb_build_object('recordId', g), 'failed', 5, now() - make_interval(secs => g % 600),
        '{"message": "Popbill -99999999"}'::jsonb
      from generate_series(1, 1200) g`.execute(t.db.db);
    await sql`analyze pgboss.job`.execute(t.db.db);
    expect(await exportedByKey(OPS_EXPORT_API.notificationDeadLetters, { handled: 'all' }, /from pgboss\.job j/)).toBe(
      1200,
    );
  });
});
