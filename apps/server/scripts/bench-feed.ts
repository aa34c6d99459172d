// bench:feed — KR 실손 Claim bundles of 30 lines through POST /hospital/fhir/r4/Bundle (app.inject, validation and
// storage included, the claim engine not drained), on PGlite in memory or, with DATABASE_URL=postgres://…, on a
// throwaway database of that server. Reports bundles a second and CPU per bundle (this process: app and database
// client, its check threads; PGlite's database runs in it too), PostgreSQL's own CPU per bundle when the server runs on
// this machine (its backends' /proc), validation alone per bundle, and with --profile where a bundle's database time
// goes, statement by statement. The app runs as a web process does: check threads as FHIR_CHECK_WORKERS would give
// them (--check-workers, 0: on the event loop), the jobs runtime started without workers (each new visit wakes the
// engine through pg-boss, as in production).
//   npm run bench:feed -- --bundles 400 --concurrency 8 [--check-workers 1] [--profile]
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { Bundle, Invoice } from '@medplum/fhirtypes';
import { FHIR_JSON, HOSPITAL_API, HOSPITAL_KEY_HEADER } from '@auto-claim/contract';
import type { Database } from '../src/db/schema.js';
import { loadR4, SHARES, SILSON, validateSilsonBundle } from '@auto-claim/kr-silson-claim';

const { values } = parseArgs({
  options: {
    bundles: { type: 'string', default: '400' },
    concurrency: { type: 'string', default: '8' },
    'check-workers': { type: 'string', default: String(Math.max(1, availableParallelism() - 1)) },
    profile: { type: 'boolean', default: false },
  },
});
const CHECK_WORKERS = Number(values['check-workers']);
const N = Number(values.bundles);
const CONCURRENCY = Number(values.concurrency);
const LINES = 30;

/** The guide's 32-line stay cut to its first 30 lines, the receipt's totals summed again. */
function thirtyLines(): Bundle {
  const file = path.resolve(import.meta.dirname, '../../../fhir/ig/examples/long-stay.json');
  const b = JSON.parse(readFileSync(file, 'utf8')) as Bundle;
  const inv = b.entry!.find((e) => e.resource!.resourceType === 'Invoice')!.resource as Invoice;
  const dropped = new Set(inv.lineItem!.slice(LINES).map((l) => l.chargeItemReference!.reference));
  inv.lineItem = inv.lineItem!.slice(0, LINES);
  b.entry = b.entry!.filter((e) => !dropped.has(e.fullUrl));
  for (const s of b.entry[0]!.resource!.resourceType === 'Composition'
    ? ((b.entry[0]!.resource as { section: { entry?: { reference?: string }[] }[] }).section ?? [])
    : [])
    s.entry = s.entry?.filter((r) => !dropped.has(r.reference));
  const sum = (share: string | 'base') =>
    inv.lineItem!.reduce(
      (t, li) =>
        t +
        (li.priceComponent!.find((p) =>
          share === 'base' ? p.type === 'base' : p.code?.coding?.some((c) => c.code === share),
        )?.amount?.value ?? 0),
      0,
    );
  inv.totalGross = { value: sum('base'), currency: 'KRW' };
  for (const p of inv.totalPriceComponent!) {
    const share = p.code!.coding!.find((c) => c.system === SILSON.share)!.code!;
    p.amount = { value: sum(share), currency: 'KRW' };
  }
  inv.totalNet = { value: sum('copay') + sum('full-copay') + sum('uncovered'), currency: 'KRW' };
  void SHARES;
  return b;
}

/** Each statement's wall time from the driver's query to its answer, summed by its first words (--profile). */
async function timeStatements() {
  const pg = (await import('pg')).default;
  const times = new Map<string, { n: number; ms: number }>();
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  (pg.Client.prototype as { query: unknown }).query = function (this: unknown, ...args: unknown[]) {
    const text = typeof args[0] === 'string' ? args[0] : ((args[0] as { text?: string } | undefined)?.text ?? '');
    const t0 = performance.now();
    const answer = query.apply(this, args);
    if (answer instanceof Promise)
      void answer.then(
        () => {
          const key = text.replace(/\s+/g, ' ').trim().slice(0, 70);
          const t = times.get(key) ?? { n: 0, ms: 0 };
          t.n++;
          t.ms += performance.now() - t0;
          times.set(key, t);
        },
        () => undefined,
      );
    return answer;
  };
  return times;
}

/** CPU ms of each of this database's PostgreSQL backends (server on this machine, /proc readable), else undefined. */
async function backendCpu(db: { db: import('kysely').Kysely<Database> }) {
  const { sql } = await import('kysely');
  const tick = 100; // USER_HZ on Linux
  const { rows } = await sql<{ pid: number }>`
    select pid from pg_stat_activity where datname = current_database()`.execute(db.db);
  const byPid = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      byPid.set(pid, ((Number(f[11]) + Number(f[12])) * 1000) / tick);
    } catch {
      return undefined;
    }
  }
  return byPid;
}

async function main() {
  const template = thirtyLines();
  loadR4();
  const issues = validateSilsonBundle(template);
  if (issues.length) throw new Error(`the 30-line bundle does not conform: ${JSON.stringify(issues[0])}`);
  const hospitalCd = template.identifier!.system!.split('/').at(-1)!;

  // Validation alone, on this process's CPU.
  const v0 = process.cpuUsage();
  for (let i = 0; i < 200; i++) validateSilsonBundle(JSON.parse(JSON.stringify(template)) as Bundle);
  const validateMs = (process.cpuUsage(v0).user + process.cpuUsage(v0).system) / 1000 / 200;

  const { buildApp } = await import('../src/app.js');
  const { openTestDb, TEST_CONFIG } = await import('../fixtures/app.js');
  const { createSubscriber } = await import('../fixtures/factories.js');
  const { own } = await import('../src/db/handle.js');
  const { sha256 } = await import('../src/security/crypto.js');
  const { db, close } = await openTestDb();
  const statements = values.profile ? await timeStatements() : undefined;
  const app = await buildApp({ config: { ...TEST_CONFIG, fhirCheckWorkers: CHECK_WORKERS }, db, logger: false });
  await app.ready();
  await app.claimEngine.start();
  try {
    const whole = own<Database>(db.db);
    await whole
      .insertInto('hospital')
      .values({
        hospitalCd,
        hospitalNm: '벤치병원',
        hospitalType: '병원',
        address: '서울',
        phone: '0200000000',
        introText: '',
        thumbnailPath: '',
        androidPackage: null,
        iosPackage: null,
        autoClaimEnabled: true,
        isDemo: false,
        sortOrder: 999,
      })
      .onConflict((oc) => oc.column('hospitalCd').doNothing())
      .execute();
    const key = `bench-feed-key-${hospitalCd}-0123456789`;
    await whole
      .insertInto('hospitalApiKey')
      .values({ hospitalCd, keyHash: sha256(key), keyPrefix: key.slice(0, 14), lastUsedAt: null, revokedAt: null })
      .execute();
    await createSubscriber(app.ctx, {
      userNm: '김하늘',
      birthDate: '19580314',
      idno2: '2000000',
      hospitals: [hospitalCd],
    });
    const bodies = Array.from({ length: N + 20 }, (_, i) => {
      const b = structuredClone(template);
      b.identifier!.value = `BENCH-${i}`;
      return JSON.stringify(b);
    });
    const send = async (i: number) => {
      const res = await app.inject({
        method: 'POST',
        url: HOSPITAL_API.fhirBundle,
        headers: { [HOSPITAL_KEY_HEADER]: key, 'content-type': FHIR_JSON },
        payload: bodies[i]!,
      });
      if (res.statusCode !== 201) throw new Error(`bundle ${i}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    };
    for (let i = 0; i < 20; i++) await send(N + i); // warm-up (the check threads have read R4 by then)
    statements?.clear();
    const b0 = db.kind === 'postgres' ? await backendCpu(db) : undefined;
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < N) await send(next++);
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(c0);
    const b1 = b0 && (await backendCpu(db));
    // A backend opened during the run counts from zero.
    const pgMs = b0 && b1 ? [...b1].reduce((t, [pid, ms]) => t + ms - (b0.get(pid) ?? 0), 0) / N : undefined;
    const bytes = await import('kysely').then(({ sql }) =>
      sql<{ n: string; row: string; total: string }>`select count(*) as n, avg(pg_column_size(l.*)) as row,
        pg_total_relation_size('visit_line') as total from visit_line l`.execute(db.db),
    );
    const r = bytes.rows[0]!;
    console.log(
      `bench:feed — ${db.kind === 'postgres' ? 'PostgreSQL' : 'PGlite in memory'}: ${N} bundles of ${LINES} lines, ` +
        `${CONCURRENCY} in flight, ` +
        `${CHECK_WORKERS} check thread(s): ${(N / seconds).toFixed(1)} bundles/s, ` +
        `CPU ${((cpu.user + cpu.system) / 1000 / N).toFixed(2)} ms a bundle (this process)` +
        (pgMs !== undefined ? ` + ${pgMs.toFixed(2)} ms (PostgreSQL's backends), ` : ', ') +
        `validation alone ${validateMs.toFixed(2)} ms a bundle; visit_line ${r.n} rows, ` +
        `${Number(r.row).toFixed(1)} bytes a row, ${(Number(r.total) / Number(r.n)).toFixed(1)} bytes a line with its index`,
    );
    if (statements) {
      console.log(`database time a bundle, by statement (wall, ${CONCURRENCY} in flight):`);
      for (const [text, t] of [...statements].sort((a, b) => b[1].ms - a[1].ms))
        console.log(`  ${(t.ms / N).toFixed(2)} ms  ${(t.n / N).toFixed(2)}×  ${text}`);
    }
  } finally {
    await app.close();
    await close();
  }
}

await main();
