import { sql, type Kysely } from 'kysely';

// The calls that still grew at 10⁶ claims (docs/performance.md, "At national scale"), each read from an index or a
// rollup of its own:
// - Dead letters: sorted by when the delivery died (claim_delivery.dead_at; it was the claim's updated_at, so every
//   page read the whole claim table to sort 2 % of it). Filled from the claim for the rows there are; set by the code
//   when a delivery dies, and by a trigger for any writer that does not say (the check keeps it there).
// - A hospital's feed: its last record and today's, from treatment_record (hospital_cd, received_at), not a scan of
//   every record the hospital ever sent.
// - The dashboard: claims per Korean day and status (claim_status_day_count, folded with claim_day_count from the same
//   lines: 8 rows a day, not one per hospital × insurer × status); the funnel per day and step over every hospital
//   (funnel_step_day, the days already over, folded by the minute tick), and per hospital from its own index; a
//   hospital's enrolments from indexes only.
// - Claims retention (docs/operations.md §9): a claim purged for its age leaves the day counts as they were. The
//   rollups' triggers skip a delete made while `auto_claim.purge` is 'retention' (db/purge.ts sets it for the batch's
//   own statement only): a dashboard of three-year-old days does not change.
const KST_DAY = (col: string) => `to_char((${col} at time zone 'UTC') + interval '9 hours', 'YYYYMMDD')`;
const RETENTION_SKIP = `if tg_op = 'DELETE' and current_setting('auto_claim.purge', true) = 'retention' then
        return null;
      end if;`;

export async function up(db: Kysely<unknown>): Promise<void> {
  // ------------------------------------------------------------------------------------------------ dead letters
  await sql`alter table claim_delivery add column dead_at timestamptz`.execute(db);
  await sql`update claim_delivery d set dead_at = c.updated_at from claim c
    where c.id = d.claim_id and d.status = 'dead'`.execute(db);
  await sql`create function claim_delivery_dead_at() returns trigger language plpgsql as $$
    begin
      if new.status = 'dead' and new.dead_at is null then
        new.dead_at := now();
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger claim_delivery_dead_at before insert or update of status, dead_at on claim_delivery
    for each row execute function claim_delivery_dead_at()`.execute(db);
  await sql`alter table claim_delivery add constraint claim_delivery_dead_at
    check (status <> 'dead' or dead_at is not null)`.execute(db);
  for (const [name, on] of [
    // Those still to deal with (the list's default), and all of them, newest death first.
    ['claim_delivery_dead_open', `(dead_at, id) where status = 'dead' and handled_at is null`],
    ['claim_delivery_dead_at', `(dead_at, id) where status = 'dead'`],
    ['claim_delivery_dead_insurer', `(insu_comp_cd, dead_at, id) where status = 'dead'`],
    ['claim_delivery_dead_claim', `(claim_id, id) where status = 'dead'`],
    ['claim_delivery_dead_attempts', `(attempts, id) where status = 'dead'`],
  ] as const) {
    await sql.raw(`create index ${name} on claim_delivery ${on}`).execute(db);
  }
  await sql`drop index claim_delivery_dead`.execute(db);

  // ------------------------------------------------------------------------------------------------ hospital feed
  await sql`create index treatment_record_hospital_received on treatment_record (hospital_cd, received_at)`.execute(db);

  // ------------------------------------------------------------------------------------------------ dashboard
  await sql`create table claim_status_day_count (
      day text not null check (day ~ '^[0-9]{8}$'),
      status text not null,
      n integer not null,
      primary key (day, status))`.execute(db);
  await sql`insert into claim_status_day_count select day, status, sum(n) from claim_day_count
    group by day, status`.execute(db);

  await sql`create table funnel_step_day (
      day text not null check (day ~ '^[0-9]{8}$'),
      step text not null,
      visits integer not null check (visits >= 0),
      primary key (day, step))`.execute(db);
  await sql
    .raw(
      `insert into funnel_step_day select day, step, sum(visits) from funnel_day
      where day < ${KST_DAY("(now() - interval '1 day')")} group by day, step`,
    )
    .execute(db);
  await sql`create index funnel_day_hospital on funnel_day (hospital_cd, day, step) include (visits)`.execute(db);
  // A hospital's enrolments of the month: both sides of the join read from their indexes alone (the subscription rows
  // were fetched one by one for their number).
  await sql`create index subscription_created_apply on subscription (created_at, insu_apply_id)`.execute(db);
  await sql`drop index subscription_created`.execute(db);
  await sql`create index subscription_hospital_hospital_apply on subscription_hospital (hospital_cd, insu_apply_id)`.execute(
    db,
  );
  await sql`drop index subscription_hospital_hospital`.execute(db);

  // ------------------------------------------------------------------------------------------------ retention
  await keepFunctions(db, RETENTION_SKIP);
  // The closed claims past their period, oldest first (claims/retention.ts), and what points at a claim, found by it
  // (the insurers' answers have their index since 0008): a patient's ID-card request, which outlives the claim it was asked for (the link
  // becomes null; the request and its submission stay the patient's).
  await sql`create index claim_closed on claim (updated_at, id) where status in ('paid', 'rejected')`.execute(db);
  await sql`create index id_card_request_claim on id_card_request (claim_id) where claim_id is not null`.execute(db);
  await sql`alter table id_card_request drop constraint id_card_request_claim_id_fkey,
    add constraint id_card_request_claim_id_fkey foreign key (claim_id) references claim (id) on delete set null`.execute(
    db,
  );
}

/** The rollups' row triggers (as 0031 made them), a retention purge's deletes skipped when `skip` says so. */
async function keepFunctions(db: Kysely<unknown>, skip: string) {
  await sql
    .raw(
      `create or replace function claim_day_count_keep() returns trigger language plpgsql as $$
    begin
      ${skip}
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
  await sql
    .raw(
      `create or replace function claim_delivery_day_count_keep() returns trigger language plpgsql as $$
    begin
      ${skip}
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
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table id_card_request drop constraint id_card_request_claim_id_fkey,
    add constraint id_card_request_claim_id_fkey foreign key (claim_id) references claim (id)`.execute(db);
  await sql`drop index id_card_request_claim`.execute(db);
  await sql`drop index claim_closed`.execute(db);
  await keepFunctions(db, '');
  await sql`create index subscription_hospital_hospital on subscription_hospital (hospital_cd)`.execute(db);
  await sql`drop index subscription_hospital_hospital_apply`.execute(db);
  await sql`create index subscription_created on subscription (created_at)`.execute(db);
  await sql`drop index subscription_created_apply`.execute(db);
  await sql`drop index funnel_day_hospital`.execute(db);
  await sql`drop table funnel_step_day`.execute(db);
  await sql`drop table claim_status_day_count`.execute(db);
  await sql`drop index treatment_record_hospital_received`.execute(db);
  await sql`create index claim_delivery_dead on claim_delivery (insu_comp_cd, id) where status = 'dead'`.execute(db);
  for (const name of [
    'claim_delivery_dead_open',
    'claim_delivery_dead_at',
    'claim_delivery_dead_insurer',
    'claim_delivery_dead_claim',
    'claim_delivery_dead_attempts',
  ]) {
    await sql.raw(`drop index ${name}`).execute(db);
  }
  await sql`alter table claim_delivery drop constraint claim_delivery_dead_at`.execute(db);
  await sql`drop trigger claim_delivery_dead_at on claim_delivery`.execute(db);
  await sql`drop function claim_delivery_dead_at()`.execute(db);
  await sql`alter table claim_delivery drop column dead_at`.execute(db);
}
