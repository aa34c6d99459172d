// One item's failure inside a batch transaction (README, claim engine): in PostgreSQL a failed statement aborts the
// whole transaction, and every statement after it fails too, so a batch that caught the error and went on lost every
// row of the batch. A savepoint confines it: the failed part is rolled back, the transaction goes on, and the item is
// recorded as a failed attempt while the others of its batch commit.
import { sql } from 'kysely';
import type { ClaimsDb } from './tables.js';

let next = 0;

/** Runs `fn` in a savepoint of `tx`: when it throws, what it wrote is undone, the transaction is usable, and it rethrows. */
export async function inSavepoint<T>(tx: ClaimsDb, fn: () => Promise<T>): Promise<T> {
  const name = sql.id(`engine_item_${(next = (next + 1) % 1_000_000)}`);
  await sql`savepoint ${name}`.execute(tx);
  let result: T;
  try {
    result = await fn();
  } catch (e) {
    await sql`rollback to savepoint ${name}`.execute(tx);
    await sql`release savepoint ${name}`.execute(tx);
    throw e;
  }
  await sql`release savepoint ${name}`.execute(tx);
  return result;
}

/** A PostgreSQL error (server or PGlite): it carries a SQLSTATE and a severity. */
export const isDatabaseError = (e: unknown): e is Error & { code: string; constraint?: string; table?: string } =>
  e instanceof Error && typeof (e as { code?: unknown }).code === 'string' && 'severity' in e;

/** What the log may say of a database error: its SQLSTATE and the constraint or table, never a value it quotes. */
export const dbErrorFields = (e: unknown) =>
  isDatabaseError(e) ? { code: e.code, constraint: e.constraint, table: e.table } : { error: (e as Error)?.name };
