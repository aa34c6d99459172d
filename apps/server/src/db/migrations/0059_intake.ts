import { sql, type Kysely } from 'kysely';

// The FHIR intake (modules/intake, fhir/ig/README.md): the bundles hospitals sent (one row per receipt number, the
// treatment record it became, its 등록번호 encrypted), the bundles refused (codes and paths only, no personal data),
// each visit's 세부산정내역 lines kept compactly (fixed-width numbers, a line ~100 bytes at rest), and what a
// corrected or cancelled receipt did to a visit. A claim of a cancelled receipt not yet sent is withdrawn.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table fhir_bundle (
    id bigserial primary key,
    hospital_cd text not null,
    receipt_no text not null,
    content_hash text not null,
    record_id bigint not null,
    kind text not null check (kind in ('original', 'correction', 'cancellation')),
    patient_no_enc text not null,
    received_at timestamptz not null,
    constraint fhir_bundle_receipt unique (hospital_cd, receipt_no)
  )`.execute(db);
  await sql`create index fhir_bundle_record on fhir_bundle (record_id)`.execute(db);
  await sql`create table fhir_refusal (
    id bigserial primary key,
    hospital_cd text not null,
    at timestamptz not null,
    status smallint not null,
    receipt_no text,
    issues jsonb not null
  )`.execute(db);
  await sql`create index fhir_refusal_hospital on fhir_refusal (hospital_cd, at)`.execute(db);
  // Columns ordered widest-aligned first so the row packs without padding.
  await sql`create table visit_line (
    record_id bigint not null,
    day date not null,
    unit_price integer not null,
    total integer not null,
    copay integer not null,
    insurer integer not null,
    full_copay integer not null,
    uncovered integer not null,
    count_milli integer not null,
    seq smallint not null,
    days smallint not null,
    code_system "char" not null,
    code text not null,
    category text not null,
    name text not null,
    primary key (record_id, seq)
  )`.execute(db);
  await sql`create table visit_revision (
    id bigserial primary key,
    record_id bigint not null,
    kind text not null check (kind in ('corrected', 'cancelled')),
    receipt_no text not null,
    sent_claims integer not null,
    at timestamptz not null
  )`.execute(db);
  await sql`create index visit_revision_record on visit_revision (record_id)`.execute(db);
  await sql`alter table claim drop constraint claim_status_check`.execute(db);
  await sql`alter table claim add constraint claim_status_check check (status in
    ('received', 'claimed', 'sent', 'accepted', 'documents_requested', 'rejected', 'paid', 'failed', 'withdrawn'))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table claim drop constraint claim_status_check`.execute(db);
  await sql`alter table claim add constraint claim_status_check check (status in
    ('received', 'claimed', 'sent', 'accepted', 'documents_requested', 'rejected', 'paid', 'failed'))`.execute(db);
  await sql`drop table visit_revision`.execute(db);
  await sql`drop table visit_line`.execute(db);
  await sql`drop table fhir_refusal`.execute(db);
  await sql`drop table fhir_bundle`.execute(db);
}
