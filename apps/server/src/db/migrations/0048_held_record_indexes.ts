import { sql, type Kysely } from 'kysely';

// The console's held records (claims' console/held.ts) are the three held outcomes, but the index 0031 gave their
// list names two of them: rrn_unconfirmed came in 0011 and was left out. No index held the list's rows in its order, so
// every page and its capped count read the whole backlog of held records and sorted it (2.9 → 6.4 ms from 10⁴ to 10⁷
// claims, and growing with the backlog; docs/performance-log.md, "At 10⁷ claims, a third time"). These indexes hold the
// held records alone: the newest first, by visit date, one hospital's, one reason's (which also answers the
// dashboard's count by reason, as the index of 0011 did). Sorted by hospital, the list reads the backlog and sorts it:
// with a few thousand held records the planner prefers that to walking an index in an order unlike the table's.
const HELD = `outcome in ('identity_mismatch', 'rrn_unconfirmed', 'not_patients')`;
const INDEXES = {
  treatment_record_held_received: '(received_at, id)',
  treatment_record_held_visit: '(visit_date, id)',
  treatment_record_held_hospital_received: '(hospital_cd, received_at, id)',
  treatment_record_held_reason: '(outcome, received_at, id)',
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index treatment_record_held_received`.execute(db);
  await sql`drop index treatment_record_held`.execute(db);
  for (const [name, columns] of Object.entries(INDEXES)) {
    await sql.raw(`create index ${name} on treatment_record ${columns} where ${HELD}`).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of Object.keys(INDEXES)) await sql.raw(`drop index ${name}`).execute(db);
  await sql`create index treatment_record_held on treatment_record (outcome) where ${sql.raw(HELD)}`.execute(db);
  await sql`create index treatment_record_held_received on treatment_record (received_at, id)
    where outcome in ('identity_mismatch', 'not_patients')`.execute(db);
}
