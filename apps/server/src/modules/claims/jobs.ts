// pg-boss on the application's own database connection (docs/decisions/0003-pg-boss.md): the same Kysely pool on
// PostgreSQL, and on PGlite the same single session (through the pool's lock), so a job can be sent inside the
// transaction that makes the work it stands for. pg-boss keeps its tables in its own schema, `pgboss`.
import { CompiledQuery, type Kysely } from 'kysely';
import PgBoss from 'pg-boss';
import type { Database } from '../../db/schema.js';

/** pg-boss's database interface over a Kysely instance or transaction (plugins off: pg-boss reads snake_case). */
export const bossDb = (db: Kysely<Database>): PgBoss.Db => ({
  async executeSql(text: string, values: unknown[] = []) {
    const result = await db.withoutPlugins().executeQuery(CompiledQuery.raw(text, values));
    return { rows: result.rows as unknown[] };
  },
});

export const QUEUES = {
  /** Wake-up: match pending treatment records into claims. 'stately': one queued and one running at most. */
  match: 'claims.match',
  /** Wake-up: deliver due claims (also sent with startAfter for retries and scheduled batches). */
  deliver: 'claims.deliver',
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
  for (const name of [QUEUES.match, QUEUES.deliver, QUEUES.tick]) {
    await boss.createQueue(name, { name, policy: 'stately', retryLimit: 3, retryBackoff: true, expireInSeconds: 300 });
  }
  await boss.createQueue(QUEUES.notify, {
    name: QUEUES.notify,
    policy: 'standard',
    retryLimit: 5,
    retryDelay: 30,
    retryBackoff: true,
    expireInSeconds: 120,
  });
  return boss;
}
