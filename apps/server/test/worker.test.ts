// PROCESS_ROLE=worker (docs/operations.md, "Processes"): the jobs runtime with every module's workers and no HTTP
// app. In this process: a worker started beside a web app that only feeds does the matching and the delivery. As a
// child process (node main.ts, PostgreSQL): its ops listener answers, its public port answers nothing, no app's
// connection is there, SIGTERM ends it.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSPITAL_API, HOSPITAL_KEY_HEADER } from '@auto-claim/contract';
import { buildApp } from '../src/app.js';
import { openDb } from '../src/db/index.js';
import { createMetrics } from '../src/metrics.js';
import { startWorker, type Worker } from '../src/worker.js';
import { createSubscriber, treatmentRecord } from '../fixtures/factories.js';
import { exited, freePort, startServer, until } from '../fixtures/processes.js';
import { TEST_CONFIG, openTestDb, testLogStream, throwawayDatabase } from './helper.js';

describe('a worker started without an HTTP app', () => {
  let db: Awaited<ReturnType<typeof openTestDb>>;
  let web: Awaited<ReturnType<typeof buildApp>>;
  let worker: Worker | undefined;
  beforeAll(async () => {
    db = await openTestDb();
    web = await buildApp({ config: TEST_CONFIG, db: db.db, logStream: testLogStream });
    await web.ready();
  });
  afterAll(async () => {
    await worker?.close();
    await web.close();
    await db.close();
  });

  it('matches and delivers what a web process (no workers of its own) was fed', { timeout: 60_000 }, async () => {
    worker = await startWorker({ config: TEST_CONFIG, db: db.db, metrics: createMetrics(), logStream: testLogStream });
    expect(worker.jobs.started).toBe(true);
    expect(worker).not.toHaveProperty('inject');
    // The web process as main.ts starts it: the runtime without workers, to send the wake-up.
    await web.jobs.start({ workers: false });
    const sub = await createSubscriber(web.ctx, { contractStartDate: '20200101' });
    const today = new Date().toISOString().slice(0, 10).replaceAll('-', '');
    const fed = await web.inject({
      method: 'POST',
      url: HOSPITAL_API.treatments,
      headers: { [HOSPITAL_KEY_HEADER]: 'sandbox-90000001' },
      payload: { records: [treatmentRecord(sub, { receiptNo: 'WORKER-1', visitDate: today })] },
    });
    expect(fed.statusCode).toBeLessThan(300);
    const claimOf = () =>
      db.db.db
        .selectFrom('claim as c')
        .innerJoin('treatmentRecord as r', 'r.id', 'c.recordId')
        .select('c.status')
        .where('r.receiptNo', '=', 'WORKER-1')
        .executeTakeFirst();
    await until('the worker delivered the claim', async () => (await claimOf())?.status === 'sent', 30_000);
  });
});

// Web and worker processes share one PostgreSQL (config.ts refuses PROCESS_ROLE without DATABASE_URL).
describe.skipIf(!process.env.DATABASE_URL)('node main.ts with PROCESS_ROLE=worker', () => {
  let database: Awaited<ReturnType<typeof throwawayDatabase>> | undefined;
  afterAll(async () => {
    await database?.drop();
  });

  it(
    'answers on its ops listener only, builds no HTTP app (no reference cache listening), ends on SIGTERM',
    { timeout: 120_000 },
    async () => {
      database = await throwawayDatabase(process.env.DATABASE_URL!);
      const port = await freePort();
      const metricsPort = await freePort();
      const child = startServer(database.url, {
        PROCESS_ROLE: 'worker',
        PORT: String(port),
        METRICS_PORT: String(metricsPort),
      });
      try {
        const ops = (p: string) => fetch(`http://127.0.0.1:${metricsPort}${p}`);
        await until('the worker ready', async () => (await ops('/readyz')).ok, 90_000);
        expect(await (await ops('/readyz')).json()).toMatchObject({ ok: true, queue: true });
        expect((await ops('/metrics')).status).toBe(200);
        // No HTTP app: nothing listens on the public port, not even /healthz.
        await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
        // An app, built, would hold a connection LISTENing for reference changes (modules/reference/cache.ts).
        const db = await openDb({ databaseUrl: database.url });
        try {
          const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and query ilike 'listen %'`.execute(db.db);
          expect(rows[0]!.n).toBe(0);
        } finally {
          await db.close();
        }
        child.kill('SIGTERM');
        expect(await exited(child)).toBe(0);
      } finally {
        child.kill('SIGKILL');
      }
    },
  );
});
