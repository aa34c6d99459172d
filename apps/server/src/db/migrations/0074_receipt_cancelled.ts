import { sql, type Kysely } from 'kysely';

// A receipt the hospital cancels before the engine decided its visit (claims/visits.ts, withdraw): the record keeps when
// (cancelled_at), is matched as any other, and ends as receipt_cancelled: hers, on her history with its reason
// ("병원에서 영수증을 취소해서 청구하지 않았어요."), never claimed. Before, it was set aside and never shown.
const OUTCOMES_BEFORE = `'pending', 'claimed', 'below_min', 'not_subscribed', 'hospital_not_subscribed', 'outside_contract',
  'too_old', 'rrn_unconfirmed', 'identity_mismatch', 'not_patients', 'set_aside', 'relation_unconfirmed', 'insured_adult',
  'awaiting_decision', 'patient_declined', 'decision_lapsed'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table treatment_record add column cancelled_at timestamptz`.execute(db);
  await sql`alter table treatment_record drop constraint if exists treatment_record_outcome_check`.execute(db);
  await sql
    .raw(
      `alter table treatment_record add constraint treatment_record_outcome_check check (outcome in
      (${OUTCOMES_BEFORE}, 'receipt_cancelled'))`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update treatment_record set outcome = 'set_aside' where outcome = 'receipt_cancelled'`.execute(db);
  await sql`alter table treatment_record drop constraint if exists treatment_record_outcome_check`.execute(db);
  await sql
    .raw(
      `alter table treatment_record add constraint treatment_record_outcome_check check (outcome in (${OUTCOMES_BEFORE}))`,
    )
    .execute(db);
  await sql`alter table treatment_record drop column cancelled_at`.execute(db);
}
