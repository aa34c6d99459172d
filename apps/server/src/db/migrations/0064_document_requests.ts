import { sql, type Kysely } from 'kysely';

// Documents an insurer asks for that the hospital issues (README "Documents an insurer asks for"): one row per paper
// asked of a hospital about a claim, from the insurer's answer to the insurer's copy of the hospital's PDF.
// - document_request: the claim and the visit it was made of (receipt number, visit date, the patient's masked name:
//   what the hospital needs to find it in its EMR, and no more), the paper, when it was asked, answered (the PDF in
//   the blob store, encrypted: file_*), delivered to the insurer, and when the patient was told that the hospital had
//   not answered. A paper is asked once while open (document_request_open_once).
// Every list reads a partial index in its own order: the hospital's poll by id, the hospital user's and the
// operators' lists by (asked_at, id), open or answered; the minute's deliveries by next_attempt_at, its notices to
// patients by asked_at.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table document_request (
      id bigserial primary key,
      claim_id bigint not null,
      record_id bigint not null,
      hospital_cd text not null,
      insu_comp_cd text not null,
      receipt_no text not null,
      visit_date text not null check (visit_date ~ '^[0-9]{8}$'),
      patient_masked text not null,
      document_kind text not null
        check (document_kind in ('diagnosis', 'receipt_detail', 'prescription', 'admission_discharge')),
      state text not null default 'open' check (state in ('open', 'received', 'delivered')),
      asked_at timestamptz not null,
      received_at timestamptz,
      received_by text,
      delivered_at timestamptz,
      patient_told_at timestamptz,
      file_blob_id text,
      file_sha256 text,
      file_key_id text,
      file_bytes integer,
      delivery_attempts integer not null default 0,
      next_attempt_at timestamptz,
      last_error text,
      external_ref text,
      check ((state = 'open') = (received_at is null)),
      check ((state = 'open') = (file_blob_id is null)))`.execute(db);
  await sql`create unique index document_request_open_once on document_request (claim_id, document_kind)
      where state = 'open'`.execute(db);
  await sql`create index document_request_poll on document_request (hospital_cd, id) where state = 'open'`.execute(db);
  await sql`create index document_request_open on document_request (asked_at, id) where state = 'open'`.execute(db);
  await sql`create index document_request_answered on document_request (asked_at, id) where state <> 'open'`.execute(
    db,
  );
  await sql`create index document_request_hospital_open on document_request (hospital_cd, asked_at, id)
      where state = 'open'`.execute(db);
  await sql`create index document_request_hospital_answered on document_request (hospital_cd, asked_at, id)
      where state <> 'open'`.execute(db);
  await sql`create index document_request_due on document_request (next_attempt_at)
      where state = 'received' and next_attempt_at is not null`.execute(db);
  await sql`create index document_request_untold on document_request (asked_at)
      where state = 'open' and patient_told_at is null`.execute(db);
  await sql`create index document_request_blob on document_request (file_blob_id)
      where file_blob_id is not null`.execute(db);
  await sql`create index document_request_claim on document_request (claim_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('document_request').execute();
}
