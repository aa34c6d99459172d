import { type Kysely, sql } from 'kysely';

// A record's message (claimed, or below her minimum) keeps the hours patients are told in (NOTICE_HOURS_KST, 08:00–21:00
// KST; README "Patient messages"), as insurer answers' messages do (0037): a record decided at night waits here, and
// the minute tick queues the morning's together, so the visits of one day go in one message. Deleted with its record.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('record_notice')
    .addColumn('record_id', 'bigint', (c) => c.primaryKey().references('treatment_record.id').onDelete('cascade'))
    .addColumn('due_at', 'timestamptz', (c) => c.notNull())
    .addColumn('queued_at', 'timestamptz')
    .execute();
  await sql`create index record_notice_waiting on record_notice (due_at) where queued_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('record_notice').execute();
}
