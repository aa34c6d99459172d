// What the console's dashboard reads of the claim engine (counts only, never a person): claims by status and
// deliveries by channel and outcome per period (from the day rollups of migration 0031), the dead letters, and how
// long the oldest due job has waited.
import { sql } from 'kysely';
import { kstToday } from '@auto-claim/contract';
import type { Handle } from '../../db/handle.js';
import { QUEUES } from './jobs.js';
import { claimsDb } from './tables.js';

export interface Since {
  today: Date;
  d7: Date;
  d30: Date;
}
const periods = (s: { today: string; d7: string; d30: string }) => ({
  today: Number(s.today),
  d7: Number(s.d7),
  d30: Number(s.d30),
});

/** The Korean days the periods begin on (YYYYMMDD): the rollups are counted by them. */
const days = (since: Since) => ({ today: kstToday(since.today), d7: kstToday(since.d7), d30: kstToday(since.d30) });

/**
 * Claims made in each period, by the status they have now: the counts per day and status (8 rows a day, migration
 * 0035) and the lines not folded yet.
 */
export async function claimCounts(handle: Handle, since: Since) {
  const db = claimsDb(handle);
  const d = days(since);
  const r = await sql<{ status: string; today: string; d7: string; d30: string }>`
    select status, coalesce(sum(n) filter (where day >= ${d.today}), 0) as today,
      coalesce(sum(n) filter (where day >= ${d.d7}), 0) as d7, sum(n) as d30
    from (select day, status, n from claim_status_day_count where day >= ${d.d30}
      union all select day, status, n from claim_day_delta where day >= ${d.d30}) counted
    group by status having sum(n) > 0 order by status`.execute(db);
  return r.rows.map((row) => ({ status: row.status, ...periods(row) }));
}

/** Deliveries started in each period, by channel and where they stand (pending, awaiting, sent, dead): the rollup. */
export async function deliveryCounts(handle: Handle, since: Since) {
  const db = claimsDb(handle);
  const d = days(since);
  const r = await sql<{ channel: string; status: string; today: string; d7: string; d30: string }>`
    select channel, status, coalesce(sum(n) filter (where day >= ${d.today}), 0) as today,
      coalesce(sum(n) filter (where day >= ${d.d7}), 0) as d7, sum(n) as d30
    from (select day, channel, status, n from claim_delivery_day_count where day >= ${d.d30}
      union all select day, channel, status, n from claim_delivery_day_delta where day >= ${d.d30}) counted
    group by channel, status having sum(n) > 0 order by channel, status`.execute(db);
  return r.rows.map((row) => ({ channel: row.channel, status: row.status, ...periods(row) }));
}

/**
 * Moves the +1/−1 lines the triggers appended into the day counts (the minute tick), in one transaction: the lines
 * deleted are the lines added. One fold at a time (an advisory lock), so no two add to the same count at once.
 */
export async function foldDayCounts(handle: Handle) {
  await claimsDb(handle)
    .transaction()
    .execute(async (tx) => {
      await sql`select pg_advisory_xact_lock(hashtext('claim_day_count_fold'))`.execute(tx);
      // The same lines into the counts per hospital and insurer and into those per day and status only.
      await sql`with moved as (delete from claim_day_delta returning day, hospital_cd, insu_comp_cd, status, n),
        by_hospital as (insert into claim_day_count as k (day, hospital_cd, insu_comp_cd, status, n)
          select day, hospital_cd, insu_comp_cd, status, sum(n) from moved group by 1, 2, 3, 4
          on conflict (day, hospital_cd, insu_comp_cd, status) do update set n = k.n + excluded.n)
        insert into claim_status_day_count as k (day, status, n)
        select day, status, sum(n) from moved group by 1, 2
        on conflict (day, status) do update set n = k.n + excluded.n`.execute(tx);
      await sql`with moved as (delete from claim_delivery_day_delta returning day, channel, status, n)
        insert into claim_delivery_day_count as k (day, channel, status, n)
        select day, channel, status, sum(n) from moved group by 1, 2, 3
        on conflict (day, channel, status) do update set n = k.n + excluded.n`.execute(tx);
      await sql`with moved as (delete from hospital_day_delta returning hospital_cd, day, kind, key, n)
        insert into hospital_day_count as k (hospital_cd, day, kind, key, n)
        select hospital_cd, day, kind, key, sum(n) from moved group by 1, 2, 3, 4
        on conflict (hospital_cd, day, kind, key) do update set n = k.n + excluded.n`.execute(tx);
    });
}

/** Dead letters now: deliveries that failed every attempt, and 알림톡 jobs that failed every retry. */
export async function deadLetterCounts(handle: Handle) {
  const db = claimsDb(handle);
  // From the delivery rollup (a few rows a day), not the dead deliveries themselves, whose number grows with history.
  const claims = await sql<{ n: string }>`
    select coalesce(sum(n), 0) as n from (
      select n from claim_delivery_day_count where status = 'dead'
      union all select n from claim_delivery_day_delta where status = 'dead') counted`
    .execute(db)
    .then((r) => r.rows[0]!);
  // pg-boss's tables exist once an engine has started on this database.
  const notifications = await sql<{ n: string }>`
    select count(*) as n from pgboss.job where name = ${QUEUES.notify} and state = 'failed'`
    .execute(db.withoutPlugins())
    .catch(() => ({ rows: [{ n: '0' }] }));
  return { claims: Number(claims.n), notifications: Number(notifications.rows[0]?.n ?? 0) };
}

/** Seconds the oldest job that is due (not one scheduled for later) has waited in any queue; null when none. */
export async function oldestQueuedJobSeconds(handle: Handle, now: Date): Promise<number | null> {
  const db = claimsDb(handle);
  const r = await sql<{ oldest: Date | null }>`
    select min(greatest(created_on, start_after)) as oldest from pgboss.job
    where state in ('created', 'retry') and start_after <= ${now}`
    .execute(db.withoutPlugins())
    .catch(() => ({ rows: [] as { oldest: Date | null }[] }));
  const oldest = r.rows[0]?.oldest;
  return oldest ? Math.max(0, Math.round((now.getTime() - new Date(oldest).getTime()) / 1000)) : null;
}
