import type { Kysely } from 'kysely';

// README "Enrolment drafts": what a patient typed in the enrolment, so that a reload or a discarded tab resumes it.
// One row per verified person (the keyed hash of her CI), the answers sealed as one value (draft_enc, re-encrypted by
// the rekey like every *_enc column), kept until expires_at (24 hours after the last save) or her subscription.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('enrolment_draft')
    .addColumn('ci_hmac', 'text', (c) => c.primaryKey())
    .addColumn('draft_enc', 'text', (c) => c.notNull())
    .addColumn('saved_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('enrolment_draft_expires_at').on('enrolment_draft').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('enrolment_draft').execute();
}
