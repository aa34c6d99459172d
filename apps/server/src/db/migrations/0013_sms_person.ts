import { sql, type Kysely } from 'kysely';

// Side effects counted where they belong (docs/operations.md, "Limits"):
// - sms_verification.person_key: the keyed hash of the person a code was sent for (name, birth date, sex digit and
//   phone), so the daily cap counts per phone and person, and someone typing made-up names cannot spend the phone
//   owner's sends. Rows sent before this migration have none and count only towards the phone's ceiling.
// - account_check: the bank's answer to a holder check (예금주 조회) asked by GET, kept a few minutes under a keyed hash
//   of the patient and the account asked, so repeating the spec's GET asks the bank (a paid call) only once.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sms_verification').addColumn('person_key', 'text').execute();
  await db.schema
    .createIndex('sms_verification_person_idx')
    .on('sms_verification')
    .columns(['person_key', 'created_at'])
    .execute();

  await db.schema
    .createTable('account_check')
    .addColumn('key_hmac', 'text', (c) => c.primaryKey())
    /** The answer as the patient saw it (masked where the holder differs), encrypted. */
    .addColumn('answer_enc', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('account_check_expires_idx').on('account_check').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('account_check').execute();
  await db.schema.dropIndex('sms_verification_person_idx').execute();
  await db.schema.alterTable('sms_verification').dropColumn('person_key').execute();
}
