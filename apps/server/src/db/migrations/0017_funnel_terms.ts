import type { Kysely } from 'kysely';

// The enrolment funnel: one row per screen view of the patient app (screen pattern, hospital, time, an anonymous
// visit id; nothing about the person), kept APP_MENU_LOG_RETENTION_DAYS. And terms versions published from the
// console: when each was published (the seeded ones: null).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('app_menu_log')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('visit_id', 'uuid', (c) => c.notNull())
    .addColumn('screen', 'text', (c) => c.notNull())
    .addColumn('hospital_cd', 'text', (c) => c.notNull())
    /** The server's time of the view (what the counts use); client_time is what the browser said. */
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .addColumn('client_time', 'timestamptz')
    .execute();
  await db.schema.createIndex('app_menu_log_at_idx').on('app_menu_log').columns(['at', 'screen']).execute();
  await db.schema.alterTable('terms').addColumn('published_at', 'timestamptz').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('terms').dropColumn('published_at').execute();
  await db.schema.dropTable('app_menu_log').execute();
}
