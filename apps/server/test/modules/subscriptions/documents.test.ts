// The signed 위임장 and 동의서 of a subscription are made after its commit by a pg-boss job (README, Subscriptions):
// the POST answers without them, a worker makes them within seconds, a web-only process queues the job but never runs
// it, a reader that asks first gets them made on demand (the same bytes, hashed once), a retried job makes the same
// bytes, and a claim's package still carries its own 위임장 and 동의서.
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, HOSPITAL_API, HOSPITAL_KEY_HEADER, type FeedAnswer } from '@auto-claim/contract';
import { buildClaimPackage } from '../../../src/modules/claims/documents.js';
import { DOCUMENTS_QUEUE, makeDocuments } from '../../../src/modules/subscriptions/index.js';
import { build, testClock, verifyPatient, type TestApp, freshAddress } from '../../helper.js';
import { images, regFor, type Images, type Verified } from '../../../fixtures/enrolment.js';
import { treatmentRecord } from '../../../fixtures/factories.js';

const clock = testClock(new Date('2026-11-23T03:00:00Z'));
let t: TestApp;
let img: Images;

beforeAll(async () => {
  t = await build({ clock });
  img = await images();
  // As a web process (PROCESS_ROLE=web) starts it: pg-boss installed and sending, no worker.
  await t.app.claimEngine.start();
});
afterAll(() => t?.close());

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

async function subscribe(v: Verified) {
  return (await subscribeAnswer(v)).subscription.insuApplyId as string;
}

async function subscribeAnswer(v: Verified) {
  const res = await t.app.inject({
    method: 'POST',
    url: API.subscriptions,
    payload: await regFor(t, v, img),
    headers: { cookie: v.cookie },
    remoteAddress: freshAddress(),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { subscriptionStatus: string; subscription: Record<string, unknown> };
}

const hashesOf = (insuApplyId: string) =>
  t.db.db
    .selectFrom('subscription')
    .select(['commissionSha256', 'consentSha256'])
    .where('insuApplyId', '=', insuApplyId)
    .executeTakeFirstOrThrow();

/** The documents job of a subscription, as pg-boss keeps it. */
const jobsOf = async (insuApplyId: string) =>
  (
    await sql<{ state: string; data: unknown }>`select state, data from pgboss.job
      where name = ${DOCUMENTS_QUEUE} and data->>'insuApplyId' = ${insuApplyId}`.execute(t.db.db.withoutPlugins())
  ).rows;

const download = (v: Verified, kind: 'commission' | 'agree', insuApplyId: string) =>
  t.app.inject({
    method: 'POST',
    url: kind === 'commission' ? API.documentCommission : API.documentAgree,
    payload: { userCi: v.ci, insuApplyId },
    headers: { cookie: v.cookie },
    remoteAddress: freshAddress(),
  });

describe('the signed documents after the commit', () => {
  it('answers the POST without them, queues a job with the id alone, and a worker makes them shortly after', async () => {
    const v = await verifyPatient(t);
    const insuApplyId = await subscribe(v);
    // Not made by the request, and not by this web-only process either.
    expect(await hashesOf(insuApplyId)).toEqual({ commissionSha256: null, consentSha256: null });
    const [job] = await jobsOf(insuApplyId);
    expect(job).toMatchObject({ state: 'created', data: { insuApplyId } });
    // Nothing personal in the queue: the payload is the id and nothing else.
    expect(Object.keys(job!.data as object)).toEqual(['insuApplyId']);

    // A worker (PROCESS_ROLE=worker, or all) takes the job from the queue.
    await t.app.claimEngine.start({ workers: true });
    await expect
      .poll(async () => (await jobsOf(insuApplyId))[0]?.state, { timeout: 20_000, interval: 100 })
      .toBe('completed');
    const made = await hashesOf(insuApplyId);
    expect(made.commissionSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(made.consentSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(made.consentSha256).not.toBe(made.commissionSha256);
    // What the patient downloads afterwards is what was hashed.
    for (const kind of ['commission', 'agree'] as const) {
      const res = await download(v, kind, insuApplyId);
      expect(res.statusCode, res.body).toBe(200);
      expect(sha256(res.rawPayload)).toBe(kind === 'commission' ? made.commissionSha256 : made.consentSha256);
    }
    await t.app.claimEngine.stop();
    await t.app.claimEngine.start();
  });

  it('answers the POST with what GET then shows (the answer is made from what was written)', async () => {
    const v = await verifyPatient(t);
    const answer = await subscribeAnswer(v);
    const got = await t.app.inject({
      method: 'GET',
      url: `${API.subscriptions}?userCi=${encodeURIComponent(v.ci)}`,
      headers: { cookie: v.cookie },
      remoteAddress: freshAddress(),
    });
    expect(got.statusCode, got.body).toBe(200);
    expect(answer).toEqual(got.json());
    expect(answer.subscription).toMatchObject({ subsStatus: 'subscribe', bankNm: expect.any(String) });
  });

  it('makes them on demand for a reader who asks before the job ran, hashed once', async () => {
    const v = await verifyPatient(t);
    const insuApplyId = await subscribe(v);
    expect((await hashesOf(insuApplyId)).commissionSha256).toBeNull();
    const agree = await download(v, 'agree', insuApplyId);
    expect(agree.statusCode, agree.body).toBe(200);
    expect(agree.headers['content-type']).toBe('application/pdf');
    const kept = await hashesOf(insuApplyId);
    expect(kept.consentSha256).toBe(sha256(agree.rawPayload));
    const commission = await download(v, 'commission', insuApplyId);
    expect(sha256(commission.rawPayload)).toBe(kept.commissionSha256);
    // The job, run later, finds them made and changes nothing.
    expect(await makeDocuments(t.app.ctx, insuApplyId)).toBeUndefined();
    expect(await hashesOf(insuApplyId)).toEqual(kept);
  });

  it('a retried job makes the same bytes', async () => {
    const v = await verifyPatient(t);
    const insuApplyId = await subscribe(v);
    const first = await makeDocuments(t.app.ctx, insuApplyId);
    expect(first).toBeDefined();
    const kept = await hashesOf(insuApplyId);
    expect(kept).toEqual({ commissionSha256: sha256(first!.commission), consentSha256: sha256(first!.agree) });
    // As if the first attempt died before its write: the retry starts from the same row.
    await t.db.db
      .updateTable('subscription')
      .set({ commissionSha256: null, consentSha256: null })
      .where('insuApplyId', '=', insuApplyId)
      .execute();
    const again = await makeDocuments(t.app.ctx, insuApplyId);
    expect(Buffer.from(again!.commission).equals(Buffer.from(first!.commission))).toBe(true);
    expect(Buffer.from(again!.agree).equals(Buffer.from(first!.agree))).toBe(true);
    expect(await hashesOf(insuApplyId)).toEqual(kept);
  });

  it('keeps the documents as submitted when the address changes before the job ran', async () => {
    const v = await verifyPatient(t);
    const insuApplyId = await subscribe(v);
    const before = await download(v, 'commission', insuApplyId); // made now, from the address submitted
    await t.db.db
      .updateTable('subscription')
      .set({ commissionSha256: null, consentSha256: null })
      .where('insuApplyId', '=', insuApplyId)
      .execute();
    const put = await t.app.inject({
      method: 'PUT',
      url: API.subscriptions,
      payload: { userCi: v.ci, userPostNo: '03171', userAddr: '서울특별시 종로구 세종대로 209', userAddrDetail: '1층' },
      headers: { cookie: v.cookie },
      remoteAddress: freshAddress(),
    });
    expect(put.statusCode, put.body).toBe(200);
    // The change made them first, from what was submitted, and kept them: what is downloaded is what was signed,
    // not the subscription as it is now.
    expect((await hashesOf(insuApplyId)).commissionSha256).toBe(sha256(before.rawPayload));
    const after = await download(v, 'commission', insuApplyId);
    expect(sha256(after.rawPayload)).toBe(sha256(before.rawPayload));
  });

  it('the minute tick (and drain) makes what a lost job left', async () => {
    const v = await verifyPatient(t);
    const insuApplyId = await subscribe(v);
    await sql`delete from pgboss.job where name = ${DOCUMENTS_QUEUE} and data->>'insuApplyId' = ${insuApplyId}`.execute(
      t.db.db.withoutPlugins(),
    );
    const { documents } = await t.app.claimEngine.drain();
    expect(documents).toBeGreaterThanOrEqual(1);
    expect((await hashesOf(insuApplyId)).commissionSha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('a claim for a subscription made this way carries its 위임장 and 동의서', async () => {
    const v = await verifyPatient(t);
    const insuApplyId = await subscribe(v);
    const birthDate = `19${v.person.korRegId.slice(0, 6)}`;
    const feed = await t.app.inject({
      method: 'POST',
      url: HOSPITAL_API.treatments,
      headers: { [HOSPITAL_KEY_HEADER]: 'sandbox-90000001' },
      payload: {
        records: [
          treatmentRecord({ ci: v.ci, rrn: '', birthDate, userNm: v.person.custName }, { visitDate: '20261120' }),
        ],
      },
    });
    expect(feed.statusCode, feed.body).toBe(200);
    await t.app.claimEngine.drain();
    const recordId = (feed.json() as FeedAnswer).results[0]!.recordId;
    const claim = await t.db.db
      .selectFrom('claim')
      .select(['id', 'insuApplyId'])
      .where('recordId', '=', recordId)
      .executeTakeFirstOrThrow();
    expect(claim.insuApplyId).toBe(insuApplyId);
    const pkg = await buildClaimPackage(t.app.ctx, t.db.db, Number(claim.id));
    expect(pkg.documents.map((d) => d.kind)).toEqual(
      expect.arrayContaining(['power_of_attorney', 'consent', 'package']),
    );
    const hashes = await hashesOf(insuApplyId);
    expect(hashes.commissionSha256).toMatch(/^[0-9a-f]{64}$/);
    // The package carries the 위임장 and 동의서 as stored: their hashes are the subscription's.
    expect(pkg.documents.find((d) => d.kind === 'power_of_attorney')?.sha256).toBe(hashes.commissionSha256);
    // Four pages with the signature (object streams, one subset of each face), the ID copy added as the stored JPEG:
    // the budget is 80 KB (docs/performance.md, "Claim packages").
    const idCopy = pkg.documents.find((d) => d.kind === 'id_copy')?.bytes ?? 0;
    expect(pkg.pdf.byteLength - idCopy).toBeLessThan(80 * 1024);
  });
});
