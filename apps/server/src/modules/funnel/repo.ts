// SQL of the funnel: a view in, the distinct visits per step out, old views deleted.
import { sql, type Kysely } from 'kysely';
import { APP_MENU_LOG_RETENTION_DAYS, FUNNEL_STEPS, type AppMenuLogBody } from '@auto-claim/contract/ops';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database>;

export const insertView = (db: Db, v: AppMenuLogBody, at: Date) =>
  db
    .insertInto('appMenuLog')
    .values({
      visitId: v.visitId,
      screen: v.screen,
      hospitalCd: v.hospitalCd,
      at,
      clientTime: new Date(v.time),
    })
    .execute();

/** Deletes views older than the retention period (the claim workers' minute tick calls it). */
export async function purgeOldViews(db: Db, now: Date) {
  const r = await db
    .deleteFrom('appMenuLog')
    .where('at', '<', new Date(now.getTime() - APP_MENU_LOG_RETENTION_DAYS * 86_400_000))
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** For each wizard step in order, the distinct visits that reached it in each period (optionally at one hospital). */
export async function funnelStepCounts(db: Db, since: { today: Date; d7: Date; d30: Date }, hospitalCd?: string) {
  const screens = FUNNEL_STEPS.flatMap((s) => s.screens);
  const r = await sql<{ screen: string; visitId: string; first: Date }>`
    select screen, visit_id, min(at) as first from app_menu_log
    where at >= ${since.d30} and screen in (${sql.join(screens)})
      ${hospitalCd ? sql`and hospital_cd = ${hospitalCd}` : sql``}
    group by screen, visit_id`.execute(db);
  // The same visit on two screens of one step (the inner and the outer landing) counts once, at its first view.
  const firstOf = FUNNEL_STEPS.map(() => new Map<string, number>());
  const stepOf = new Map(FUNNEL_STEPS.flatMap((s, i) => s.screens.map((screen) => [screen as string, i])));
  for (const row of r.rows) {
    const i = stepOf.get(row.screen)!;
    const t = new Date(row.first).getTime();
    const seen = firstOf[i]!.get(row.visitId);
    if (seen === undefined || t < seen) firstOf[i]!.set(row.visitId, t);
  }
  return FUNNEL_STEPS.map((s, i) => {
    const times = [...firstOf[i]!.values()];
    return {
      step: s.step,
      title: s.title,
      today: times.filter((t) => t >= since.today.getTime()).length,
      d7: times.filter((t) => t >= since.d7.getTime()).length,
      d30: times.length,
    };
  });
}
