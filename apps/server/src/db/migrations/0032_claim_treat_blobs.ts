import { sql, type Kysely } from 'kysely';

// A claim's package as sent and a patient's ID copy go to the blob store (ADR 0006), like the subscriber's files
// (0030): claim_document's package row names its PDF's blob (file_blob_id; its sha256 is the row's own) and the field
// key that sealed the blob's data key (file_key_id, which key rotation finds by name, security/rekey.ts). Rows written
// before keep only their hashes. id_card_submission names its image's blob (image_sha256 was kept since 0006); its
// image_enc becomes nullable and is emptied by the move job (modules/treats/id-cards.ts), a migration having no field
// key to open it with.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table claim_document add column file_blob_id text, add column file_key_id text`.execute(db);
  await sql`alter table id_card_submission
    add column image_blob_id text, add column image_key_id text, alter column image_enc drop not null`.execute(db);
  // What the move has left, found every minute without reading the table: empty once every image has moved.
  await sql`create index id_card_submission_legacy_image on id_card_submission (id)
    where image_enc is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists id_card_submission_legacy_image`.execute(db);
  await sql`alter table id_card_submission drop column image_blob_id, drop column image_key_id`.execute(db);
  await sql`alter table claim_document drop column file_blob_id, drop column file_key_id`.execute(db);
}
