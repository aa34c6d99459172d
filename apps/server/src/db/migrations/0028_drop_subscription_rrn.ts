import { sql, type Kysely } from 'kysely';

// subscription_rrn (0005) was superseded by subscription.rrn_hmac (0011), which copied every hash it held; nothing has
// read or written it since. What 0011 could not copy (a live subscription the engine had not yet hashed there, whose
// hash only its encrypted RRN can give) needs the field keys, which a migration does not have: the claim engine's
// match still fills those (modules/subscriptions/lookups.ts, backfillRrn).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('subscription_rrn').ifExists().execute();
}

/** Back to 0005's table, holding the hashes subscription.rrn_hmac has. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('subscription_rrn')
    .addColumn('insu_apply_id', 'text', (c) =>
      c.primaryKey().references('subscription.insu_apply_id').onDelete('cascade'),
    )
    .addColumn('rrn_hmac', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('subscription_rrn_hmac').on('subscription_rrn').column('rrn_hmac').execute();
  await sql`insert into subscription_rrn (insu_apply_id, rrn_hmac)
    select insu_apply_id, rrn_hmac from subscription where rrn_hmac is not null`.execute(db);
}
