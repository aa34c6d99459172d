// npm run bench:engine [-- --records N --patients M]: feeds N treatment records for M subscribed patients through
// the hospital API (real HTTP on loopback, through the typed client generated from the API document), then runs the
// engine, and prints records/s ingested and claims/s built and delivered (sandbox delivery: the outbox, in the same transaction), 알림톡/s, and what a PDF
// package costs. PGlite in memory by default; DATABASE_URL=postgres://… uses a throwaway database on that server.
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { MAX_FEED_BATCH } from '@auto-claim/contract';
import { createHospitalClient } from '@auto-claim/hospital-client';
import { buildApp } from '../src/app.js';
import { openDb } from '../src/db/index.js';
import { migrateToLatest } from '../src/db/migrate.js';
import sharp from 'sharp';
import { buildClaimPackage } from '../src/modules/claims/index.js';
import { makeDocuments } from '../src/modules/subscriptions/index.js';
import { TEST_CONFIG, throwawayDatabase } from '../fixtures/app.js';
import { runEngine } from './bench-engine-run.js';
import { createSubscriber, treatmentRecord, type Subscriber } from '../fixtures/factories.js';

const { values } = parseArgs({
  options: {
    records: { type: 'string' },
    patients: { type: 'string' },
    workers: { type: 'string' },
    pdfs: { type: 'string', default: '5' },
  },
});
const baseUrl = process.env.DATABASE_URL;
const N = Number(values.records ?? (baseUrl ? 20_000 : 5_000));
const M = Number(values.patients ?? 1_000);
const WORKERS = Number(values.workers ?? (baseUrl ? 2 : 1));

const tmp = baseUrl ? await throwawayDatabase(baseUrl) : undefined;
const db = await openDb(tmp ? { databaseUrl: tmp.url } : { memory: true });
try {
  await migrateToLatest(db.db);
  const app = await buildApp({
    db,
    logger: false,
    config: TEST_CONFIG,
  });
  await app.ready();
  const engine = app.claimEngine;
  await engine.start();

  const patients: Subscriber[] = [];
  for (let i = 0; i < M; i++) patients.push(await createSubscriber(app.ctx, { contractStartDate: '20200101' }));
  const today = new Date().toISOString().slice(0, 10).replaceAll('-', '');
  const records = Array.from({ length: N }, (_, i) =>
    treatmentRecord(patients[i % M]!, { receiptNo: `B${i}`, visitDate: today, by: i % 10 === 0 ? 'rrn' : 'ci' }),
  );

  const line = (label: string, count: number, ms: number) =>
    console.log(
      `${label.padEnd(34)} ${String(count).padStart(7)} in ${(ms / 1000).toFixed(2).padStart(6)} s = ${Math.round(
        (count / ms) * 1000,
      )
        .toString()
        .padStart(6)} /s`,
    );
  console.log(`bench:engine on ${db.kind}: ${N} records, ${M} patients, ${WORKERS} worker(s)`);

  // The feed goes over real HTTP on loopback through the typed client generated from the API document
  // (packages/hospital-client), as a hospital's system would send it: the document is proven by use.
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };
  const hospital = createHospitalClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: 'sandbox-90000001' });
  let t0 = performance.now();
  for (let i = 0; i < N; i += MAX_FEED_BATCH) {
    const { error, response } = await hospital.POST('/hospital/api/v1/treatments', {
      body: { records: records.slice(i, i + MAX_FEED_BATCH) },
    });
    if (error) throw new Error(`feed answered ${response.status}: ${error.code} ${error.detail}`);
  }
  const ingestMs = performance.now() - t0;
  line('records ingested (HTTP, typed client)', N, ingestMs);

  // As the workers run it: match and delivery side by side, WORKERS of each, until every claim is out.
  const { matchMs, engineMs, delivered } = await runEngine(engine, WORKERS);
  const count = async (status?: string) =>
    Number(
      (
        await db.db
          .selectFrom('claim')
          .select((eb) => eb.fn.countAll().as('n'))
          .$if(status !== undefined, (q) => q.where('status', '=', status as 'sent'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const claims = await count();
  const sent = await count('sent');
  line('records matched → claims built', claims, matchMs);
  line('claims delivered (sandbox API)', delivered, engineMs);
  line('claims built and delivered', sent, engineMs);
  line('end to end (feed, then engine)', sent, ingestMs + engineMs);

  t0 = performance.now();
  let notified = 0;
  for (let k; (k = await engine.notifyQueued(200)) > 0;) notified += k;
  line('알림톡 sent (token + outbox)', notified, performance.now() - t0);

  const pdfs = Number(values.pdfs);
  if (pdfs > 0) {
    const ids = await db.db.selectFrom('claim').select(['id', 'insuApplyId']).orderBy('id').limit(pdfs).execute();
    // Signed, with their 위임장 and 동의서 made and kept as the documents job does: the package copies their pages.
    const applyIds = [...new Set(ids.map((c) => c.insuApplyId!))];
    const sign = await sharp({ create: { width: 300, height: 120, channels: 4, background: '#00000000' } })
      .png()
      .toBuffer();
    await db.db
      .updateTable('subscription')
      .set({ signImgEnc: app.ctx.crypto.encrypt(sign.toString('base64')), signMethod: 'drawn' })
      .where('insuApplyId', 'in', applyIds)
      .execute();
    for (const id of applyIds) await makeDocuments(app.ctx, id);
    const first = await buildClaimPackage(app.ctx, db.db, ids[0]!.id); // font parse, once per process
    t0 = performance.now();
    // CPU of the whole process (the PDF worker thread included; PostgreSQL's own not): on a shared machine a fairer
    // figure than the rate, which waits for a core.
    const cpu0 = process.cpuUsage();
    for (const { id } of ids) await buildClaimPackage(app.ctx, db.db, id);
    line('PDF packages (one PDF, 4 pages)', ids.length, performance.now() - t0);
    const cpu = process.cpuUsage(cpu0);
    console.log(
      `a 4-page package (signed, no ID copy): ${first.pdf.byteLength} bytes; ` +
        `${((cpu.user + cpu.system) / 1000 / ids.length).toFixed(1)} ms of CPU each; load average ${loadavg()[0]!.toFixed(1)}`,
    );
  }
  if (sent !== N) throw new Error(`expected ${N} claims sent, found ${sent}`);
  await app.close();
} finally {
  await db.close();
  await tmp?.drop();
}
