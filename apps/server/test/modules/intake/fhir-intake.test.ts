// The FHIR intake (fhir/ig/README.md, "Answers") through app.inject(): every example of the guide posted under its
// hospital's key becomes a treatment record the engine claims, whose 세부산정내역 lines the console's claim detail
// shows; a refused bundle answers an OperationOutcome naming the element and keeps nothing but a refusal of codes and
// paths; a resend is idempotent; a corrected receipt replaces the visit's amounts and lines; a cancelled one withdraws
// the claims not yet sent; another hospital's key, garbage and an oversized body are 4xx.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  FHIR_BUNDLE_LIMIT_BYTES,
  FHIR_JSON,
  HOSPITAL_API,
  HOSPITAL_KEY_HEADER,
  NOT_CLAIMED_REASON_NM,
  OPERATOR_API,
  RECORD_NOT_CLAIMED,
  type OperationOutcome,
} from '@auto-claim/contract';
import type { OpsClaimDetail } from '@auto-claim/contract/ops';
import { own } from '../../../src/db/handle.js';
import type { Database } from '../../../src/db/schema.js';
import { createSubscriber, treatmentRecord, feedSource } from '../../../fixtures/factories.js';
import { matchBatch } from '../../../src/modules/claims/match.js';
import { build, signInOperator, testClock, type TestApp } from '../../helper.js';

const ig = path.resolve(import.meta.dirname, '../../../../../fhir/ig/examples');
const example = (name: string) => JSON.parse(readFileSync(path.join(ig, `${name}.json`), 'utf8'));
const HOSPITALS = ['11100001', '11200002', '11300003', '11400004'];
const keyOf = (hospitalCd: string) => `test-fhir-key-${hospitalCd}-0123456789abcdef`;

// Noon in Seoul on 10 November 2026: after every example's visit.
const clock = testClock(new Date('2026-11-10T03:00:00Z'));
let t: TestApp;
let op: { headers: Record<string, string> };
let db: ReturnType<typeof own<Database>>;

const post = (body: unknown, hospitalCd: string, type = FHIR_JSON) =>
  t.app.inject({
    method: 'POST',
    url: HOSPITAL_API.fhirBundle,
    headers: { [HOSPITAL_KEY_HEADER]: keyOf(hospitalCd), 'content-type': type },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
const outcome = (res: { body: string }) => JSON.parse(res.body) as OperationOutcome;
const claimsOfReceipt = async (hospitalCd: string, receiptNo: string) =>
  db
    .selectFrom('claim as c')
    .innerJoin('treatmentRecord as r', 'r.id', 'c.recordId')
    .select(['c.id', 'c.status', 'c.amount', 'r.totalPaid', 'r.outcome'])
    .where('r.hospitalCd', '=', hospitalCd)
    .where('r.receiptNo', '=', receiptNo)
    .orderBy('c.id')
    .execute();
const detail = async (claimId: number) => {
  const res = await t.app.inject({ url: OPERATOR_API.claim(claimId), headers: op.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as OpsClaimDetail;
};
const counts = async () => {
  const n = (table: 'fhir_bundle' | 'visit_line' | 'treatment_record' | 'fhir_refusal') =>
    sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(db).then((r) => Number(r.rows[0]!.n));
  return {
    bundles: await n('fhir_bundle'),
    lines: await n('visit_line'),
    records: await n('treatment_record'),
    refusals: await n('fhir_refusal'),
  };
};

beforeAll(async () => {
  // Bundles checked in a worker thread, as in production (FHIR_CHECK_WORKERS); the other intake tests check them on
  // the event loop.
  t = await build({ clock, config: { fhirCheckWorkers: 1 } });
  db = own<Database>(t.db.db);
  for (const [i, hospitalCd] of HOSPITALS.entries()) {
    await feedSource(t.app.ctx, {
      hospitalCd,
      hospitalNm: `예시병원${i + 1}`,
      sortOrder: 100 + i,
      key: keyOf(hospitalCd),
    });
  }
  // The examples' three patients, subscribed at every example hospital, matched by the RRN the bundles carry.
  for (const [userNm, birthDate, idno2] of [
    ['김하늘', '19580314', '2000000'],
    ['이솔', '20230501', '3000000'],
    ['박바다', '19491224', '1000000'],
  ] as const)
    await createSubscriber(t.app.ctx, { userNm, birthDate, idno2, hospitals: HOSPITALS, insurers: ['SAMSUNGFIRE'] });
  op = await signInOperator(t, 'operator');
}, 120_000);
afterAll(() => t?.close());

describe('every example of the guide, through the endpoint', () => {
  const originals = readdirSync(ig)
    .map((f) => f.replace(/\.json$/, ''))
    .filter((n) => n !== 'corrected' && n !== 'cancelled')
    .sort();

  it.each(originals)('%s becomes a claim whose lines the operator sees', async (name) => {
    const bundle = example(name);
    const hospitalCd = bundle.identifier.system.split('/').at(-1);
    const res = await post(bundle, hospitalCd);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['content-type']).toContain(FHIR_JSON);
    expect(outcome(res)).toMatchObject({ resourceType: 'OperationOutcome', issue: [{ severity: 'information' }] });
    await t.app.claimEngine.drain();
    const invoice = bundle.entry.find((e: any) => e.resource.resourceType === 'Invoice').resource;
    if (name === 'pharmacy') {
      // It dispensed clinic-outpatient's 처방전, which arrived the same day: that visit's claim carries it (README
      // "Claim engine", "A pharmacy follows its clinic").
      const clinic = example('clinic-outpatient');
      const host = await db
        .selectFrom('treatmentRecord')
        .select('id')
        .where('receiptNo', '=', clinic.identifier.value)
        .executeTakeFirstOrThrow();
      const joined = await db
        .selectFrom('treatmentRecord')
        .select(['joinedRecordId', 'outcome'])
        .where('hospitalCd', '=', hospitalCd)
        .where('receiptNo', '=', bundle.identifier.value)
        .executeTakeFirstOrThrow();
      expect(joined).toEqual({ joinedRecordId: host.id, outcome: 'claimed' });
      const [carried] = await claimsOfReceipt(clinic.identifier.system.split('/').at(-1), clinic.identifier.value);
      const clinicPaid = clinic.entry.find((e: any) => e.resource.resourceType === 'Invoice').resource.totalNet.value;
      expect(carried!.amount).toBe(clinicPaid + invoice.totalNet.value);
      // The operator sees its lines on the claim that carries it.
      const seen = await detail(Number(carried!.id));
      expect(seen.joined).toMatchObject([{ hospitalCd, receiptNo: bundle.identifier.value }]);
      const charges = bundle.entry.filter((e: any) => e.resource.resourceType === 'ChargeItem');
      expect(seen.joined![0]!.lines).toHaveLength(charges.length);
      return;
    }
    const [claim] = await claimsOfReceipt(hospitalCd, bundle.identifier.value);
    expect(claim, `${name}: claimed`).toBeDefined();
    expect(claim!.amount).toBe(invoice.totalNet.value);
    const seen = await detail(Number(claim!.id));
    const charges = bundle.entry.filter((e: any) => e.resource.resourceType === 'ChargeItem');
    expect(seen.lines).toHaveLength(charges.length);
    const first = invoice.lineItem[0];
    const firstCharge = charges.find((e: any) => e.fullUrl === first.chargeItemReference.reference).resource;
    expect(seen.lines[0]).toMatchObject({
      code: firstCharge.code.coding[0].code,
      name: firstCharge.code.coding[0].display,
      unitPrice: firstCharge.priceOverride.value,
      total: first.priceComponent.find((p: any) => p.type === 'base').amount.value,
    });
    expect(seen.lines.reduce((s, l) => s + l.copay + l.fullCopay + l.uncovered, 0)).toBe(invoice.totalNet.value);
  });

  it('a resend of the same bundle answers 200 and keeps nothing new', async () => {
    const before = await counts();
    const res = await post(example('clinic-outpatient'), '11100001', 'application/json');
    expect(res.statusCode, res.body).toBe(200);
    expect(outcome(res).issue[0]).toMatchObject({
      severity: 'information',
      details: { text: expect.stringContaining('이미 받은') },
    });
    expect(await counts()).toEqual(before);
  });

  it('the same receipt number with other contents is refused 409 and changes nothing', async () => {
    const bundle = example('clinic-outpatient');
    bundle.entry.find((e: any) => e.resource.resourceType === 'Encounter').resource.period.start =
      '2026-11-01T08:00:00+09:00';
    const before = await counts();
    const res = await post(bundle, '11100001');
    expect(res.statusCode, res.body).toBe(409);
    expect(outcome(res).issue[0]).toMatchObject({ severity: 'error', code: 'conflict' });
    expect(await counts()).toEqual({ ...before, refusals: before.refusals + 1 });
  });

  it('a corrected receipt replaces the visit’s amounts and lines, and says the insurer of the claim already sent is told', async () => {
    const [claim] = await claimsOfReceipt('11100001', 'R-20261102-0001');
    expect(claim!.status).toBe('sent');
    const corrected = example('corrected');
    const res = await post(corrected, '11100001');
    expect(res.statusCode, res.body).toBe(201);
    expect(outcome(res).issue[0]!.details!.text).toContain('보험사에 정정을 알려요');
    const invoice = corrected.entry.find((e: any) => e.resource.resourceType === 'Invoice').resource;
    const [after] = await claimsOfReceipt('11100001', 'R-20261102-0001');
    expect(after!.totalPaid).toBe(invoice.totalNet.value);
    const seen = await detail(Number(after!.id));
    expect(seen.lines).toHaveLength(
      corrected.entry.filter((e: any) => e.resource.resourceType === 'ChargeItem').length,
    );
    expect(seen.revisions).toEqual([
      expect.objectContaining({ kind: 'corrected', receiptNo: 'R-20261102-0001-C1', sentClaims: 1 }),
    ]);
    // Sent again, it is a resend.
    expect((await post(corrected, '11100001')).statusCode).toBe(200);
  });

  /** The hospital's outpatient visit under another receipt number, then (after `between`) its cancellation. */
  async function visitThenCancelled(receiptNo: string, between: () => Promise<unknown>) {
    const original = example('hospital-outpatient');
    original.identifier.value = receiptNo;
    expect((await post(original, '11200002')).statusCode).toBe(201);
    await between();
    const cancelled = example('cancelled');
    cancelled.identifier.value = `${receiptNo}X`;
    cancelled.entry[0].resource.relatesTo[0].targetIdentifier.value = receiptNo;
    return post(cancelled, '11200002');
  }

  it('a cancelled receipt withdraws a claim not yet sent', async () => {
    // Matched but not yet delivered when the cancellation comes.
    const res = await visitThenCancelled('O-2026-558812-B', async () => {
      await matchBatch(t.app.ctx, undefined);
      const [unsent] = await claimsOfReceipt('11200002', 'O-2026-558812-B');
      expect(unsent!.status).toBe('received');
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(outcome(res).issue[0]!.details!.text).toContain('보내지 않은 청구 1건을 거뒀어요');
    await t.app.claimEngine.drain();
    const [after] = await claimsOfReceipt('11200002', 'O-2026-558812-B');
    expect(after!.status).toBe('withdrawn');
    const seen = await detail(Number(after!.id));
    expect(seen.delivery).toBeNull();
    expect(seen.revisions).toEqual([expect.objectContaining({ kind: 'cancelled', sentClaims: 0 })]);
  });

  it('a receipt cancelled before the engine decided its visit: hers, never claimed, with the reason she reads', async () => {
    const res = await visitThenCancelled('O-2026-558812-D', async () => undefined);
    expect(res.statusCode, res.body).toBe(201);
    expect(outcome(res).issue[0]!.details!.text).toContain('보내지 않은 청구 0건을 거뒀어요');
    await t.app.claimEngine.drain();
    const record = await db
      .selectFrom('treatmentRecord')
      .select(['id', 'outcome', 'insuApplyId', 'purgeAt'])
      .where('hospitalCd', '=', '11200002')
      .where('receiptNo', '=', 'O-2026-558812-D')
      .executeTakeFirstOrThrow();
    // Matched to her like any visit (on her history, not set aside unseen), and never claimed.
    expect(record).toMatchObject({ outcome: 'receipt_cancelled', insuApplyId: expect.any(String), purgeAt: null });
    expect(RECORD_NOT_CLAIMED[record.outcome]).toBe('RECEIPT_CANCELLED');
    expect(NOT_CLAIMED_REASON_NM.RECEIPT_CANCELLED).toBe('병원에서 영수증을 취소해서 청구하지 않았어요.');
    expect(await claimsOfReceipt('11200002', 'O-2026-558812-D')).toEqual([]);
  });

  it('the guide’s own cancelled example, of a claim already sent, says its insurer is told', async () => {
    const res = await post(example('cancelled'), '11200002');
    expect(res.statusCode, res.body).toBe(201);
    expect(outcome(res).issue[0]!.details!.text).toContain('보험사에 취소를 알려요');
    const [claim] = await claimsOfReceipt('11200002', 'O-2026-558812');
    expect(claim!.status).toBe('sent');
    expect((await detail(Number(claim!.id))).revisions).toEqual([
      expect.objectContaining({ kind: 'cancelled', sentClaims: 1 }),
    ]);
  });
});

describe('refusals', () => {
  it('a wrong line total answers 422 naming the Invoice line, in Korean and English, and keeps only the refusal', async () => {
    const bundle = example('dental');
    bundle.identifier.value = 'D-1105-99';
    const i = bundle.entry.findIndex((e: any) => e.resource.resourceType === 'Invoice');
    bundle.entry[i].resource.lineItem[1].priceComponent[0].amount.value += 10;
    const before = await counts();
    const res = await post(bundle, '11400004');
    expect(res.statusCode, res.body).toBe(422);
    expect(res.headers['content-type']).toContain(FHIR_JSON);
    const issues = outcome(res).issue;
    expect(issues).toContainEqual(
      expect.objectContaining({
        severity: 'error',
        code: 'invariant',
        expression: [`Bundle.entry[${i}].resource.lineItem[1].priceComponent[0].amount.value`],
        details: { text: expect.stringMatching(/총액/) },
        diagnostics: expect.stringMatching(/Total/),
      }),
    );
    const after = await counts();
    expect(after).toEqual({ ...before, refusals: before.refusals + 1 });
    const [kept] = await db.selectFrom('fhirRefusal').selectAll().orderBy('id', 'desc').limit(1).execute();
    expect(kept).toMatchObject({ hospitalCd: '11400004', status: 422, receiptNo: 'D-1105-99' });
    // Codes and paths only: no name, no birth date, no number of the patient.
    expect(JSON.stringify(kept!.issues)).not.toMatch(/김하늘|1958|5803142/);
  });

  it('a FHIR R4 type error answers 400 naming the element', async () => {
    const bundle = example('child');
    const i = bundle.entry.findIndex((e: any) => e.resource.resourceType === 'Invoice');
    bundle.entry[i].resource.totalGross.value = '21290';
    const res = await post(bundle, '11100001');
    expect(res.statusCode, res.body).toBe(400);
    expect(outcome(res).issue.map((x) => x.expression?.[0])).toContain(`Bundle.entry[${i}].resource.totalGross.value`);
  });

  it('another hospital’s key is refused 403, and no key 401', async () => {
    const res = await post(example('pharmacy'), '11100001');
    expect(res.statusCode, res.body).toBe(403);
    expect(outcome(res).issue[0]).toMatchObject({ code: 'forbidden' });
    const none = await t.app.inject({ method: 'POST', url: HOSPITAL_API.fhirBundle, payload: example('pharmacy') });
    expect(none.statusCode).toBe(401);
  });

  it.each([
    ['garbage', 'not json at all {'],
    ['an array', '[1, 2, 3]'],
    ['another resource', JSON.stringify({ resourceType: 'Patient' })],
    ['wrong types everywhere', JSON.stringify({ resourceType: 'Bundle', type: 7, entry: 'x', identifier: [] })],
    ['entries of nothing', JSON.stringify({ resourceType: 'Bundle', type: 'document', entry: [null, 5, {}] })],
    ['an empty body', ''],
  ])('%s is a 4xx, never a 5xx', async (_what, body) => {
    const res = await post(body, '11100001');
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, res.body).toBeLessThan(500);
  });

  it('a body past the limit is refused 413', async () => {
    const huge = `{"resourceType":"Bundle","pad":"${'x'.repeat(FHIR_BUNDLE_LIMIT_BYTES)}"}`;
    const res = await post(huge, '11100001');
    expect(res.statusCode).toBe(413);
  });

  it('text/plain is refused 415', async () => {
    const res = await post(example('pharmacy'), '11300003', 'text/plain');
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});

describe('the capability statement', () => {
  it('names FHIR 4.0.1, the Bundle create interaction and the guide’s profile', async () => {
    const res = await t.app.inject({ url: HOSPITAL_API.fhirMetadata });
    expect(res.statusCode).toBe(200);
    const cs = res.json();
    expect(cs).toMatchObject({ resourceType: 'CapabilityStatement', fhirVersion: '4.0.1' });
    expect(cs.rest[0].resource[0]).toMatchObject({
      type: 'Bundle',
      interaction: [{ code: 'create' }],
      supportedProfile: ['http://auto-claim.kr/fhir/kr-silson-claim/StructureDefinition/silson-bundle'],
    });
  });
});

describe('the JSON feed’s lines', () => {
  it('are kept through the intake and shown on the claim', async () => {
    const kim = await createSubscriber(t.app.ctx, { userNm: '최라인', birthDate: '19800101', hospitals: ['11100001'] });
    const line = {
      codeSystem: 'procedure',
      code: 'AA154',
      name: '초진진찰료-의원',
      date: '20261105',
      unitPrice: 18410,
      count: 1,
      days: 1,
      total: 18410,
      copay: 5523,
      insurer: 12887,
      fullCopay: 0,
      uncovered: 0,
      category: 'consult',
    };
    const record = {
      ...treatmentRecord(kim, { visitDate: '20261105', coveredCopay: 5523, uncovered: 0 }),
      lines: [line],
    };
    const res = await t.app.inject({
      method: 'POST',
      url: HOSPITAL_API.treatments,
      headers: { [HOSPITAL_KEY_HEADER]: keyOf('11100001') },
      payload: { records: [record] },
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.claimEngine.drain();
    const [claim] = await claimsOfReceipt('11100001', record.receiptNo);
    expect((await detail(Number(claim!.id))).lines).toEqual([line]);
    const bad = await t.app.inject({
      method: 'POST',
      url: HOSPITAL_API.treatments,
      headers: { [HOSPITAL_KEY_HEADER]: keyOf('11100001') },
      payload: { records: [{ ...record, receiptNo: 'LINE-BAD', lines: [{ ...line, total: 1 }] }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('records.0.lines.0.total');
  });
});

describe('lines at rest', () => {
  it('cost at most 200 bytes each', async () => {
    const r = await sql<{ n: string; bytes: string; total: string }>`
      select count(*) as n, sum(pg_column_size(l.*)) as bytes, pg_total_relation_size('visit_line') as total
      from visit_line l`.execute(db);
    const { n, bytes, total } = r.rows[0]!;
    const perRow = Number(bytes) / Number(n);
    console.info(`visit_line: ${n} lines, ${perRow.toFixed(1)} bytes a row, ${total} bytes with indexes and pages`);
    expect(perRow).toBeLessThanOrEqual(200);
  });
});
