import type { Kysely } from 'kysely';

// An 알림톡 link opens the visit history for its whole lifetime, but only on the device it was first opened on
// (docs/security.md, "A link opens the history, nothing else"): the first exchange keeps a keyed hash of that device's
// random id (an HttpOnly cookie); a later exchange from the same device opens a link session again, any other device
// verifies by SMS. Links used before this column existed keep no device and stay single use.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('link_token').addColumn('device_hash', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('link_token').dropColumn('device_hash').execute();
}
