import { sql, type Kysely } from 'kysely';

// Document requests' retention (docs/operations.md §9): a request is kept three years after its last step (delivered
// to the insurer, else received from the hospital, else asked), like the claim it served. The purge reads this index
// of that moment.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index document_request_last_step on document_request
      ((coalesce(delivered_at, received_at, asked_at)))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index document_request_last_step`.execute(db);
}
