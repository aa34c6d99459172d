// The claim engine's queues (ADR 0003) and the notifications that failed every retry. pg-boss itself, its
// lifecycle and the minute tick belong to the jobs runtime (src/jobs/); engine.ts registers the workers.
import { sql } from 'kysely';
import type PgBoss from 'pg-boss';
import { decodeCursor, encodeCursor } from '@auto-claim/contract/ops';
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

/** A notification job's failure, from the job table and its handling, as failedNotifications reads them. */
interface FailedJobRow {
  id: string;
  recordId: string;
  retryCount: number;
  output: unknown;
  completedOn: Date;
  handledAt: Date | null;
  handledBy: string | null;
  note: string | null;
}

function failedOf(r: FailedJobRow): FailedNotification {
  const out = r.output as { message?: unknown; value?: { message?: unknown } } | null;
  const message = out?.message ?? out?.value?.message;
  return {
    jobId: r.id,
    recordId: Number(r.recordId),
    attempts: r.retryCount + 1,
    lastError: typeof message === 'string' ? message.slice(0, 500) : null,
    failedAt: new Date(r.completedOn).toISOString(),
    handled:
      r.handledAt && r.handledBy
        ? { at: new Date(r.handledAt).toISOString(), by: r.handledBy, note: r.note ?? '' }
        : null,
  };
}

const from = sql`pgboss.job j left join notification_handled h
    on h.job_id = j.id::text and h.failed_at = j.completed_on`;
const failedWhere = (opts: { jobId?: string; handled?: 'false' | 'true' | 'all' }) => {
  const handled = opts.handled ?? 'all';
  return sql`j.name = ${QUEUES.notify} and j.state = 'failed'
    ${opts.jobId ? sql`and j.id = ${opts.jobId}::uuid` : sql``}
    ${handled === 'false' ? sql`and h.job_id is null` : handled === 'true' ? sql`and h.job_id is not null` : sql``}`;
};

/** By failure time, then job id (two failing in the same microsecond keep one order from page to page). */
const orderBy = (order: 'asc' | 'desc' = 'desc') =>
  order === 'asc' ? sql`j.completed_on asc, j.id asc` : sql`j.completed_on desc, j.id desc`;

/**
 * Notification jobs that failed every retry, newest first unless `order` says otherwise (pg-boss keeps failed jobs until its archive moves them,
 * 7 days by default): those still to deal with unless `handled` says otherwise, a page at a time. The error is the
 * adapter's message, which never carries personal data.
 */
export async function failedNotifications(
  db: ClaimsDb,
  opts: {
    jobId?: string;
    handled?: 'false' | 'true' | 'all';
    order?: 'asc' | 'desc';
    limit?: number;
    offset?: number;
  } = {},
): Promise<{ list: FailedNotification[]; total: number }> {
  const where = failedWhere(opts);
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
        order by ${orderBy(opts.order)} limit ${opts.limit ?? 100} offset ${opts.offset ?? 0}`
      .execute(raw)
      .catch(() => ({ rows: [] })),
    sql<{ n: string }>`select count(*) as n from ${from} where ${where}`
      .execute(raw)
      .catch(() => ({ rows: [{ n: '0' }] })),
  ]);
  return {
    total: Number(count.rows[0]?.n ?? 0),
    list: rows.rows.map((r) =>
      failedOf({
        id: r.id,
        recordId: r.record_id,
        retryCount: r.retry_count,
        output: r.output,
        completedOn: r.completed_on,
        handledAt: r.handled_at,
        handledBy: r.handled_by,
        note: r.note,
      }),
    ),
  };
}

/**
 * The same list by key, in the same order, and not counted (contract ops/page.ts, Cursor; an export walking every page,
 * README "Exports"): each page starts after the last one's failure time and job id. Without pg-boss's tables (the
 * jobs runtime never started here) there is no failed message: an empty list, as failedNotifications answers.
 */
export async function failedNotificationPage(
  db: ClaimsDb,
  q: { handled?: 'false' | 'true' | 'all'; order?: 'asc' | 'desc'; cursor: string | undefined; size: number },
): Promise<{ list: FailedNotification[]; nextCursor: string | null }> {
  const made = { s: '', o: q.order ?? 'desc' };
  const after = q.cursor === undefined ? undefined : decodeCursor(q.cursor);
  if (q.cursor !== undefined && (!after || after.s !== made.s || after.o !== made.o))
    throw new Error('failedNotificationPage: a cursor it did not make');
  let found: (FailedJobRow & { pageKey: string })[];
  try {
    // Read with the handle's plugins (snake_case names come back camelCased), so that what records queries sees it.
    found = (
      await sql<FailedJobRow & { pageKey: string }>`select j.id, j.data->>'recordId' as record_id, j.retry_count,
          j.output, j.completed_on, j.completed_on::text as page_key, h.handled_at, h.handled_by, h.note
        from ${from} where ${failedWhere(q)}
          ${after ? sql`and (j.completed_on, j.id) ${sql.raw(made.o === 'desc' ? '<' : '>')} (${after.k}::timestamptz, ${after.i}::uuid)` : sql``}
        order by ${orderBy(made.o)} limit ${q.size + 1}`.execute(db)
    ).rows;
  } catch (e) {
    if ((e as { code?: unknown }).code === '42P01') return { list: [], nextCursor: null }; // undefined_table
    throw e;
  }
  const last = found.length > q.size ? found[q.size - 1] : undefined;
  return {
    list: found.slice(0, q.size).map(failedOf),
    nextCursor: last ? encodeCursor({ ...made, k: last.pageKey, i: last.id }) : null,
  };
}
