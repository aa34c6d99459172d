import { sql, type Kysely } from 'kysely';

// A helper beside her (README "A helper beside her"; subscriptions module). A hospital desk's handoff: the QR code's
// token and, once opened on her phone, the grant her subscription names, each kept as a keyed hash only; the desk's
// hospital and staff account come from the clerk's console session. The subscription keeps the helper's relation (a
// code, nothing personal; never a name) and the handoff it came through.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table desk_handoff (
      handoff_id text primary key,
      token_hash text not null unique,
      hospital_cd text not null,
      operator_login_id text not null,
      created_at timestamptz not null,
      expires_at timestamptz not null,
      opened_at timestamptz,
      grant_hash text unique,
      grant_expires_at timestamptz,
      enrolled_at timestamptz,
      insu_apply_id text
    )`.execute(db);
  // The clerk's recent codes, newest first (the desk screen's list).
  await sql`create index desk_handoff_operator on desk_handoff (operator_login_id, created_at desc)`.execute(db);
  await sql`
    alter table subscription
      add column helper_rel text check (helper_rel in
        ('child', 'spouse', 'grandchild', 'sibling', 'family', 'caregiver', 'hospital_staff')),
      add column desk_handoff_id text references desk_handoff (handoff_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table subscription drop column desk_handoff_id, drop column helper_rel`.execute(db);
  await sql`drop table desk_handoff`.execute(db);
}
