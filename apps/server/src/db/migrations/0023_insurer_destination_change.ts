import { sql, type Kysely } from 'kysely';

// Claim destinations under dual control (docs/security.md, "Insiders: claim destinations"): a change of where an
// insurer's claims go (channel, API base URL, fax number) waits here until a second admin approves it, and only then
// changes the insurer's row; it lapses at expires_at. One open request per insurer: a newer one replaces it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('insurer_destination_change')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('insu_comp_cd', 'text', (c) => c.notNull().references('insurer.insu_comp_cd'))
    /** The destination asked for, whole: the channel, the API base URL (null: the environment's) and fax number. */
    .addColumn('delivery_channel', 'text', (c) => c.notNull().check(sql`delivery_channel in ('api', 'fax')`))
    .addColumn('api_url', 'text')
    .addColumn('fax_no', 'text')
    /** Which of the three differ from the insurer's at the time of asking, e.g. {apiUrl} or {deliveryChannel,faxNo}. */
    .addColumn('fields', sql`text[]`, (c) => c.notNull())
    .addColumn('requested_by', 'text', (c) => c.notNull())
    .addColumn('requested_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    /** approved, rejected, or replaced by a newer request; null while open. */
    .addColumn('decision', 'text', (c) => c.check(sql`decision in ('approved', 'rejected', 'replaced')`))
    .addColumn('decided_by', 'text')
    .addColumn('decided_at', 'timestamptz')
    .addCheckConstraint(
      'insurer_destination_change_two_people',
      sql`decision <> 'approved' or decided_by <> requested_by`,
    )
    .execute();
  await sql`create unique index insurer_destination_change_open_idx on insurer_destination_change (insu_comp_cd)
    where decision is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('insurer_destination_change').execute();
}
