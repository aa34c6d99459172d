// npm run operator -- <loginId>: creates or updates an operator account on the configured database.
// The password is read from standard input (never an argument, which would land in shell history).
import { createInterface } from 'node:readline/promises';
import { existsSync } from 'node:fs';
import { loadConfig } from '../src/config.js';
import { openDb } from '../src/db/index.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { upsertOperator } from '../src/modules/auth/index.js';

const loginId = process.argv[2];
if (!loginId) {
  console.error('usage: npm run operator -- <loginId>   (password on standard input)');
  process.exit(2);
}
if (existsSync('.env')) process.loadEnvFile('.env');
const config = loadConfig();
const rl = createInterface({ input: process.stdin, output: process.stderr });
const password = (await rl.question('password (12+ characters): ')).trim();
rl.close();
const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrateToLatest(db.db);
  await upsertOperator(db.db, loginId, password);
  console.error(`operator ${loginId} saved`);
} finally {
  await db.close();
}
