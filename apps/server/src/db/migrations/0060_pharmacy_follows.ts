import { sql, type Kysely } from 'kysely';

// A pharmacy follows its clinic (README "Claim engine", "A pharmacy follows its clinic"): a record's 처방전 key (the
// issuing 요양기관기호 and the 교부번호: the clinic's own prescription, or the one a pharmacy dispensed), by which a
// clinic's visit and its pharmacy's find each other; and, on the one that arrived second, the record whose claims
// carry it (its own claims are none: one claim carries both receipts).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table treatment_record add column prescription_key text, add column joined_record_id bigint`.execute(
    db,
  );
  await sql`create index treatment_record_prescription on treatment_record (prescription_key)
    where prescription_key is not null`.execute(db);
  await sql`create index treatment_record_joined on treatment_record (joined_record_id)
    where joined_record_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index treatment_record_joined`.execute(db);
  await sql`drop index treatment_record_prescription`.execute(db);
  await sql`alter table treatment_record drop column joined_record_id, drop column prescription_key`.execute(db);
}
