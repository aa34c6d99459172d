// pg-boss on the application's own database connection (docs/decisions/0003-pg-boss.md): the same Kysely pool on
// PostgreSQL, and on PGlite the same single session (through the pool's lock), so a job can be sent inside the
// transaction that makes the work it stands for. pg-boss keeps its tables in its own schema, `pgboss`.
import { CompiledQuery, sql, type Kysely } from 'kysely';
import PgBoss from 'pg-boss';
import { own, type Handle } from '../../db/handle.js';
import type { Database } from '../../db/schema.js';
import { DOCUMENTS_QUEUE } from '../subscriptions/index.js';

/** pg-boss's database interface over a Kysely instance or transaction (plugins off: pg-boss reads snake_case). */
export const bossDb = (db: Handle): PgBoss.Db => ({
  async executeSql(text: string, values: unknown[] = []) {
    // pg-boss's own schema, in raw SQL: no table of any owner.
    const raw = own<object>(db).withoutPlugins();
    const query = CompiledQuery.raw(text, values);
    // Inside the caller's transaction the caller decides what a failure means.
    if (raw.isTransaction) return { rows: (await raw.executeQuery(query)).rows as unknown[] };
    // pg-boss sends some plans as one text "BEGIN; …; COMMIT;" and expects a failure in the middle (two processes
    // installing its schema at once) to leave nothing behind. On a pooled connection the aborted transaction would
    // stay open and fail every later query on that connection: roll it back before the connection goes back.
    return raw.connection().execute(async (conn) => {
      try {
        return { rows: (await conn.executeQuery(query)).rows as unknown[] };
      } catch (err) {
        await conn.executeQuery(CompiledQuery.raw('rollback')).catch(() => undefined);
        throw err;
      }
    });
  },
});

export const QUEUES = {
  /** Wake-up: match pending treatment records into claims. 'stately': one queued and one running at most. */
  match: 'claims.match',
  /** Wake-up: deliver due claims (also sent with startAfter for retries and scheduled batches). */
  deliver: 'claims.deliver',
  /** Wake-up: ask fax gateways about faxes they accepted (sent with startAfter a minute after a fax goes). */
  followUp: 'claims.followUp',
  /** One 알림톡 per record, sent inside the transaction that decided the record. */
  notify: 'claims.notify',
  /** Every minute: the safety net for wake-ups lost to a crash, and scheduled batches. */
  tick: 'claims.tick',
} as const;

export async function createBoss(db: Kysely<Database>, opts: { schedule: boolean }): Promise<PgBoss> {
  const boss = new PgBoss({
    db: bossDb(db),
    schedule: opts.schedule,
    supervise: opts.schedule,
    migrate: true,
  });
  await boss.start();
  for (const name of [QUEUES.match, QUEUES.deliver, QUEUES.followUp, QUEUES.tick]) {
    await ensureQueue(boss, { name, policy: 'stately', retryLimit: 3, retryBackoff: true, expireInSeconds: 300 });
  }
  // A subscription's signed documents (subscriptions/service.ts, makeDocuments): idempotent, so retried freely.
  await ensureQueue(boss, {
    name: DOCUMENTS_QUEUE,
    policy: 'standard',
    retryLimit: 5,
    retryDelay: 5,
    retryBackoff: true,
    expireInSeconds: 120,
  });
  await ensureQueue(boss, {
    name: QUEUES.notify,
    policy: 'standard',
    retryLimit: 5,
    retryDelay: 30,
    retryBackoff: true,
    expireInSeconds: 120,
  });
  return boss;
}

/**
 * Creates a queue unless it exists. Processes starting together on a new database race to create the same queues,
 * and pg-boss's partition DDL can deadlock or collide: the loser looks again and finds the queue made.
 */
async function ensureQueue(boss: PgBoss, options: PgBoss.Queue) {
  for (let attempt = 1; ; attempt++) {
    if (await boss.getQueue(options.name)) return;
    try {
      await boss.createQueue(options.name, options);
      return;
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (attempt >= 5 || (code !== '40P01' && code !== '23505' && code !== '42P07')) throw err;
      await new Promise((r) => setTimeout(r, 50 * attempt + Math.random() * 100));
    }
  }
}

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
  db: Kysely<Database>,
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
