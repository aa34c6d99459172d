// One page of a console list (README "Operator console"): the rows asked for and how many match in all, in one
// query (`count(*) over()` is counted before the limit and offset apply). A page past the end has no row to carry
// the count, so only then is it asked once more, counting alone.
import { sql, type SelectQueryBuilder } from 'kysely';
import { offsetOf } from '@auto-claim/contract/ops';

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
