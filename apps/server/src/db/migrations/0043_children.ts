import { sql, type Kysely } from 'kysely';

// A guardian claims for a child (README "Children: a guardian claims for a child"):
// - subscription: a child's subscription has the verified guardian beside the insured child. guardian_ci_hmac (the
//   guardian's keyed CI hash, indexed: her children) and guardian_ci_enc, guardian_enc (her name, birth date, phone as
//   encrypted JSON), guardian_rel (father, mother, guardian), relation_status (required → pending → confirmed or
//   refused; the child's records are held until confirmed), adult_on (the child's 19th birthday, YYYYMMDD: visits from
//   it are not the guardian's to claim; its partial index finds the birthdays of the daily notice), when each of the
//   two birthday notices went, and end_reason (why a subscription ended: cancelled, grown_up, dispute). ci_hmac of a
//   child's row is a key of its own (the guardian and the child's RRN, hashed), so a guardian's children and her own
//   subscription are each one per key, and one live subscription per RRN stays subscription_live_rrn's rule.
// - relation_document: each 가족관계증명서 or 주민등록등본 a guardian uploaded (the file in the blob store, the row its
//   id, hash and key id), the issue date she read on it, and an operator's decision; its queue index is (status,
//   submitted_at, id). Rows go with their subscription (cascade) when it is purged; the orphan sweep takes the files.
// - insured_dispute: someone was refused because another live subscription holds the insured person's RRN (a second
//   guardian, or the person herself); an operator decides whose stays. One open row per RRN and claimant.
// - treatment_record outcomes: relation_unconfirmed (a child's record held until her relation document is confirmed)
//   and insured_adult (a visit on or after the child's 19th birthday: unlinked, purged like another hospital's).
const OUTCOMES_BEFORE = `'pending', 'claimed', 'below_min', 'not_subscribed', 'hospital_not_subscribed', 'outside_contract',
  'too_old', 'rrn_unconfirmed', 'identity_mismatch', 'not_patients', 'set_aside'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table subscription
    add column guardian_ci_hmac text,
    add column guardian_ci_enc text,
    add column guardian_enc text,
    add column guardian_rel text check (guardian_rel in ('father', 'mother', 'guardian')),
    add column relation_status text check (relation_status in ('required', 'pending', 'confirmed', 'refused')),
    add column adult_on text,
    add column adult_notice_month_at timestamptz,
    add column adult_notice_day_at timestamptz,
    add column end_reason text check (end_reason in ('cancelled', 'grown_up', 'dispute'))`.execute(db);
  await sql`create index subscription_guardian on subscription (guardian_ci_hmac, created_at)
    where guardian_ci_hmac is not null`.execute(db);
  await sql`create index subscription_adult_on on subscription (adult_on)
    where guardian_ci_hmac is not null and status = 'subscribe'`.execute(db);

  await db.schema
    .createTable('relation_document')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('insu_apply_id', 'text', (c) => c.notNull().references('subscription.insu_apply_id').onDelete('cascade'))
    .addColumn('doc_type', 'text', (c) => c.notNull().check(sql`doc_type in ('family', 'resident')`))
    .addColumn('issue_date', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) =>
      c.notNull().check(sql`content_type in ('image/jpeg', 'image/png', 'application/pdf')`),
    )
    .addColumn('file_bytes', 'integer', (c) => c.notNull())
    .addColumn('file_blob_id', 'text')
    .addColumn('file_sha256', 'text')
    .addColumn('file_key_id', 'text')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'confirmed', 'refused')`),
    )
    /** The operator's words to the parent (encrypted: they may name the child). */
    .addColumn('refuse_reason_enc', 'text')
    .addColumn('decided_by', 'text')
    .addColumn('decided_at', 'timestamptz')
    .addColumn('submitted_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create index relation_document_queue on relation_document (status, submitted_at, id)`.execute(db);
  await sql`create index relation_document_subscription on relation_document (insu_apply_id, id)`.execute(db);
  await sql`create index relation_document_blob on relation_document (file_blob_id)`.execute(db);

  await db.schema
    .createTable('insured_dispute')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('rrn_hmac', 'text', (c) => c.notNull())
    .addColumn('holder_insu_apply_id', 'text', (c) =>
      c.notNull().references('subscription.insu_apply_id').onDelete('cascade'),
    )
    .addColumn('claimant_ci_hmac', 'text', (c) => c.notNull())
    /** Who tried (self or child; the insured's and the guardian's names, the relation, the phone), encrypted JSON. */
    .addColumn('claimant_enc', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('open')
        .check(sql`status in ('open', 'resolved')`),
    )
    .addColumn('kept', 'text', (c) => c.check(sql`kept in ('holder', 'claimant')`))
    .addColumn('resolved_by', 'text')
    .addColumn('resolved_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create unique index insured_dispute_open on insured_dispute (rrn_hmac, claimant_ci_hmac)
    where status = 'open'`.execute(db);
  await sql`create index insured_dispute_list on insured_dispute (status, created_at, id)`.execute(db);
  await sql`create index insured_dispute_holder on insured_dispute (holder_insu_apply_id)`.execute(db);

  await sql`alter table treatment_record drop constraint if exists treatment_record_outcome_check`.execute(db);
  await sql
    .raw(
      `alter table treatment_record add constraint treatment_record_outcome_check check (outcome in
      (${OUTCOMES_BEFORE}, 'relation_unconfirmed', 'insured_adult'))`,
    )
    .execute(db);
  // A child's held records, found again when her relation is confirmed.
  await sql`create index treatment_record_relation_held on treatment_record (insu_apply_id)
    where outcome = 'relation_unconfirmed'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists treatment_record_relation_held`.execute(db);
  await sql`update treatment_record set outcome = 'pending', decided_at = null
    where outcome in ('relation_unconfirmed', 'insured_adult')`.execute(db);
  await sql`alter table treatment_record drop constraint if exists treatment_record_outcome_check`.execute(db);
  await sql
    .raw(
      `alter table treatment_record add constraint treatment_record_outcome_check check (outcome in (${OUTCOMES_BEFORE}))`,
    )
    .execute(db);
  await db.schema.dropTable('insured_dispute').execute();
  await db.schema.dropTable('relation_document').execute();
  await sql`drop index if exists subscription_guardian`.execute(db);
  await sql`drop index if exists subscription_adult_on`.execute(db);
  await sql`alter table subscription drop column guardian_ci_hmac, drop column guardian_ci_enc,
    drop column guardian_enc, drop column guardian_rel, drop column relation_status, drop column adult_on,
    drop column adult_notice_month_at, drop column adult_notice_day_at, drop column end_reason`.execute(db);
}
