import { sql, type Kysely } from 'kysely';

// Operators sign in with a second factor (README "Operator console"): a TOTP secret (encrypted; the last time step
// accepted, so a code is never taken twice) and ten single-use recovery codes (keyed hashes). An operator session has
// a stage: `setup` (password only, the second factor not set up yet: set-up calls only), `password` (password only:
// the second-factor call only) or `full`. Operator sessions from before had no second factor: every one is ended.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('operator')
    .addColumn('totp_secret_enc', 'text')
    /** A secret shown at set-up and not yet confirmed by a code. */
    .addColumn('totp_pending_enc', 'text')
    .addColumn('totp_set_at', 'timestamptz')
    /** The RFC 6238 time step of the last code accepted: a code of that step or an earlier one is refused. */
    .addColumn('totp_last_step', 'bigint')
    .addColumn('last_sign_in_at', 'timestamptz')
    .execute();
  await db.schema
    .createTable('operator_recovery_code')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('login_id', 'text', (c) => c.notNull().references('operator.login_id').onDelete('cascade'))
    /** The code's keyed hash (HMAC); the code itself is shown once at set-up and never stored. */
    .addColumn('code_hmac', 'text', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('operator_recovery_code_idx')
    .on('operator_recovery_code')
    .columns(['login_id', 'code_hmac'])
    .execute();
  await db.schema
    .alterTable('auth_session')
    .addColumn('operator_stage', 'text', (c) => c.check(sql`operator_stage in ('setup', 'password', 'full')`))
    .execute();
  await db.schema.createIndex('auth_session_subject_idx').on('auth_session').columns(['subject_hmac']).execute();
  await sql`update auth_session set revoked_at = now() where kind = 'operator' and revoked_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('auth_session_subject_idx').execute();
  await db.schema.alterTable('auth_session').dropColumn('operator_stage').execute();
  await db.schema.dropTable('operator_recovery_code').execute();
  await db.schema
    .alterTable('operator')
    .dropColumn('totp_secret_enc')
    .dropColumn('totp_pending_enc')
    .dropColumn('totp_set_at')
    .dropColumn('totp_last_step')
    .dropColumn('last_sign_in_at')
    .execute();
}
