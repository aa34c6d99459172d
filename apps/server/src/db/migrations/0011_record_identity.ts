import { sql, type Kysely } from 'kysely';

// Whose records are whose (docs/hospital-integration.md, "Matching"):
// - subscription.rrn_hmac: the keyed hash of the resident number, unique among live subscriptions, so two people
//   cannot both claim one RRN; rrn_confirmed_at / rrn_check_vendor: when and by whom the RRN was confirmed to be the
//   verified person's (null: not confirmed, and records matched only by it are held for the patient to confirm).
// - treatment_record outcomes: rrn_unconfirmed (matched only by an unconfirmed RRN: held for the patient),
//   identity_mismatch (the record's name or birth date is not the subscriber's: held for an operator),
//   not_patients (the patient said it is not theirs: held for an operator); identity_confirmed_at: the patient
//   confirmed a held record as theirs. hospital_not_subscribed records are kept unlinked and purged (purge_at).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('subscription')
    .addColumn('rrn_hmac', 'text')
    .addColumn('rrn_confirmed_at', 'timestamptz')
    .addColumn('rrn_check_vendor', 'text')
    .execute();
  // Existing subscriptions keep the hash subscription_rrn already has; of two live ones with one RRN, the older
  // keeps it (the other is left for an operator: it can no longer take records by RRN alone).
  await sql`
    update subscription as s set rrn_hmac = r.rrn_hmac
    from subscription_rrn as r
    where r.insu_apply_id = s.insu_apply_id
      and not exists (
        select 1 from subscription as o join subscription_rrn as q on q.insu_apply_id = o.insu_apply_id
        where q.rrn_hmac = r.rrn_hmac and o.status = 'subscribe' and s.status = 'subscribe'
          and (o.created_at, o.insu_apply_id) < (s.created_at, s.insu_apply_id))`.execute(db);
  await sql`create unique index subscription_live_rrn on subscription (rrn_hmac)
    where status = 'subscribe' and rrn_hmac is not null`.execute(db);

  await sql`alter table treatment_record drop constraint if exists treatment_record_outcome_check`.execute(db);
  await sql`alter table treatment_record add constraint treatment_record_outcome_check check (outcome in
    ('pending', 'claimed', 'below_min', 'not_subscribed', 'hospital_not_subscribed', 'outside_contract', 'too_old',
     'rrn_unconfirmed', 'identity_mismatch', 'not_patients'))`.execute(db);
  await db.schema
    .alterTable('treatment_record')
    .addColumn('identity_confirmed_at', 'timestamptz')
    .addColumn('purge_at', 'timestamptz')
    .execute();
  // Records from a hospital the patient never chose were linked before: unlink them and give them a purge date.
  await sql`update treatment_record set insu_apply_id = null, purge_at = coalesce(decided_at, received_at) + interval '90 days'
    where outcome = 'hospital_not_subscribed'`.execute(db);
  await sql`create index treatment_record_purge on treatment_record (purge_at) where purge_at is not null`.execute(db);
  await sql`create index treatment_record_held on treatment_record (outcome)
    where outcome in ('rrn_unconfirmed', 'identity_mismatch', 'not_patients')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists treatment_record_held`.execute(db);
  await sql`drop index if exists treatment_record_purge`.execute(db);
  await db.schema.alterTable('treatment_record').dropColumn('purge_at').dropColumn('identity_confirmed_at').execute();
  await sql`update treatment_record set outcome = 'pending'
    where outcome in ('rrn_unconfirmed', 'identity_mismatch', 'not_patients')`.execute(db);
  await sql`alter table treatment_record drop constraint if exists treatment_record_outcome_check`.execute(db);
  await sql`alter table treatment_record add constraint treatment_record_outcome_check check (outcome in
    ('pending', 'claimed', 'below_min', 'not_subscribed', 'hospital_not_subscribed', 'outside_contract', 'too_old'))`.execute(
    db,
  );
  await sql`drop index if exists subscription_live_rrn`.execute(db);
  await db.schema
    .alterTable('subscription')
    .dropColumn('rrn_check_vendor')
    .dropColumn('rrn_confirmed_at')
    .dropColumn('rrn_hmac')
    .execute();
}
