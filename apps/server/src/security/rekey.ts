// Re-encryption in the background (docs/providers/key-rotation.md): every text column named *_enc, found in the
// catalogue so a new one is never forgotten, is walked in primary-key order, and each value not sealed with the
// current key is sealed anew; then every <file>_blob_id column whose row's <file>_key_id is an old key has its blob's
// data key re-sealed in the store (ADR 0006), the bytes untouched. Each batch is its own short transaction, and each update is a compare-and-set on the
// old value: a row a request changed meanwhile keeps what the request wrote. Nothing here logs a value or a row's key.
import type { Handle } from '../db/handle.js';
import { sql, type Kysely } from 'kysely';
import { BlobIntegrityError, BlobKeyError, BlobNotFoundError, type BlobStore } from '../blobs/index.js';
import { FieldKeyError, type FieldCrypto } from './crypto.js';

/** Where the rekey says what went wrong: the app's logger, or the script's console. */
export interface RekeyLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface EncryptedColumn {
  table: string;
  column: string;
  /** The table's primary-key columns, in order (empty: none, and the column cannot be re-encrypted). */
  key: string[];
}

/** Every *_enc column of the application's tables (the current schema; pg-boss's own schema has none). */
export async function encryptedColumns(db: Kysely<any>): Promise<EncryptedColumn[]> {
  const { rows } = await sql<{ tbl: string; col: string; coltype: string; pk: string[] | null }>`
    select c.relname::text as tbl, a.attname::text as col, format_type(a.atttypid, a.atttypmod) as coltype,
      (select array_agg(k.attname::text order by x.n)
         from pg_index i
         cross join unnest(i.indkey) with ordinality as x(attnum, n)
         join pg_attribute k on k.attrelid = i.indrelid and k.attnum = x.attnum
        where i.indrelid = c.oid and i.indisprimary) as pk
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid
    where n.nspname = current_schema() and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped
      and right(a.attname::text, 4) = '_enc'
    order by 1, 2`.execute(db);
  return rows.map((r) => {
    // A sealed value is text ("<key id>:<base64url>"); any other type named *_enc is a mistake to hear about.
    if (r.coltype !== 'text') throw new Error(`${r.tbl}.${r.col} is named *_enc but is ${r.coltype}, not text`);
    return { table: r.tbl, column: r.col, key: r.pk ?? [] };
  });
}

/**
 * A column naming blobs (`<file>_blob_id`) beside the one recording the field key that sealed each blob's data key
 * (`<file>_key_id`, ADR 0006): the blob is re-sealed in the store, then the row's key id is set.
 */
export interface BlobColumn extends EncryptedColumn {
  keyIdColumn: string;
}

/** Every <file>_blob_id column with its <file>_key_id beside it, found in the catalogue like the *_enc ones. */
export async function blobColumns(db: Kysely<any>): Promise<BlobColumn[]> {
  const { rows } = await sql<{ tbl: string; col: string; kcol: string; pk: string[] | null }>`
    select c.relname::text as tbl, a.attname::text as col, k.attname::text as kcol,
      (select array_agg(p.attname::text order by x.n)
         from pg_index i
         cross join unnest(i.indkey) with ordinality as x(attnum, n)
         join pg_attribute p on p.attrelid = i.indrelid and p.attnum = x.attnum
        where i.indrelid = c.oid and i.indisprimary) as pk
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid
    join pg_attribute k on k.attrelid = c.oid and not k.attisdropped
      and k.attname::text = left(a.attname::text, -8) || '_key_id'
    where n.nspname = current_schema() and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped
      and right(a.attname::text, 8) = '_blob_id'
    order by 1, 2`.execute(db);
  return rows.map((r) => ({ table: r.tbl, column: r.col, keyIdColumn: r.kcol, key: r.pk ?? [] }));
}

const isBlobColumn = (c: EncryptedColumn): c is BlobColumn => 'keyIdColumn' in c;

const name = (c: EncryptedColumn) => `${c.table}.${c.column}`;
/** Sealed with the current key: the value starts with "<key id>:". substr reads only the head of a large value. */
const current = (crypto: FieldCrypto, col: ReturnType<typeof sql.id>) => {
  const prefix = `${crypto.keyId}:`;
  return sql`substr(${col}, 1, ${prefix.length}) = ${prefix}`;
};

export interface ColumnCount extends EncryptedColumn {
  /** Values by the key id they name ('k1': sealed before key ids). */
  byKeyId: Record<string, number>;
  /** Values not yet under the current key. */
  remaining: number;
}

/** How many values of each column (and blobs of each blob column) each key sealed: the number to watch. */
export async function countByKeyId(db: Kysely<any>, crypto: FieldCrypto): Promise<ColumnCount[]> {
  const out: ColumnCount[] = [];
  for (const c of await blobColumns(db)) {
    const { rows } = await sql<{ kid: string; n: number }>`
      select coalesce(${sql.id(c.keyIdColumn)}, '?') as kid, count(*)::int as n
      from ${sql.id(c.table)} where ${sql.id(c.column)} is not null group by 1 order by 1`.execute(db);
    const byKeyId = Object.fromEntries(rows.map((r) => [r.kid, r.n]));
    const remaining = rows.filter((r) => r.kid !== crypto.keyId).reduce((s, r) => s + r.n, 0);
    out.push({ ...c, byKeyId, remaining });
  }
  for (const c of await encryptedColumns(db)) {
    const col = sql.id(c.column);
    const { rows } = await sql<{ kid: string; n: number }>`
      select split_part(substr(${col}, 1, 9), ':', 1) as kid, count(*)::int as n
      from ${sql.id(c.table)} where ${col} is not null group by 1 order by 1`.execute(db);
    const byKeyId = Object.fromEntries(rows.map((r) => [r.kid, r.n]));
    const remaining = rows.filter((r) => r.kid !== crypto.keyId).reduce((s, r) => s + r.n, 0);
    out.push({ ...c, byKeyId, remaining });
  }
  return out;
}

export interface BatchResult {
  /** Values now sealed with the current key. */
  resealed: number;
  /** Values that no key of the ring opens, left as they are. */
  unreadable: number;
  /** Why, once per kind: the key ring's error (it names the key id, never the value). */
  unreadableWhy: string[];
  /** Values a request changed between the read and the write: the request's value stays. */
  changed: number;
  /** The last row's key: where the next batch starts; undefined when the column has no more rows to look at. */
  next: unknown[] | undefined;
}

export interface Reseal {
  /** The row's primary key, in the order of EncryptedColumn.key. */
  key: unknown[];
  /** The value as read: the write happens only while the row still holds it. */
  old: string;
  next: string;
}

/** Writes re-sealed values in one short transaction, each only where the row still holds the value read. */
export async function writeResealed(db: Kysely<any>, c: EncryptedColumn, writes: Reseal[]): Promise<number> {
  if (!writes.length) return 0;
  const keys = c.key.map((k) => sql.id(k));
  const col = sql.id(c.column);
  let resealed = 0;
  await db.transaction().execute(async (trx) => {
    for (const w of writes) {
      const match = sql.join(
        keys.map((k, i) => sql`${k} = ${w.key[i]}`),
        sql` and `,
      );
      const res = await sql`update ${sql.id(c.table)} set ${col} = ${w.next}
        where ${match} and ${col} = ${w.old}`.execute(trx);
      resealed += Number(res.numAffectedRows ?? 0);
    }
  });
  return resealed;
}

/** One batch of one column: up to `limit` values not under the current key, after the row `after`. */
export async function rekeyBatch(
  db: Kysely<any>,
  crypto: FieldCrypto,
  c: EncryptedColumn,
  after: unknown[] | undefined,
  limit: number,
): Promise<BatchResult> {
  if (!c.key.length) throw new Error(`${c.table} has no primary key: ${name(c)} cannot be re-encrypted row by row`);
  const keys = c.key.map((k) => sql.id(k));
  const col = sql.id(c.column);
  const { rows } = await sql<Record<string, unknown>>`
    select ${sql.join(keys.map((k, i) => sql`${k} as ${sql.id(`k${i}`)}`))}, ${col} as v
    from ${sql.id(c.table)}
    where ${col} is not null and not ${current(crypto, col)}
      ${after ? sql`and (${sql.join(keys)}) > (${sql.join(after)})` : sql``}
    order by ${sql.join(keys)}
    limit ${limit}`.execute(db);
  const keyOf = (r: Record<string, unknown>) => c.key.map((_, i) => r[`k${i}`]);
  // Decrypt and seal outside the transaction, so it holds its row locks only for the writes.
  const writes: Reseal[] = [];
  let unreadable = 0;
  const why = new Set<string>();
  for (const r of rows) {
    const old = String(r.v);
    try {
      const next = crypto.reseal(old);
      if (next) writes.push({ key: keyOf(r), old, next });
    } catch (err) {
      if (!(err instanceof FieldKeyError)) throw err;
      unreadable += 1;
      why.add(err.message);
    }
  }
  const resealed = await writeResealed(db, c, writes);
  return {
    resealed,
    unreadable,
    unreadableWhy: [...why],
    changed: writes.length - resealed,
    next: rows.length === limit ? keyOf(rows[rows.length - 1]!) : undefined,
  };
}

/**
 * One batch of one blob column: up to `limit` blobs whose row records an old key id, after the row `after`. Each is
 * re-sealed in the store (its data key only, ADR 0006), then its row's key id set where the row still names it.
 */
export async function rekeyBlobBatch(
  db: Kysely<any>,
  crypto: FieldCrypto,
  blobs: BlobStore,
  c: BlobColumn,
  after: unknown[] | undefined,
  limit: number,
): Promise<BatchResult> {
  if (!c.key.length) throw new Error(`${c.table} has no primary key: ${name(c)} cannot be re-sealed row by row`);
  const keys = c.key.map((k) => sql.id(k));
  const col = sql.id(c.column);
  const kcol = sql.id(c.keyIdColumn);
  const { rows } = await sql<Record<string, unknown>>`
    select ${sql.join(keys.map((k, i) => sql`${k} as ${sql.id(`k${i}`)}`))}, ${col} as v
    from ${sql.id(c.table)}
    where ${col} is not null and (${kcol} is null or ${kcol} <> ${crypto.keyId})
      ${after ? sql`and (${sql.join(keys)}) > (${sql.join(after)})` : sql``}
    order by ${sql.join(keys)}
    limit ${limit}`.execute(db);
  const keyOf = (r: Record<string, unknown>) => c.key.map((_, i) => r[`k${i}`]);
  const done: { key: unknown[]; blobId: string }[] = [];
  let unreadable = 0;
  const why = new Set<string>();
  for (const r of rows) {
    const blobId = String(r.v);
    try {
      await blobs.reseal(blobId);
      done.push({ key: keyOf(r), blobId });
    } catch (err) {
      if (!(err instanceof BlobKeyError || err instanceof BlobNotFoundError || err instanceof BlobIntegrityError)) {
        throw err;
      }
      unreadable += 1;
      why.add(err instanceof BlobKeyError ? err.message.replace(blobId, '…') : err.name);
    }
  }
  let resealed = 0;
  if (done.length) {
    await db.transaction().execute(async (trx) => {
      for (const d of done) {
        const match = sql.join(
          keys.map((k, i) => sql`${k} = ${d.key[i]}`),
          sql` and `,
        );
        const res = await sql`update ${sql.id(c.table)} set ${kcol} = ${crypto.keyId}
          where ${match} and ${col} = ${d.blobId}`.execute(trx);
        resealed += Number(res.numAffectedRows ?? 0);
      }
    });
  }
  return {
    resealed,
    unreadable,
    unreadableWhy: [...why],
    changed: done.length - resealed,
    next: rows.length === limit ? keyOf(rows[rows.length - 1]!) : undefined,
  };
}

export interface PassResult {
  resealed: number;
  unreadable: number;
  changed: number;
  /** Columns that failed as a whole (the error is logged). */
  failed: string[];
  /** True when every column was walked to its end; false when the deadline came first (the next call goes on). */
  complete: boolean;
}

export interface Rekeyer {
  /**
   * Walks the columns batch by batch, from where the last call stopped, until every column was walked to its end,
   * `deadline` (ms since the epoch) comes or `maxBatches` were done. `onBatch` hears each batch (the script prints progress with it).
   */
  pass(opts?: {
    deadline?: number;
    /** Stops after this many batches (the next call goes on from there). */
    maxBatches?: number;
    batchSize?: number;
    onBatch?: (c: EncryptedColumn, b: BatchResult) => void;
  }): Promise<PassResult>;
}

/** With `blobs`, the blobs the rows name are re-sealed too (after the *_enc columns). */
export function createRekeyer(db: Kysely<any>, crypto: FieldCrypto, log?: RekeyLog, blobs?: BlobStore): Rekeyer {
  // Where the walk is: it goes on across calls (the minute tick gives each call a few seconds).
  let columns: EncryptedColumn[] | undefined;
  let at = 0;
  let cursor: unknown[] | undefined;
  return {
    async pass({ deadline = Infinity, maxBatches = Infinity, batchSize = 200, onBatch } = {}) {
      const out: PassResult = { resealed: 0, unreadable: 0, changed: 0, failed: [], complete: false };
      if (!columns) {
        columns = [...(await encryptedColumns(db)), ...(blobs ? await blobColumns(db) : [])];
        at = 0;
        cursor = undefined;
      }
      for (let batches = 0; at < columns.length; batches++) {
        if (Date.now() >= deadline || batches >= maxBatches) return out;
        const c = columns[at]!;
        try {
          const b =
            isBlobColumn(c) && blobs
              ? await rekeyBlobBatch(db, crypto, blobs, c, cursor, batchSize)
              : await rekeyBatch(db, crypto, c, cursor, batchSize);
          for (const why of b.unreadableWhy) log?.warn({ column: name(c), unreadable: b.unreadable }, why);
          out.resealed += b.resealed;
          out.unreadable += b.unreadable;
          out.changed += b.changed;
          onBatch?.(c, b);
          cursor = b.next;
        } catch (err) {
          // One column's trouble (no primary key, a trigger refusing updates) never stops the others.
          log?.error({ err, column: name(c) }, 'could not re-encrypt a column');
          out.failed.push(name(c));
          cursor = undefined;
        }
        if (!cursor) at += 1;
      }
      columns = undefined;
      out.complete = true;
      return out;
    },
  };
}

interface TickState {
  rekeyer: Rekeyer;
  /** The key id every value was found under, and when: nothing to do until an hour has passed or a restart. */
  settled?: { keyId: string; at: number };
}
const ticks = new WeakMap<object, TickState>();
const SETTLED_RECHECK_MS = 60 * 60_000;
const TICK_BUDGET_MS = 10_000;

/**
 * The jobs runtime's minute tick calls this in worker processes (keyRotationJobs): a few seconds of re-encryption,
 * then the number left under old keys in the log ("field values re-encrypted", `remaining`). Never throws: the tick's
 * other work goes on.
 */
export async function rekeyTick(ctx: {
  db: Handle;
  crypto: FieldCrypto;
  log: RekeyLog;
  blobs: BlobStore;
}): Promise<{ resealed: number; remaining: number } | undefined> {
  // Key rotation walks every owner's *_enc columns: the one reader of the whole database (db/cross-cutting.ts).
  const db = ctx.db as Kysely<any>;
  let state = ticks.get(ctx);
  if (!state) ticks.set(ctx, (state = { rekeyer: createRekeyer(db, ctx.crypto, ctx.log, ctx.blobs) }));
  const { settled } = state;
  if (settled?.keyId === ctx.crypto.keyId && Date.now() - settled.at < SETTLED_RECHECK_MS) return undefined;
  try {
    const left = async () => (await countByKeyId(db, ctx.crypto)).reduce((s, c) => s + c.remaining, 0);
    let remaining = await left();
    let resealed = 0;
    if (remaining > 0) {
      const r = await state.rekeyer.pass({ deadline: Date.now() + TICK_BUDGET_MS });
      resealed = r.resealed;
      remaining = await left();
      ctx.log.info(
        { keyId: ctx.crypto.keyId, resealed, unreadable: r.unreadable, remaining },
        'field values re-encrypted',
      );
    }
    if (remaining === 0) {
      if (settled?.keyId !== ctx.crypto.keyId) {
        ctx.log.info({ keyId: ctx.crypto.keyId, remaining }, 'every field value is under the current key');
      }
      state.settled = { keyId: ctx.crypto.keyId, at: Date.now() };
    }
    return { resealed, remaining };
  } catch (err) {
    ctx.log.error({ err }, 'field re-encryption failed');
    return undefined;
  }
}

/**
 * Key rotation on the jobs runtime's minute (src/jobs/): one of the two jobs that walk every table (with the
 * retention purges of each module), declared in jobs/index.ts.
 */
export const keyRotationJobs = (ctx: Parameters<typeof rekeyTick>[0]) => ({
  async everyMinute() {
    await rekeyTick(ctx);
  },
});
