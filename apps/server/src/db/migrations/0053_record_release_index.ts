import { sql, type Kysely } from 'kysely';

// A claim made of a held record an operator released carries the release on its timeline (claims'
// console/claim-detail.ts, claimDetail; README "Operator console", "Held records"): who released it, when and why, read
// from the operators' record (operator_action, the one place the typed reason is kept). Nothing indexed its record_id,
// so each claim's page would read the whole operators' record to find it; this index holds the releases alone.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index operator_action_record_released on operator_action (record_id, id)
    where action = 'record_released'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index operator_action_record_released`.execute(db);
}
