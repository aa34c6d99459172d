// A corrected or cancelled receipt of a claim already sent is told to the insurer (docs/providers/insurer-api.md, "A
// corrected or cancelled receipt"), through app.inject() with claims delivered to the insurer's double
// (fixtures/insurer-double.ts) by its API: the guide's clinic visit is claimed and sent; its corrected receipt reaches the
// double as a follow-up of the same claim carrying the corrected amounts and lines; a cancelled receipt of another claim
// already sent reaches it as a cancellation; a resent bundle tells nothing twice.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FHIR_JSON, HOSPITAL_API, HOSPITAL_KEY_HEADER, OPERATOR_API } from '@auto-claim/contract';
import type { OpsClaimDetail } from '@auto-claim/contract/ops';
import { own } from '../../../src/db/handle.js';
import type { Database } from '../../../src/db/schema.js';
import { createSubscriber, feedSource } from '../../../fixtures/factories.js';
import { startInsurerDouble, type InsurerDouble } from '../../../fixtures/insurer-double.js';
import { build, expectLog, signInOperator, testClock, type TestApp } from '../../helper.js';

const SECRET = 'samsungfire-shared-secret-0123456789abcdef';
const ig = path.resolve(import.meta.dirname, '../../../../../fhir/ig/examples');
const example = (name: string) => JSON.parse(readFileSync(path.join(ig, `${name}.json`), 'utf8'));
const keyOf = (hospitalCd: string) => `test-notice-key-${hospitalCd}-0123456789abcdef`;
const hospitalOf = (bundle: { identifier: { system: string } }) => bundle.identifier.system.split('/').at(-1)!;

const clock = testClock(new Date('2026-11-10T03:00:00Z'));
let t: TestApp;
let db: ReturnType<typeof own<Database>>;
let insurer: InsurerDouble;

beforeAll(async () => {
  insurer = await startInsurerDouble({ secret: SECRET });
  t = await build({
    clock,
    config: {
      fhirCheckWorkers: 1,
      delivery: {
        kind: 'insurers',
        timeoutMs: 5_000,
        egress: { allow: ['127.0.0.1'] },
        insurers: [{ insuCompCd: 'SAMSUNGFIRE', channel: 'api', url: insurer.url, secret: SECRET }],
      },
    },
  });
  db = own<Database>(t.db.db);
  const hospitals = [hospitalOf(example('clinic-outpatient')), hospitalOf(example('hospital-outpatient'))];
  for (const hospitalCd of hospitals) await feedSource(t.app.ctx, { hospitalCd, key: keyOf(hospitalCd) });
  for (const [userNm, birthDate, idno2] of [
    ['김하늘', '19580314', '2000000'],
    ['박바다', '19491224', '1000000'],
  ] as const)
    await createSubscriber(t.app.ctx, { userNm, birthDate, idno2, hospitals, insurers: ['SAMSUNGFIRE'] });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await insurer?.close();
});

const post = (bundle: { identifier: { system: string } }) =>
  t.app.inject({
    method: 'POST',
    url: HOSPITAL_API.fhirBundle,
    headers: { [HOSPITAL_KEY_HEADER]: keyOf(hospitalOf(bundle)), 'content-type': FHIR_JSON },
    payload: JSON.stringify(bundle),
  });
const claimOf = (receiptNo: string) =>
  db
    .selectFrom('claim as c')
    .innerJoin('treatmentRecord as r', 'r.id', 'c.recordId')
    .select(['c.id', 'c.status'])
    .where('r.receiptNo', '=', receiptNo)
    .executeTakeFirstOrThrow();
const noticesTo = (claimId: number) =>
  insurer.posted.filter((p) => p.body.claimId === claimId && p.key?.startsWith('claim-notice-'));

describe('a receipt changed after its claim was sent', () => {
  it('a corrected receipt reaches the insurer as a follow-up of the claim, with the corrected amounts and lines', async () => {
    const original = example('clinic-outpatient');
    expect((await post(original)).statusCode).toBe(201);
    // Its 처방전 holds the claim three days for the pharmacy's dispensing (README "A pharmacy follows its clinic").
    await t.app.claimEngine.drain();
    clock.advance(3 * 24 * 60 * 60_000 + 60_000);
    await t.app.claimEngine.drain();
    const claim = await claimOf(original.identifier.value);
    expect(claim.status).toBe('sent');
    expect(noticesTo(Number(claim.id))).toHaveLength(0);

    const corrected = example('corrected');
    const res = await post(corrected);
    expect(res.statusCode, res.body).toBe(201);
    await t.app.claimEngine.drain();
    const [notice, ...more] = noticesTo(Number(claim.id));
    expect(more).toHaveLength(0);
    expect(notice!.body).toMatchObject({ claimId: Number(claim.id), insuCompCd: 'SAMSUNGFIRE' });
    const [doc] = notice!.body.documents;
    expect(doc).toMatchObject({ kind: 'receipt_correction', contentType: 'application/json', encoding: 'utf8' });
    const said = JSON.parse(doc!.data);
    const invoice = corrected.entry.find((e: any) => e.resource.resourceType === 'Invoice').resource;
    expect(said).toMatchObject({
      form: '진료비 영수증 정정',
      claimId: Number(claim.id),
      receiptNo: corrected.identifier.value,
      replaces: original.identifier.value,
      receipt: { totalPaid: invoice.totalNet.value },
    });
    expect(said.receipt.lines).toHaveLength(
      corrected.entry.filter((e: any) => e.resource.resourceType === 'ChargeItem').length,
    );
    const row = await db
      .selectFrom('claimNotice')
      .selectAll()
      .where('claimId', '=', Number(claim.id))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: 'corrected', state: 'sent', attempts: 1, externalRef: expect.any(String) });
    // The operator's claim page says the insurer was told.
    const ops = (await signInOperator(t, 'operator', { loginId: 'notices-operator' })).headers;
    const seen = await t.app.inject({ url: OPERATOR_API.claim(Number(claim.id)), headers: ops });
    expect((seen.json() as OpsClaimDetail).notices).toEqual([
      {
        kind: 'corrected',
        receiptNo: corrected.identifier.value,
        state: 'sent',
        attempts: 1,
        sentAt: clock.now().toISOString(),
        lastError: null,
      },
    ]);

    // The same corrected bundle again is the same bundle: nothing more is told.
    expect((await post(corrected)).statusCode).toBe(200);
    await t.app.claimEngine.drain();
    expect(noticesTo(Number(claim.id))).toHaveLength(1);
  });

  it('a cancelled receipt of a claim already sent reaches the insurer as its cancellation', async () => {
    const original = example('hospital-outpatient');
    expect((await post(original)).statusCode).toBe(201);
    await t.app.claimEngine.drain();
    const claim = await claimOf(original.identifier.value);
    expect(claim.status).toBe('sent');
    const cancelled = example('cancelled');
    // The insurer fails the first time: the notice waits the claims' backoff (30 s), then goes once.
    insurer.script.push('500');
    expectLog({ level: 'warn', msg: 'a claim delivery failed', count: 1 });
    expectLog({ level: 'warn', msg: 'a document after a claim was not delivered to the insurer', count: 1 });
    const res = await post(cancelled);
    expect(res.statusCode, res.body).toBe(201);
    await t.app.claimEngine.drain();
    const failed = await db
      .selectFrom('claimNotice')
      .selectAll()
      .where('claimId', '=', Number(claim.id))
      .executeTakeFirstOrThrow();
    expect(failed).toMatchObject({ state: 'pending', attempts: 1, lastError: expect.any(String) });
    expect(failed.nextAttemptAt!.getTime() - clock.now().getTime()).toBe(30_000);
    clock.advance(30_000);
    await t.app.claimEngine.drain();
    // Two posts of one notice, under one idempotency key: the insurer keeps one.
    const [, notice, ...more] = noticesTo(Number(claim.id));
    expect(notice!.key).toBe(noticesTo(Number(claim.id))[0]!.key);
    expect(
      await db
        .selectFrom('claimNotice')
        .select(['state', 'attempts'])
        .where('claimId', '=', Number(claim.id))
        .execute(),
    ).toEqual([{ state: 'sent', attempts: 2 }]);
    expect(more).toHaveLength(0);
    const [doc] = notice!.body.documents;
    expect(doc!.kind).toBe('receipt_cancellation');
    expect(JSON.parse(doc!.data)).toEqual({
      form: '진료비 영수증 취소',
      claimId: Number(claim.id),
      receiptNo: original.identifier.value,
    });
  });
});
