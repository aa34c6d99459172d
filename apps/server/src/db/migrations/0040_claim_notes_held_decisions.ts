import { sql, type Kysely } from 'kysely';

// Held records have a way out, and a claim carries its story (README "Operator console"):
// - treatment_record.outcome set_aside: an operator set a held record aside (the reason is in operator_action);
//   unlinked, never claimed, purged at purge_at like another hospital's record; its hospital's feed answer says so.
// - treatment_record.released_at / released_by: an operator released a held record to its subscriber; the matcher
//   then takes the record as the subscriber's (no name, birth date or resident-number hold again).
// - claim_note: operators' notes on a claim, appended, never changed: a trigger refuses an update or a delete, as
//   operator_action's does (0014). The text is free text an operator typed after a phone call, so it is encrypted
//   like the records' personal fields.
// - claim.reject_reason held a dead delivery's error too (deliver.ts, setStatus): only a rejected claim keeps one now,
//   so a delivery failure is never read as the insurer's reject reason (rejected is final: any other claim's reason
//   was a delivery's).
const OUTCOMES_BEFORE = `'pending', 'claimed', 'below_min', 'not_subscribed', 'hospital_not_subscribed', 'outside_contract',
  'too_old', 'rrn_unconfirmed', 'identity_mismatch', 'not_patients'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table treatment_record drop constraint if exists treatment_record_outcome_check`.execute(db);
  await sql
    .raw(
      `alter table treatment_record add constraint treatment_record_outcome_check check (outcome in
      (${OUTCOMES_BEFORE}, 'set_aside'))`,
    )
    .execute(db);
  await db.schema
    .alterTable('treatment_record')
    .addColumn('released_at', 'timestamptz')
    .addColumn('released_by', 'text')
    .execute();

  await db.schema
    .createTable('claim_note')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('claim_id', 'bigint', (c) => c.notNull().references('claim.id').onDelete('cascade'))
    .addColumn('login_id', 'text', (c) => c.notNull())
    .addColumn('note_enc', 'text', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`update claim set reject_reason = null where reject_reason is not null and status <> 'rejected'`.execute(db);
  await sql`create index claim_note_claim on claim_note (claim_id, id)`.execute(db);
  // Never changed; deleted only with its claim by the claims retention purge (docs/operations.md §9), which sets
  // auto_claim.purge for its statement (db/purge.ts, purgeTreeInBatches).
  await sql`create function claim_note_append_only() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' and current_setting('auto_claim.purge', true) = 'retention' then
        return old;
      end if;
      raise exception 'claim_note is append-only';
    end $$`.execute(db);
  await sql`create trigger claim_note_append_only before update or delete on claim_note
    for each row execute function claim_note_append_only()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('claim_note').execute();
  await sql`drop function if exists claim_note_append_only()`.execute(db);
  await db.schema.alterTable('treatment_record').dropColumn('released_by').dropColumn('released_at').execute();
  await sql`update treatment_record set outcome = 'not_patients', insu_apply_id = null where outcome = 'set_aside'`.execute(
    db,
  );
  await sql`alter table treatment_record drop constraint if exists treatment_record_outcome_check`.execute(db);
  await sql
    .raw(
      `alter table treatment_record add constraint treatment_record_outcome_check check (outcome in (${OUTCOMES_BEFORE}))`,
    )
    .execute(db);
}
