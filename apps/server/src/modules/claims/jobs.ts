// The claim engine's queues (ADR 0003) and the notifications that failed every retry. pg-boss itself, its
// lifecycle and the minute tick belong to the jobs runtime (src/jobs/); engine.ts registers the workers.
import { sql } from 'kysely';
import type PgBoss from 'pg-boss';
import type { ClaimsDb } from './tables.js';

export const QUEUES = {
  /** Wake-up: match pending treatment records into claims. 'stately': one queued and one running at most. */
  match: 'claims.match',
  /** Wake-up: deliver due claims (also sent with startAfter for retries and scheduled batches). */
  deliver: 'claims.deliver',
  /** Wake-up: ask fax gateways about faxes they accepted (sent with startAfter a minute after a fax goes). */
  followUp: 'claims.followUp',
  /** One 알림톡 per record, sent inside the transaction that decided the record. */
  notify: 'claims.notify',
} as const;

const wakeUp = { policy: 'stately', retryLimit: 3, retryBackoff: true, expireInSeconds: 300 } as const;

/** The queues as the jobs runtime creates them. */
export const CLAIM_QUEUES: PgBoss.Queue[] = [
  { name: QUEUES.match, ...wakeUp },
  { name: QUEUES.deliver, ...wakeUp },
  { name: QUEUES.followUp, ...wakeUp },
  { name: QUEUES.notify, policy: 'standard', retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 },
];

export interface FailedNotification {
  jobId: string;
  recordId: number;
  attempts: number;
  lastError: string | null;
  failedAt: string;
  /** Closed by an operator with a note (this failure only). */
  handled: { at: string; by: string; note: string } | null;
}

/**
 * Notification jobs that failed every retry, newest first (pg-boss keeps failed jobs until its archive moves them,
 * 7 days by default): those still to deal with unless `handled` says otherwise, a page at a time. The error is the
 * adapter's message, which never carries personal data.
 */
export async function failedNotifications(
  db: ClaimsDb,
  opts: { jobId?: string; handled?: 'false' | 'true' | 'all'; limit?: number; offset?: number } = {},
): Promise<{ list: FailedNotification[]; total: number }> {
  const handled = opts.handled ?? 'all';
  const where = sql`j.name = ${QUEUES.notify} and j.state = 'failed'
    ${opts.jobId ? sql`and j.id = ${opts.jobId}::uuid` : sql``}
    ${handled === 'false' ? sql`and h.job_id is null` : handled === 'true' ? sql`and h.job_id is not null` : sql``}`;
  const from = sql`pgboss.job j left join notification_handled h
    on h.job_id = j.id::text and h.failed_at = j.completed_on`;
  const raw = db.withoutPlugins(); // pg-boss's snake_case columns, as they are
  const [rows, count] = await Promise.all([
    sql<{
      id: string;
      record_id: string;
      retry_count: number;
      output: unknown;
      completed_on: Date;
      handled_at: Date | null;
      handled_by: string | null;
      note: string | null;
    }>`select j.id, j.data->>'recordId' as record_id, j.retry_count, j.output, j.completed_on,
          h.handled_at, h.handled_by, h.note
        from ${from} where ${where}
        order by j.completed_on desc limit ${opts.limit ?? 100} offset ${opts.offset ?? 0}`
      .execute(raw)
      .catch(() => ({ rows: [] })),
    sql<{ n: string }>`select count(*) as n from ${from} where ${where}`
      .execute(raw)
      .catch(() => ({ rows: [{ n: '0' }] })),
  ]);
  return {
    total: Number(count.rows[0]?.n ?? 0),
    list: rows.rows.map((r) => {
      const out = r.output as { message?: unknown; value?: { message?: unknown } } | null;
      const message = out?.message ?? out?.value?.message;
      return {
        jobId: r.id,
        recordId: Number(r.record_id),
        attempts: r.retry_count + 1,
        lastError: typeof message === 'string' ? message.slice(0, 500) : null,
        failedAt: new Date(r.completed_on).toISOString(),
        handled:
          r.handled_at && r.handled_by
            ? { at: new Date(r.handled_at).toISOString(), by: r.handled_by, note: r.note ?? '' }
            : null,
      };
    }),
  };
}
