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
    /**
     * JSON of the person's details (SubscriptionPerson in modules/subscriptions/repo.ts), encrypted: name, birthday,
     * sex, RRN back part, phone, e-mail, address, job name, account holder.
     */
    .addColumn('person_enc', 'text', (c) => c.notNull())
    /** The first insurer chosen; every insurer is in subscription_insurer. */
    .addColumn('insu_comp_cd', 'text', (c) => c.notNull().references('insurer.insu_comp_cd'))
    .addColumn('bank_cd', 'text', (c) => c.references('bank.bank_cd'))
    .addColumn('bank_account_enc', 'text')
    .addColumn('bank_account_last4', 'text')
    .addColumn('bank_account_rel', 'text')
    .addColumn('min_amt', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('retro_month', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`retro_month between 0 and 36`),
    )
    .addColumn('job_cd', 'text')
    /** ic | dl | pp; the kept document fields (spec §3) are in idcard_enc as JSON. */
    .addColumn('idcard_type', 'text', (c) => c.check(sql`idcard_type in ('ic', 'dl', 'pp')`))
    .addColumn('idcard_enc', 'text')
    /** The re-encoded ID photo (JPEG, no EXIF) as base64, encrypted; deleted at cancellation. */
    .addColumn('idcard_img_enc', 'text')
    /** The signature (PNG) as base64, encrypted; deleted at cancellation. */
    .addColumn('sign_img_enc', 'text')
    .addColumn('terms_ids', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('opt_terms', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('goods_subs_id', 'text')
    /** Batch claims every repeat_week weeks on ISO weekday repeat_day (1 Mon … 7 Sun); null: each claim at once. */
    .addColumn('repeat_week', 'integer', (c) => c.check(sql`repeat_week between 1 and 4`))
    .addColumn('repeat_day', 'integer', (c) => c.check(sql`repeat_day between 1 and 7`))
    .addColumn('apply_channel', 'text')
    .addColumn('apply_org', 'text')
    .addColumn('post_center', 'text')
    /** SHA-256 of the power of attorney and consent PDFs as generated at submission (evidence). */
    .addColumn('commission_sha256', 'text')
    .addColumn('consent_sha256', 'text')
    /** The client's Idempotency-Key, as a keyed hash: a retry with it gets this subscription back. */
    .addColumn('idempotency_key_hmac', 'text')
    /** YYYYMMDD in KST: start = the day of subscription, end = start + CONTRACT_TERM_MONTHS − 1 day. */
    .addColumn('contract_start_date', 'text', (c) => c.notNull())
    .addColumn('contract_end_date', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('cancelled_at', 'timestamptz')
    /** When a cancelled subscription's row (and with it every remaining personal field) is deleted (purgeDue). */
    .addColumn('purge_at', 'timestamptz')
    .execute();
  // One live subscription per person: double taps and retries cannot make two.
  await sql`create unique index subscription_live_ci on subscription (ci_hmac) where status = 'subscribe'`.execute(db);
  await sql`create unique index subscription_idempotency on subscription (ci_hmac, idempotency_key_hmac)
    where idempotency_key_hmac is not null`.execute(db);
  await sql`create index subscription_purge on subscription (purge_at) where purge_at is not null`.execute(db);
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
    .createIndex('subscription_hospital_hospital')
    .on('subscription_hospital')
    .columns(['hospital_cd'])
    .execute();
  await db.schema
    .createTable('subscription_insurer')
    .addColumn('insu_apply_id', 'text', (c) => c.notNull().references('subscription.insu_apply_id').onDelete('cascade'))
    .addColumn('insu_comp_cd', 'text', (c) => c.notNull().references('insurer.insu_comp_cd'))
    .addColumn('agree_ids', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    /** The ID type as this insurer takes it (NHLIFE: 1/2/3, spec §4), null without an ID. */
    .addColumn('idcard_type_code', 'text')
    .addPrimaryKeyConstraint('subscription_insurer_pk', ['insu_apply_id', 'insu_comp_cd'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('subscription_insurer').execute();
  await db.schema.dropTable('subscription_hospital').execute();
  await db.schema.dropTable('subscription').execute();
}
