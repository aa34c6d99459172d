import { sql, type Kysely } from 'kysely';

// The operator console's claims and dead letters (README "Operator console"): every delivery attempt with its channel
// and outcome, so a claim's timeline shows each one (claim_delivery keeps only the latest); and a dead letter an
// operator has dealt with, with their note (it leaves the list, and a retry puts it back); the same for patient messages.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('claim_delivery_attempt')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('delivery_id', 'bigint', (c) => c.notNull())
    .addColumn('claim_id', 'bigint', (c) => c.notNull())
    /** 1 for the first send; a retry by an operator starts again at 1. */
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    /** sent (the insurer has it), accepted (a fax gateway took it, outcome to come), delivered (that fax went
     * through), failed (retried later), dead (given up). */
    .addColumn('outcome', 'text', (c) =>
      c.notNull().check(sql`outcome in ('sent', 'accepted', 'delivered', 'failed', 'dead')`),
    )
    .addColumn('error', 'text')
    .addColumn('external_ref', 'text')
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('claim_delivery_attempt_claim_idx')
    .on('claim_delivery_attempt')
    .columns(['claim_id', 'id'])
    .execute();
  await db.schema.alterTable('claim_delivery').addColumn('handled_at', 'timestamptz').execute();
  await db.schema.alterTable('claim_delivery').addColumn('handled_by', 'text').execute();
  await db.schema.alterTable('claim_delivery').addColumn('handled_note', 'text').execute();
  // A patient message that failed every retry (a pg-boss job), closed by an operator: for that failure only (failed_at
  // is the job's completed_on), so a retry that fails again is a new letter.
  await db.schema
    .createTable('notification_handled')
    .addColumn('job_id', 'text', (c) => c.primaryKey())
    .addColumn('failed_at', 'timestamptz', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('handled_by', 'text', (c) => c.notNull())
    .addColumn('handled_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notification_handled').execute();
  await db.schema.alterTable('claim_delivery').dropColumn('handled_note').execute();
  await db.schema.alterTable('claim_delivery').dropColumn('handled_by').execute();
  await db.schema.alterTable('claim_delivery').dropColumn('handled_at').execute();
  await db.schema.dropTable('claim_delivery_attempt').execute();
}
