import type { Kysely } from 'kysely';

// Operators' sign-in guard: tries per login id (whatever address they come from) and the lockouts they caused, kept
// as evidence; and who revoked a hospital API key (its last use is already recorded in last_used_at). Login ids are
// stored as keyed hashes for lookups and, in the lockout record, encrypted.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('operator_sign_in_guard')
    .addColumn('login_hmac', 'text', (c) => c.primaryKey())
    /** Tries in the window, counted before the password is checked (parallel guesses get no more). */
    .addColumn('tries', 'integer', (c) => c.notNull())
    .addColumn('window_started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('locked_until', 'timestamptz')
    .execute();

  await db.schema
    .createTable('operator_lockout')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('login_hmac', 'text', (c) => c.notNull())
    .addColumn('login_id_enc', 'text', (c) => c.notNull())
    /** The address of the try that caused the lock (keyed hash). */
    .addColumn('ip_hmac', 'text', (c) => c.notNull())
    .addColumn('tries', 'integer', (c) => c.notNull())
    .addColumn('locked_at', 'timestamptz', (c) => c.notNull())
    .addColumn('locked_until', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('operator_lockout_login_idx')
    .on('operator_lockout')
    .columns(['login_hmac', 'locked_at'])
    .execute();

  await db.schema.alterTable('hospital_api_key').addColumn('revoked_by', 'text').execute();
  await db.schema
    .createIndex('hospital_api_key_hospital_idx')
    .on('hospital_api_key')
    .columns(['hospital_cd', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('hospital_api_key_hospital_idx').execute();
  await db.schema.alterTable('hospital_api_key').dropColumn('revoked_by').execute();
  await db.schema.dropTable('operator_lockout').execute();
  await db.schema.dropTable('operator_sign_in_guard').execute();
}
