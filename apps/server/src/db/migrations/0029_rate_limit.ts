import { sql, type Kysely } from 'kysely';

// docs/operations.md "Limits and leases": every per-address and per-subject limit is counted here, so that all web
// processes count together (a limit of N a minute is N across them). One row per limited key (a keyed hash of the
// route and the address or subject, never the address itself), its count and when its window ends; the minute tick
// deletes the windows that ended.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_limit_counter')
    .addColumn('key_hash', 'text', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull().check(sql`hits > 0`))
    .addColumn('resets_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_limit_counter_resets_at').on('rate_limit_counter').column('resets_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_limit_counter').execute();
}
