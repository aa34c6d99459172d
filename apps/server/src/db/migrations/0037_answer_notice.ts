import { sql, type Kysely } from 'kysely';
import { answerNoticeTerms } from '../seed/terms.js';

// Every insurer answer reaches the patient (README, "Patient messages"): one row per answer that changed her claim,
// written in the answer's own transaction, is the message's unique key. A job sends it (claims.notify, like the
// per-record message), and the row says it was sent, in the transaction that sends it: a retried job, a restart or the
// insurer's repeated callback finds it sent and sends nothing. due_at keeps quiet hours (08:00–21:00 KST): a night
// answer waits there, and the minute tick queues it (queued_at) once it is due.
// The optional 알림톡 consent's text says what happens without it (SMS/LMS only): a new version of SUBS_KAKAO_NOTI.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('answer_notice')
    .addColumn('insurer_answer_id', 'bigint', (c) => c.primaryKey().references('insurer_answer.id').onDelete('cascade'))
    .addColumn('claim_id', 'bigint', (c) => c.notNull())
    /** The answer's reason as the timeline shows it: a rejection's, or the papers asked for. */
    .addColumn('reason', 'text')
    .addColumn('due_at', 'timestamptz', (c) => c.notNull())
    .addColumn('queued_at', 'timestamptz')
    .addColumn('sent_at', 'timestamptz')
    /** kakao (알림톡, SMS/LMS when KakaoTalk cannot deliver), sms (no 알림톡 consent), none (no subscription left). */
    .addColumn('channel', 'text', (c) => c.check(sql`channel in ('kakao', 'sms', 'none')`))
    .execute();
  await sql`create index answer_notice_waiting on answer_notice (due_at) where queued_at is null`.execute(db);
  await sql`create index answer_notice_claim on answer_notice (claim_id)`.execute(db);
  const t = answerNoticeTerms;
  await sql`insert into terms (terms_id, version, terms_group, insu_comp_cd, title, required, effective_date, content,
      sort_order, active, published_at)
    select ${t.termsId}, ${t.version}, terms_group, insu_comp_cd, title, required, ${t.effectiveDate}, ${t.content},
      sort_order, true, now()
    from terms where terms_id = ${t.termsId} and version = '1.0'
    on conflict do nothing`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from terms where terms_id = ${answerNoticeTerms.termsId} and version = ${answerNoticeTerms.version}`.execute(
    db,
  );
  await db.schema.dropTable('answer_notice').execute();
}
