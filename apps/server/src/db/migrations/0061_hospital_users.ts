import { sql, type Kysely } from 'kysely';

// A hospital sees its own feed (README "Hospital users"):
// - operator: a console account may be a hospital's user (role `hospital`), carrying the one hospital she sees; every
//   other role carries none.
// - hospital_day_count: per hospital and Korean day, its records by outcome (day of receipt), the insurers' answers by
//   kind (day of the answer) and its claims by days from visit to claim (day of the claim), so that a hospital's month
//   is 31 × a few rows, never a scan of its records (docs/performance.md). Written as claim_day_count is (migration
//   0031): row triggers append +1/−1 lines to hospital_day_delta, the minute tick folds them in, readers add both. A
//   delete never lowers it: a purged record was still received that day.
// - hospital_contact, hospital_alert: where a hospital's feed alerts go (encrypted), and which went out on which day
//   (once a day each kind).
const KST_DAY = (col: string) => `to_char((${col} at time zone 'UTC') + interval '9 hours', 'YYYYMMDD')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table operator drop constraint operator_role_check`.execute(db);
  await sql`alter table operator add constraint operator_role_check
    check (role in ('hospital', 'viewer', 'operator', 'admin'))`.execute(db);
  await sql`alter table operator add column hospital_cd text`.execute(db);
  await sql`alter table operator add constraint operator_hospital_cd
    check ((role = 'hospital') = (hospital_cd is not null))`.execute(db);
  await sql`create index operator_hospital on operator (hospital_cd) where hospital_cd is not null`.execute(db);
  await sql`alter table operator_account_change drop constraint operator_account_change_role_check`.execute(db);
  await sql`alter table operator_account_change add constraint operator_account_change_role_check
    check (role in ('hospital', 'viewer', 'operator', 'admin'))`.execute(db);

  await sql`create table hospital_day_count (
      hospital_cd text not null,
      day text not null check (day ~ '^[0-9]{8}$'),
      kind text not null check (kind in ('record', 'answer', 'lag')),
      key text not null,
      n integer not null,
      primary key (hospital_cd, day, kind, key))`.execute(db);
  await sql`create table hospital_day_delta (
      hospital_cd text not null,
      day text not null,
      kind text not null,
      key text not null,
      n integer not null)`.execute(db);
  await sql
    .raw(
      `create function hospital_day_record() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' then
        if old.outcome is not distinct from new.outcome and old.hospital_cd = new.hospital_cd
          and old.received_at = new.received_at then
          return null;
        end if;
        insert into hospital_day_delta values (old.hospital_cd, ${KST_DAY('old.received_at')}, 'record', old.outcome, -1);
      end if;
      insert into hospital_day_delta values (new.hospital_cd, ${KST_DAY('new.received_at')}, 'record', new.outcome, 1);
      return null;
    end $$`,
    )
    .execute(db);
  await sql`create trigger hospital_day_record after insert or update of outcome, hospital_cd, received_at
    on treatment_record for each row execute function hospital_day_record()`.execute(db);
  await sql
    .raw(
      `create function hospital_day_claim() returns trigger language plpgsql as $$
    begin
      insert into hospital_day_delta values (new.hospital_cd, ${KST_DAY('new.created_at')}, 'lag',
        greatest(0, to_date(${KST_DAY('new.created_at')}, 'YYYYMMDD') - to_date(new.visit_date, 'YYYYMMDD'))::text, 1);
      return null;
    end $$`,
    )
    .execute(db);
  await sql`create trigger hospital_day_claim after insert on claim
    for each row execute function hospital_day_claim()`.execute(db);
  await sql
    .raw(
      `create function hospital_day_answer() returns trigger language plpgsql as $$
    begin
      insert into hospital_day_delta
        select c.hospital_cd, ${KST_DAY('new.received_at')}, 'answer', new.answer, 1 from claim c where c.id = new.claim_id;
      return null;
    end $$`,
    )
    .execute(db);
  await sql`create trigger hospital_day_answer after insert on insurer_answer
    for each row execute function hospital_day_answer()`.execute(db);
  // What is there now, counted once.
  await sql
    .raw(
      `insert into hospital_day_count
      select hospital_cd, ${KST_DAY('received_at')}, 'record', outcome, count(*) from treatment_record group by 1, 2, 4`,
    )
    .execute(db);
  await sql
    .raw(
      `insert into hospital_day_count
      select hospital_cd, ${KST_DAY('created_at')}, 'lag',
        greatest(0, to_date(${KST_DAY('created_at')}, 'YYYYMMDD') - to_date(visit_date, 'YYYYMMDD'))::text, count(*)
      from claim group by 1, 2, 4`,
    )
    .execute(db);
  await sql
    .raw(
      `insert into hospital_day_count
      select c.hospital_cd, ${KST_DAY('a.received_at')}, 'answer', a.answer, count(*)
      from insurer_answer a join claim c on c.id = a.claim_id group by 1, 2, 4`,
    )
    .execute(db);

  await sql`create table hospital_contact (
      hospital_cd text primary key,
      phone_enc text not null,
      updated_at timestamptz not null)`.execute(db);
  await sql`create table hospital_alert (
      hospital_cd text not null,
      day text not null check (day ~ '^[0-9]{8}$'),
      kind text not null check (kind in ('feed_quiet', 'refusal_spike')),
      sent_at timestamptz not null,
      primary key (hospital_cd, day, kind))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table hospital_alert`.execute(db);
  await sql`drop table hospital_contact`.execute(db);
  await sql`drop trigger hospital_day_answer on insurer_answer`.execute(db);
  await sql`drop function hospital_day_answer()`.execute(db);
  await sql`drop trigger hospital_day_claim on claim`.execute(db);
  await sql`drop function hospital_day_claim()`.execute(db);
  await sql`drop trigger hospital_day_record on treatment_record`.execute(db);
  await sql`drop function hospital_day_record()`.execute(db);
  await sql`drop table hospital_day_delta`.execute(db);
  await sql`drop table hospital_day_count`.execute(db);
  await sql`delete from operator where role = 'hospital'`.execute(db);
  await sql`drop index operator_hospital`.execute(db);
  await sql`alter table operator drop constraint operator_hospital_cd`.execute(db);
  await sql`alter table operator drop column hospital_cd`.execute(db);
  await sql`alter table operator drop constraint operator_role_check`.execute(db);
  await sql`alter table operator add constraint operator_role_check
    check (role in ('viewer', 'operator', 'admin'))`.execute(db);
  await sql`alter table operator_account_change drop constraint operator_account_change_role_check`.execute(db);
  await sql`alter table operator_account_change add constraint operator_account_change_role_check
    check (role in ('viewer', 'operator', 'admin'))`.execute(db);
}
