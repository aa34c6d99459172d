// `npm run doctor`: checks a configuration before it goes live (docs/operations.md, "A rollout"). It reads
// the environment as a process would, reaches the database, and asks every real provider whether its credentials,
// sender numbers and templates are accepted, without sending anything to a patient or an insurer; and writes, reads
// and deletes a probe object in the blob store. Exit 1 on any failure, with one line per check.
import { existsSync } from 'node:fs';
import { sql } from 'kysely';
import { loadConfig, providerKinds } from '../src/config.js';
import { createContext, faxSenderFor } from '../src/create-context.js';
import { openDb } from '../src/db/index.js';
import { databaseRoleWarnings } from '../src/db/role-check.js';
import type { Checkable, ProviderCheck } from '../src/providers/check.js';
import { checkBlobStore } from '../src/blobs/index.js';

if (existsSync('.env')) process.loadEnvFile('.env');
const lines: ProviderCheck[] = [];
let config;
try {
  config = loadConfig();
} catch (err) {
  console.error(`✗ configuration: ${(err as Error).message}`);
  process.exit(1);
}
lines.push({ kind: 'configuration', vendor: '-', ok: true, detail: `NODE_ENV=${config.nodeEnv}, role ${config.role}` });

const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
/** Findings that fail nothing but should be fixed before production (printed with ⚠). */
const warnings: { kind: string; vendor: string; detail: string }[] = [];
try {
  await sql`select 1`.execute(db.db);
  lines.push({ kind: 'database', vendor: db.kind, ok: true, detail: 'reachable' });
  // The append-only triggers bind only a role that is neither superuser nor table owner (docs/operations.md).
  if (db.kind === 'postgres') {
    for (const detail of await databaseRoleWarnings(db.db))
      warnings.push({ kind: 'database role', vendor: db.kind, detail });
  }
} catch (err) {
  lines.push({ kind: 'database', vendor: db.kind, ok: false, detail: (err as Error).message });
}

const ctx = createContext({ db: db.db, config });
const kinds = providerKinds(config);
// The fax gateway is asked per batch by the delivery router (providers/delivery/router.ts); checked here as a kind.
const all = { ...ctx.providers, fax: faxSenderFor(config, ctx.outbox) };
for (const [kind, provider] of Object.entries(all)) {
  const chosen = kinds[kind as keyof typeof kinds] ?? 'sandbox';
  const checkable = provider as Partial<Checkable>;
  if (typeof checkable.check !== 'function') {
    // A sandbox sends nothing real: fine in development, refused in production by loadConfig already.
    lines.push({
      kind,
      vendor: chosen,
      ok: config.nodeEnv !== 'production',
      detail: 'sandbox: nothing is sent for real',
    });
    continue;
  }
  try {
    lines.push(...(await checkable.check()));
  } catch (err) {
    lines.push({ kind, vendor: chosen, ok: false, detail: `check failed: ${(err as Error).message}` });
  }
}
// The blob store (BLOB_STORE): a probe object written, read back and deleted, nothing else touched.
lines.push(await checkBlobStore(ctx.blobs, config.blobs));
await db.close();

for (const l of lines) console.log(`${l.ok ? '✓' : '✗'} ${l.kind} (${l.vendor}): ${l.detail}`);
for (const w of warnings) console.log(`⚠ ${w.kind} (${w.vendor}): ${w.detail}`);
const failed = lines.filter((l) => !l.ok).length;
console.log(failed ? `${failed} check(s) failed` : 'every check passed');
process.exit(failed ? 1 : 0);
