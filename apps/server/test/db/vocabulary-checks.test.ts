// The database's enumerated columns hold the contract's vocabulary (docs/decisions/0009-one-vocabulary.md): each
// CHECK constraint of the form `column IN (…)` is read back from the catalog (pg_constraint) of the migrated database
// and its values compared with the contract's list. A code added to the contract without a migration (or a migration
// without the contract) fails here; so does a new enumerated column the list below does not name.
// On PGlite by default; on the PostgreSQL of DATABASE_URL when it is set.
import { sql } from 'kysely';
import * as contract from '@auto-claim/contract';
import { ACCOUNT_CHANGE_STATUS, HOSPITAL_ALERT_KINDS } from '@auto-claim/contract/ops';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../helper.js';

/** Each enumerated column (table.column) and the contract's list of its codes. */
const VOCABULARY_OF: Record<string, readonly (string | number)[]> = {
  'claim.status': contract.CLAIM_STATUSES,
  'claim.origin': contract.CLAIM_ORIGINS,
  'insurer_answer.answer': contract.INSURER_ANSWERS,
  'claim_delivery.channel': contract.DELIVERY_CHANNELS,
  'claim_delivery.status': contract.DELIVERY_STATES,
  'claim_delivery_attempt.outcome': contract.DELIVERY_ATTEMPT_OUTCOMES,
  'claim_document.kind': contract.CLAIM_DOCUMENT_KINDS,
  'answer_notice.channel': contract.NOTICE_CHANNELS,
  'monthly_statement.channel': contract.NOTICE_CHANNELS,
  'treatment_record.outcome': contract.RECORD_OUTCOMES,
  'treatment_record.visit_type': contract.STORED_VISIT_TYPES,
  'subscription.status': contract.SUBSCRIPTION_STATUSES,
  'subscription.prc_mode': contract.PRC_MODES,
  'subscription.idcard_type': contract.IDCARD_TYPES,
  'subscription.sign_method': contract.SIGN_METHODS,
  'subscription.guardian_rel': contract.GUARDIAN_RELS,
  'subscription.helper_rel': contract.HELPER_RELS,
  'subscription.relation_status': contract.RELATION_STATUSES,
  'subscription.end_reason': contract.SUBSCRIPTION_END_REASONS,
  'id_card_submission.idcard_type': contract.IDCARD_TYPES,
  'relation_document.doc_type': contract.RELATION_DOC_TYPES,
  'relation_document.status': contract.RELATION_DOCUMENT_STATUSES,
  'relation_document.content_type': contract.RELATION_DOCUMENT_CONTENT_TYPES,
  'insured_dispute.status': contract.DISPUTE_STATUSES,
  'insured_dispute.kept': contract.DISPUTE_KEPT,
  'insurer.insu_kind': contract.INSURER_KINDS,
  'insurer.delivery_channel': contract.DELIVERY_CHANNELS,
  'insurer_destination_change.delivery_channel': contract.DELIVERY_CHANNELS,
  'insurer_destination_change.decision': contract.DESTINATION_DECISIONS,
  'auth_session.kind': contract.SESSION_KINDS,
  'auth_session.operator_stage': contract.OPERATOR_STAGES,
  'operator.role': contract.OPERATOR_ROLES,
  'operator_account_change.role': contract.OPERATOR_ROLES,
  'operator_account_change.kind': contract.ACCOUNT_CHANGE_ROW_KINDS,
  'operator_account_change.status': ACCOUNT_CHANGE_STATUS,
  'fhir_bundle.kind': contract.BUNDLE_KINDS,
  'visit_revision.kind': contract.VISIT_REVISION_KINDS,
  // Her policy's rules (migration 0062, docs/payout-rules.md).
  'subscription_insurer.policy_generation': contract.POLICY_GENERATIONS,
  'subscription_insurer.policy_generation_by': contract.POLICY_GENERATION_SOURCES,
  'payout_estimate.policy_generation': contract.POLICY_GENERATIONS,
  'payout_estimate.care_setting': contract.CARE_SETTINGS,
  // The rollups' +1/−1 lines (migration 0031): a sign, not a vocabulary.
  'claim_day_delta.n': [-1, 1],
  'claim_delivery_day_delta.n': [-1, 1],
  // A hospital's day rollup (migration 0061): its three kinds of count, and its feed alerts.
  'hospital_day_count.kind': ['record', 'answer', 'lag'],
  'hospital_alert.kind': HOSPITAL_ALERT_KINDS,
  'document_request.state': contract.DOCUMENT_REQUEST_STATES,
  'claim_notice.kind': contract.VISIT_REVISION_KINDS,
  'claim_notice.state': contract.CLAIM_NOTICE_STATES,
  'document_request.document_kind': contract.HOSPITAL_DOCUMENTS,
};

/**
 * The values a CHECK allows, when it is `column IN (…)` alone as PostgreSQL prints it back:
 * `CHECK ((status = ANY (ARRAY['pending'::text, 'sent'::text])))`. Null for any other check.
 */
function allowedValues(definition: string): { column: string; values: (string | number)[] } | null {
  const m = /^CHECK \(\((\w+) = ANY \(ARRAY\[(.*)\]\)\)\)$/.exec(definition);
  if (!m) return null;
  const values = m[2]!.split(/,\s*/).map((v) => {
    const text = /^'((?:[^']|'')*)'::text$/.exec(v);
    if (text) return text[1]!.replace(/''/g, "'");
    const n = /^'?(-?\d+)'?(?:::integer)?$/.exec(v);
    if (n) return Number(n[1]);
    throw new Error(`a value this test cannot read: ${v} in ${definition}`);
  });
  return { column: m[1]!, values };
}

describe('the enumerated columns’ CHECK constraints', () => {
  let opened: Awaited<ReturnType<typeof openTestDb>>;
  let checks: Map<string, (string | number)[]>;

  beforeAll(async () => {
    opened = await openTestDb();
    const rows = await sql<{ tbl: string; def: string }>`
      select c.relname as tbl, pg_get_constraintdef(k.oid) as def
        from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
       where k.contype = 'c' and n.nspname = current_schema()`.execute(opened.db.db);
    checks = new Map();
    for (const r of rows.rows) {
      const allowed = allowedValues(r.def);
      if (allowed) checks.set(`${r.tbl}.${allowed.column}`, allowed.values);
    }
  });
  afterAll(() => opened?.close());

  it('reads the constraints it compares (a catalog query that found none would compare nothing)', () => {
    expect(checks.get('claim.status')).toContain('documents_requested');
    expect(checks.size).toBeGreaterThanOrEqual(Object.keys(VOCABULARY_OF).length);
  });

  it('allow exactly the contract’s codes, column by column', () => {
    const differ = Object.entries(VOCABULARY_OF).flatMap(([column, codes]) => {
      const allowed = checks.get(column);
      if (!allowed) return [`${column}: no CHECK (column IN …) in the database`];
      const extra = allowed.filter((v) => !codes.includes(v));
      const missing = codes.filter((v) => !allowed.includes(v));
      return extra.length + missing.length === 0
        ? []
        : [`${column}: the database also allows [${extra.join(', ')}], the contract also has [${missing.join(', ')}]`];
    });
    expect(differ).toEqual([]);
  });

  it('are each named here: a new enumerated column takes its codes from the contract', () => {
    expect([...checks.keys()].filter((column) => !Object.hasOwn(VOCABULARY_OF, column))).toEqual([]);
  });

  it('are read value by value, quotes and signs included', () => {
    expect(allowedValues("CHECK ((kind = ANY (ARRAY['a'::text, 'it''s'::text])))")).toEqual({
      column: 'kind',
      values: ['a', "it's"],
    });
    expect(allowedValues("CHECK ((n = ANY (ARRAY['-1'::integer, 1])))")).toEqual({ column: 'n', values: [-1, 1] });
    expect(allowedValues("CHECK ((day ~ '^[0-9]{8}$'::text))")).toBeNull();
  });
});
