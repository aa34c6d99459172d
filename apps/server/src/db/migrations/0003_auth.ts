import { sql, type Kysely } from 'kysely';

// Identity verification by SMS, sessions, terms agreements as evidence, operators and the sandbox outbox.
// No code, CI, name or phone in plaintext: hashes (HMAC) for lookups, AES-GCM for what must be read back.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sms_verification')
    .addColumn('sms_request_seq', 'text', (c) => c.primaryKey())
    .addColumn('sms_response_seq', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('person_hash', 'text', (c) => c.notNull())
    .addColumn('person_enc', 'text', (c) => c.notNull())
    .addColumn('phone_hmac', 'text', (c) => c.notNull())
    .addColumn('ip_hmac', 'text', (c) => c.notNull())
    .addColumn('hospital_cd', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('locked_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('sms_verification_phone_idx')
    .on('sms_verification')
    .columns(['phone_hmac', 'created_at'])
    .execute();
  await db.schema
    .createIndex('sms_verification_ip_idx')
    .on('sms_verification')
    .columns(['ip_hmac', 'created_at'])
    .execute();

  await db.schema
    .createTable('auth_session')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('patient', 'operator')`))
    /** patient: the CI, encrypted; operator: the login id, encrypted. */
    .addColumn('subject_enc', 'text', (c) => c.notNull())
    .addColumn('subject_hmac', 'text', (c) => c.notNull())
    /** patient: the verified person (name, birthday, sex, phone, telecom), encrypted; operator: null. */
    .addColumn('person_enc', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('terms_agreement')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('terms_id', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    /** Who agreed: the CI's keyed hash once verified, otherwise the verification request it came with. */
    .addColumn('ci_hmac', 'text')
    .addColumn('sms_request_seq', 'text')
    .addColumn('ip_hmac', 'text', (c) => c.notNull())
    .addColumn('agreed_at', 'timestamptz', (c) => c.notNull())
    .addForeignKeyConstraint('terms_agreement_terms_fk', ['terms_id', 'version'], 'terms', ['terms_id', 'version'])
    .addCheckConstraint('terms_agreement_who', sql`ci_hmac is not null or sms_request_seq is not null`)
    .execute();

  await db.schema
    .createTable('operator')
    .addColumn('login_id', 'text', (c) => c.primaryKey())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // What sandbox providers would have sent (DESIGN §3). Test data only; never used in production.
  await db.schema
    .createTable('sandbox_outbox')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('to', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sandbox_outbox_to_idx').on('sandbox_outbox').columns(['to', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['sandbox_outbox', 'operator', 'terms_agreement', 'auth_session', 'sms_verification']) {
    await db.schema.dropTable(t).execute();
  }
}
