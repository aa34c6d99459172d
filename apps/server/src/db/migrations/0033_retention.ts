import { sql, type Kysely } from 'kysely';

// Retention that stays cheap (docs/operations.md, "Retention"): every table that grows each day is purged in small
// batches on an index of what the purge filters by (db/purge.ts).
// - access_log gains its index on at (it had only ci_hmac's), sms_verification on created_at, auth_session and
//   link_token on expires_at (they were never purged before); operator_action and feed_rejection have theirs (0014,
//   0016), treatment_record and subscription their partial purge_at indexes (0004, 0011), the funnel's tables their
//   primary keys, which begin with day (0026).
// - access_log and operator_action stay append-only, except that a row older than the legal minimum (two years:
//   개인정보의 안전성 확보조치 기준 제8조) may be deleted: the database itself refuses to lose a younger one, whatever
//   the application asks. TRUNCATE stays refused.
// - auth_session.checked_photo_enc: the ID photo a session's OCR call checked and stored, so that subscribing with the
//   same photo does not decode it again (security/checked-photo.ts).
const APPEND_ONLY = ['access_log', 'operator_action'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists access_log_at on access_log (at)`.execute(db);
  await sql`create index if not exists sms_verification_created on sms_verification (created_at)`.execute(db);
  await sql`create index if not exists auth_session_expires on auth_session (expires_at)`.execute(db);
  await sql`create index if not exists link_token_expires on link_token (expires_at)`.execute(db);
  await sql`alter table auth_session add column checked_photo_enc text`.execute(db);
  for (const table of APPEND_ONLY) {
    await sql`
      create or replace function ${sql.raw(`${table}_append_only`)}() returns trigger language plpgsql as $$
      begin
        if tg_op = 'DELETE' then
          if old.at < now() - interval '2 years' then
            return old;
          end if;
        end if;
        raise exception '${sql.raw(table)} is append-only';
      end $$`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table auth_session drop column checked_photo_enc`.execute(db);
  for (const table of APPEND_ONLY) {
    await sql`
      create or replace function ${sql.raw(`${table}_append_only`)}() returns trigger language plpgsql as $$
      begin
        raise exception '${sql.raw(table)} is append-only';
      end $$`.execute(db);
  }
  for (const index of ['access_log_at', 'sms_verification_created', 'auth_session_expires', 'link_token_expires']) {
    await sql`drop index if exists ${sql.raw(index)}`.execute(db);
  }
}
