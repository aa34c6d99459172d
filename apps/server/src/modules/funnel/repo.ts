// SQL of the funnel: a view counted once per visit, step and Korean day; the counts per step out; old rows deleted.
import { sql } from 'kysely';
import { kstToday } from '@auto-claim/contract';
import { APP_MENU_LOG_RETENTION_DAYS, FUNNEL_STEPS } from '@auto-claim/contract/ops';
import { own, type Handle } from '../../db/handle.js';
import { purgeInBatches, type PurgeOptions } from '../../db/purge.js';
import type { FunnelTables } from './tables.js';

const STEP_OF = new Map<string, string>(FUNNEL_STEPS.flatMap((s) => s.screens.map((screen) => [screen, s.step])));

/**
 * Counts a view: one more visit at its step, day and hospital, unless this visit was counted at that step that day
 * already (then nothing changes). One statement, so two views of one visit at once count once.
 */
export async function countView(handle: Handle, v: { visitId: string; screen: string; hospitalCd: string }, at: Date) {
  const db = own<FunnelTables>(handle);
  const step = STEP_OF.get(v.screen);
  if (!step) return;
  const day = kstToday(at);
  await sql`
    with first_view as (
      insert into funnel_visit_step (day, visit_id, step) values (${day}, ${v.visitId}, ${step})
      on conflict do nothing
      returning day
    )
    insert into funnel_day (day, hospital_cd, step, visits)
    select day, ${v.hospitalCd}, ${step}, 1 from first_view
    on conflict (day, hospital_cd, step) do update set visits = funnel_day.visits + 1`.execute(db);
}

/**
 * Deletes the visits' marks once their day and the next are over (a visit is a browser tab's), and the counts older
 * than the retention period (the claim workers' minute tick calls it). Answers how many rows went.
 */
export async function purgeOldViews(handle: Handle, now: Date, opts?: PurgeOptions) {
  const marksBefore = kstToday(new Date(now.getTime() - 86_400_000));
  const countsBefore = kstToday(new Date(now.getTime() - APP_MENU_LOG_RETENTION_DAYS * 86_400_000));
  const marks = await purgeInBatches(handle, 'funnel_visit_step', sql`day < ${marksBefore}`, opts);
  const counts = await purgeInBatches(handle, 'funnel_day', sql`day < ${countsBefore}`, opts);
  return { marks: marks.deleted, counts: counts.deleted };
}

/** For each wizard step in order, the visits that reached it in each period (optionally at one hospital). */
export async function funnelStepCounts(
  handle: Handle,
  since: { today: Date; d7: Date; d30: Date },
  hospitalCd?: string,
) {
  const db = own<FunnelTables>(handle);
  const [today, d7, d30] = [since.today, since.d7, since.d30].map(kstToday) as [string, string, string];
  const rows = await db
    .selectFrom('funnelDay')
    .select((eb) => [
      'step',
      eb.fn.sum<string | number>(eb.case().when('day', '>=', today).then(eb.ref('visits')).else(0).end()).as('today'),
      eb.fn.sum<string | number>(eb.case().when('day', '>=', d7).then(eb.ref('visits')).else(0).end()).as('d7'),
      eb.fn.sum<string | number>('visits').as('d30'),
    ])
    .where('day', '>=', d30)
    .$if(hospitalCd !== undefined, (q) => q.where('hospitalCd', '=', hospitalCd!))
    .groupBy('step')
    .execute();
  const byStep = new Map(rows.map((r) => [r.step, r]));
  return FUNNEL_STEPS.map((s) => {
    const r = byStep.get(s.step);
    return {
      step: s.step,
      title: s.title,
      today: Number(r?.today ?? 0),
      d7: Number(r?.d7 ?? 0),
      d30: Number(r?.d30 ?? 0),
    };
  });
}
