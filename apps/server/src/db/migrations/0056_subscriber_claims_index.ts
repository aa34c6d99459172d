import { sql, type Kysely } from 'kysely';

// The subscriber's page in the operator console (claims' console/subscriber.ts; README "Operator console", "A
// subscriber's page") lists one patient's claims newest first, a page at a time by key. claim_ci (ci_hmac) alone made
// every page read and sort all of her claims; this index walks them in the page's order and stops with the page.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index claim_ci_created on claim (ci_hmac, created_at, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index claim_ci_created`.execute(db);
}
