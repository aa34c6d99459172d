import { sql, type Kysely } from 'kysely';

// Caps a stranger cannot spend for someone else (docs/security.md, "A phone number is not a lock-out" and "Operators
// and hospitals"):
// - sms_verification.verified_at: when the code was confirmed and the person matched (a completed verification); the
//   daily caps count only sends never completed. sms_verification.trusted: the send came from where this person had
//   completed a verification before (an address, or a session verified as them), so it is counted apart from the sends
//   anyone else can make for them. Rows before this migration are neither.
// - operator_sign_in_guard, per account *and* address (ip_hmac; '*' is the account's count over every address it
//   never signed in from). Its rows live 15 minutes, so the table is made anew.
// - operator_known_address: the addresses (keyed hashes, never the address) an operator completed a sign-in from; a
//   known address backs off instead of locking.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sms_verification').addColumn('verified_at', 'timestamptz').execute();
  await db.schema
    .alterTable('sms_verification')
    .addColumn('trusted', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();

  await db.schema.dropTable('operator_sign_in_guard').execute();
  await db.schema
    .createTable('operator_sign_in_guard')
    .addColumn('login_hmac', 'text', (c) => c.notNull())
    .addColumn('ip_hmac', 'text', (c) => c.notNull())
    /** Tries in the window, counted before the password is checked (parallel guesses get no more). */
    .addColumn('tries', 'integer', (c) => c.notNull())
    .addColumn('window_started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('locked_until', 'timestamptz')
    .addPrimaryKeyConstraint('operator_sign_in_guard_pk', ['login_hmac', 'ip_hmac'])
    .execute();

  await db.schema
    .createTable('operator_known_address')
    .addColumn('login_id', 'text', (c) => c.notNull().references('operator.login_id').onDelete('cascade'))
    .addColumn('ip_hmac', 'text', (c) => c.notNull())
    .addColumn('first_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('operator_known_address_pk', ['login_id', 'ip_hmac'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('operator_known_address').execute();
  await db.schema.dropTable('operator_sign_in_guard').execute();
  await db.schema
    .createTable('operator_sign_in_guard')
    .addColumn('login_hmac', 'text', (c) => c.primaryKey())
    .addColumn('tries', 'integer', (c) => c.notNull())
    .addColumn('window_started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('locked_until', 'timestamptz')
    .execute();
  await db.schema.alterTable('sms_verification').dropColumn('trusted').execute();
  await db.schema.alterTable('sms_verification').dropColumn('verified_at').execute();
}
