// A pharmacy follows its clinic (README "Claim engine", "A pharmacy follows its clinic"; fhir/ig/README.md): the
// guide's clinic visit (its 처방전 교부번호) and the pharmacy's dispensing of it, each sent by its own 요양기관 under its
// own key, are one claim carrying both receipts when they arrive within three days of each other, in either order;
// a pharmacy alone is claimed on its own once the three days are over, and a clinic arriving after that on its own.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FHIR_JSON, HOSPITAL_API, HOSPITAL_KEY_HEADER } from '@auto-claim/contract';
import { own } from '../../../src/db/handle.js';
import type { Database } from '../../../src/db/schema.js';
import { FOLLOW_WINDOW_MS } from '../../../src/modules/claims/follow.js';
import { createVisitPort } from '../../../src/modules/claims/index.js';
import type { DeliveryProvider, DeliveryRequest } from '../../../src/providers/delivery/types.js';
import { createSubscriber, type Subscriber, feedSource } from '../../../fixtures/factories.js';
import { load, ownerOf, toVisits } from '../../../src/modules/treats/history.js';
import { claimTreats } from '../../../src/modules/treats/claim-by-hand.js';
import { recordsOf } from '../../../src/modules/claims/index.js';
import { build, testClock, type TestApp } from '../../helper.js';

const ig = path.resolve(import.meta.dirname, '../../../../../fhir/ig/examples');
const CLINIC = '11100001';
const PHARMACY = '11300003';
const keyOf = (cd: string) => `test-fhir-key-${cd}-0123456789abcdef`;
const DAY = 86_400_000;
// Noon in Seoul on the day of the guide's visit.
const clock = testClock(new Date('2026-11-02T03:00:00Z'));
let t: TestApp;
let db: ReturnType<typeof own<Database>>;
const sent: DeliveryRequest[] = [];
let real: DeliveryProvider;
let who: Subscriber;

/** The guide's clinic or pharmacy bundle with receipt numbers and the 교부번호 of its own (`n`: one pair a case). */
function bundle(name: 'clinic-outpatient' | 'pharmacy', n: number) {
  const text = readFileSync(path.join(ig, `${name}.json`), 'utf8')
    .replaceAll('20261102-00017', `20261102-${String(n).padStart(5, '0')}`)
    .replaceAll('R-20261102-0001', `R-20261102-0001-${n}`)
    .replaceAll('PH-20261102-031', `PH-20261102-031-${n}`);
  return JSON.parse(text) as { identifier: { value: string }; entry: { resource: any }[] };
}
const totalOf = (b: ReturnType<typeof bundle>) =>
  b.entry.find((e) => e.resource.resourceType === 'Invoice')!.resource.totalNet.value as number;

async function post(b: ReturnType<typeof bundle>, cd: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: HOSPITAL_API.fhirBundle,
    headers: { [HOSPITAL_KEY_HEADER]: keyOf(cd), 'content-type': FHIR_JSON },
    payload: JSON.stringify(b),
  });
  expect(res.statusCode, res.body).toBe(201);
  await t.app.claimEngine.drain();
}
const recordOf = (cd: string, receiptNo: string) =>
  db
    .selectFrom('treatmentRecord')
    .select(['id', 'outcome', 'joinedRecordId', 'totalPaid'])
    .where('hospitalCd', '=', cd)
    .where('receiptNo', '=', receiptNo)
    .executeTakeFirstOrThrow();
const claimsOf = (recordId: number) =>
  db
    .selectFrom('claim as c')
    .innerJoin('claimDelivery as d', 'd.claimId', 'c.id')
    .select(['c.id', 'c.status', 'c.amount', 'd.status as delivery'])
    .where('c.recordId', '=', recordId)
    .execute();
/** What the insurer received for a claim: the receipt document, and the package's text. */
function delivered(claimId: number) {
  const r = sent.filter((s) => s.claimId === claimId);
  expect(r).toHaveLength(1);
  const doc = (kind: string) => r[0]!.documents.find((d) => d.kind === kind)!;
  const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: Buffer.from(doc('package').body) });
  return { receipt: JSON.parse(String(doc('receipt').body)), pdf: text.toString('utf8') };
}

beforeAll(async () => {
  t = await build({ clock });
  db = own<Database>(t.db.db);
  for (const [cd, nm, type] of [
    [CLINIC, '예시의원', '의원'],
    [PHARMACY, '온누리약국', '약국'],
  ] as const) {
    await feedSource(t.app.ctx, { hospitalCd: cd, hospitalNm: nm, hospitalType: type, key: keyOf(cd) });
  }
  who = await createSubscriber(t.app.ctx, {
    userNm: '김하늘',
    birthDate: '19580314',
    idno2: '2000000',
    hospitals: [CLINIC, PHARMACY],
    insurers: ['SAMSUNGFIRE'],
  });
  // The sandbox insurer, with the package, and every request kept to be read.
  real = t.app.ctx.providers.delivery;
  t.app.ctx.providers.delivery = {
    channelFor: (c) => real.channelFor(c),
    wantsPackage: true,
    deliver: async (batch, outbox) => {
      sent.push(...batch);
      return real.deliver(batch, outbox);
    },
  };
}, 120_000);
afterAll(async () => {
  if (real) t.app.ctx.providers.delivery = real;
  await t?.close();
});

describe('a pharmacy follows its clinic', () => {
  it('clinic, then the pharmacy the next day: one claim carrying both receipts', async () => {
    const clinic = bundle('clinic-outpatient', 1);
    const pharmacy = bundle('pharmacy', 1);
    await post(clinic, CLINIC);
    const c = await recordOf(CLINIC, clinic.identifier.value);
    // Claimed, and waiting for its pharmacy: nothing has gone to the insurer.
    expect(await claimsOf(c.id)).toMatchObject([{ status: 'received', delivery: 'pending' }]);

    clock.advance(DAY);
    await post(pharmacy, PHARMACY);
    const p = await recordOf(PHARMACY, pharmacy.identifier.value);
    expect(p).toMatchObject({ outcome: 'claimed', joinedRecordId: c.id });
    expect(await claimsOf(p.id)).toEqual([]);
    const [claim] = await claimsOf(c.id);
    expect(claim).toMatchObject({ status: 'sent', amount: totalOf(clinic) + totalOf(pharmacy) });
    const got = delivered(Number(claim!.id));
    expect(got.receipt).toMatchObject({
      receiptNo: clinic.identifier.value,
      totalPaid: totalOf(clinic),
      with: [{ hospitalCd: PHARMACY, receiptNo: pharmacy.identifier.value, totalPaid: totalOf(pharmacy) }],
    });
    expect(got.receipt.with[0].lines.length).toBeGreaterThan(0);
    // The package: both receipts, the pharmacy's 세부산정내역 after its own.
    expect(got.pdf).toContain(clinic.identifier.value);
    expect(got.pdf).toContain(pharmacy.identifier.value);
    expect(got.pdf).toContain('온누리약국');
    // The patient's history: the pharmacy's visit shows the claim that carries it, and offers no second claim of it.
    const owner = await ownerOf(t.app.ctx, who.ciHmac);
    const visits = toVisits(t.app.ctx, await load(t.app.ctx, who.ciHmac, await recordsOf(t.app.ctx.db, owner, 100)));
    expect(visits.find((v) => v.receiptNo === pharmacy.identifier.value)).toMatchObject({
      claimState: 'claimed',
      canClaim: false,
      claims: [{ claimId: String(claim!.id) }],
    });
    // Claimed by hand all the same (an old page): nothing new, never a second claim of the pharmacy's receipt.
    const patient = { ci: who.ci, ciHmac: who.ciHmac } as Parameters<typeof claimTreats>[1];
    const byHand = await claimTreats(t.app.ctx, patient, [String(p.id)], undefined, () => 'treatId');
    expect(byHand.created).toBe(0);
    expect(await claimsOf(p.id)).toEqual([]);
  });

  it('a pharmacy alone is claimed on its own after three days; its clinic later, on its own at once', async () => {
    const pharmacy = bundle('pharmacy', 2);
    await post(pharmacy, PHARMACY);
    const p = await recordOf(PHARMACY, pharmacy.identifier.value);
    expect(await claimsOf(p.id)).toMatchObject([{ status: 'received', delivery: 'pending' }]);
    clock.advance(FOLLOW_WINDOW_MS - 60_000);
    await t.app.claimEngine.drain();
    expect(await claimsOf(p.id)).toMatchObject([{ status: 'received', delivery: 'pending' }]);
    clock.advance(60_000);
    await t.app.claimEngine.drain();
    const [claim] = await claimsOf(p.id);
    expect(claim).toMatchObject({ status: 'sent', amount: totalOf(pharmacy) });
    expect(delivered(Number(claim!.id)).receipt).not.toHaveProperty('with');

    clock.advance(DAY);
    const clinic = bundle('clinic-outpatient', 2);
    await post(clinic, CLINIC);
    const c = await recordOf(CLINIC, clinic.identifier.value);
    expect(c.joinedRecordId).toBeNull();
    expect(await claimsOf(c.id)).toMatchObject([{ status: 'sent', amount: totalOf(clinic) }]);
  });

  it('the pharmacy first, its clinic the next day: together', async () => {
    const pharmacy = bundle('pharmacy', 3);
    const clinic = bundle('clinic-outpatient', 3);
    await post(pharmacy, PHARMACY);
    const p = await recordOf(PHARMACY, pharmacy.identifier.value);
    expect(await claimsOf(p.id)).toMatchObject([{ status: 'received', delivery: 'pending' }]);
    clock.advance(DAY);
    await post(clinic, CLINIC);
    const c = await recordOf(CLINIC, clinic.identifier.value);
    expect(c).toMatchObject({ outcome: 'claimed', joinedRecordId: p.id });
    expect(await claimsOf(c.id)).toEqual([]);
    const [claim] = await claimsOf(p.id);
    expect(claim).toMatchObject({ status: 'sent', amount: totalOf(clinic) + totalOf(pharmacy) });
    expect(delivered(Number(claim!.id)).receipt).toMatchObject({
      receiptNo: pharmacy.identifier.value,
      with: [{ hospitalCd: CLINIC, receiptNo: clinic.identifier.value }],
    });
  });

  it('a pharmacy she never chose is claimed when it fills her chosen clinic’s 처방전, not another clinic’s', async () => {
    await db.deleteFrom('subscriptionHospital').where('hospitalCd', '=', PHARMACY).execute();
    try {
      const clinic = bundle('clinic-outpatient', 5);
      const pharmacy = bundle('pharmacy', 5);
      await post(clinic, CLINIC);
      clock.advance(DAY);
      await post(pharmacy, PHARMACY);
      const c = await recordOf(CLINIC, clinic.identifier.value);
      expect(await recordOf(PHARMACY, pharmacy.identifier.value)).toMatchObject({
        outcome: 'claimed',
        joinedRecordId: c.id,
      });
      expect(await claimsOf(c.id)).toMatchObject([{ status: 'sent', amount: totalOf(clinic) + totalOf(pharmacy) }]);

      // Another clinic's 처방전 (a clinic she did not choose) filled at the same pharmacy: not hers to claim.
      const elsewhere = JSON.parse(JSON.stringify(bundle('pharmacy', 6)).replaceAll(CLINIC, '11100009')) as ReturnType<
        typeof bundle
      >;
      await post(elsewhere, PHARMACY);
      expect(await recordOf(PHARMACY, elsewhere.identifier.value)).toMatchObject({
        outcome: 'hospital_not_subscribed',
        joinedRecordId: null,
      });
    } finally {
      await db
        .insertInto('subscriptionHospital')
        .values({ insuApplyId: who.insuApplyId, hospitalCd: PHARMACY, agreeId: null })
        .execute();
    }
  });

  it('a corrected pharmacy receipt changes the unsent claim’s amount; a cancelled clinic sends the pharmacy back', async () => {
    // The subscription's weekly batch keeps the joined claim unsent for a while (rules.ts, nextBatchAt).
    await db.updateTable('subscription').set({ repeatWeek: 1, repeatDay: 1 }).execute();
    const clinic = bundle('clinic-outpatient', 4);
    const pharmacy = bundle('pharmacy', 4);
    await post(clinic, CLINIC);
    clock.advance(DAY);
    await post(pharmacy, PHARMACY);
    const c = await recordOf(CLINIC, clinic.identifier.value);
    const p = await recordOf(PHARMACY, pharmacy.identifier.value);
    expect(p.joinedRecordId).toBe(c.id);
    expect(await claimsOf(c.id)).toMatchObject([{ status: 'received', amount: c.totalPaid + p.totalPaid }]);

    const port = createVisitPort(t.app.ctx);
    await t.db.db.transaction().execute((tx) =>
      port.correct(tx, p.id, {
        receiptNo: `${pharmacy.identifier.value}-C`,
        patient: { name: '김하늘', birthDate: '19580314', rrn: '5803142000000' },
        visitDate: '20261102',
        visitType: '약국',
        department: '약국',
        kcdCodes: [],
        coveredCopay: 1_000,
        uncovered: 0,
        totalPaid: 1_000,
      }),
    );
    expect(await claimsOf(c.id)).toMatchObject([{ status: 'received', amount: c.totalPaid + 1_000 }]);

    const { withdrawn } = await t.db.db.transaction().execute((tx) => port.withdraw(tx, c.id, `hospital:${CLINIC}`));
    expect(withdrawn).toBe(1);
    expect(await recordOf(PHARMACY, pharmacy.identifier.value)).toMatchObject({ joinedRecordId: null });
    await t.app.claimEngine.drain();
    expect(await recordOf(PHARMACY, pharmacy.identifier.value)).toMatchObject({ outcome: 'claimed' });
    expect(await claimsOf(p.id)).toMatchObject([{ status: 'received', amount: 1_000 }]);
  });
});
