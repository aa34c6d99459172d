// The hospital feed as operators see it (README "Operator console"): when a hospital last sent, what arrived and what
// was refused today, and the refused records a page at a time (rejections.ts keeps them).
import { sql } from 'kysely';
import { KST_OFFSET_MS } from '@auto-claim/contract';
import type { CursorPage, FeedRejection, HospitalFeed } from '@auto-claim/contract/ops';
import type { AppContext } from '../../../context.js';
import { keysetPage } from '../../../db/page.js';
import { claimsDb } from '../tables.js';

/** The refused records of one hospital, newest first unless asked otherwise. */
export async function pageRejections(
  ctx: AppContext,
  hospitalCd: string,
  q: { cursor?: string | undefined; size: number; sort?: string | undefined; order: 'asc' | 'desc' },
): Promise<CursorPage<FeedRejection>> {
  const { rows, ...page } = await keysetPage(
    ctx.db,
    claimsDb(ctx)
      .selectFrom('feedRejection')
      .select(['id', 'at', 'receiptNo', 'code', 'field', 'message'])
      .where('hospitalCd', '=', hospitalCd),
    q,
    { by: 'at', id: 'id' },
  );
  return { ...page, list: rows.map((r) => ({ ...r, id: Number(r.id), at: new Date(r.at).toISOString() })) };
}

/** Midnight in Korea of the day `now` falls on. */
const kstMidnight = (now: Date) => {
  const shifted = now.getTime() + KST_OFFSET_MS;
  return new Date(shifted - (shifted % 86_400_000) - KST_OFFSET_MS);
};

/**
 * When the hospital last sent (a record or a refused one), and how many of each arrived today (Korean day). Each from
 * the index on (hospital_cd, received_at | at) (migrations 0031, 0035): the newest one row, today's a range of it; a
 * hospital's whole history is never read.
 */
export async function hospitalFeed(ctx: AppContext, hospitalCd: string): Promise<HospitalFeed> {
  const db = claimsDb(ctx);
  const since = kstMidnight(ctx.clock.now());
  const newestAndToday = (table: 'treatment_record' | 'feed_rejection', at: 'received_at' | 'at') =>
    sql<{ last: Date | null; today: number }>`select
      (select ${sql.ref(at)} from ${sql.table(table)} where hospital_cd = ${hospitalCd}
        order by ${sql.ref(at)} desc limit 1) as last,
      (select count(*)::int from ${sql.table(table)} where hospital_cd = ${hospitalCd} and ${sql.ref(at)} >= ${since})
        as today`
      .execute(db)
      .then((r) => r.rows[0]!);
  const [records, rejected] = await Promise.all([
    newestAndToday('treatment_record', 'received_at'),
    newestAndToday('feed_rejection', 'at'),
  ]);
  const times = [records.last, rejected.last].filter((d) => d !== null).map((d) => new Date(d).getTime());
  return {
    hospitalCd,
    lastFeedAt: times.length ? new Date(Math.max(...times)).toISOString() : null,
    recordsToday: Number(records.today),
    rejectedToday: Number(rejected.today),
  };
}
