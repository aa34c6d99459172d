import { sql, type Kysely } from 'kysely';

// The reference data is held in memory by every web process (modules/reference/cache.ts): any change to its tables,
// whoever makes it (the console, a migration, psql), tells every process on its commit through NOTIFY, and each drops
// what it holds. One notification per statement; PostgreSQL folds the repeats of a transaction into one.
const REFERENCE_TABLES = [
  'hospital',
  'insurer',
  'insurer_fax',
  'ui_control',
  'bank',
  'job_code',
  'telecom',
  'terms',
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function reference_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('reference_changed', tg_table_name);
      return null;
    end $$`.execute(db);
  for (const table of REFERENCE_TABLES) {
    await sql`
      create trigger reference_changed after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function reference_changed()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of REFERENCE_TABLES) {
    await sql`drop trigger if exists reference_changed on ${sql.table(table)}`.execute(db);
  }
  await sql`drop function if exists reference_changed()`.execute(db);
}
