// What waits, for the metrics (docs/operations.md, "Signals"): records not yet matched, deliveries due, faxes waiting
// for their gateway's outcome, and the pg-boss queues. Partial indexes (outcome = 'pending', status = 'pending') keep this cheap at any table size.
import { sql } from 'kysely';
import type { Handle } from '../../db/handle.js';
import type { Backlog } from '../../metrics.js';
import { QUEUES } from './jobs.js';
import { claimsDb } from './tables.js';

const ageSeconds = (oldest: Date | string | null, now: Date) =>
  oldest ? Math.max(0, (now.getTime() - new Date(oldest).getTime()) / 1000) : 0;

export async function engineBacklog(handle: Handle, now: Date): Promise<Backlog> {
  const db = claimsDb(handle);
  const records = await sql<{ n: string; oldest: Date | null }>`
    select count(*) as n, min(received_at) as oldest from treatment_record where outcome = 'pending'`.execute(db);
  // A delivery waits from the moment it is due (a retry's backoff is not waiting).
  const deliveries = await sql<{ n: string; oldest: Date | null }>`
    select count(*) as n, min(next_attempt_at) as oldest from claim_delivery
    where status = 'pending' and next_attempt_at <= ${now}`.execute(db);
  // A fax waits from the moment its gateway accepted it; a day without an outcome makes it a dead letter (followup.ts).
  const faxes = await sql<{ n: string; oldest: Date | null }>`
    select count(*) as n, min(sent_at) as oldest from claim_delivery where status = 'awaiting'`.execute(db);
  const queues = [
    {
      queue: 'records_to_match',
      depth: Number(records.rows[0]?.n ?? 0),
      oldestAgeSeconds: ageSeconds(records.rows[0]?.oldest ?? null, now),
    },
    {
      queue: 'deliveries_due',
      depth: Number(deliveries.rows[0]?.n ?? 0),
      oldestAgeSeconds: ageSeconds(deliveries.rows[0]?.oldest ?? null, now),
    },
    {
      queue: 'faxes_awaiting_outcome',
      depth: Number(faxes.rows[0]?.n ?? 0),
      oldestAgeSeconds: ageSeconds(faxes.rows[0]?.oldest ?? null, now),
    },
  ];
  // pg-boss's own tables exist once an engine has started somewhere on this database.
  // Failed jobs (a message that failed every retry) are dead letters: `dead:<queue>`, for an alert on any. A job waits
  // from the moment it is due: one scheduled for later (a message kept for the morning) is not late.
  const jobs = await sql<{ name: string; dead: boolean; n: string; oldest: Date | null }>`
    select name, state = 'failed' as dead, count(*) as n,
      min(greatest(created_on, start_after)) filter (where state = 'failed' or start_after <= ${now}) as oldest
    from pgboss.job where state in ('created', 'retry', 'failed') group by name, state = 'failed'`
    .execute(db.withoutPlugins())
    .catch(() => ({ rows: [] }));
  for (const j of jobs.rows) {
    const queue = `${j.dead ? 'dead' : 'job'}:${j.name}`;
    const known = queues.find((q) => q.queue === queue);
    const age = ageSeconds(j.oldest, now);
    if (known) known.depth += Number(j.n);
    else queues.push({ queue, depth: Number(j.n), oldestAgeSeconds: age });
  }
  return { queues, deadLetters: await waitingDeadLetters(handle) };
}

/**
 * Dead letters no operator has dealt with yet: deliveries that failed every attempt and were not marked handled (the
 * partial index of dead deliveries), and 알림톡 jobs that failed every retry with no handled note for that failure.
 */
export async function waitingDeadLetters(handle: Handle): Promise<Backlog['deadLetters']> {
  const db = claimsDb(handle);
  const claims = await sql<{ n: string }>`
    select count(*) as n from claim_delivery where status = 'dead' and handled_at is null`.execute(db);
  const notifications = await sql<{ n: string }>`
    select count(*) as n from pgboss.job j left join notification_handled h
      on h.job_id = j.id::text and h.failed_at = j.completed_on
    where j.name = ${QUEUES.notify} and j.state = 'failed' and h.job_id is null`
    .execute(db.withoutPlugins())
    .catch(() => ({ rows: [{ n: '0' }] }));
  return [
    { kind: 'claims', count: Number(claims.rows[0]?.n ?? 0) },
    { kind: 'notifications', count: Number(notifications.rows[0]?.n ?? 0) },
  ];
}
