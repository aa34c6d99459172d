import { sql, type Kysely } from 'kysely';

// Two small additions (docs/security.md):
// - "Insiders: admin accounts": a password an admin issued through the console (a new account) must be changed at the
//   first sign-in; until then the console answers nothing but the change. Accounts made from OPERATOR_PASSWORD or
//   `npm run operator` are not marked: the person who set the password typed it.
// - "Uploads": how many ID photos (OCR reads and ID copies) each verified patient sent on each Korean day, counted
//   before the photo is looked at. A row per patient (her CI's keyed hash) and day; rows older than a week are dropped
//   by the security layer's minute job.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table operator add column must_change_password boolean not null default false`.execute(db);
  await sql`create table id_photo_day_count (
      ci_hmac text not null,
      day text not null check (day ~ '^[0-9]{8}$'),
      n integer not null check (n >= 0),
      primary key (ci_hmac, day))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table id_photo_day_count`.execute(db);
  await sql`alter table operator drop column must_change_password`.execute(db);
}
