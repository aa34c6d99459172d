// Retention purges that stay cheap (docs/operations.md, "Retention"): a table that grows every day loses what is past
// its period a batch at a time, each batch one short statement that locks only its own rows (rows another purge has
// locked are skipped, not waited for), on an index of what `due` filters by, until nothing is left or the time budget
// is spent (the next minute's tick goes on). Each owner calls it on its own tables.
import { sql, type RawBuilder } from 'kysely';
import { own, type Handle } from './handle.js';

export const PURGE_BATCH = 1000;
/** The minute's tick may spend this long per table; what is left waits for the next minute. */
export const PURGE_BUDGET_MS = 5_000;

export interface PurgeOptions {
  batch?: number;
  budgetMs?: number;
  /** Deletes nothing: each purge adds the plan of its batch's select here (the tests read that it uses an index). */
  explainInto?: string[];
}

/**
 * Deletes the rows of `table` that `due` selects, at most `batch` per statement, and answers how many went in how many
 * batches, with the `returning` columns of each deleted row (what the caller still has to clean up, e.g. blob ids).
 */
export async function purgeInBatches<Row = never>(
  handle: Handle,
  table: string,
  due: RawBuilder<unknown>,
  opts: PurgeOptions & { returning?: string[] } = {},
): Promise<{ deleted: number; batches: number; rows: Row[] }> {
  const db = own<object>(handle);
  const batch = opts.batch ?? PURGE_BATCH;
  const stopAt = performance.now() + (opts.budgetMs ?? PURGE_BUDGET_MS);
  const returning = opts.returning?.length ? sql`returning ${sql.join(opts.returning.map((c) => sql.ref(c)))}` : sql``;
  if (opts.explainInto) {
    const plan = await sql<{ 'QUERY PLAN': string }>`
      explain select ctid from ${sql.table(table)} where ${due} limit ${batch} for update skip locked`.execute(db);
    opts.explainInto.push(plan.rows.map((r) => Object.values(r)[0]).join('\n'));
    return { deleted: 0, batches: 0, rows: [] };
  }
  const rows: Row[] = [];
  let deleted = 0;
  let batches = 0;
  for (;;) {
    const r = await sql<Row>`
      delete from ${sql.table(table)} where ctid = any(array(
        select ctid from ${sql.table(table)} where ${due} limit ${batch} for update skip locked))
      ${returning}`.execute(db);
    const n = Number(r.numAffectedRows ?? 0);
    deleted += n;
    batches += 1;
    rows.push(...r.rows);
    if (n < batch || performance.now() >= stopAt) return { deleted, batches, rows };
  }
}
