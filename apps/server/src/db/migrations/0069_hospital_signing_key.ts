import { sql, type Kysely } from 'kysely';

// A hospital's bundle signing keys (fhir/ig/README.md, "Signing"; intake module): Ed25519 public keys as JWKs,
// registered by a hospital user in her account and named by their RFC 7638 thumbprint. While one is live, every bundle
// from that hospital must carry a signature one of them verifies; revoked keys are kept for the record.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table hospital_signing_key (
    id bigserial primary key,
    hospital_cd text not null,
    kid text not null,
    public_jwk jsonb not null,
    created_at timestamptz not null,
    created_by text not null,
    revoked_at timestamptz,
    revoked_by text,
    unique (hospital_cd, kid)
  )`.execute(db);
  await sql`create index hospital_signing_key_live on hospital_signing_key (hospital_cd) where revoked_at is null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table hospital_signing_key`.execute(db);
}
