// read config → open db → migrate → as PROCESS_ROLE says (docs/operations.md, "Processes"): web builds the HTTP app
// and listens, worker starts the jobs runtime's workers without any HTTP app, all does both. SIGTERM or SIGINT: stop
// taking work, finish what is in flight, exit within 10 s.
import { existsSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from './config.js';
import { openDb } from './db/index.js';
import { migrateToLatest } from './db/migrate.js';
import { buildApp, readiness } from './app.js';
import { createMetrics } from './metrics.js';
import { listenOps, type OpsListener } from './ops-server.js';
import { upsertOperator } from './modules/operators/index.js';
import { startWorker, type Worker } from './worker.js';

// A .env beside the repo root sets defaults; the real environment wins.
if (existsSync('.env')) process.loadEnvFile('.env');
const config = loadConfig();
const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
// Migrations take a lock: processes starting together apply them once (a rollout may also run `npm run migrate`).
await migrateToLatest(db.db);
if (config.operator) await upsertOperator(db.db, config.operator.loginId, config.operator.password);
const metrics = createMetrics({ process: true });
const serves = config.role !== 'worker';
const works = config.role !== 'web';

let app: FastifyInstance | undefined;
let worker: Worker | undefined;
let ops: OpsListener | undefined;
let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    if (closing) return;
    closing = true;
    (app?.log ?? worker?.ctx.log)?.info({ signal, role: config.role }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    // New requests get 503 while those in flight finish; the jobs runtime stops fetching and waits for running jobs.
    await app?.close();
    await worker?.close();
    await ops?.close();
    await db.close();
    clearTimeout(force);
    process.exit(0);
  });
}

if (serves) {
  app = await buildApp({ config, db, metrics });
  await app.ready();
  await app.listen({ port: config.port, host: config.host });
  // Web processes start the runtime without workers: a feed's wake-up job then reaches the worker processes.
  await app.jobs.start({ workers: works });
} else {
  worker = await startWorker({ config, db, metrics });
}
const { ctx, jobs } = app ? { ctx: app.ctx, jobs: app.jobs } : worker!;
if (config.metrics) {
  ops = await listenOps({ ...config.metrics, metrics, ready: () => readiness(ctx, jobs, db.kind) });
}
ctx.log.info(
  (serves ? `자동청구: http://localhost:${config.port}/ui/insu/vuex/auto-claim/` : '자동청구 worker') +
    ` (role ${config.role}, database: ${db.kind}, node ${process.version}` +
    (ops ? `, metrics http://${config.metrics!.host}:${ops.port}/metrics)` : ')'),
);
