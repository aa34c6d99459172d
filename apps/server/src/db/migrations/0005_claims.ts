import { sql, type Kysely } from 'kysely';

// The automatic claim engine (README, claim engine): hospital API keys, treatment records fed by hospitals, the claims built from
// them (one per record × insurer), their status history, deliveries (one per claim, by constraint), document hashes,
// an append-only access log and single-use link tokens. Jobs live in pg-boss's own schema (docs/decisions/0003-pg-boss.md).
// Personal data is encrypted (*_enc) and matched through keyed hashes (*_hmac).
export async function up(db: Kysely<unknown>): Promise<void> {
  // A hospital's API key is stored as its SHA-256 only (keys are 32 random bytes, so a plain hash is enough);
  // the prefix lets an operator tell keys apart without revealing them.
  await db.schema
    .createTable('hospital_api_key')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('hospital_cd', 'text', (c) => c.notNull().references('hospital.hospital_cd'))
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('key_prefix', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .execute();

  // The RRN keyed hash of a live subscription, kept by the engine, so records that carry an RRN instead of a CI
  // can be matched without decrypting subscriptions at match time.
  await db.schema
    .createTable('subscription_rrn')
    .addColumn('insu_apply_id', 'text', (c) =>
      c.primaryKey().references('subscription.insu_apply_id').onDelete('cascade'),
    )
    .addColumn('rrn_hmac', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('subscription_rrn_hmac').on('subscription_rrn').column('rrn_hmac').execute();

  // A treatment record (receipt) as a hospital sent it. Idempotent by (hospital, receipt number).
  // outcome: what the engine decided: pending (not yet looked at), claimed (claims were made), below_min (kept and
  // shown, not claimed), not_subscribed, hospital_not_subscribed, outside_contract, too_old (retroMonth / 3-year lapse).
  await db.schema
    .createTable('treatment_record')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('hospital_cd', 'text', (c) => c.notNull().references('hospital.hospital_cd'))
    .addColumn('receipt_no', 'text', (c) => c.notNull())
    /** SHA-256 of the record as received: a resend with other contents is told apart from a plain resend. */
    .addColumn('content_hash', 'text', (c) => c.notNull())
    .addColumn('ci_hmac', 'text')
    .addColumn('rrn_hmac', 'text')
    /** JSON {name, birthDate, rrn?, ci?}, encrypted. */
    .addColumn('person_enc', 'text', (c) => c.notNull())
    /** JSON {department, kcdCodes}, encrypted: diagnoses are sensitive data. */
    .addColumn('detail_enc', 'text', (c) => c.notNull())
    .addColumn('visit_date', 'text', (c) => c.notNull().check(sql`visit_date ~ '^[0-9]{8}$'`))
    .addColumn('visit_type', 'text', (c) => c.notNull().check(sql`visit_type in ('외래', '입원', '약국')`))
    .addColumn('covered_copay', 'integer', (c) => c.notNull().check(sql`covered_copay >= 0`))
    .addColumn('uncovered', 'integer', (c) => c.notNull().check(sql`uncovered >= 0`))
    .addColumn('total_paid', 'integer', (c) => c.notNull().check(sql`total_paid >= 0`))
    .addColumn('insu_apply_id', 'text', (c) => c.references('subscription.insu_apply_id').onDelete('set null'))
    .addColumn('outcome', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(
          sql`outcome in ('pending', 'claimed', 'below_min', 'not_subscribed', 'hospital_not_subscribed', 'outside_contract', 'too_old')`,
        ),
    )
    .addColumn('received_at', 'timestamptz', (c) => c.notNull())
    .addColumn('decided_at', 'timestamptz')
    .addUniqueConstraint('treatment_record_receipt', ['hospital_cd', 'receipt_no'])
    .execute();
  await sql`create index treatment_record_pending on treatment_record (id) where outcome = 'pending'`.execute(db);
  await db.schema.createIndex('treatment_record_ci').on('treatment_record').column('ci_hmac').execute();
  await db.schema.createIndex('treatment_record_apply').on('treatment_record').column('insu_apply_id').execute();

  // One claim per record × insurer (the unique constraint), whether the engine or the patient made it.
  await db.schema
    .createTable('claim')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('record_id', 'bigint', (c) => c.notNull().references('treatment_record.id'))
    .addColumn('insu_comp_cd', 'text', (c) => c.notNull().references('insurer.insu_comp_cd'))
    .addColumn('insu_apply_id', 'text', (c) => c.references('subscription.insu_apply_id').onDelete('set null'))
    .addColumn('ci_hmac', 'text', (c) => c.notNull())
    .addColumn('origin', 'text', (c) => c.notNull().check(sql`origin in ('auto', 'patient')`))
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('received', 'claimed', 'sent', 'accepted', 'rejected', 'paid', 'failed')`),
    )
    .addColumn('reject_reason', 'text')
    .addColumn('paid_amount', 'integer')
    /** When set, the claim waits for the subscription's repeatWeek/repeatDay batch; null: it goes at once. */
    .addColumn('scheduled_for', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('claim_record_insurer', ['record_id', 'insu_comp_cd'])
    .execute();
  await db.schema.createIndex('claim_ci').on('claim').column('ci_hmac').execute();
  await sql`create index claim_waiting on claim (scheduled_for) where status = 'received'`.execute(db);

  await db.schema
    .createTable('claim_status_history')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('claim_id', 'bigint', (c) => c.notNull().references('claim.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    /** engine | insurer | operator:<login id> | patient */
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('claim_status_history_claim').on('claim_status_history').column('claim_id').execute();

  // Never two deliveries of one claim: claim_id is unique; a delivery moves pending → sent, or → dead after its
  // retries (the dead-letter state an operator sees and can send back to pending).
  await db.schema
    .createTable('claim_delivery')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('claim_id', 'bigint', (c) => c.notNull().unique().references('claim.id'))
    .addColumn('insu_comp_cd', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('api', 'fax')`))
    .addColumn('destination', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'sent', 'dead')`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_error', 'text')
    /** The insurer's (or fax gateway's) receipt id; our delivery id is the idempotency key we send. */
    .addColumn('external_ref', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('sent_at', 'timestamptz')
    .execute();
  await sql`create index claim_delivery_due on claim_delivery (next_attempt_at) where status = 'pending'`.execute(db);

  // The hash of every document of a claim's package, one row per kind.
  await db.schema
    .createTable('claim_document')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('claim_id', 'bigint', (c) => c.notNull().references('claim.id'))
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in ('package', 'claim_form', 'receipt', 'power_of_attorney', 'consent', 'id_copy')`),
    )
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('claim_document_kind', ['claim_id', 'kind'])
    .execute();

  // Append-only: every release of a patient's records and every delivery. Updates and deletes are refused.
  await db.schema
    .createTable('access_log')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('ci_hmac', 'text', (c) => c.notNull())
    /** record_received | claim_created | delivered | released_to_patient | operator_retry | … */
    .addColumn('action', 'text', (c) => c.notNull())
    /** Who received or handled the data: a hospital code, an insurer code, 'patient', 'operator:<id>'. */
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('record_id', 'bigint')
    .addColumn('claim_id', 'bigint')
    .addColumn('detail', 'text')
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('access_log_ci').on('access_log').columns(['ci_hmac', 'id']).execute();
  await sql`
    create function access_log_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'access_log is append-only';
    end $$`.execute(db);
  await sql`
    create trigger access_log_no_change before update or delete on access_log
    for each row execute function access_log_append_only()`.execute(db);
  await sql`
    create trigger access_log_no_truncate before truncate on access_log
    for each statement execute function access_log_append_only()`.execute(db);

  // Links sent to a patient (알림톡 → /web/treat): the URL carries only a random id and its signature; the row says
  // whose it is, until when, and whether it was used (single use: used_at is set once, atomically).
  await db.schema
    .createTable('link_token')
    .addColumn('jti', 'text', (c) => c.primaryKey())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('ci_hmac', 'text', (c) => c.notNull())
    .addColumn('insu_apply_id', 'text')
    .addColumn('record_id', 'bigint')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();

  // repeatWeek / repeatDay (spec §3 reg) if the subscription table does not carry them yet.
  await sql`alter table subscription add column if not exists repeat_week integer`.execute(db);
  await sql`alter table subscription add column if not exists repeat_day integer`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'link_token',
    'access_log',
    'claim_document',
    'claim_delivery',
    'claim_status_history',
    'claim',
    'treatment_record',
    'subscription_rrn',
    'hospital_api_key',
  ]) {
    await db.schema.dropTable(t).execute();
  }
  await sql`drop function if exists access_log_append_only()`.execute(db);
}
