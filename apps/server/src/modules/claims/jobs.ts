// pg-boss on the application's own database connection (docs/decisions/0003-pg-boss.md): the same Kysely pool on
// PostgreSQL, and on PGlite the same single session (through the pool's lock), so a job can be sent inside the
// transaction that makes the work it stands for. pg-boss keeps its tables in its own schema, `pgboss`.
import { CompiledQuery, sql, type Kysely } from 'kysely';
import PgBoss from 'pg-boss';
import type { Database } from '../../db/schema.js';

/** pg-boss's database interface over a Kysely instance or transaction (plugins off: pg-boss reads snake_case). */
export const bossDb = (db: Kysely<Database>): PgBoss.Db => ({
  async executeSql(text: string, values: unknown[] = []) {
    const raw = db.withoutPlugins();
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
}

/**
 * Notification jobs that failed every retry, newest first (pg-boss keeps failed jobs until its archive moves them,
 * 7 days by default). The error is the adapter's message, which never carries personal data.
 */
export async function failedNotifications(db: Kysely<Database>, jobId?: string): Promise<FailedNotification[]> {
  const rows = await sql<{ id: string; record_id: string; retry_count: number; output: unknown; completed_on: Date }>`
    select id, data->>'recordId' as record_id, retry_count, output, completed_on from pgboss.job
    where name = ${QUEUES.notify} and state = 'failed' ${jobId ? sql`and id = ${jobId}::uuid` : sql``}
    order by completed_on desc limit 1000`
    .execute(db.withoutPlugins()) // pg-boss's snake_case columns, as they are
    .catch(() => ({ rows: [] }));
  return rows.rows.map((r) => {
    const out = r.output as { message?: unknown; value?: { message?: unknown } } | null;
    const message = out?.message ?? out?.value?.message;
    return {
      jobId: r.id,
      recordId: Number(r.record_id),
      attempts: r.retry_count + 1,
      lastError: typeof message === 'string' ? message.slice(0, 500) : null,
      failedAt: new Date(r.completed_on).toISOString(),
    };
  });
}
