import { sql, type Kysely } from 'kysely';

// A guardian is found by her own name and birth date in the console's person search (README "Operator console",
// "Search by what a caller says"): her child's records carry the child's name, so the keyed lookup hashes of the
// guardian (security/person-lookup.ts) sit on the child's subscription. Written at enrolment, filled in by the minute
// tick for children enrolled before this migration (the partial index finds those).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table subscription add column guardian_name_hmac text, add column guardian_birth_hmac text`.execute(
    db,
  );
  await sql`create index subscription_guardian_name on subscription (guardian_name_hmac, guardian_birth_hmac)
    where guardian_name_hmac is not null`.execute(db);
  await sql`create index subscription_guardian_unhashed on subscription (insu_apply_id)
    where guardian_enc is not null and guardian_name_hmac is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index subscription_guardian_unhashed`.execute(db);
  await sql`drop index subscription_guardian_name`.execute(db);
  await sql`alter table subscription drop column guardian_name_hmac, drop column guardian_birth_hmac`.execute(db);
}
