import { sql, type Kysely } from 'kysely';

// A desk's handoff is kept while a subscription names it (its 위임장 prints the staff account) and a day past its
// last expiry otherwise (docs/operations.md §9): the purge finds those due by their expiry, and asks whether any
// subscription names each one by an index of the subscriptions that came through a desk.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index desk_handoff_spent on desk_handoff ((coalesce(grant_expires_at, expires_at)))`.execute(db);
  await sql`create index subscription_desk_handoff on subscription (desk_handoff_id) where desk_handoff_id is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index subscription_desk_handoff`.execute(db);
  await sql`drop index desk_handoff_spent`.execute(db);
}
