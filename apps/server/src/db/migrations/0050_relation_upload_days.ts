import { sql, type Kysely } from 'kysely';

// How many relation documents each guardian sent on each Korean day (docs/security.md, "Uploads"): counted before the
// file is looked at, so a refused file counts too, and kept apart from relation_document, whose rows go with the
// documents they describe (replaced, or of a subscription that ended). A row per guardian (her CI's keyed hash) and
// day; rows older than a week are dropped by the guardians module's minute job.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table relation_upload_day_count (
      guardian_ci_hmac text not null,
      day text not null check (day ~ '^[0-9]{8}$'),
      n integer not null check (n >= 0),
      primary key (guardian_ci_hmac, day))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table relation_upload_day_count`.execute(db);
}
