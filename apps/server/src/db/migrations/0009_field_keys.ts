import { sql, type Kysely } from 'kysely';

// Field keys rotate (docs/providers/key-rotation.md), the lookup key never does: every blind index (ci_hmac,
// rrn_hmac, phone_hmac …) was made with it. One row keeps its fingerprint (an HMAC under that key of a fixed text,
// which reveals nothing of the key), so a process configured with another lookup key refuses to start.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('lookup_key_fingerprint')
    .addColumn('one_row', 'boolean', (c) =>
      c
        .primaryKey()
        .defaultTo(true)
        .check(sql`one_row`),
    )
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('recorded_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('lookup_key_fingerprint').execute();
}
