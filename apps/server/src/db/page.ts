// One page of a console list (README "Operator console"): the rows asked for and how many match in all, in one
// query (`count(*) over()` is counted before the limit and offset apply). A page past the end has no row to carry
// the count, so only then is it asked once more, counting alone.
import { sql, type SelectQueryBuilder } from 'kysely';
import { OPS_COUNT_CAP, decodeCursor, encodeCursor, offsetOf } from '@auto-claim/contract/ops';
import { tableless, type Handle } from './handle.js';

export async function pageOf<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  page: { page: number; size: number },
): Promise<{ rows: O[]; total: number }> {
  // The generic builder's row type cannot name the added column; it is read back by its alias.
  const found = (await query
    .select(sql<string>`count(*) over()`.as('pageTotal'))
    .limit(page.size)
    .offset(offsetOf(page))
    .execute()) as (O & { pageTotal: string })[];
  if (found.length === 0 && page.page > 1) {
    const counted = (await query
      .clearSelect()
      .clearOrderBy()
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow()) as { n: string };
    return { rows: [], total: Number(counted.n) };
  }
  const total = found.length === 0 ? 0 : Number(found[0]!.pageTotal);
  return { rows: found.map(({ pageTotal: _total, ...row }) => row as O), total };
}

/**
 * A cursor is text the caller sends back: one written by hand can be well formed (contract ops/page.ts, decodeCursor)
 * and still carry a key the sort's column cannot hold (letters for a time, a number past bigint). The database then
 * refuses to read the key (SQLSTATE class 22, "data exception"): that is the caller's mistake, thrown as
 * CursorRefused, which the error handler (http/problem.ts) answers as a 400 naming `cursor`, never a 500.
 */
const isDataException = (e: unknown) => /^22[0-9A-Z]{3}$/.test(String((e as { code?: unknown } | null)?.code ?? ''));
export class CursorRefused extends Error {
  constructor() {
    super('a cursor the list cannot read');
  }
}

/** Where a page by key starts, how long it is, in which order; and whether to count the rows the filter matches. */
export interface KeysetPaging {
  cursor?: string | undefined;
  size: number;
  sort?: string | undefined;
  order: 'asc' | 'desc';
  count?: boolean | undefined;
  /**
   * Count in the page's order (the default: a filter walked along the sort's index stops as soon as the page does).
   * false when the rows come from a short list of keys instead (a person's records): ordering them would read them all.
   */
  countInOrder?: boolean | undefined;
}

/**
 * One page of a list that grows with use, by key (contract ops/page.ts, cursorQuery): ordered by one column and the
 * id, both the same way, the next page starting after the last row's pair; nothing read past the page but one row.
 * The count reads at most OPS_COUNT_CAP + 1 rows. The cursor (contract ops/page.ts) carries the sort and order it was
 * made for, and the key as the database prints it (a timestamp's microseconds survive, a JavaScript Date's would not).
 * `count: false` (an export walking every page) reads the page alone: total 0, never capped.
 */
export async function keysetPage<DB, TB extends keyof DB, O>(
  db: Handle,
  query: SelectQueryBuilder<DB, TB, O>,
  page: KeysetPaging,
  /** textId: the id is text (a subscription's number), not a bigint, as cursorQuery(…, { textId }) checked. */
  key: { by: string; id: string; textId?: boolean },
): Promise<{ rows: O[]; total: number; capped: boolean; nextCursor: string | null }> {
  const by = sql.ref(key.by);
  const id = sql.ref(key.id);
  const made = { s: page.sort ?? '', o: page.order };
  let rows = query
    .select([sql<string>`${by}::text`.as('pageKey'), sql<string>`${id}::text`.as('pageId')])
    .orderBy(by, page.order)
    .orderBy(id, page.order)
    .limit(page.size + 1);
  if (page.cursor !== undefined) {
    // The contract's cursorQuery refused any other (400 naming `cursor`); this is its invariant, not a check of input.
    const after = decodeCursor(page.cursor);
    if (!after || after.s !== made.s || after.o !== made.o || (!key.textId && !/^\d+$/.test(after.i)))
      throw new Error('keysetPage: a cursor the query did not check');
    rows = rows.where(
      sql<boolean>`(${by}, ${id}) ${sql.raw(page.order === 'desc' ? '<' : '>')} (${after.k}, ${after.i})`,
    );
  }
  // In the page's order, so that the count walks the same index as the page and stops as soon.
  const ordered = query.clearSelect().select(sql<number>`1`.as('one'));
  const counting = (
    page.countInOrder === false ? ordered : ordered.orderBy(by, page.order).orderBy(id, page.order)
  ).limit(OPS_COUNT_CAP + 1);
  const [found, counted] = await Promise.all([
    (rows.execute() as Promise<(O & { pageKey: string; pageId: string })[]>).catch((e: unknown) => {
      throw page.cursor !== undefined && isDataException(e) ? new CursorRefused() : e;
    }),
    page.count === false
      ? undefined
      : sql<{ n: number }>`select count(*)::int as n from (${counting}) as capped`.execute(tableless(db)),
  ]);
  const n = Number(counted?.rows[0]?.n ?? 0);
  const last = found.length > page.size ? found[page.size - 1] : undefined;
  return {
    rows: found.slice(0, page.size).map(({ pageKey: _k, pageId: _i, ...row }) => row as O),
    total: Math.min(n, OPS_COUNT_CAP),
    capped: n > OPS_COUNT_CAP,
    nextCursor: last ? encodeCursor({ ...made, k: last.pageKey, i: last.pageId }) : null,
  };
}
