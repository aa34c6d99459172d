import { sql, type Kysely } from 'kysely';

// The language she enrolled in (docs/decisions/0010-message-catalogs.md; subscriptions module): a BCP 47 tag of ours
// (ko, en, zh-Hans, vi), Korean for every subscription made before languages existed. Her later messages use it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table subscription add column lang text not null default 'ko'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table subscription drop column lang`.execute(db);
}
