// Versioned migrations, applied at start (and by tests). Same SQL on PGlite and PostgreSQL.
import { Migrator, type Kysely, type Migration } from 'kysely';
import * as m0001 from './migrations/0001_reference_tables.js';
import * as m0002 from './migrations/0002_reference_seed.js';
import * as m0003 from './migrations/0003_auth.js';
import * as m0004 from './migrations/0004_subscriptions.js';
import * as m0005 from './migrations/0005_claims.js';
import * as m0006 from './migrations/0006_treats.js';
import * as m0007 from './migrations/0007_identity_vendor.js';
import * as m0008 from './migrations/0008_insurer_answers.js';
import * as m0009 from './migrations/0009_field_keys.js';
import * as m0010 from './migrations/0010_session_scope.js';
import * as m0011 from './migrations/0011_record_identity.js';
import * as m0012 from './migrations/0012_perimeter.js';
import * as m0013 from './migrations/0013_sms_person.js';
import * as m0014 from './migrations/0014_operator_roles.js';
import * as m0015 from './migrations/0015_operator_second_factor.js';
import * as m0016 from './migrations/0016_ops_hospitals_insurers.js';
import * as m0017 from './migrations/0017_funnel_terms.js';
import * as m0018 from './migrations/0018_claim_delivery_attempts.js';
import * as m0019 from './migrations/0019_subscription_documents_pending.js';
import * as m0020 from './migrations/0020_reference_notify.js';
import * as m0021 from './migrations/0021_link_device.js';
import * as m0022 from './migrations/0022_signature_method.js';
import * as m0023 from './migrations/0023_insurer_destination_change.js';
import * as m0025 from './migrations/0025_sms_sources_operator_addresses.js';
import * as m0026 from './migrations/0026_ops_bounds.js';
import * as m0028 from './migrations/0028_drop_subscription_rrn.js';
import * as m0029 from './migrations/0029_rate_limit.js';
import * as m0030 from './migrations/0030_subscription_blobs.js';
import * as m0031 from './migrations/0031_keyset_rollups.js';
import * as m0032 from './migrations/0032_claim_treat_blobs.js';
import * as m0033 from './migrations/0033_retention.js';
import * as m0034 from './migrations/0034_claim_apply_index.js';
import * as m0035 from './migrations/0035_growing_calls.js';
import * as m0037 from './migrations/0037_answer_notice.js';
import * as m0038 from './migrations/0038_enrolment_walk.js';
import * as m0039 from './migrations/0039_person_lookup.js';
import * as m0040 from './migrations/0040_claim_notes_held_decisions.js';
import * as m0042 from './migrations/0042_terms_guard.js';
import * as m0043 from './migrations/0043_children.js';
import * as m0044 from './migrations/0044_dashboard_rollups.js';
import * as m0045 from './migrations/0045_claim_filter_indexes.js';
import * as m0046 from './migrations/0046_subscription_rrn_unhashed.js';
import * as m0047 from './migrations/0047_hospital_enrolment_days.js';
import * as m0048 from './migrations/0048_held_record_indexes.js';
import * as m0049 from './migrations/0049_operator_account_change.js';
import * as m0050 from './migrations/0050_relation_upload_days.js';
import * as m0052 from './migrations/0052_record_notice.js';
import * as m0053 from './migrations/0053_record_release_index.js';
import * as m0054 from './migrations/0054_enrolment_draft.js';
import * as m0056 from './migrations/0056_subscriber_claims_index.js';
import * as m0057 from './migrations/0057_issued_passwords_photo_days.js';
import * as m0058 from './migrations/0058_guardian_lookup.js';
import * as m0059 from './migrations/0059_intake.js';
import * as m0060 from './migrations/0060_pharmacy_follows.js';
import * as m0061 from './migrations/0061_hospital_users.js';
import * as m0062 from './migrations/0062_payout.js';
import * as m0063 from './migrations/0063_her_rules_statements.js';
import * as m0064 from './migrations/0064_document_requests.js';
import * as m0067 from './migrations/0067_claim_notices.js';
import * as m0068 from './migrations/0068_history_pages.js';
import * as m0069 from './migrations/0069_hospital_signing_key.js';
import * as m0070 from './migrations/0070_subscription_lang.js';
import * as m0071 from './migrations/0071_foreign_id_cards.js';
import * as m0073 from './migrations/0073_document_request_retention.js';
import * as m0074 from './migrations/0074_receipt_cancelled.js';
import * as m0075 from './migrations/0075_enrolment_helper.js';
import * as m0076 from './migrations/0076_desk_handoff_retention.js';

/** Add new migrations here, in order; never edit one that has shipped. */
export const migrations: Record<string, Migration> = {
  '0001_reference_tables': m0001,
  '0002_reference_seed': m0002,
  '0003_auth': m0003,
  '0004_subscriptions': m0004,
  '0005_claims': m0005,
  '0006_treats': m0006,
  '0007_identity_vendor': m0007,
  '0008_insurer_answers': m0008,
  '0009_field_keys': m0009,
  '0010_session_scope': m0010,
  '0011_record_identity': m0011,
  '0012_perimeter': m0012,
  '0013_sms_person': m0013,
  '0014_operator_roles': m0014,
  '0015_operator_second_factor': m0015,
  '0016_ops_hospitals_insurers': m0016,
  '0017_funnel_terms': m0017,
  '0018_claim_delivery_attempts': m0018,
  '0019_subscription_documents_pending': m0019,
  '0020_reference_notify': m0020,
  '0021_link_device': m0021,
  '0022_signature_method': m0022,
  '0023_insurer_destination_change': m0023,
  '0025_sms_sources_operator_addresses': m0025,
  '0026_ops_bounds': m0026,
  '0028_drop_subscription_rrn': m0028,
  '0029_rate_limit': m0029,
  '0030_subscription_blobs': m0030,
  '0031_keyset_rollups': m0031,
  '0032_claim_treat_blobs': m0032,
  '0033_retention': m0033,
  '0034_claim_apply_index': m0034,
  '0035_growing_calls': m0035,
  '0037_answer_notice': m0037,
  '0038_enrolment_walk': m0038,
  '0039_person_lookup': m0039,
  '0040_claim_notes_held_decisions': m0040,
  '0042_terms_guard': m0042,
  '0043_children': m0043,
  '0044_dashboard_rollups': m0044,
  '0045_claim_filter_indexes': m0045,
  '0046_subscription_rrn_unhashed': m0046,
  '0047_hospital_enrolment_days': m0047,
  '0048_held_record_indexes': m0048,
  '0049_operator_account_change': m0049,
  '0050_relation_upload_days': m0050,
  '0052_record_notice': m0052,
  '0053_record_release_index': m0053,
  '0054_enrolment_draft': m0054,
  '0056_subscriber_claims_index': m0056,
  '0057_issued_passwords_photo_days': m0057,
  '0058_guardian_lookup': m0058,
  '0059_intake': m0059,
  '0060_pharmacy_follows': m0060,
  '0061_hospital_users': m0061,
  '0062_payout': m0062,
  '0063_her_rules_statements': m0063,
  '0064_document_requests': m0064,
  '0067_claim_notices': m0067,
  '0068_history_pages': m0068,
  '0069_hospital_signing_key': m0069,
  '0070_subscription_lang': m0070,
  '0071_foreign_id_cards': m0071,
  '0073_document_request_retention': m0073,
  '0074_receipt_cancelled': m0074,
  '0075_enrolment_helper': m0075,
  '0076_desk_handoff_retention': m0076,
};

export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  // Numbers are given out per branch, so one may merge after a higher one has run (0038 after 0042): a database that
  // lacks it runs it then. No migration may depend on one numbered after it.
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}
