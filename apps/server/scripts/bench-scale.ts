// npm run bench:scale [-- --max 1e6]: a national year of data on PostgreSQL, measured as it grows (docs/performance.md,
// "At national scale"). On the server of DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) it makes
// its own database (ac_bench_scale, dropped and made again), migrates it with the product's migrations, enrols a few
// real patients through the API (so every encrypted field and lookup hash is the product's), feeds them records and
// runs the engine, then grows the data in steps of 10⁴, 10⁵, 10⁶, 10⁷ claims (up to --max / BENCH_SCALE_MAX, default
// 1e5) by cloning those rows in SQL: `INSERT … SELECT … generate_series` on the server (no rows cross the wire, so it is
// faster than COPY FROM STDIN would be, and needs no new dependency). Only the lookup hashes are computed here, one per
// synthetic subscriber, with the product's keyed hash (ctx.crypto.hmac), and sent in arrays.
//
// After each step (VACUUM ANALYZE first) it measures every call of CALLS below (sequential, then 10 at once; p50/p95
// over ≥ 30 calls each, through app.inject: the app's own work, no socket), the hospital feed's ingest rate and the
// engine end to end on fresh records, the minute's purges, and bytes per row of the large tables; then prints the
// growth table and writes it to artifacts/bench-scale.md.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { HOSPITAL_KEY_HEADER, MAX_FEED_BATCH } from '@auto-claim/contract';
import { FUNNEL_STEPS, PERSON_SEARCHES_PER_MINUTE, encodeCursor } from '@auto-claim/contract/ops';
import { buildApp } from '../src/app.js';
import { openDb } from '../src/db/index.js';
import { migrateToLatest } from '../src/db/migrate.js';
import type { Database } from '../src/db/schema.js';
import { claimJobs, purgeClosedClaims } from '../src/modules/claims/index.js';
import { funnelJobs, rebuildFunnelStepDays } from '../src/modules/funnel/index.js';
import { rrnHmacOf, subscriptionPurgeJobs } from '../src/modules/subscriptions/index.js';
import { birthHmacOf, nameHmacOf } from '../src/security/person-lookup.js';
import { ciHmacOf } from '../src/security/session.js';
import { TEST_CONFIG } from '../fixtures/app.js';
import { images, personFields, regFor } from '../fixtures/enrolment.js';
import { createSubscriber, treatmentRecord, type Subscriber } from '../fixtures/factories.js';
import { signInOperator, verifyPatient, type TestApp } from '../test/helper.js';
import { runEngine } from './bench-engine-run.js';

// ------------------------------------------------------------------------------------------------ the calls measured

interface Fixture {
  /** A busy hospital (the most records) and a quiet one. */
  hospitalCd: string;
  quietHospitalCd: string;
  insuCompCd: string;
  /** A claim in the middle of the data, and the claim list's cursor that pages on from it (newest first). */
  claimId: number;
  middleCursor: string;
  /** YYYYMMDD: today and 30 days ago, Korea time. */
  today: string;
  monthAgo: string;
  /** What a caller says of an enrolled patient (README "Operator console", "Search by what a caller says"). */
  caller: { name: string; phone: string; birthDate: string; receiptNo: string };
}
interface Call {
  who: 'operator' | 'patient';
  name: string;
  url: (f: Fixture) => string;
  /** A POST's body (the person searches: what a caller says never rides in a URL). */
  body?: (f: Fixture) => Record<string, unknown>;
}
const SEARCH = '/api/admin/claims/search';
const ACCESS_SEARCH = '/api/admin/access-log/patient-access/search';
const PERSON_SEARCHES = new Set([SEARCH, ACCESS_SEARCH]);

/**
 * Every console list, search and the dashboard, and the patient's reads (not the bank-account check: a provider call,
 * rate-limited per patient, whose cost is the bank's, not the data's). The query parameters live here only: when the
 * console's paging changes (page → cursor), this is the one place to change.
 */
const CALLS: Call[] = [
  { who: 'operator', name: 'dashboard', url: () => '/api/admin/dashboard' },
  { who: 'operator', name: 'dashboard (one hospital)', url: (f) => `/api/admin/dashboard?hospitalCd=${f.hospitalCd}` },
  { who: 'operator', name: 'claims: first page', url: () => '/api/admin/claims' },
  {
    who: 'operator',
    name: 'claims: a page in the middle',
    url: (f) => `/api/admin/claims?sort=createdAt&cursor=${f.middleCursor}`,
  },
  { who: 'operator', name: 'claims: by id', url: (f) => `/api/admin/claims?claimId=${f.claimId}` },
  { who: 'operator', name: 'claims: status failed', url: () => '/api/admin/claims?status=failed' },
  {
    who: 'operator',
    name: 'claims: hospital + 30 days (claim date)',
    url: (f) => `/api/admin/claims?hospitalCd=${f.hospitalCd}&dateField=claim&from=${f.monthAgo}&to=${f.today}`,
  },
  {
    who: 'operator',
    name: 'claims: insurer + paid',
    url: (f) => `/api/admin/claims?insuCompCd=${f.insuCompCd}&status=paid`,
  },
  {
    who: 'operator',
    name: 'claims: quiet hospital, visit dates',
    url: (f) => `/api/admin/claims?hospitalCd=${f.quietHospitalCd}&from=${f.monthAgo}&to=${f.today}`,
  },
  { who: 'operator', name: 'claims: caller by name', url: () => SEARCH, body: (f) => ({ name: f.caller.name }) },
  { who: 'operator', name: 'claims: caller by phone', url: () => SEARCH, body: (f) => ({ phone: f.caller.phone }) },
  {
    who: 'operator',
    name: 'claims: caller by birth date',
    url: () => SEARCH,
    body: (f) => ({ birthDate: f.caller.birthDate }),
  },
  {
    who: 'operator',
    name: 'claims: caller by receipt number',
    url: () => SEARCH,
    body: (f) => ({ receiptNo: f.caller.receiptNo }),
  },
  {
    who: 'operator',
    name: 'claims: caller by name + birth date',
    url: () => SEARCH,
    body: (f) => ({ name: f.caller.name, birthDate: f.caller.birthDate }),
  },
  {
    who: 'operator',
    name: 'access log: caller by name + birth date',
    url: () => ACCESS_SEARCH,
    body: (f) => ({ name: f.caller.name, birthDate: f.caller.birthDate }),
  },
  {
    who: 'operator',
    name: 'access log: caller by phone',
    url: () => ACCESS_SEARCH,
    body: (f) => ({ phone: f.caller.phone }),
  },
  { who: 'operator', name: 'claim detail', url: (f) => `/api/admin/claims/${f.claimId}` },
  { who: 'operator', name: 'dead letters', url: () => '/api/admin/claims/dead-letters' },
  { who: 'operator', name: 'held records', url: () => '/api/admin/records/held' },
  { who: 'operator', name: 'notification dead letters', url: () => '/api/admin/notifications/dead-letters' },
  { who: 'operator', name: 'hospitals', url: () => '/api/admin/hospitals' },
  { who: 'operator', name: 'hospital', url: (f) => `/api/admin/hospitals/${f.hospitalCd}` },
  { who: 'operator', name: 'hospital feed', url: (f) => `/api/admin/hospitals/${f.hospitalCd}/feed` },
  { who: 'operator', name: 'hospital rejections', url: (f) => `/api/admin/hospitals/${f.hospitalCd}/feed/rejections` },
  { who: 'operator', name: 'insurers', url: () => '/api/admin/insurers' },
  { who: 'operator', name: 'insurer', url: (f) => `/api/admin/insurers/${f.insuCompCd}` },
  { who: 'operator', name: 'operator actions', url: () => '/api/admin/access-log/operator-actions' },
  {
    who: 'operator',
    name: 'operator actions: patient of a claim',
    url: (f) => `/api/admin/access-log/operator-actions?claimId=${f.claimId}`,
  },
  { who: 'operator', name: 'patient access log', url: () => '/api/admin/access-log/patient-access' },
  { who: 'operator', name: 'operators', url: () => '/api/admin/operators' },
  { who: 'patient', name: 'patient: treats (history)', url: () => '/claim/api/public/v1/claims/subscriptions/treats' },
  { who: 'patient', name: 'patient: subscription view', url: () => '/ui/insu/v1/claims/subscriptions' },
  { who: 'patient', name: 'patient: ID card requests', url: () => '/claim/api/public/v1/claims/subscriptions/idCards' },
];

/** Targets (docs/performance.md, "At national scale"): p95 ms at 10⁷ claims. */
const TARGET_MS = { operator: 150, patient: 50 } as const;
const CONCURRENCY = 10;
const PER_PHASE = 30;
const PHASE_BUDGET_MS = 30_000;
/** Synthetic hospitals beside the six of the seed, and how skewed their share of visits is (a few big, many small). */
const HOSPITALS = 1000;
const SUBSCRIBERS_PER_CLAIM = 0.1;
/** Fresh records fed per step for the ingest and engine figures. */
const ENGINE_RECORDS = 2000;

// ------------------------------------------------------------------------------------------------ the real rows

interface Patient {
  ci: string;
  cookie: string;
  person: { custName: string; korRegId: string; custHp: string; telecomType: string };
  birthDate: string;
}

/**
 * Three patients enrol through the API as the wizard does, each gets 30 visits through the feed and the engine
 * claims them: their rows (the subscription, records, claims, deliveries, attempts, history) are the templates every
 * synthetic row copies its encrypted fields from. An operator reveals one claim so the access logs have their lines.
 */
/** The ID photo and signature of an enrolled subscriber, encrypted in the row: bytes on disk (TOAST, compressed). */
let imageBytes = 0;
async function enrol(): Promise<Patient> {
  const img = await images();
  const people: Patient[] = [];
  for (let i = 0; i < 3; i++) {
    const v = await verifyPatient(t);
    const res = await app.inject({
      method: 'POST',
      url: '/ui/insu/v1/claims/subscriptions',
      headers: { cookie: v.cookie },
      payload: await regFor(t, v, img),
    });
    if (res.statusCode !== 201) throw new Error(`subscription ${res.statusCode}: ${res.body}`);
    const f = personFields(v);
    const who = { ci: v.ci, rrn: f.birthday.slice(2) + f.userIdno2, birthDate: f.birthday, userNm: f.userNm };
    const days = Array.from({ length: 30 }, (_, d) => kstDay(-d * 11));
    await feed(days.map((visitDate, d) => treatmentRecord(who, { receiptNo: `E${i}-${d}`, visitDate })));
    people.push({ ci: v.ci, cookie: v.cookie, person: v.person, birthDate: f.birthday });
  }
  await app.claimEngine.drain();
  const op = await signInOperator(t, 'admin');
  const claim = await k.selectFrom('claim').select('id').orderBy('id').executeTakeFirstOrThrow();
  const reveal = await app.inject({
    method: 'POST',
    url: `/api/admin/claims/${claim.id}/reveal`,
    headers: op.headers,
    remoteAddress: op.remoteAddress,
    payload: { category: 'patient_inquiry', reason: '성능 측정 준비' },
  });
  if (reveal.statusCode !== 200) throw new Error(`reveal ${reveal.statusCode}: ${reveal.body}`);
  imageBytes = Number(
    (
      await sql<{ b: string }>`select avg(coalesce(pg_column_size(idcard_img_enc), 0)
        + coalesce(pg_column_size(sign_img_enc), 0))::bigint as b from subscription`.execute(k)
    ).rows[0]!.b,
  );
  log(`3 patients enrolled through the API, 90 records claimed by the engine`);
  return people[0]!;
}

async function feed(records: ReturnType<typeof treatmentRecord>[]) {
  for (let i = 0; i < records.length; i += MAX_FEED_BATCH) {
    const res = await app.inject({
      method: 'POST',
      url: '/hospital/api/v1/treatments',
      headers: { [HOSPITAL_KEY_HEADER]: 'sandbox-90000001' },
      payload: { records: records.slice(i, i + MAX_FEED_BATCH) },
    });
    if (res.statusCode >= 300) throw new Error(`feed ${res.statusCode}: ${res.body}`);
  }
}

/** YYYYMMDD of the Korean day `offset` days from today. */
function kstDay(offset = 0) {
  return kstDayOf(Date.now() + offset * 86_400_000);
}
const kstDayOf = (ms: number) => new Date(ms + 9 * 3600_000).toISOString().slice(0, 10).replaceAll('-', '');
const SURNAMES = [...'김이박최정강조윤장임'];
const GIVEN_NAMES = ['민준', '서연', '도윤', '하은', '지호', '서윤', '예준', '지우', '주원', '수아'];

/** Feed ingest (records/s) and engine end to end (claims/s) on ENGINE_RECORDS fresh records of 100 new subscribers. */
let engineRun = 0;
/** The better of two runs of each figure: on a shared machine, a run's slowness is mostly its neighbours'. */
async function bestRate(label: string) {
  const a = await engineRate(label);
  const b = await engineRate(label);
  return { ingestPerS: Math.max(a.ingestPerS, b.ingestPerS), enginePerS: Math.max(a.enginePerS, b.enginePerS) };
}

async function engineRate(label: string) {
  engineRun++;
  const subs: Subscriber[] = [];
  for (let i = 0; i < 100; i++) {
    // Each her own name and birth date, as 100 people are: one shared by all would pile every step's records onto the
    // birth date the caller searches by (22,000 of them at 10⁷, docs/performance.md "At 10⁷ claims").
    const n = engineRun * 100 + i;
    subs.push(
      await createSubscriber(app.ctx, {
        contractStartDate: '20200101',
        contractEndDate: '20991231',
        userNm: SURNAMES[n % SURNAMES.length]! + GIVEN_NAMES[Math.floor(n / SURNAMES.length) % GIVEN_NAMES.length]!,
        birthDate: kstDayOf(Date.UTC(1940, 0, 1) + ((n * 7919) % 25_000) * 86_400_000),
      }),
    );
  }
  const today = kstDay();
  const records = Array.from({ length: ENGINE_RECORDS }, (_, i) =>
    treatmentRecord(subs[i % subs.length]!, {
      receiptNo: `G${engineRun}-${i}`,
      visitDate: today,
      by: i % 10 === 0 ? 'rrn' : 'ci',
    }),
  );
  const t0 = performance.now();
  await feed(records);
  const ingestMs = performance.now() - t0;
  const { engineMs } = await runEngine(app.claimEngine, 2);
  const sent = Number(
    (
      await sql<{ n: string }>`select count(*) as n from claim c join treatment_record r on r.id = c.record_id
        where r.receipt_no like ${`G${engineRun}-%`} and c.status = 'sent'`.execute(k)
    ).rows[0]!.n,
  );
  if (sent !== ENGINE_RECORDS) throw new Error(`${label}: expected ${ENGINE_RECORDS} claims sent, found ${sent}`);
  return { ingestPerS: (ENGINE_RECORDS / ingestMs) * 1000, enginePerS: (sent / (ingestMs + engineMs)) * 1000 };
}

// ------------------------------------------------------------------------------------------------ growing the data

/**
 * A hospital for synthetic subscriber `s` (SQL expression): 999 hospitals, a few big and many small, that grow with
 * the country's data; and a quiet one, the last, whose patients are the first QUIET_PATIENTS subscribers at every
 * step (about 20 claims in a month, a page), so that its list measures what the others' history costs it, not its
 * own growth (before, it had no claim in its month at 10⁴ and 300 at 10⁷).
 */
const QUIET_PATIENTS = 25;
const HOSPITAL_OF = (s: string) =>
  `(case when (${s}) < ${QUIET_PATIENTS} then ${91000000 + HOSPITALS - 1} else 91000000 + floor(${HOSPITALS - 1} * power(((${s})::bigint * 2654435761 % 4294967296)::float8 / 4294967296, 3)) end)::text`;
/** Their insurer: the 27 of the seed, the first ones far more often. */
const INSURER_OF = (s: string) =>
  `(ins.codes)[1 + floor(array_length(ins.codes, 1) * power(((${s})::bigint * 40503 % 65536)::float8 / 65536, 2))::int]`;
const SUB_ID = (s: string) => `'BS' || lpad((${s})::text, 8, '0')`;

/** Adds subscribers, records and everything after them until `claims` synthetic claims exist. */
async function grow(claims: number) {
  await k.connection().execute((c) => growOn(c, claims));
  await sql`vacuum analyze`.execute(k);
  // The load's gigabytes of WAL written out now, not by a checkpoint in the middle of the measurements: a live
  // database is not bulk-loaded a minute before its busy hour.
  await sql`checkpoint`.execute(k);
}

/** The searched patient's lookup hashes, which some synthetic records share, as strangers of her name or birth do. */
const caller = { nameHmac: '', birthHmac: '' };
/** Synthetic subscribers and records made so far (counting them would miss those the purges deleted). */
const built = { subscribers: 0, records: 0 };
async function growOn(k: Kysely<Database>, claims: number) {
  // One connection throughout: the setting below is the session's.
  await sql`set session_replication_role = replica`.execute(k); // bulk load: the rows are consistent by construction
  try {
    await sql
      .raw(
        `insert into hospital (hospital_cd, hospital_nm, hospital_type, address, phone, intro_text,
        thumbnail_path, android_package, ios_package, auto_claim_enabled, is_demo, sort_order)
      select (91000000 + g)::text, '성능측정병원 ' || g, h.hospital_type, h.address, h.phone, h.intro_text,
        h.thumbnail_path, null, null, true, false, 100 + g
      from generate_series(0, ${HOSPITALS - 1}) g, (select * from hospital where hospital_cd = '90000001') h
      on conflict do nothing`,
      )
      .execute(k);

    // Subscribers: the enrolled template's encrypted fields, a lookup hash of their own (the product's keyed hash).
    // Not its ID photo and signature: ~230 kB a row as encrypted text today, they are the blob store's to keep
    // (docs/architecture.md); the report gives their size in the enrolled rows apart.
    const subscribers = Math.max(100, Math.round(claims * SUBSCRIBERS_PER_CLAIM));
    for (let from = built.subscribers; from < subscribers; from += 20_000) {
      const to = Math.min(subscribers, from + 20_000);
      const ids: number[] = [];
      const ci: string[] = [];
      const rrn: string[] = [];
      for (let i = from; i < to; i++) {
        ids.push(i);
        ci.push(ciHmacOf(app.ctx, `bench-ci-${i}`));
        rrn.push(rrnHmacOf(app.ctx, `7001012${String(i).padStart(6, '0')}`)); // 1970: no fixture's birth year
      }
      await sql`
        insert into subscription (insu_apply_id, ci_hmac, ci_enc, status, prc_mode, person_enc, insu_comp_cd, bank_cd,
          bank_account_enc, bank_account_last4, bank_account_rel, min_amt, retro_month, job_cd, idcard_type, idcard_enc,
          idcard_img_enc, sign_img_enc, terms_ids, opt_terms, contract_start_date, contract_end_date, created_at,
          updated_at, cancelled_at, purge_at, rrn_hmac, rrn_confirmed_at, commission_sha256, consent_sha256, sign_method,
          phone_hmac)
        select ${sql.raw(SUB_ID('x.i'))}, x.ci, t.ci_enc,
          case when x.i % 50 = 7 then 'cancel' else 'subscribe' end, t.prc_mode, t.person_enc,
          ${sql.raw(INSURER_OF('x.i'))}, t.bank_cd, t.bank_account_enc, t.bank_account_last4, t.bank_account_rel,
          t.min_amt, t.retro_month, t.job_cd, t.idcard_type, t.idcard_enc, null, null,
          t.terms_ids, t.opt_terms, '20250101', '20991231', c.at, c.at,
          case when x.i % 50 = 7 then c.at + interval '30 days' end,
          -- One in a thousand cancelled long ago and due for deletion: what the purge finds.
          case when x.i % 1000 = 7 then now() - interval '1 day' end,
          x.rrn, c.at, t.commission_sha256, t.consent_sha256, t.sign_method,
          -- A phone of its own: a stand-in for the keyed hash (no search below asks for a synthetic one).
          md5('phone' || x.i)
        from unnest(${ids}::int[], ${ci}::text[], ${rrn}::text[]) as x(i, ci, rrn)
        cross join (select * from subscription where insu_apply_id not like 'BS%' order by created_at limit 1) t
        cross join (select array_agg(insu_comp_cd order by insu_comp_cd <> 'SAMSUNGFIRE', insu_comp_cd) codes
          from insurer) ins
        cross join lateral (select now() - ((x.i::bigint * 7919) % 365) * interval '1 day' as at) c`.execute(k);
    }
    await sql
      .raw(
        `
      insert into subscription_hospital (insu_apply_id, hospital_cd, agree_id, subscribed_at, cancelled_at)
      select s.insu_apply_id, ${HOSPITAL_OF('substr(s.insu_apply_id, 3)::int')}, null, s.created_at, s.cancelled_at
      from subscription s where s.insu_apply_id like 'BS%' and s.insu_apply_id >= ${SUB_ID(String(built.subscribers))};
      insert into subscription_insurer (insu_apply_id, insu_comp_cd, agree_ids)
      select s.insu_apply_id, s.insu_comp_cd, '[]'::jsonb from subscription s
      where s.insu_apply_id like 'BS%' and s.insu_apply_id >= ${SUB_ID(String(built.subscribers))}`,
      )
      .execute(k);
    built.subscribers = Math.max(built.subscribers, subscribers);

    // Records: 10 per 9 claims (below the minimum, not subscribed, another hospital's), over 365 Korean days.
    const records = Math.round((claims * 10) / 9);
    const lastRecord = Number(
      (await sql<{ n: string }>`select coalesce(max(id), 0) as n from treatment_record`.execute(k)).rows[0]!.n,
    );
    for (let from = built.records; from < records; from += 500_000) {
      const to = Math.min(records, from + 500_000) - 1;
      await sql
        .raw(
          `
        insert into treatment_record (hospital_cd, receipt_no, content_hash, ci_hmac, rrn_hmac, person_enc, detail_enc,
          visit_date, visit_type, covered_copay, uncovered, total_paid, insu_apply_id, outcome, received_at, decided_at,
          purge_at, name_hmac, birth_hmac)
        select h.hospital_cd, 'S' || g, md5(g::text), s.ci_hmac, null, t.person_enc, t.detail_enc,
          to_char(v.day, 'YYYYMMDD'), (array['외래','외래','외래','외래','외래','외래','외래','입원','약국','약국'])[1 + g % 10],
          v.copay, v.uncovered, v.copay + v.uncovered,
          case when o.outcome = 'not_subscribed' or o.outcome = 'hospital_not_subscribed' then null else s.insu_apply_id end,
          o.outcome, v.at, v.at,
          case when o.outcome = 'hospital_not_subscribed' then now() - interval '1 day' end,
          -- Stand-ins for the lookup hashes, one name and birth date per subscriber: 50,000 names (the common ones
          -- shared by many people) and 25,000 birth dates (70 years), as a country's records spread them. The
          -- caller's own name and birth date each take one of those shares (never the same people's), so that her
          -- searches meet as many strangers' records as a real name or birth date would.
          case when p.s % 50000 = 1 then '${caller.nameHmac}' else md5('name' || p.s % 50000) end,
          case when p.s % 25000 = 0 then '${caller.birthHmac}' else md5('birth' || p.s % 25000) end
        from generate_series(${from}, ${to}) g
        cross join lateral (select (g::bigint * 48271 % ${subscribers})::int as s) p
        join subscription s on s.insu_apply_id = ${SUB_ID('p.s')}
        join subscription_hospital h on h.insu_apply_id = s.insu_apply_id
        cross join (select * from treatment_record where receipt_no like 'E%' order by id limit 1) t
        cross join lateral (select
          (date_trunc('day', now() at time zone 'Asia/Seoul') - (g::bigint * 7919 % 365) * interval '1 day') as day,
          ((date_trunc('day', now() at time zone 'Asia/Seoul') - (g::bigint * 7919 % 365) * interval '1 day'
            + (9 * 60 + g % 600) * interval '1 minute') at time zone 'Asia/Seoul') + interval '2 hours' as at,
          1000 * (3 + g % 40) as copay, 1000 * (g % 25) as uncovered) v
        cross join lateral (select case
          when g % 1000 = 3 then 'hospital_not_subscribed'
          when g % 10 = 9 then (array['below_min','below_min','not_subscribed','outside_contract','too_old'])[1 + (g / 10) % 5]
          when g % 5000 = 1 then 'identity_mismatch'
          else 'claimed' end as outcome) o`,
        )
        .execute(k);
    }

    built.records = Math.max(built.records, records);

    // Claims for the new claimed records, with a status as a year's mix leaves them.
    const lastClaim = Number(
      (await sql<{ n: string }>`select coalesce(max(id), 0) as n from claim`.execute(k)).rows[0]!.n,
    );
    await sql
      .raw(
        `
      insert into claim (record_id, insu_comp_cd, insu_apply_id, ci_hmac, origin, amount, status, reject_reason,
        paid_amount, scheduled_for, created_at, updated_at, hospital_cd, visit_date)
      select r.id, s.insu_comp_cd, r.insu_apply_id, r.ci_hmac, case when r.id % 50 = 0 then 'patient' else 'auto' end,
        r.covered_copay + r.uncovered, st.status,
        case when st.status = 'rejected' then '면책 기간이에요' end,
        case when st.status = 'paid' then (r.covered_copay + r.uncovered) * 8 / 10 end,
        case when st.status = 'received' then now() + interval '30 days' end,
        r.received_at + interval '1 minute',
        -- One paid claim in a thousand closed over three years ago: what the claims retention purge finds.
        case when r.id % 1000 = 1 and st.status = 'paid' then now() - interval '3 years 1 day'
          else r.received_at + interval '3 days' end, r.hospital_cd, r.visit_date
      from treatment_record r join subscription s on s.insu_apply_id = r.insu_apply_id
      cross join lateral (select case
        when r.id * 37 % 100 < 55 then 'paid' when r.id * 37 % 100 < 70 then 'accepted'
        when r.id * 37 % 100 < 85 then 'sent' when r.id * 37 % 100 < 89 then 'documents_requested'
        when r.id * 37 % 100 < 92 then 'rejected' when r.id * 37 % 100 < 94 then 'failed'
        when r.id * 37 % 100 < 96 then 'claimed' when r.id * 37 % 100 < 97 then 'received'
        else 'sent' end as status) st
      where r.id > ${lastRecord} and r.outcome = 'claimed';

      insert into claim_delivery (claim_id, insu_comp_cd, channel, destination, status, attempts, next_attempt_at,
        last_error, external_ref, created_at, sent_at, failed_outcomes, dead_at)
      select c.id, c.insu_comp_cd, case when c.id % 5 = 0 then 'fax' else 'api' end, t.destination,
        case c.status when 'failed' then 'dead' when 'claimed' then 'pending' else 'sent' end,
        case c.status when 'failed' then 5 when 'claimed' then 0 else 1 end,
        case when c.status = 'claimed' then now() + interval '30 days' else c.created_at end,
        case when c.status = 'failed' then '보험사 응답 없음' end, 'BX' || c.id, c.created_at,
        case when c.status not in ('failed', 'claimed') then c.created_at + interval '1 minute' end, 0,
        case when c.status = 'failed' then c.updated_at end
      from claim c cross join (select destination from claim_delivery order by id limit 1) t
      where c.id > ${lastClaim} and c.status <> 'received';

      insert into claim_delivery_attempt (delivery_id, claim_id, attempt, channel, outcome, error, external_ref, at)
      select d.id, d.claim_id, a, d.channel, case when d.status = 'dead' then (case when a = 5 then 'dead' else 'failed' end)
          else 'sent' end,
        case when d.status = 'dead' then '보험사 응답 없음' end, d.external_ref, d.created_at + a * interval '10 minutes'
      from claim_delivery d cross join lateral generate_series(1, d.attempts) a
      where d.claim_id > ${lastClaim};

      insert into claim_status_history (claim_id, status, reason, actor, at)
      select c.id, x.status, null, x.actor, x.at from claim c cross join lateral (values
        ('received', 'engine', c.created_at), (c.status, 'engine', c.updated_at)) x(status, actor, at)
      where c.id > ${lastClaim} and (x.status <> 'received' or x.at = c.created_at);

      -- The patient looked at their history after one claim in four; an operator opened one in five hundred.
      insert into access_log (ci_hmac, action, actor, record_id, claim_id, detail, at)
      select c.ci_hmac, t.action, t.actor, c.record_id, c.id, t.detail, c.created_at + interval '1 day'
      from claim c cross join (select * from access_log order by id limit 1) t
      where c.id > ${lastClaim} and c.id % 4 = 0;
      insert into operator_action (at, login_id, ip_enc, action, ci_hmac, record_id, claim_id, target, reason, detail)
      select c.created_at + interval '2 days', t.login_id, t.ip_enc, t.action, c.ci_hmac, c.record_id, c.id, t.target,
        t.reason, t.detail
      from claim c cross join (select * from operator_action where claim_id is not null order by id limit 1) t
      where c.id > ${lastClaim} and c.id % 500 = 0;`,
      )
      .execute(k);

    // 세부산정내역 lines (README "EMR vendors"): one claimed visit in two came as a KR 실손 Claim bundle or with the JSON
    // feed's `lines`, with 3 to 14 lines each (a clinic's few, a hospital's more), so about 4 lines a record overall.
    const newLastRecord = Number(
      (await sql<{ n: string }>`select coalesce(max(id), 0) as n from treatment_record`.execute(k)).rows[0]!.n,
    );
    for (let from = lastRecord; from < newLastRecord; from += 500_000) {
      await sql
        .raw(
          `
        insert into visit_line (record_id, seq, day, unit_price, total, copay, insurer, full_copay, uncovered,
          count_milli, days, code_system, code, category, name)
        select r.id, l.seq, to_date(r.visit_date, 'YYYYMMDD'), p.unit, p.unit, p.copay, p.unit - p.copay - p.uncovered, 0,
          p.uncovered, 1000, 1, (array['p','p','m','t'])[1 + l.seq % 4],
          (array['AA154','B0010','641900200','J1201001'])[1 + l.seq % 4],
          (array['consultation','test','medication','material'])[1 + l.seq % 4],
          (array['초진진찰료-의원','일반혈액검사','아세트아미노펜정 500mg','일회용 주사기'])[1 + l.seq % 4]
        from treatment_record r
        cross join lateral generate_series(0, 2 + r.id % 12) l(seq)
        cross join lateral (select 1000 * (1 + (r.id + l.seq) % 30) as unit,
          case when l.seq % 5 = 4 then 1000 * (1 + (r.id + l.seq) % 30) else 0 end as uncovered,
          case when l.seq % 5 = 4 then 0 else 300 * (1 + (r.id + l.seq) % 30) end as copay) p
        where r.id > ${from} and r.id <= ${from + 500_000} and r.outcome = 'claimed' and r.id % 2 = 0
        on conflict do nothing`,
        )
        .execute(k);
    }

    // The funnel: a day's counts per hospital and step (what the dashboard reads), and today's and yesterday's visit
    // marks (yesterday's are what the purge removes).
    await sql
      .raw(
        `
      insert into funnel_day (day, hospital_cd, step, visits)
      select to_char(now() at time zone 'Asia/Seoul' - d * interval '1 day', 'YYYYMMDD'), (91000000 + h)::text, st,
        greatest(1, (${claims} / 3650000.0 * (1000 - h) / (1 + n))::int)
      from generate_series(0, 364) d, generate_series(0, ${Math.min(HOSPITALS - 1, Math.ceil(claims / 10_000))}) h,
        unnest(array[${FUNNEL_STEPS.map((x) => `'${x.step}'`).join(',')}]) with ordinality as f(st, n)
      on conflict (day, hospital_cd, step) do update set visits = excluded.visits;
      insert into funnel_visit_step (day, visit_id, step)
      select to_char(now() at time zone 'Asia/Seoul' - (g % 2) * interval '1 day', 'YYYYMMDD'),
        md5('visit' || ${claims} || g)::uuid, 'landing'
      from generate_series(1, ${Math.round(claims / 100)}) g
      on conflict do nothing;`,
      )
      .execute(k);
  } finally {
    await sql`set session_replication_role = origin`.execute(k);
  }
  // The load ran with triggers off (replica), so the day rollups the dashboard reads are made again from the tables,
  // as migrations 0031, 0035, 0044 and 0047 first filled them.
  const kstDayOf = `to_char((created_at at time zone 'UTC') + interval '9 hours', 'YYYYMMDD')`;
  await sql
    .raw(
      `delete from claim_day_delta; delete from claim_day_count;
      insert into claim_day_count select ${kstDayOf}, hospital_cd, insu_comp_cd, status, count(*) from claim
        group by 1, 2, 3, 4;
      delete from claim_status_day_count;
      insert into claim_status_day_count select day, status, sum(n) from claim_day_count group by 1, 2;
      delete from claim_delivery_day_delta; delete from claim_delivery_day_count;
      insert into claim_delivery_day_count select ${kstDayOf}, channel, status, count(*) from claim_delivery
        group by 1, 2, 3;
      delete from funnel_step_day;
      delete from subscription_day_count;
      insert into subscription_day_count select ${kstDayOf}, count(*) from subscription group by 1;
      delete from subscription_hospital_day_count;
      insert into subscription_hospital_day_count select sh.hospital_cd, ${kstDayOf.replace('created_at', 's.created_at')},
        count(*) from subscription_hospital sh join subscription s on s.insu_apply_id = sh.insu_apply_id group by 1, 2;`,
    )
    .execute(k);
  await rebuildFunnelStepDays(k);
}

// ------------------------------------------------------------------------------------------------ measuring a step

async function measureStep(claims: number, who: Patient, loadSeconds: number): Promise<StepResult> {
  const loadAvg = os.loadavg()[0]!;
  // Fresh sessions each step: a step's build can outlast a session.
  const op = await signInOperator(t, 'admin');
  // The patient's session from enrolment while it lasts (an SMS a step would meet the resend wait), then a new one.
  const alive = await app.inject({ url: '/ui/insu/v1/claims/subscriptions', headers: { cookie: who.cookie } });
  if (alive.statusCode !== 200) {
    const again = await verifyPatient(t, who.person);
    if (again.ci !== who.ci) throw new Error('the enrolled patient came back with another CI');
    who.cookie = again.cookie;
  }
  const v = { cookie: who.cookie };
  const mid = await sql<{ id: string; k: string }>`select id::text as id, created_at::text as k from claim
    where id >= (select max(id) / 2 from claim) and record_id % 2 = 0 order by id limit 1`.execute(k);
  const f: Fixture = {
    // HOSPITAL_OF gives the first synthetic hospital the most visits and the last the same few at every step.
    hospitalCd: '91000000',
    quietHospitalCd: String(91000000 + HOSPITALS - 1),
    insuCompCd: 'SAMSUNGFIRE',
    claimId: Number(mid.rows[0]!.id),
    middleCursor: encodeCursor({ s: 'createdAt', o: 'desc', k: mid.rows[0]!.k, i: mid.rows[0]!.id }),
    today: kstDay(),
    monthAgo: kstDay(-29),
    caller: {
      name: who.person.custName,
      phone: who.person.custHp,
      birthDate: who.birthDate,
      receiptNo: 'E0-5',
    },
  };
  const calls: StepResult['calls'] = new Map();
  for (const c of CALLS) {
    // A person search counts against its operator's PERSON_SEARCHES_PER_MINUTE (README "Operator console"): the ~63
    // searches of one call's measurement are shared by operators of their own, each kept under her minute's limit.
    const searchers = PERSON_SEARCHES.has(c.url(f))
      ? await Promise.all(
          Array.from({ length: Math.ceil(70 / (PERSON_SEARCHES_PER_MINUTE - 5)) }, () => signInOperator(t, 'admin')),
        )
      : [op];
    let turn = 0;
    const inject = () => {
      const who = searchers[turn++ % searchers.length]!;
      return app.inject({
        method: c.body ? 'POST' : 'GET',
        url: c.url(f),
        ...(c.body ? { payload: c.body(f) } : {}),
        ...(c.who === 'operator'
          ? { headers: who.headers, remoteAddress: who.remoteAddress }
          : { headers: { cookie: v.cookie } }),
      });
    };
    let errors = 0;
    const timed = async () => {
      const t0 = performance.now();
      const res = await inject();
      const ms = performance.now() - t0;
      if (res.statusCode !== 200) {
        errors++;
        if (errors === 1) console.error(`${c.name}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      }
      return ms;
    };
    for (let i = 0; i < 3; i++) await timed(); // warm-up: plans cached, pages in memory
    errors = 0;
    const seq: number[] = [];
    // A call that takes seconds at 10⁷ would hold the run for an hour: past PHASE_BUDGET_MS it stops at fewer samples.
    const until = performance.now() + PHASE_BUDGET_MS;
    for (let i = 0; i < PER_PHASE && (i < 5 || performance.now() < until); i++) seq.push(await timed());
    const con: number[] = [];
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        const end = performance.now() + PHASE_BUDGET_MS;
        for (let i = 0; i < Math.ceil(PER_PHASE / CONCURRENCY) && (i < 1 || performance.now() < end); i++) {
          con.push(await timed());
        }
      }),
    );
    const samples = seq.length + con.length;
    calls.set(c.name, { seqP50: pct(seq, 50), seqP95: pct(seq, 95), conP95: pct(con, 95), errors, samples });
  }
  const rate = await bestRate(String(claims));
  log(
    `${claims} claims: ingest ${rate.ingestPerS.toFixed(0)} records/s, engine ${rate.enginePerS.toFixed(0)} claims/s`,
  );
  const purge = await purges();
  const bytes = await bytesPerRow();
  return { claims, loadSeconds, calls, ...rate, purge, bytes, loadAvg };
}

function pct(xs: number[], p: number) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? 0;
}

/** The minute's retention work, each job as the tick runs it (src/jobs/index.ts), with the rows it found due. */
async function purges() {
  const due = async () => ({
    subscriptions: Number(
      (
        await sql<{ n: string }>`select count(*) as n from subscription where status = 'cancel'
          and purge_at <= now()`.execute(k)
      ).rows[0]!.n,
    ),
    records: Number(
      (
        await sql<{ n: string }>`select count(*) as n from treatment_record where purge_at <= now()
          and outcome = 'hospital_not_subscribed'`.execute(k)
      ).rows[0]!.n,
    ),
    claims: Number(
      (
        await sql<{ n: string }>`select count(*) as n from claim where status in ('paid', 'rejected')
          and updated_at < now() - interval '3 years'`.execute(k)
      ).rows[0]!.n,
    ),
    visits: Number(
      (
        await sql<{ n: string }>`select count(*) as n from funnel_visit_step
          where day < to_char(now() at time zone 'Asia/Seoul', 'YYYYMMDD')`.execute(k)
      ).rows[0]!.n,
    ),
  });
  const before = await due();
  const time = async (name: string, rows: number, job: () => Promise<void> | undefined) => {
    const t0 = performance.now();
    await job();
    return { name, rows, ms: performance.now() - t0 };
  };
  // No pg-boss handle here: the claims minute's drain runs its steps without sending jobs, as the engine's drain() does.
  const boss = undefined as unknown as Parameters<NonNullable<ReturnType<typeof claimJobs>['everyMinute']>>[0];
  return [
    // Alone first (the claims minute runs it too, and then finds none due).
    await time('closed claims past 3 years, with their history, delivery, files', before.claims, async () => {
      await purgeClosedClaims(app.ctx, new Date());
    }),
    await time('claims minute (drain + unlinked records + rejections)', before.records, () =>
      claimJobs(app.ctx).everyMinute?.(boss),
    ),
    await time('cancelled subscriptions due', before.subscriptions, () =>
      subscriptionPurgeJobs(app.ctx).everyMinute?.(boss),
    ),
    await time('funnel visit marks of past days', before.visits, () => funnelJobs(app.ctx).everyMinute?.(boss)),
  ];
}

const SIZED = [
  'subscription',
  'subscription_hospital',
  'subscription_insurer',
  'treatment_record',
  'claim',
  'claim_delivery',
  'claim_delivery_attempt',
  'claim_status_history',
  'access_log',
  'operator_action',
  'funnel_day',
  'funnel_visit_step',
  'visit_line',
];
async function bytesPerRow() {
  const out: StepResult['bytes'] = [];
  for (const table of SIZED) {
    // The planner's count, just made by VACUUM ANALYZE: count(*) over 10⁷ rows would take longer than the calls.
    const rows = Number(
      (await sql<{ n: string }>`select reltuples::bigint as n from pg_class where oid = ${table}::regclass`.execute(k))
        .rows[0]!.n,
    );
    const bytes = Number(
      (await sql<{ b: string }>`select pg_total_relation_size(${table}::regclass) as b`.execute(k)).rows[0]!.b,
    );
    out.push({ table, rows, bytesPerRow: rows ? bytes / rows : 0, totalMb: bytes / 1024 / 1024 });
  }
  return out;
}

// ------------------------------------------------------------------------------------------------ the report

function table(head: string[], rows: string[][]) {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(head), `|${head.map((_, i) => (i === 0 ? ' --- ' : ' ---: ')).join('|')}|`, ...rows.map(line)].join(
    '\n',
  );
}

function render(baseline: { ingestPerS: number; enginePerS: number }, rs: StepResult[]) {
  const sci = (n: number) => `10^${Math.round(Math.log10(n))}`;
  const first = rs[0]!;
  const last = rs[rs.length - 1]!;
  const out: string[] = [];
  out.push(
    `bench:scale · PostgreSQL on ${os.cpus().length} CPUs · node ${process.version} · ` +
      `load average at each step: ${rs.map((r) => `${sci(r.claims)} ${r.loadAvg.toFixed(1)}`).join(', ')}`,
  );
  out.push('');
  out.push(
    `Latency in ms per call: sequential p50 / p95, then p95 with ${CONCURRENCY} at once (${PER_PHASE} calls each). ` +
      `Growth: p50 at ${sci(last.claims)} ÷ p50 at ${sci(first.claims)}. Target p95: console ${TARGET_MS.operator} ms, ` +
      `patient ${TARGET_MS.patient} ms.`,
  );
  out.push('');
  out.push(
    table(
      ['call', ...rs.map((r) => `${sci(r.claims)} claims`), 'growth'],
      CALLS.map((c) => {
        const cells = rs.map((r) => {
          const m = r.calls.get(c.name)!;
          const over = m.seqP95 > TARGET_MS[c.who] ? ' ⚠' : '';
          return `${m.seqP50.toFixed(1)} / ${m.seqP95.toFixed(1)} · ${m.conP95.toFixed(0)}${m.errors ? ` (${m.errors} errors)` : ''}${m.samples < 2 * PER_PHASE ? ` (${m.samples} calls)` : ''}${over}`;
        });
        // Growth by the median: on a shared machine one slow call in 30 moves a p95 more than the data does.
        const g = last.calls.get(c.name)!.seqP50 / Math.max(0.1, first.calls.get(c.name)!.seqP50);
        return [c.name, ...cells, `${g.toFixed(2)}×${g > 2 ? ' ⚠' : ''}`];
      }),
    ),
  );
  out.push('');
  out.push(
    table(
      ['throughput', 'empty', ...rs.map((r) => sci(r.claims)), `× empty at ${sci(last.claims)}`],
      [
        [
          `feed ingest, records/s (${ENGINE_RECORDS} records)`,
          baseline.ingestPerS.toFixed(0),
          ...rs.map((r) => r.ingestPerS.toFixed(0)),
          (last.ingestPerS / baseline.ingestPerS).toFixed(2),
        ],
        [
          'engine end to end (feed, match, deliver), claims/s',
          baseline.enginePerS.toFixed(0),
          ...rs.map((r) => r.enginePerS.toFixed(0)),
          (last.enginePerS / baseline.enginePerS).toFixed(2),
        ],
      ],
    ),
  );
  out.push('');
  out.push(
    table(
      ['purge (the minute tick)', ...rs.map((r) => `${sci(r.claims)}: rows due, ms`)],
      first.purge.map((p, i) => [p.name, ...rs.map((r) => `${r.purge[i]!.rows} · ${r.purge[i]!.ms.toFixed(0)} ms`)]),
    ),
  );
  out.push('');
  out.push(
    table(
      [`table at ${sci(last.claims)} claims`, 'rows', 'bytes/row (table + indexes + TOAST)', 'MB'],
      last.bytes.map((b) => [b.table, String(b.rows), b.bytesPerRow.toFixed(0), b.totalMb.toFixed(1)]),
    ),
  );
  const sum = (names: string[]) =>
    last.bytes.filter((b) => names.includes(b.table)).reduce((s, b) => s + b.totalMb * 1024 * 1024, 0);
  const subs = last.bytes.find((b) => b.table === 'subscription')!.rows;
  const recs = last.bytes.find((b) => b.table === 'treatment_record')!.rows;
  const cls = last.bytes.find((b) => b.table === 'claim')!.rows;
  out.push('');
  out.push(
    `Per subscriber (subscription, its hospital and insurer): ${(sum(['subscription', 'subscription_hospital', 'subscription_insurer']) / subs).toFixed(0)} bytes; ` +
      `per record: ${(sum(['treatment_record']) / recs).toFixed(0)} bytes; per claim (claim, delivery, attempts, history, access-log lines): ` +
      `${(sum(['claim', 'claim_delivery', 'claim_delivery_attempt', 'claim_status_history', 'access_log', 'operator_action']) / cls).toFixed(0)} bytes; ` +
      `per 세부산정내역 line (README "EMR vendors": ≤ 200 bytes): ${(sum(['visit_line']) / Math.max(1, last.bytes.find((b) => b.table === 'visit_line')!.rows)).toFixed(0)} bytes. ` +
      `Not counted in the synthetic subscribers: the ID photo and signature an enrolled one carries in its row today, ` +
      `${(imageBytes / 1024).toFixed(0)} kB each.`,
  );
  out.push('');
  out.push(
    `Built in: ${rs.map((r) => `${sci(r.claims)} ${r.loadSeconds.toFixed(0)} s`).join(', ')} (each step adds to the last).`,
  );
  return out.join('\n') + '\n';
}

// ------------------------------------------------------------------------------------------------ main (last: every
// helper above is initialised by the time it runs)

const { values } = parseArgs({ options: { max: { type: 'string' } } });
const MAX = Number(values.max ?? process.env.BENCH_SCALE_MAX ?? '1e5');
if (!(MAX >= 1e4 && MAX <= 1e7)) {
  console.error('bench:scale: --max between 1e4 and 1e7');
  process.exit(2);
}
const STEPS = [1e4, 1e5, 1e6, 1e7].filter((n) => n <= MAX);
const baseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
// BENCH_SCALE_DB names another database (ac_bench_*), so two runs on one server do not drop each other's.
const DB_NAME = /^ac_bench_[a-z0-9_]+$/.test(process.env.BENCH_SCALE_DB ?? '')
  ? process.env.BENCH_SCALE_DB!
  : 'ac_bench_scale';
const started = performance.now();
const log = (s: string) => console.log(`[${((performance.now() - started) / 1000).toFixed(0).padStart(5)} s] ${s}`);

async function admin(query: string) {
  const c = new pg.Client({ connectionString: baseUrl });
  await c.connect();
  try {
    await c.query(query);
  } finally {
    await c.end();
  }
}
await admin(`drop database if exists ${DB_NAME} with (force)`);
await admin(`create database ${DB_NAME}`);
const url = new URL(baseUrl);
url.pathname = `/${DB_NAME}`;
const db = await openDb({ databaseUrl: url.toString() });
await migrateToLatest(db.db);
const app = await buildApp({ db, logger: false, config: TEST_CONFIG });
await app.ready();
await app.claimEngine.start(); // pg-boss installed, no workers: this script runs the engine's steps itself
const t: TestApp = { app, db, close: async () => {} };
const k = db.db as Kysely<Database>;

interface StepResult {
  claims: number;
  loadSeconds: number;
  calls: Map<string, { seqP50: number; seqP95: number; conP95: number; errors: number; samples: number }>;
  ingestPerS: number;
  enginePerS: number;
  purge: { name: string; ms: number; rows: number }[];
  bytes: { table: string; rows: number; bytesPerRow: number; totalMb: number }[];
  loadAvg: number;
}
const results: StepResult[] = [];
let failed = false;
try {
  log(`bench:scale on ${DB_NAME} · steps ${STEPS.join(', ')} · load average ${os.loadavg()[0]!.toFixed(1)}`);
  const patient = await enrol();
  caller.nameHmac = nameHmacOf(app.ctx, patient.person.custName);
  caller.birthHmac = birthHmacOf(app.ctx, patient.birthDate);
  await engineRate('warm-up'); // the first run pays for JIT and the planner's caches, not for the data
  const baseline = await bestRate('empty');
  log(
    `empty database: ingest ${baseline.ingestPerS.toFixed(0)} records/s, engine ${baseline.enginePerS.toFixed(0)} claims/s`,
  );
  for (const target of STEPS) {
    const t0 = performance.now();
    await grow(target);
    const loadSeconds = (performance.now() - t0) / 1000;
    log(`${target} claims: built in ${loadSeconds.toFixed(0)} s`);
    const r = await measureStep(target, patient, loadSeconds);
    results.push(r);
    const report = render(baseline, results);
    mkdirSync('artifacts', { recursive: true });
    writeFileSync(path.join('artifacts', 'bench-scale.md'), report);
    console.log(report);
    if ([...r.calls.values()].some((c) => c.errors > 0)) failed = true;
  }
} catch (e) {
  failed = true;
  console.error(e);
} finally {
  await app.close();
  await db.close();
  if (!process.env.BENCH_SCALE_KEEP) await admin(`drop database if exists ${DB_NAME} with (force)`);
}
process.exit(failed ? 1 : 0);
