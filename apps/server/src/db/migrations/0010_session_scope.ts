import { sql, type Kysely } from 'kysely';

// Sessions get a scope (DESIGN §4, README "Identity and sessions"): `full` after an SMS verification, `link` after an
// 알림톡 link's exchange, with the link's purpose and the subscription it belongs to; and the time of the last SMS
// verification of the session's own person, which step-up needs to be fresh. Sessions from before cannot say how they
// were opened, so every patient session is ended: patients verify again (at most 12 hours of sessions are lost).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('auth_session')
    .addColumn('scope', 'text', (c) => c.notNull().defaultTo('full'))
    .addColumn('link_purpose', 'text')
    .addColumn('link_insu_apply_id', 'text')
    .addColumn('verified_at', 'timestamptz')
    .execute();
  await sql`update auth_session set revoked_at = now() where kind = 'patient' and revoked_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('auth_session')
    .dropColumn('scope')
    .dropColumn('link_purpose')
    .dropColumn('link_insu_apply_id')
    .dropColumn('verified_at')
    .execute();
}
