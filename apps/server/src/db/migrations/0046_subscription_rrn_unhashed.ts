import { sql, type Kysely } from 'kysely';

// The claim engine asks, before each batch with a record matched by RRN alone, for live subscriptions still without
// their RRN's hash (subscriptions' lookups.ts, backfillRrn: those made before migration 0011). Once every one has it
// the answer is empty, but without an index PostgreSQL read every subscription to say so: 700 ms a batch at 1,000,000
// subscribers, and the engine at 10⁷ claims ran at 0.34× its rate on an empty database (docs/performance.md, "At 10⁷
// claims"). This index holds only the rows the backfill still has to do.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index subscription_rrn_unhashed on subscription (insu_apply_id)
    where status = 'subscribe' and rrn_hmac is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index subscription_rrn_unhashed`.execute(db);
}
