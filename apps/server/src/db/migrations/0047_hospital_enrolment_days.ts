import { sql, type Kysely } from 'kysely';

// One hospital's enrolments on the dashboard (README "Operator console") from a rollup, as every hospital's are since
// migration 0044: until now they were counted from the month's subscription rows, each asked whether it names the
// hospital, so a hospital with a tenth of the country's patients read 82,000 rows (37 ms at 10⁷ claims and 1,000,000
// subscribers, 8.5× its time at 10⁴: docs/performance.md, "At 10⁷ claims"). subscription_hospital_day_count holds,
// per Korean day of the subscription's making and hospital, how many subscriptions name the hospital: a trigger adds
// one when a subscription_hospital row is inserted (an upsert of one already there adds nothing) and moves the
// subscription's hospitals when its created_at is corrected; like subscription_day_count, a purge does not lower it.
const KST_DAY = (col: string) => `to_char((${col} at time zone 'UTC') + interval '9 hours', 'YYYYMMDD')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table subscription_hospital_day_count (
      hospital_cd text not null,
      day text not null check (day ~ '^[0-9]{8}$'),
      n integer not null check (n >= 0),
      primary key (hospital_cd, day))`.execute(db);
  await sql
    .raw(
      `create function subscription_hospital_day_count_add() returns trigger language plpgsql as $$
      begin
        insert into subscription_hospital_day_count (hospital_cd, day, n)
        select new.hospital_cd, ${KST_DAY('s.created_at')}, 1 from subscription s where s.insu_apply_id = new.insu_apply_id
        on conflict (hospital_cd, day) do update set n = subscription_hospital_day_count.n + 1;
        return null;
      end $$;
      create function subscription_hospital_day_count_move() returns trigger language plpgsql as $$
      begin
        if ${KST_DAY('old.created_at')} <> ${KST_DAY('new.created_at')} then
          update subscription_hospital_day_count c set n = c.n - 1
          from subscription_hospital sh
          where sh.insu_apply_id = new.insu_apply_id and c.hospital_cd = sh.hospital_cd
            and c.day = ${KST_DAY('old.created_at')} and c.n > 0;
          insert into subscription_hospital_day_count (hospital_cd, day, n)
          select sh.hospital_cd, ${KST_DAY('new.created_at')}, 1 from subscription_hospital sh
          where sh.insu_apply_id = new.insu_apply_id
          on conflict (hospital_cd, day) do update set n = subscription_hospital_day_count.n + 1;
        end if;
        return null;
      end $$`,
    )
    .execute(db);
  await sql`create trigger subscription_hospital_day_count_add after insert on subscription_hospital
    for each row execute function subscription_hospital_day_count_add()`.execute(db);
  await sql`create trigger subscription_hospital_day_count_move after update of created_at on subscription
    for each row execute function subscription_hospital_day_count_move()`.execute(db);
  await sql
    .raw(
      `insert into subscription_hospital_day_count
      select sh.hospital_cd, ${KST_DAY('s.created_at')}, count(*)
      from subscription_hospital sh join subscription s on s.insu_apply_id = sh.insu_apply_id group by 1, 2`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger subscription_hospital_day_count_move on subscription`.execute(db);
  await sql`drop trigger subscription_hospital_day_count_add on subscription_hospital`.execute(db);
  await sql`drop function subscription_hospital_day_count_move()`.execute(db);
  await sql`drop function subscription_hospital_day_count_add()`.execute(db);
  await sql`drop table subscription_hospital_day_count`.execute(db);
}
