import { sql, type Kysely } from 'kysely';

// Subscriptions to automatic claims (spec §3 reg, §4). Personal fields are encrypted (DESIGN §5): *_enc columns hold
// AES-256-GCM ciphertext with its key id; lookups go through keyed hashes (*_hmac), never plaintext.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('subscription')
    .addColumn('insu_apply_id', 'text', (c) => c.primaryKey())
    .addColumn('ci_hmac', 'text', (c) => c.notNull())
    .addColumn('ci_enc', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('subscribe', 'cancel')`))
    .addColumn('prc_mode', 'text', (c) => c.notNull().check(sql`prc_mode in ('inner', 'outer')`))
    /** JSON of the person's details (name, birthday, sex, RRN back part, phone, e-mail, address, job), encrypted. */
    .addColumn('person_enc', 'text', (c) => c.notNull())
    .addColumn('insu_comp_cd', 'text', (c) => c.notNull().references('insurer.insu_comp_cd'))
    .addColumn('bank_cd', 'text', (c) => c.references('bank.bank_cd'))
    .addColumn('bank_account_enc', 'text')
    .addColumn('bank_account_last4', 'text')
    .addColumn('min_amt', 'integer')
    .addColumn('retro_month', 'integer', (c) => c.check(sql`retro_month between 0 and 36`))
    .addColumn('job_cd', 'text')
    .addColumn('contract_start_date', 'text')
    .addColumn('contract_end_date', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('cancelled_at', 'timestamptz')
    .execute();
  // One live subscription per person.
  await sql`create unique index subscription_live_ci on subscription (ci_hmac) where status = 'subscribe'`.execute(db);
  await db.schema
    .createTable('subscription_hospital')
    .addColumn('insu_apply_id', 'text', (c) => c.notNull().references('subscription.insu_apply_id').onDelete('cascade'))
    .addColumn('hospital_cd', 'text', (c) => c.notNull().references('hospital.hospital_cd'))
    .addColumn('agree_id', 'text')
    .addColumn('subscribed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('cancelled_at', 'timestamptz')
    .addPrimaryKeyConstraint('subscription_hospital_pk', ['insu_apply_id', 'hospital_cd'])
    .execute();
  await db.schema
    .createTable('subscription_insurer')
    .addColumn('insu_apply_id', 'text', (c) => c.notNull().references('subscription.insu_apply_id').onDelete('cascade'))
    .addColumn('insu_comp_cd', 'text', (c) => c.notNull().references('insurer.insu_comp_cd'))
    .addColumn('agree_ids', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addPrimaryKeyConstraint('subscription_insurer_pk', ['insu_apply_id', 'insu_comp_cd'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('subscription_insurer').execute();
  await db.schema.dropTable('subscription_hospital').execute();
  await db.schema.dropTable('subscription').execute();
}
