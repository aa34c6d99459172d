import { sql, type Kysely } from 'kysely';

// A corrected or cancelled receipt of a claim already sent is told to the insurer (README "Claim engine", "FHIR
// intake"; docs/providers/insurer-api.md, "A corrected or cancelled receipt"):
// - claim_notice: one row per claim already sent and receipt change, delivered on the engine's minute through the
//   delivery provider (idempotency key claim-notice-<id>), retried with the claims' backoff; its body is made when it
//   is sent, from the record as it is then (the corrected receipt's fields and lines), so nothing personal is kept here.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table claim_notice (
      id bigserial primary key,
      claim_id bigint not null references claim (id) on delete cascade,
      insu_comp_cd text not null,
      kind text not null check (kind in ('corrected', 'cancelled')),
      receipt_no text not null,
      state text not null default 'pending' check (state in ('pending', 'sent', 'dead')),
      attempts integer not null default 0,
      next_attempt_at timestamptz,
      last_error text,
      external_ref text,
      created_at timestamptz not null,
      sent_at timestamptz)`.execute(db);
  await sql`create index claim_notice_due on claim_notice (next_attempt_at) where state = 'pending'`.execute(db);
  await sql`create index claim_notice_claim on claim_notice (claim_id, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('claim_notice').execute();
}
