import { sql, type Kysely } from 'kysely';

// Operators find a patient by what a caller says (README "Operator console", "Search by what a caller says"): keyed
// lookup hashes of the normalised name and birth date beside the record's sealed person, of the verified phone beside
// the subscription's, each with its index; the receipt number, kept in clear since the feed began, gets an index of
// its own (the unique one leads with the hospital). A migration holds no key: rows written before this one are
// hashed by the minute tick (claims/person-lookup.ts, subscriptions/person-lookup.ts), a batch at a time, resumable.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table treatment_record add column name_hmac text, add column birth_hmac text`.execute(db);
  await sql`alter table subscription add column phone_hmac text`.execute(db);
  await sql`create index treatment_record_name on treatment_record (name_hmac, birth_hmac)`.execute(db);
  await sql`create index treatment_record_birth on treatment_record (birth_hmac)`.execute(db);
  await sql`create index treatment_record_receipt_no on treatment_record (receipt_no)`.execute(db);
  await sql`create index subscription_phone on subscription (phone_hmac)`.execute(db);
  // The rows the tick still has to hash: few once it caught up, so a partial index finds them at once.
  await sql`create index treatment_record_unhashed on treatment_record (id) where name_hmac is null`.execute(db);
  await sql`create index subscription_unhashed on subscription (insu_apply_id) where phone_hmac is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const i of [
    'treatment_record_name',
    'treatment_record_birth',
    'treatment_record_receipt_no',
    'subscription_phone',
    'treatment_record_unhashed',
    'subscription_unhashed',
  ]) {
    await sql.raw(`drop index ${i}`).execute(db);
  }
  await sql`alter table treatment_record drop column name_hmac, drop column birth_hmac`.execute(db);
  await sql`alter table subscription drop column phone_hmac`.execute(db);
}
