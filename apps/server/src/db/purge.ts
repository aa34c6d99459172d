// Retention purges that stay cheap (docs/operations.md, "Retention"): a table that grows every day loses what is past
// its period a batch at a time, each batch one short statement that locks only its own rows (rows another purge has
// locked are skipped, not waited for), on an index of what `due` filters by, until nothing is left or the time budget
// is spent (the next minute's tick goes on). Each owner calls it with its own handle (subscriptionsDb…), and names the
// tables as that handle does: another owner's table does not compile (docs/architecture.md, table ownership).
import { sql, type Kysely, type RawBuilder } from 'kysely';

export const PURGE_BATCH = 1000;
/** The minute's tick may spend this long per table; what is left waits for the next minute. */
export const PURGE_BUDGET_MS = 5_000;

/** A table of the owner's handle, as PostgreSQL names it (the handle's names are camelCase). */
const tableOf = (name: string) => sql.table(name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`));

export interface PurgeOptions {
  batch?: number;
  budgetMs?: number;
  /** Deletes nothing: each purge adds the plan of its batch's select here (the tests read that it uses an index). */
  explainInto?: string[];
}

/**
 * Deletes the rows of `table` (one of the handle's own) that `due` selects, at most `batch` per statement, and answers
 * how many went in how many batches, with the `returning` columns of each deleted row (what the caller still has to
 * clean up, e.g. blob ids).
 */
export async function purgeInBatches<Tables, Row = never>(
  db: Kysely<Tables>,
  table: keyof Tables & string,
  due: RawBuilder<unknown>,
  opts: PurgeOptions & { returning?: string[] } = {},
): Promise<{ deleted: number; batches: number; rows: Row[] }> {
  const batch = opts.batch ?? PURGE_BATCH;
  const stopAt = performance.now() + (opts.budgetMs ?? PURGE_BUDGET_MS);
  const returning = opts.returning?.length ? sql`returning ${sql.join(opts.returning.map((c) => sql.ref(c)))}` : sql``;
  if (opts.explainInto) {
    const plan = await sql<{ 'QUERY PLAN': string }>`
      explain select ctid from ${tableOf(table)} where ${due} limit ${batch} for update skip locked`.execute(db);
    opts.explainInto.push(plan.rows.map((r) => Object.values(r)[0]).join('\n'));
    return { deleted: 0, batches: 0, rows: [] };
  }
  const rows: Row[] = [];
  let deleted = 0;
  let batches = 0;
  for (;;) {
    const r = await sql<Row>`
      delete from ${tableOf(table)} where ctid = any(array(
        select ctid from ${tableOf(table)} where ${due} limit ${batch} for update skip locked))
      ${returning}`.execute(db);
    const n = Number(r.numAffectedRows ?? 0);
    deleted += n;
    batches += 1;
    rows.push(...r.rows);
    if (n < batch || performance.now() >= stopAt) return { deleted, batches, rows };
  }
}

/** A table whose rows point at the purged rows (its `column` holds their key): deleted in the same statement. */
export interface PurgeChild<Tables> {
  table: keyof Tables & string;
  column: string;
  /** One column of each deleted row to answer (e.g. a blob id); nulls are left out. */
  returning?: string;
}

/**
 * purgeInBatches for rows that others point at: each batch is one statement that picks `batch` due rows (locked,
 * skipping rows another purge holds), deletes their children by `key` on the children's indexes, then the rows (the
 * foreign keys are checked at the end of the statement, when both are gone). `setting` is set for that statement's
 * transaction only (set_config(…, true)), so that triggers can tell this purge from another delete (the claims'
 * rollups keep a retention purge's counts, migration 0035). Run it outside a transaction: in one, the setting would
 * last to its end. Answers how many rows went, and the children's `returning` values.
 */
export async function purgeTreeInBatches<Tables>(
  db: Kysely<Tables>,
  table: keyof Tables & string,
  due: RawBuilder<unknown>,
  opts: PurgeOptions & { key: string; children: PurgeChild<Tables>[]; setting?: readonly [string, string] },
): Promise<{ deleted: number; batches: number; values: string[] }> {
  const batch = opts.batch ?? PURGE_BATCH;
  const stopAt = performance.now() + (opts.budgetMs ?? PURGE_BUDGET_MS);
  const keys = sql`array(select _key from _due)`;
  const children = opts.children.map(
    (c, i) =>
      sql`, ${sql.raw(`_child${i}`)} as (delete from ${tableOf(c.table)} where ${sql.ref(c.column)} = any(${keys})
        returning ${c.returning ? sql`${sql.ref(c.returning)}::text` : sql`null::text`} as value)`,
  );
  const values = opts.children.length
    ? sql.join(
        opts.children.map((_, i) => sql`select value from ${sql.raw(`_child${i}`)}`),
        sql` union all `,
      )
    : sql`select null::text as value`;
  const statement = sql<{ deleted: number; values: string[] }>`
    with _setting as materialized (select ${opts.setting ? sql`set_config(${opts.setting[0]}, ${opts.setting[1]}, true)` : sql`''`} as v),
    _due as materialized (
      select ctid as _row, ${sql.ref(opts.key)} as _key from ${tableOf(table)}
      where ${due} and exists (select 1 from _setting) limit ${batch} for update skip locked)
    ${sql.join(children, sql``)},
    _parent as (delete from ${tableOf(table)} where ctid = any(array(select _row from _due)) returning 1)
    select (select count(*) from _parent)::int as deleted,
      array(select value from (${values}) v where value is not null) as values`;
  if (opts.explainInto) {
    const plan = await sql<{ 'QUERY PLAN': string }>`explain ${statement}`.execute(db);
    opts.explainInto.push(plan.rows.map((r) => Object.values(r)[0]).join('\n'));
    return { deleted: 0, batches: 0, values: [] };
  }
  const values_: string[] = [];
  let deleted = 0;
  let batches = 0;
  for (;;) {
    const r = (await statement.execute(db)).rows[0]!;
    deleted += r.deleted;
    batches += 1;
    values_.push(...r.values);
    if (r.deleted < batch || performance.now() >= stopAt) return { deleted, batches, values: values_ };
  }
}
