// npm run operator -- <loginId> [--role viewer|operator|admin]: creates or updates an operator account on the
// configured database (a new account without --role is an admin: the first one must be able to make the others).
// The password is read from standard input (never an argument, which would land in shell history).
import { createInterface } from 'node:readline/promises';
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config.js';
import { EmbeddedDbBusy, openDb } from '../src/db/index.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { upsertOperator } from '../src/modules/operators/index.js';

const ROLES = ['viewer', 'operator', 'admin'] as const;
const { values, positionals } = parseArgs({ allowPositionals: true, options: { role: { type: 'string' } } });
const loginId = positionals[0];
const role = values.role as (typeof ROLES)[number] | undefined;
if (!loginId || (role !== undefined && !ROLES.includes(role))) {
  console.error('usage: npm run operator -- <loginId> [--role viewer|operator|admin]   (password on standard input)');
  process.exit(2);
}
if (existsSync('.env')) process.loadEnvFile('.env');
const config = loadConfig();
// On the embedded database (no DATABASE_URL) the server running on it holds it: say so before asking the password.
const open = () => openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, whenBusy: 'refuse' });
let db: Awaited<ReturnType<typeof openDb>>;
try {
  db = await open();
} catch (e) {
  if (!(e instanceof EmbeddedDbBusy)) throw e;
  console.error(e.message);
  process.exit(1);
}
const rl = createInterface({ input: process.stdin, output: process.stderr });
const password = (await rl.question('password (12+ characters): ')).trim();
rl.close();
try {
  await migrateToLatest(db.db);
  await upsertOperator(db.db, loginId, password, role);
  console.error(`operator ${loginId} saved${role ? ` (${role})` : ''}`);
  // A new account has no second factor yet: its first sign-in sets one up (README "Operator console").
  console.error('sign in at /ops; the first sign-in sets up the second factor (an authenticator app, recovery codes)');
} finally {
  await db.close();
}
