import { type Kysely } from 'kysely';

// A purged subscription sets its claims' insu_apply_id to null (on delete set null): without an index PostgreSQL reads
// the whole claim table for every purge (docs/performance.md, "At national scale": 90 purges took 11.5 s at 10⁶).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('claim_apply').on('claim').column('insu_apply_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('claim_apply').execute();
}
