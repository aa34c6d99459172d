import { sql, type Kysely } from 'kysely';

// Claims delivered for real (docs/providers/insurer-api.md): a fax is accepted by its gateway first and its outcome
// arrives minutes later, and insurers post their answers about the claims we sent.
export async function up(db: Kysely<unknown>): Promise<void> {
  // awaiting: the fax gateway accepted the fax (external_ref is its receipt number) and the engine asks for the
  // outcome at next_attempt_at; delivered → sent, failed → pending again (or dead).
  await sql`alter table claim_delivery drop constraint claim_delivery_status_check`.execute(db);
  await sql`alter table claim_delivery add constraint claim_delivery_status_check
    check (status in ('pending', 'awaiting', 'sent', 'dead'))`.execute(db);
  await sql`create index claim_delivery_awaiting on claim_delivery (next_attempt_at) where status = 'awaiting'`.execute(
    db,
  );
  // Faxes the gateway accepted and later reported failed: part of the next fax's request number, so a resend after a
  // known failure is a new fax while a resend after an unanswered send is the same one (the gateway keeps one).
  await db.schema
    .alterTable('claim_delivery')
    .addColumn('failed_outcomes', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // An insurer's receipt id finds its claim (the insurer's answers may name it instead of ours).
  await sql`create index claim_delivery_external_ref on claim_delivery (insu_comp_cd, external_ref)
    where external_ref is not null`.execute(db);

  // documents_requested: the insurer wants more papers before it decides.
  await sql`alter table claim drop constraint claim_status_check`.execute(db);
  await sql`alter table claim add constraint claim_status_check check (status in
    ('received', 'claimed', 'sent', 'accepted', 'documents_requested', 'rejected', 'paid', 'failed'))`.execute(db);

  // Every answer an insurer posted, once per (insurer, event id): the same event again changes nothing.
  await db.schema
    .createTable('insurer_answer')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('insu_comp_cd', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('claim_id', 'bigint', (c) => c.notNull().references('claim.id'))
    .addColumn('answer', 'text', (c) =>
      c.notNull().check(sql`answer in ('received', 'documents_requested', 'paid', 'rejected')`),
    )
    /** SHA-256 of the raw body: the same event id with other contents is refused, not applied. */
    .addColumn('body_sha256', 'text', (c) => c.notNull())
    /** The claim's status once the answer was applied (or left as it was). */
    .addColumn('status_after', 'text', (c) => c.notNull())
    .addColumn('occurred_at', 'timestamptz')
    .addColumn('received_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('insurer_answer_event', ['insu_comp_cd', 'event_id'])
    .execute();
  await db.schema.createIndex('insurer_answer_claim').on('insurer_answer').column('claim_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('insurer_answer').execute();
  await sql`alter table claim drop constraint claim_status_check`.execute(db);
  await sql`alter table claim add constraint claim_status_check check (status in
    ('received', 'claimed', 'sent', 'accepted', 'rejected', 'paid', 'failed'))`.execute(db);
  await sql`drop index claim_delivery_external_ref`.execute(db);
  await db.schema.alterTable('claim_delivery').dropColumn('failed_outcomes').execute();
  await sql`drop index claim_delivery_awaiting`.execute(db);
  await sql`alter table claim_delivery drop constraint claim_delivery_status_check`.execute(db);
  await sql`alter table claim_delivery add constraint claim_delivery_status_check
    check (status in ('pending', 'sent', 'dead'))`.execute(db);
}
