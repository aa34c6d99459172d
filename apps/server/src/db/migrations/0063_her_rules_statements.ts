import { sql, type Kysely } from 'kysely';

// Her rules for what is sent, and nothing silently unclaimed (README "Her rules for what is sent", "The monthly
// statement"):
// - subscription: ask_uncovered (her rule "비급여는 보내기 전에 물어봐 주세요": true, false, or null for her policy's
//   default) and batch_day (1–28: her month's claims go together that day).
// - treatment_record: three more outcomes (awaiting_decision: held for her tap; patient_declined; decision_lapsed: no
//   answer in 30 days), when she was asked and until when (the partial index finds the ones past it), when she said
//   "보내 주세요" (the matcher then claims it without asking again), and disowned_by: the subscription of a patient who
//   said a held record is not hers (it is unlinked from her, yet her statement still counts it as "not hers").
//   One subscription's visits of a month are walked on treatment_record_apply_visit (migration 0068).
// - monthly_statement (the statements module): one row per subscription and month, written in the transaction that
//   sends the month's message, so it goes at most once.
const OUTCOMES_BEFORE = `'pending', 'claimed', 'below_min', 'not_subscribed', 'hospital_not_subscribed', 'outside_contract',
  'too_old', 'rrn_unconfirmed', 'identity_mismatch', 'not_patients', 'set_aside', 'relation_unconfirmed', 'insured_adult'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table subscription add column ask_uncovered boolean,
    add column batch_day smallint constraint subscription_batch_day_check check (batch_day between 1 and 28)`.execute(
    db,
  );
  await sql`alter table treatment_record add column decision_asked_at timestamptz,
    add column decision_due_at timestamptz, add column uncovered_approved_at timestamptz,
    add column disowned_by text`.execute(db);
  await sql`alter table treatment_record drop constraint if exists treatment_record_outcome_check`.execute(db);
  await sql
    .raw(
      `alter table treatment_record add constraint treatment_record_outcome_check check (outcome in
      (${OUTCOMES_BEFORE}, 'awaiting_decision', 'patient_declined', 'decision_lapsed'))`,
    )
    .execute(db);
  await sql`create index treatment_record_decision_due on treatment_record (decision_due_at, id)
    where outcome = 'awaiting_decision'`.execute(db);
  // Her visits waiting for her "shall it be sent?", newest first (claims/held.ts, recordsToConfirm).
  await sql`create index treatment_record_awaiting_decision on treatment_record (insu_apply_id, visit_date desc, id desc)
    where outcome = 'awaiting_decision'`.execute(db);
  await sql`create index treatment_record_disowned on treatment_record (disowned_by, visit_date)
    where disowned_by is not null`.execute(db);
  await sql`create table monthly_statement (
    insu_apply_id text not null references subscription (insu_apply_id) on delete cascade,
    month text not null,
    sent_at timestamptz not null,
    channel text not null constraint monthly_statement_channel_check check (channel in ('kakao', 'sms', 'none')),
    primary key (insu_apply_id, month))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table monthly_statement`.execute(db);
  await sql`drop index treatment_record_disowned`.execute(db);
  await sql`drop index treatment_record_awaiting_decision`.execute(db);
  await sql`drop index treatment_record_decision_due`.execute(db);
  await sql`update treatment_record set outcome = 'pending', decided_at = null
    where outcome in ('awaiting_decision', 'patient_declined', 'decision_lapsed')`.execute(db);
  await sql`alter table treatment_record drop constraint if exists treatment_record_outcome_check`.execute(db);
  await sql
    .raw(
      `alter table treatment_record add constraint treatment_record_outcome_check check (outcome in (${OUTCOMES_BEFORE}))`,
    )
    .execute(db);
  await sql`alter table treatment_record drop column decision_asked_at, drop column decision_due_at,
    drop column uncovered_approved_at, drop column disowned_by`.execute(db);
  await sql`alter table subscription drop column ask_uncovered, drop column batch_day`.execute(db);
}
