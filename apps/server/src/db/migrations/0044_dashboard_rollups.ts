import { sql, type Kysely } from 'kysely';

// The dashboard's two counts that still grew with history (docs/operations.md, "Console queries at scale"; measured
// at 10⁷ claims and 1,000,000 subscribers in docs/performance.md):
// - The funnel over every hospital reads funnel_step_day alone. Until now the minute tick folded only the days that
//   were over and the dashboard summed yesterday's and today's funnel_day rows (a row per hospital and step: 38,000
//   rows, 90-150 ms at 1,000 hospitals). From here each view adds itself to funnel_step_day in the statement that
//   counts it (funnel/repo.ts, countView); this folds every day not folded yet, today's included.
// - Enrolments over every hospital are read from subscription_day_count (a row per Korean day), kept by a trigger on
//   insert and never lowered by a delete (a cancelled or purged subscription still enrolled that day), instead of
//   counting the month's subscription rows (82,000 index entries, 48 ms at 1,000,000 subscribers). One hospital's stay
//   as they were (its own rows, by two indexes).
const KST_DAY = (col: string) => `to_char((${col} at time zone 'UTC') + interval '9 hours', 'YYYYMMDD')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`insert into funnel_step_day (day, step, visits)
    select day, step, sum(visits) from funnel_day
    where day > (select coalesce(max(day), '') from funnel_step_day)
    group by day, step
    on conflict (day, step) do update set visits = excluded.visits`.execute(db);

  await sql`create table subscription_day_count (
      day text primary key check (day ~ '^[0-9]{8}$'),
      n integer not null check (n >= 0))`.execute(db);
  await sql
    .raw(
      `create function subscription_day_count_add() returns trigger language plpgsql as $$
      begin
        if tg_op = 'UPDATE' then
          update subscription_day_count set n = n - 1 where day = ${KST_DAY('old.created_at')};
        end if;
        insert into subscription_day_count (day, n) values (${KST_DAY('new.created_at')}, 1)
        on conflict (day) do update set n = subscription_day_count.n + 1;
        return null;
      end $$`,
    )
    .execute(db);
  // A subscription's day does not change; if its created_at ever is corrected, the count moves with it.
  await sql`create trigger subscription_day_count_add after insert or update of created_at on subscription
    for each row execute function subscription_day_count_add()`.execute(db);
  await sql
    .raw(`insert into subscription_day_count select ${KST_DAY('created_at')}, count(*) from subscription group by 1`)
    .execute(db);
}

// Going back, the old code folds days that are over again and reads today's from funnel_day: the running rows of the
// last two days go, so that a day is folded once.
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger subscription_day_count_add on subscription`.execute(db);
  await sql`drop function subscription_day_count_add()`.execute(db);
  await sql`drop table subscription_day_count`.execute(db);
  await sql.raw(`delete from funnel_step_day where day >= ${KST_DAY("(now() - interval '1 day')")}`).execute(db);
}
