import { sql, type Kysely } from 'kysely';

// A subscriber's files leave her row for the blob store (ADR 0006): the ID photo, the signature image, the 위임장
// (commission) and the 동의서 (consent) are each named by a blob id, with the SHA-256 of their bytes (the documents'
// since 0004) and the id of the field key that sealed the blob's data key (key rotation re-seals the blobs whose key
// is not the current one, security/rekey.ts). The *_enc columns stay, nullable, while the move job
// (modules/subscriptions/files.ts) empties them: a migration has no field key to open them with.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table subscription
    add column idcard_img_blob_id text, add column idcard_img_sha256 text, add column idcard_img_key_id text,
    add column sign_img_blob_id text, add column sign_img_sha256 text, add column sign_img_key_id text,
    add column commission_blob_id text, add column commission_key_id text,
    add column consent_blob_id text, add column consent_key_id text`.execute(db);
  // What the move has left, found every minute without reading the table: empty once every file has moved.
  await sql`create index subscription_legacy_files on subscription (insu_apply_id)
    where idcard_img_enc is not null or sign_img_enc is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists subscription_legacy_files`.execute(db);
  await sql`alter table subscription
    drop column idcard_img_blob_id, drop column idcard_img_sha256, drop column idcard_img_key_id,
    drop column sign_img_blob_id, drop column sign_img_sha256, drop column sign_img_key_id,
    drop column commission_blob_id, drop column commission_key_id,
    drop column consent_blob_id, drop column consent_key_id`.execute(db);
}
