// `npm run rekey`: moves every field value still sealed with an old key (FIELD_ENCRYPTION_OLD_KEYS, or the legacy
// "k1") to FIELD_ENCRYPTION_KEY, printing progress per column, and exits 0 once nothing is left under an old key;
// 1 when values remain that no key opens (docs/providers/key-rotation.md). Worker processes do the same in the
// background every minute; this is the step an operator runs and watches before removing an old key.
import { existsSync } from 'node:fs';
import { createBlobStore } from '../src/blobs/index.js';
import { loadConfig } from '../src/config.js';
import { openDb } from '../src/db/index.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { createFieldCrypto } from '../src/security/crypto.js';
import { verifyLookupKey } from '../src/security/lookup-key.js';
import { countByKeyId, createRekeyer, type ColumnCount } from '../src/security/rekey.js';

if (existsSync('.env')) process.loadEnvFile('.env');
const config = loadConfig();
const crypto = createFieldCrypto({
  key: config.fieldEncryptionKey,
  oldKeys: config.fieldEncryptionOldKeys,
  lookupKey: config.fieldLookupKey,
});
const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });

const label = (c: { table: string; column: string }) => `${c.table}.${c.column}`;
const byKey = (c: ColumnCount) =>
  Object.entries(c.byKeyId)
    .map(([id, n]) => `${id === crypto.keyId ? `${id} (current)` : id}: ${n}`)
    .join(', ') || 'empty';
const total = (counts: ColumnCount[]) => counts.reduce((s, c) => s + c.remaining, 0);

let code = 0;
try {
  await migrateToLatest(db.db);
  await verifyLookupKey(db.db, crypto);
  console.log(`current key ${crypto.keyId}; the ring: ${crypto.keyIds.join(', ')}`);
  let counts = await countByKeyId(db.db, crypto);
  for (const c of counts) console.log(`  ${label(c)}: ${byKey(c)}`);
  const rekeyer = createRekeyer(
    db.db,
    crypto,
    {
      info: () => {},
      warn: () => {}, // unreadable values are printed below, with their count
      error: (o: { column?: string; err?: unknown }, msg) =>
        console.error(`  ${o.column}: ${msg}: ${o.err instanceof Error ? o.err.message : String(o.err)}`),
    },
    // The blobs rows name are re-sealed too (their data keys, ADR 0006).
    createBlobStore(config.blobs, crypto),
  );
  // Passes until none is left; a pass that moves nothing more means what is left cannot be opened.
  for (let round = 1; total(counts) > 0; round++) {
    const todo = new Map(counts.map((c) => [label(c), c.remaining]));
    const done = new Map<string, number>();
    console.log(`pass ${round}: under old keys: ${total(counts)}`);
    const pass = await rekeyer.pass({
      onBatch: (c, b) => {
        const n = (done.get(label(c)) ?? 0) + b.resealed;
        done.set(label(c), n);
        if (b.resealed || b.unreadable) {
          console.log(
            `  ${label(c)}: ${n}/${todo.get(label(c)) ?? '?'} re-encrypted` +
              (b.unreadable ? `, ${b.unreadable} unreadable: ${b.unreadableWhy.join('; ')}` : ''),
          );
        }
      },
    });
    counts = await countByKeyId(db.db, crypto);
    if (pass.resealed === 0 && total(counts) > 0) {
      console.error(`left that no key of the ring re-encrypts: ${total(counts)}`);
      for (const c of counts.filter((x) => x.remaining)) console.error(`  ${label(c)}: ${byKey(c)}`);
      code = 1;
      break;
    }
  }
  if (code === 0) console.log(`done: every field value is under key ${crypto.keyId}; 0 left under old keys`);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  code = 1;
} finally {
  await db.close();
}
process.exit(code);
