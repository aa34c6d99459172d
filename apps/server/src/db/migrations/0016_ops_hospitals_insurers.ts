import { sql, type Kysely } from 'kysely';

// The console's hospitals and insurers (README "Operator console"): a key can be rotated (the old one keeps working
// until expires_at), the feed's refused records are kept (without the patient) for 90 days, and how each insurer is
// reached (channel, API base URL) moves into the database, which the console edits: null there means the environment
// decides as before (DELIVERY_API_INSURERS, INSURER_<code>_API_URL); a value set in the console wins.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('hospital_api_key').addColumn('expires_at', 'timestamptz').execute();
  await db.schema.alterTable('hospital_api_key').addColumn('issued_by', 'text').execute();
  /** The key issued in its place by a rotation. */
  await db.schema.alterTable('hospital_api_key').addColumn('replaced_by', 'bigint').execute();

  await db.schema
    .createTable('feed_rejection')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('hospital_cd', 'text', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    /** The hospital's receipt number when it sent a readable one; never the patient's name, RRN, CI or phone. */
    .addColumn('receipt_no', 'text')
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('feed_rejection_hospital_idx')
    .on('feed_rejection')
    .columns(['hospital_cd', 'at'])
    .execute();
  await db.schema.createIndex('feed_rejection_at_idx').on('feed_rejection').column('at').execute();

  await db.schema
    .alterTable('insurer')
    .addColumn('delivery_channel', 'text', (c) => c.check(sql`delivery_channel in ('api', 'fax')`))
    .execute();
  await db.schema.alterTable('insurer').addColumn('api_url', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const c of ['api_url', 'delivery_channel']) {
    await db.schema.alterTable('insurer').dropColumn(c).execute();
  }
  await db.schema.dropTable('feed_rejection').execute();
  for (const c of ['replaced_by', 'issued_by', 'expires_at']) {
    await db.schema.alterTable('hospital_api_key').dropColumn(c).execute();
  }
}
