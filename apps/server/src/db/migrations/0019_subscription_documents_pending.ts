import { sql, type Kysely } from 'kysely';

// The signed 위임장 and 동의서 are made after the subscription commits, by a job (README, Subscriptions): the minute
// tick looks for live subscriptions whose documents are not made yet, through this small partial index instead of a
// scan of every subscription.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index subscription_documents_pending on subscription (created_at)
    where status = 'subscribe' and commission_sha256 is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists subscription_documents_pending`.execute(db);
}
