// `npm run migrate`: applies the migrations to DATABASE_URL and exits, once before a rollout (docs/operations.md).
// Every process also migrates at start (under a lock), so this is the step that fails early, not the only one.
import { loadConfig } from '../src/config.js';
import { openDb } from '../src/db/index.js';
import { migrateToLatest } from '../src/db/migrate.js';

const config = loadConfig();
const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrateToLatest(db.db);
  console.log(`migrations applied (${db.kind})`);
} finally {
  await db.close();
}
