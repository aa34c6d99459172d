import { sql, type Kysely } from 'kysely';

// The claim list filtered by a hospital, an insurer or a status and a range of visit dates, or by an insurer and a
// range of claim dates (README "Operator console"): until now PostgreSQL read every claim the hospital ever had
// (claim_hospital_created) and a whole range of everyone's visits (claim_visit), and kept the few in both: a
// hospital's week read 36,000 index entries for 384 rows (test/db/query-plans.test.ts). With these the range is read
// alone. Each is one more entry a claim writes, at the right edge of its hospital's, insurer's or status's range,
// where the pages are warm.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index claim_hospital_visit on claim (hospital_cd, visit_date, id)`.execute(db);
  await sql`create index claim_insurer_visit on claim (insu_comp_cd, visit_date, id)`.execute(db);
  await sql`create index claim_insurer_created on claim (insu_comp_cd, created_at, id)`.execute(db);
  await sql`create index claim_status_visit on claim (status, visit_date, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index claim_status_visit`.execute(db);
  await sql`drop index claim_insurer_created`.execute(db);
  await sql`drop index claim_insurer_visit`.execute(db);
  await sql`drop index claim_hospital_visit`.execute(db);
}
