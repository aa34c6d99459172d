import type { Kysely } from 'kysely';

// The identity vendor makes and checks the SMS code now; we keep its reference to the verification instead of a code
// hash: { vendor, id } as JSON, encrypted, so nobody outside can name a verification to the vendor. It is null only
// while the vendor is being asked to send. A request sent before this migration has no reference and is answered as
// unknown ("get a new code"), which costs its patient one resend within its 3 minutes.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sms_verification').addColumn('vendor_ref_enc', 'text').execute();
  await db.schema.alterTable('sms_verification').dropColumn('code_hash').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('sms_verification')
    .addColumn('code_hash', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('sms_verification').dropColumn('vendor_ref_enc').execute();
}
