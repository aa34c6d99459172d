import { sql, type Kysely } from 'kysely';

// Her policy's rules (docs/payout-rules.md):
// - subscription_insurer.policy_generation: each insurer contract's 실손 generation, as she said it at enrolment or on
//   내 자동청구, or as the insurer's answer named it when she did not know (policy_generation_by); null: not known.
// - payout_estimate (the payout module's): the expected amount of a claim and its reckoning, made from the claim's
//   visits and her generation's rules; remade while the claim waits if her generation changes, kept as it was once
//   the insurer answers (answered_at), so the answer is set beside the estimate she was shown.
// - payout_adjudication: the insurer's per-line adjudication of a paid or rejected claim (FHIR ClaimResponse.item),
//   optional for insurers; one row per claim, the latest answer's.
// Both go with their claim (on delete cascade: the claims module's retention purge, docs/operations.md §9).
const GENERATIONS = "('gen1', 'gen2', 'gen3', 'gen3_basic', 'gen4')";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `alter table subscription_insurer add column policy_generation text
        check (policy_generation in ${GENERATIONS})`,
    )
    .execute(db);
  await sql`alter table subscription_insurer add column policy_generation_by text
    check (policy_generation_by in ('patient', 'insurer'))`.execute(db);
  await sql`alter table subscription_insurer add constraint subscription_insurer_generation_by
    check ((policy_generation is null) = (policy_generation_by is null))`.execute(db);

  await sql
    .raw(
      `create table payout_estimate (
      claim_id bigint primary key references claim (id) on delete cascade,
      policy_generation text not null check (policy_generation in ${GENERATIONS}),
      care_setting text not null check (care_setting in ('clinic', 'hospital', 'general', 'pharmacy', 'inpatient')),
      amount integer not null check (amount >= 0),
      detail jsonb not null,
      made_at timestamptz not null,
      answered_at timestamptz)`,
    )
    .execute(db);
  await sql`create table payout_adjudication (
      claim_id bigint primary key references claim (id) on delete cascade,
      insu_comp_cd text not null,
      event_id text not null,
      items jsonb not null,
      received_at timestamptz not null)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table payout_adjudication`.execute(db);
  await sql`drop table payout_estimate`.execute(db);
  await sql`alter table subscription_insurer drop constraint subscription_insurer_generation_by`.execute(db);
  await sql`alter table subscription_insurer drop column policy_generation_by`.execute(db);
  await sql`alter table subscription_insurer drop column policy_generation`.execute(db);
}
