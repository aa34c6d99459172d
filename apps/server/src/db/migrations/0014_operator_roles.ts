import { sql, type Kysely } from 'kysely';

// The operator console (README "Operator console"): every operator has a role and may be disabled; every operator
// action is written to operator_action, which nobody may change or delete (a trigger refuses it, so not even a bug in
// the application can), kept at least two years (PIPA safety measures: 접속기록 보관).
export async function up(db: Kysely<unknown>): Promise<void> {
  // Accounts made before roles existed could do everything: they stay admins.
  await db.schema
    .alterTable('operator')
    .addColumn('role', 'text', (c) =>
      c
        .notNull()
        .defaultTo('admin')
        .check(sql`role in ('viewer', 'operator', 'admin')`),
    )
    .execute();
  await db.schema.alterTable('operator').addColumn('disabled_at', 'timestamptz').execute();

  await db.schema
    .createTable('operator_action')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .addColumn('login_id', 'text', (c) => c.notNull())
    /** The address the call came from (as TRUST_PROXY reports it), encrypted: it is the operator's personal data. */
    .addColumn('ip_enc', 'text', (c) => c.notNull())
    /** What was done, one of OPERATOR_ACTIONS (modules/audit). */
    .addColumn('action', 'text', (c) => c.notNull())
    /** The patient concerned, by the CI's keyed hash, when there is one. */
    .addColumn('ci_hmac', 'text')
    .addColumn('record_id', 'bigint')
    .addColumn('claim_id', 'bigint')
    /** What else was touched: a hospital code, an insurer code, a terms id, an operator id, a job id. */
    .addColumn('target', 'text')
    /** Why, as the operator typed it (a reveal or a download of personal data needs one). */
    .addColumn('reason', 'text')
    .addColumn('detail', 'text')
    .execute();
  await db.schema.createIndex('operator_action_at_idx').on('operator_action').column('at').execute();
  await db.schema.createIndex('operator_action_ci_idx').on('operator_action').columns(['ci_hmac', 'at']).execute();
  await db.schema.createIndex('operator_action_login_idx').on('operator_action').columns(['login_id', 'at']).execute();
  await sql`create function operator_action_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'operator_action is append-only';
    end $$`.execute(db);
  await sql`create trigger operator_action_append_only before update or delete on operator_action
    for each row execute function operator_action_append_only()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger operator_action_append_only on operator_action`.execute(db);
  await sql`drop function operator_action_append_only()`.execute(db);
  await db.schema.dropTable('operator_action').execute();
  await db.schema.alterTable('operator').dropColumn('disabled_at').execute();
  await db.schema.alterTable('operator').dropColumn('role').execute();
}
