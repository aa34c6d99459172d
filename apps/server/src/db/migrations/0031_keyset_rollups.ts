import { sql, type Kysely } from 'kysely';

// The console's lists and dashboard at a year of data (docs/operations.md "Console queries at scale"):
// - claim.hospital_cd and claim.visit_date: the record's, kept on the claim so that the claim search by hospital or
//   visit date, and the counts per hospital, have an index of their own instead of a join read whole.
// - An index behind every filter and sort the console offers, each ending in (…, id): the lists page by key
//   (created_at desc, id desc), never by OFFSET (db/page.ts, keysetPage).
// - claim_day_count and claim_delivery_day_count: how many claims (deliveries) made on each Korean day are in each
//   status now, so the dashboard reads a few hundred rows, not a month of claims. Back-filled here. A row trigger
//   writes every insert, status change and delete as +1/−1 lines to claim_day_delta (claim_delivery_day_delta) in the
//   same transaction: appended, never updated, so concurrent transactions never wait on a shared counter row (nor
//   deadlock on two). The minute tick folds the lines into the counts (claims/counts.ts, foldDayCounts); the dashboard
//   reads counts plus the lines not folded yet, exact either way.
const KST_DAY = (col: string) => `to_char((${col} at time zone 'UTC') + interval '9 hours', 'YYYYMMDD')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table claim add column hospital_cd text, add column visit_date text`.execute(db);
  await sql`update claim c set hospital_cd = r.hospital_cd, visit_date = r.visit_date
    from treatment_record r where r.id = c.record_id`.execute(db);
  await sql`alter table claim alter column hospital_cd set not null, alter column visit_date set not null`.execute(db);

  for (const [name, on] of [
    ['claim_created', 'claim (created_at, id)'],
    ['claim_status_created', 'claim (status, created_at, id)'],
    ['claim_insurer_status_created', 'claim (insu_comp_cd, status, created_at, id)'],
    ['claim_hospital_created', 'claim (hospital_cd, created_at, id)'],
    ['claim_visit', 'claim (visit_date, id)'],
    ['claim_delivery_created', 'claim_delivery (created_at, id)'],
    ['operator_action_at_id', 'operator_action (at, id)'],
    ['feed_rejection_hospital_at_id', 'feed_rejection (hospital_cd, at, id)'],
    // The dashboard's enrolments of the last 30 days.
    ['subscription_created', 'subscription (created_at)'],
    // A patient's subscriptions whatever their status (their treatments and claims look them up by CI).
    ['subscription_ci', 'subscription (ci_hmac)'],
  ] as const) {
    await sql.raw(`create index ${name} on ${on}`).execute(db);
  }
  // The few rows some lists are about: dead letters, and the lines operators caused in patients' access logs.
  await sql`create index claim_delivery_dead on claim_delivery (insu_comp_cd, id) where status = 'dead'`.execute(db);
  await sql`create index access_log_operator on access_log (at, id) where actor like 'operator:%'`.execute(db);
  await sql`create index treatment_record_held_received on treatment_record (received_at, id)
    where outcome in ('identity_mismatch', 'not_patients')`.execute(db);
  // Superseded by the indexes ending in id.
  await sql`drop index operator_action_at_idx`.execute(db);
  await sql`drop index feed_rejection_hospital_idx`.execute(db);

  await sql`create table claim_day_count (
      day text not null check (day ~ '^[0-9]{8}$'),
      hospital_cd text not null,
      insu_comp_cd text not null,
      status text not null,
      n integer not null,
      primary key (day, hospital_cd, insu_comp_cd, status))`.execute(db);
  await sql`create table claim_day_delta (
      day text not null,
      hospital_cd text not null,
      insu_comp_cd text not null,
      status text not null,
      n integer not null check (n in (-1, 1)))`.execute(db);
  await sql`create index claim_day_delta_day on claim_day_delta (day)`.execute(db);
  await sql`create table claim_delivery_day_count (
      day text not null check (day ~ '^[0-9]{8}$'),
      channel text not null,
      status text not null,
      n integer not null,
      primary key (day, channel, status))`.execute(db);
  await sql`create table claim_delivery_day_delta (
      day text not null,
      channel text not null,
      status text not null,
      n integer not null check (n in (-1, 1)))`.execute(db);
  await sql`create index claim_delivery_day_delta_day on claim_delivery_day_delta (day)`.execute(db);

  await sql
    .raw(
      `create function claim_day_count_keep() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        insert into claim_day_delta values (${KST_DAY('old.created_at')}, old.hospital_cd, old.insu_comp_cd,
          old.status, -1);
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        insert into claim_day_delta values (${KST_DAY('new.created_at')}, new.hospital_cd, new.insu_comp_cd,
          new.status, 1);
      end if;
      return null;
    end $$`,
    )
    .execute(db);
  await sql`create trigger claim_day_count_insert after insert or delete on claim
    for each row execute function claim_day_count_keep()`.execute(db);
  await sql`create trigger claim_day_count_update after update on claim for each row
    when (old.status is distinct from new.status or old.created_at is distinct from new.created_at
      or old.hospital_cd is distinct from new.hospital_cd or old.insu_comp_cd is distinct from new.insu_comp_cd)
    execute function claim_day_count_keep()`.execute(db);

  await sql
    .raw(
      `create function claim_delivery_day_count_keep() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        insert into claim_delivery_day_delta values (${KST_DAY('old.created_at')}, old.channel, old.status, -1);
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        insert into claim_delivery_day_delta values (${KST_DAY('new.created_at')}, new.channel, new.status, 1);
      end if;
      return null;
    end $$`,
    )
    .execute(db);
  await sql`create trigger claim_delivery_day_count_insert after insert or delete on claim_delivery
    for each row execute function claim_delivery_day_count_keep()`.execute(db);
  await sql`create trigger claim_delivery_day_count_update after update on claim_delivery for each row
    when (old.status is distinct from new.status or old.channel is distinct from new.channel
      or old.created_at is distinct from new.created_at)
    execute function claim_delivery_day_count_keep()`.execute(db);

  await sql
    .raw(
      `insert into claim_day_count select ${KST_DAY('created_at')}, hospital_cd, insu_comp_cd, status, count(*)
      from claim group by 1, 2, 3, 4`,
    )
    .execute(db);
  await sql
    .raw(
      `insert into claim_delivery_day_count select ${KST_DAY('created_at')}, channel, status, count(*)
      from claim_delivery group by 1, 2, 3`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger claim_delivery_day_count_update on claim_delivery`.execute(db);
  await sql`drop trigger claim_delivery_day_count_insert on claim_delivery`.execute(db);
  await sql`drop trigger claim_day_count_update on claim`.execute(db);
  await sql`drop trigger claim_day_count_insert on claim`.execute(db);
  await sql`drop function claim_delivery_day_count_keep()`.execute(db);
  await sql`drop function claim_day_count_keep()`.execute(db);
  await sql`drop table claim_delivery_day_delta`.execute(db);
  await sql`drop table claim_day_delta`.execute(db);
  await sql`drop table claim_delivery_day_count`.execute(db);
  await sql`drop table claim_day_count`.execute(db);
  await sql`create index feed_rejection_hospital_idx on feed_rejection (hospital_cd, at)`.execute(db);
  await sql`create index operator_action_at_idx on operator_action (at)`.execute(db);
  for (const name of [
    'subscription_ci',
    'subscription_created',
    'treatment_record_held_received',
    'access_log_operator',
    'claim_delivery_dead',
    'feed_rejection_hospital_at_id',
    'operator_action_at_id',
    'claim_delivery_created',
    'claim_visit',
    'claim_hospital_created',
    'claim_insurer_status_created',
    'claim_status_created',
    'claim_created',
  ]) {
    await sql.raw(`drop index ${name}`).execute(db);
  }
  await sql`alter table claim drop column visit_date, drop column hospital_cd`.execute(db);
}
