// SQL of the funnel: a view counted once per visit, step and Korean day; the counts per step out; old rows deleted.
import { sql } from 'kysely';
import { kstToday } from '@auto-claim/contract';
import { APP_MENU_LOG_RETENTION_DAYS, FUNNEL_STEPS } from '@auto-claim/contract/ops';
import type { Handle } from '../../db/handle.js';
import { purgeInBatches, type PurgeOptions } from '../../db/purge.js';
import { funnelDb } from './tables.js';

const STEP_OF = new Map<string, string>(FUNNEL_STEPS.flatMap((s) => s.screens.map((screen) => [screen, s.step])));

/**
 * Counts a view: one more visit at its step, day and hospital, and at its step and day over every hospital (the
 * dashboard's funnel_step_day), unless this visit was counted at that step that day already (then nothing changes).
 * One statement, so two views of one visit at once count once and the two counts never disagree.
 */
export async function countView(handle: Handle, v: { visitId: string; screen: string; hospitalCd: string }, at: Date) {
  const db = funnelDb(handle);
  const step = STEP_OF.get(v.screen);
  if (!step) return;
  const day = kstToday(at);
  await sql`
    with first_view as (
      insert into funnel_visit_step (day, visit_id, step) values (${day}, ${v.visitId}, ${step})
      on conflict do nothing
      returning day
    ), per_hospital as (
      insert into funnel_day (day, hospital_cd, step, visits)
      select day, ${v.hospitalCd}, ${step}, 1 from first_view
      on conflict (day, hospital_cd, step) do update set visits = funnel_day.visits + 1
    )
    insert into funnel_step_day (day, step, visits)
    select day, ${step}, 1 from first_view
    on conflict (day, step) do update set visits = funnel_step_day.visits + 1`.execute(db);
}

/**
 * Deletes the visits' marks once their day and the next are over (a visit is a browser tab's), and the counts older
 * than the retention period (the claim workers' minute tick calls it). Answers how many rows went.
 */
export async function purgeOldViews(handle: Handle, now: Date, opts?: PurgeOptions) {
  const marksBefore = kstToday(new Date(now.getTime() - 86_400_000));
  const countsBefore = kstToday(new Date(now.getTime() - APP_MENU_LOG_RETENTION_DAYS * 86_400_000));
  const marks = await purgeInBatches(funnelDb(handle), 'funnelVisitStep', sql`day < ${marksBefore}`, opts);
  const counts = await purgeInBatches(funnelDb(handle), 'funnelDay', sql`day < ${countsBefore}`, opts);
  const totals = await purgeInBatches(funnelDb(handle), 'funnelStepDay', sql`day < ${countsBefore}`, opts);
  return { marks: marks.deleted, counts: counts.deleted + totals.deleted };
}

/**
 * funnel_step_day made again from funnel_day, every day of it (a bulk load that wrote funnel_day alone: bench:scale,
 * the query-plan test). The product keeps both in countView's one statement and never needs it.
 */
export async function rebuildFunnelStepDays(handle: Handle) {
  const db = funnelDb(handle);
  await sql`
    insert into funnel_step_day (day, step, visits)
    select day, step, sum(visits) from funnel_day group by day, step
    on conflict (day, step) do update set visits = excluded.visits`.execute(db);
}

/**
 * For each wizard step in order, the visits that reached it in each period (optionally at one hospital). Over every
 * hospital: funnel_step_day (a row per day and step, kept by countView); at one hospital, that hospital's rows (its own
 * index, migration 0035).
 */
export async function funnelStepCounts(
  handle: Handle,
  since: { today: Date; d7: Date; d30: Date },
  hospitalCd?: string,
) {
  const db = funnelDb(handle);
  const [today, d7, d30] = [since.today, since.d7, since.d30].map(kstToday) as [string, string, string];
  const rows = (
    await sql<{ step: string; today: string; d7: string; d30: string }>`
    select step, coalesce(sum(visits) filter (where day >= ${today}), 0) as today,
      coalesce(sum(visits) filter (where day >= ${d7}), 0) as d7, sum(visits) as d30
    from ${
      hospitalCd === undefined
        ? sql`funnel_step_day where day >= ${d30}`
        : sql`funnel_day where hospital_cd = ${hospitalCd} and day >= ${d30}`
    }
    group by step`.execute(db)
  ).rows;
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
