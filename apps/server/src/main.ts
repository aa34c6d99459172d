// read config → open db → migrate → build app → listen. Stops gracefully on SIGINT/SIGTERM.
import { existsSync } from 'node:fs';
import { loadConfig } from './config.js';
import { openDb } from './db/index.js';
import { migrateToLatest } from './db/migrate.js';
import { buildApp } from './app.js';
import { upsertOperator } from './modules/auth/operators.js';

// A .env beside the repo root sets defaults; the real environment wins.
if (existsSync('.env')) process.loadEnvFile('.env');
const config = loadConfig();
const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrateToLatest(db.db);
if (config.operator) await upsertOperator(db.db, config.operator.loginId, config.operator.password);
const app = await buildApp({ config, db });

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    await app.close(); // finishes requests in flight, refuses new ones with 503
    await db.close();
    clearTimeout(force);
    process.exit(0);
  });
}

await app.listen({ port: config.port, host: config.host });
// The claim engine's workers (pg-boss): matching, delivery, 알림톡, and the minute tick that resumes after a crash.
if (config.claimWorkers) await app.claimEngine.start({ workers: true });
app.log.info(`자동청구: http://localhost:${config.port}/ui/insu/vuex/auto-claim/ (database: ${db.kind})`);
