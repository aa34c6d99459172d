import { sql, type Kysely } from 'kysely';

// The patient's history in pages (README "Claim engine", the treatment history): her records newest first, read as a
// range of (visit date, id) under her CI's keyed hash and under each of her subscriptions, so that her first page
// costs the same with 3 visits or 3,000. They take the place of the single-column indexes, whose lookups they answer.
// The visits she is asked to confirm (held until she says they are hers, claims/held.ts) get their own range too:
// without it the planner met her subscription's every record and the held ones in a bitmap AND.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index treatment_record_ci_visit on treatment_record (ci_hmac, visit_date desc, id desc)`.execute(db);
  await sql`create index treatment_record_apply_visit on treatment_record (insu_apply_id, visit_date desc, id desc)`.execute(
    db,
  );
  await sql`create index treatment_record_to_confirm on treatment_record (insu_apply_id, visit_date desc, id desc)
    where outcome = 'rrn_unconfirmed'`.execute(db);
  await sql`drop index treatment_record_ci`.execute(db);
  await sql`drop index treatment_record_apply`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create index treatment_record_ci on treatment_record (ci_hmac)`.execute(db);
  await sql`create index treatment_record_apply on treatment_record (insu_apply_id)`.execute(db);
  await sql`drop index treatment_record_to_confirm`.execute(db);
  await sql`drop index treatment_record_ci_visit`.execute(db);
  await sql`drop index treatment_record_apply_visit`.execute(db);
}
