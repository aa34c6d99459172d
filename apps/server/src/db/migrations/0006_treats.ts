import { sql, type Kysely } from 'kysely';

// The patient's side of the claim engine (README, claim engine): an insurer's request for a copy of the ID document,
// and what the patient submitted for it. The image (re-encoded, without EXIF) and the document's numbers are
// encrypted (DESIGN §5); the patient is found through the CI's keyed hash, as everywhere.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('id_card_submission')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('ci_hmac', 'text', (c) => c.notNull())
    .addColumn('idcard_type', 'text', (c) => c.notNull().check(sql`idcard_type in ('ic', 'dl', 'pp')`))
    /** The re-encoded image as a data URL, encrypted. */
    .addColumn('image_enc', 'text', (c) => c.notNull())
    .addColumn('image_sha256', 'text', (c) => c.notNull())
    .addColumn('image_bytes', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    /** JSON of the type's fields of spec §3 (issue org/date, regNo, checkCd), encrypted. */
    .addColumn('fields_enc', 'text', (c) => c.notNull())
    .addColumn('submitted_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('id_card_submission_ci').on('id_card_submission').columns(['ci_hmac', 'id']).execute();

  await db.schema
    .createTable('id_card_request')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('ci_hmac', 'text', (c) => c.notNull())
    .addColumn('insu_comp_cd', 'text', (c) => c.notNull().references('insurer.insu_comp_cd'))
    /** The claim that needs it, when the insurer asked about one. */
    .addColumn('claim_id', 'bigint', (c) => c.references('claim.id'))
    /** What the insurer asks for, in Korean, shown to the patient. */
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('requested_at', 'timestamptz', (c) => c.notNull())
    .addColumn('submission_id', 'bigint', (c) => c.references('id_card_submission.id'))
    .addColumn('submitted_at', 'timestamptz')
    .addCheckConstraint('id_card_request_submitted', sql`(submission_id is null) = (submitted_at is null)`)
    .execute();
  await db.schema.createIndex('id_card_request_ci').on('id_card_request').columns(['ci_hmac', 'id']).execute();
  // An insurer asks once per claim until the patient answers.
  await sql`create unique index id_card_request_open_claim on id_card_request (claim_id, insu_comp_cd)
    where submitted_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('id_card_request').execute();
  await db.schema.dropTable('id_card_submission').execute();
}
