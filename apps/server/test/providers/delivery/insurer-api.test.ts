// Claims delivered for real (docs/providers/insurer-api.md) against a local node:http double of an insurer's claim
// API (fixtures/insurer-double.ts) that checks our signature and idempotency key the way an insurer would (HMAC-SHA256
// written out there, not our helper) and answers 2xx, 4xx, 5xx, slowly or with garbage; the engine delivering through it end to end; a fax's
// outcome followed up through a scripted fax gateway; and insurers posting their answers back, signed. No internet.
import { execFileSync } from 'node:child_process';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  HOSPITAL_API,
  HOSPITAL_KEY_HEADER,
  INSURER_API,
  OPERATOR_API,
  type OperatorClaimView,
  type TreatVisit,
  type VisitLine,
} from '@auto-claim/contract';
import { loadConfig } from '../../../src/config.js';
import { createVisitPort } from '../../../src/modules/claims/index.js';
import { insurerApi, sfString } from '../../../src/providers/delivery/insurer-api.js';
import { deliveryRouter } from '../../../src/providers/delivery/router.js';
import { signatureOf } from '../../../src/providers/delivery/signature.js';
import type { DeliveryRequest, FaxOutcome, FaxSender } from '../../../src/providers/delivery/types.js';
import { signLinkToken } from '../../../src/security/linkToken.js';
import { createSubscriber, treatmentRecord, type Subscriber } from '../../../fixtures/factories.js';
import { productionEnv } from '../../../fixtures/production-env.js';
import {
  insurerHmac as hmac,
  parseSfString,
  startInsurerDouble,
  type InsurerDouble,
  type InsurerMode as Mode,
} from '../../../fixtures/insurer-double.js';
import { build, problemOf, signInOperator, testClock, type TestApp, scratchDir, expectLog } from '../../helper.js';

const SECRET = 'samsungfire-shared-secret-0123456789';
/** The local doubles' address: the one private address these tests let the egress guard reach. */
const LOCAL_DOUBLES = { allow: ['127.0.0.1'] };
const FAX_INSURER_SECRET = 'hanwhalife-shared-secret-0123456789';

// ---------------------------------------------------------------------------------------------------------------
// The insurer's double (fixtures/insurer-double.ts): POST /v1/claims and GET /v1/health, signature checked, one claim
// per Idempotency-Key.

let insurer: InsurerDouble;
let base: string;
beforeAll(async () => {
  insurer = await startInsurerDouble({ secret: SECRET });
  base = insurer.url;
});
afterAll(() => insurer.close());

const request = (o: Partial<DeliveryRequest> = {}): DeliveryRequest => ({
  idempotencyKey: `delivery-${Math.floor(Math.random() * 1e9)}`,
  claimId: 7,
  insuCompCd: 'SAMSUNGFIRE',
  channel: 'api',
  destination: 'api:SAMSUNGFIRE',
  documents: [
    {
      kind: 'claim_form',
      contentType: 'application/json',
      body: '{"insured":{"name":"홍길동"}}',
      sha256: 'a'.repeat(64),
    },
    {
      kind: 'package',
      contentType: 'application/pdf',
      body: new Uint8Array([37, 80, 68, 70, 45]),
      sha256: 'b'.repeat(64),
    },
  ],
  ...o,
});

describe('the insurer API adapter', () => {
  const failures: string[] = [];
  // A generous timeout, so that a busy machine never turns an answer into a "timeout"; the one case that tests the
  // timeout passes its own short one (the double's `slow` never answers).
  const api = (secret = SECRET, url = base, timeoutMs = 5_000) =>
    insurerApi({
      insurers: [{ insuCompCd: 'SAMSUNGFIRE', url, secret }],
      timeoutMs,
      // The double listens on this machine, which the egress guard refuses unless told (providers/egress.ts).
      egress: LOCAL_DOUBLES,
      onFailure: (f) => failures.push(f.reason),
    });

  it('signs as documented: HMAC-SHA256 of "<direction>.<timestamp>.<body>", hex, after v1=', () => {
    // The worked example of docs/providers/insurer-api.md, computed there with openssl.
    expect(
      signatureOf(
        'example-shared-secret-0123456789abcdef',
        'answer.v1',
        '1781499600',
        '{"eventId":"evt-1001","claimId":123,"answer":"received"}',
      ),
    ).toBe('7acd389b49337b09ca33cf0b357612c15a645f7359b2a68284c0d23e1083ebdf');
  });

  it('posts the electronic claim and the PDF package, signed, with our delivery id as Idempotency-Key', async () => {
    const r = request();
    const [result] = await api().deliver([r], { write: async () => {}, writeMany: async () => {} });
    expect(result).toEqual({ ok: true, externalRef: insurer.kept.get(r.idempotencyKey) });
    const sent = insurer.posted.at(-1)!;
    expect(sent.key).toBe(r.idempotencyKey);
    expect(sent.body).toMatchObject({ deliveryId: r.idempotencyKey, claimId: 7 });
    expect(sent.body.documents.map((d) => [d.kind, d.encoding])).toEqual([
      ['claim_form', 'utf8'],
      ['package', 'base64'],
    ]);
    expect(Buffer.from(sent.body.documents[1]!.data, 'base64').toString()).toBe('%PDF-');
    // On the wire the key is a Structured Field String, as draft-ietf-httpapi-idempotency-key-header §2.1 requires.
    expect(insurer.received.at(-1)!.rawKey).toBe(`"${r.idempotencyKey}"`);
  });

  it('writes the Idempotency-Key as an sf-string: quoted, `"` and `\\` escaped, printable ASCII only', () => {
    expect(sfString('delivery-4711')).toBe('"delivery-4711"');
    expect(sfString('a"b\\c')).toBe('"a\\"b\\\\c"');
    expect(parseSfString(sfString('a"b\\c'))).toBe('a"b\\c');
    expect(() => sfString('배송-1')).toThrow();
    // The double refuses a bare token, as an insurer following the draft would.
    expect(parseSfString('delivery-4711')).toBeUndefined();
  });

  it('sends a 409 (the first request with this key still being processed) again later, unchanged, and is then answered', async () => {
    const outbox = { write: async () => {}, writeMany: async () => {} };
    const r = request();
    insurer.script = ['processing'];
    // The first try: the insurer takes it in and is still working when our timeout ends the wait.
    expect((await api(SECRET, base, 300).deliver([r], outbox))[0]).toMatchObject({ ok: false, retryable: true });
    // The retry meets the unfinished first request: 409, which is no verdict on the claim.
    failures.length = 0;
    expect((await api().deliver([r], outbox))[0]).toEqual({
      ok: false,
      retryable: true,
      error: '보험사 API 409 REQUEST_IN_PROGRESS',
    });
    insurer.finishProcessing();
    const [done] = await api().deliver([r], outbox);
    expect(done).toEqual({ ok: true, externalRef: insurer.kept.get(r.idempotencyKey) });
    const mine = insurer.received.filter((x) => x.method === 'POST' && x.key === r.idempotencyKey);
    expect(mine).toHaveLength(3);
    // Sent again unchanged: the same key and the same bytes each time.
    expect(new Set(mine.map((x) => x.rawKey)).size).toBe(1);
    expect(new Set(mine.map((x) => x.raw.toString('base64'))).size).toBe(1);
  });

  it('answers retryable for 5xx, 429, a timeout, garbage and a closed port; final for other 4xx, without personal data', async () => {
    const outbox = { write: async () => {}, writeMany: async () => {} };
    const one = async (mode: Mode | undefined, provider = api()) => {
      if (mode) insurer.script = [mode];
      const [r] = await provider.deliver([request()], outbox);
      insurer.script = [];
      return r;
    };
    failures.length = 0;
    expect(await one('500')).toEqual({ ok: false, retryable: true, error: '보험사 API 500 TEMPORARILY_UNAVAILABLE' });
    expect(await one('429')).toEqual({ ok: false, retryable: true, error: '보험사 API 429 SLOW_DOWN' });
    expect(await one('slow', api(SECRET, base, 300))).toEqual({
      ok: false,
      retryable: true,
      error: '보험사 API 시간 초과',
    });
    expect(await one('malformed')).toEqual({
      ok: false,
      retryable: true,
      error: '보험사 API 응답을 읽을 수 없어요 (HTTP 200)',
    });
    expect(await one(undefined, api(SECRET, 'http://127.0.0.1:9/v1'))).toEqual({
      ok: false,
      retryable: true,
      error: '보험사 API에 연결하지 못했어요',
    });
    expect(await one('400')).toEqual({
      ok: false,
      retryable: false,
      error: '보험사 API가 거절했어요 (HTTP 400 INVALID_CLAIM)',
    });
    expect(await one(undefined, api('not-the-secret-0123456789-0123456789'))).toEqual({
      ok: false,
      retryable: false,
      error: '보험사 API가 거절했어요 (HTTP 401 BAD_SIGNATURE)',
    });
    const [unknown] = await api().deliver([request({ insuCompCd: 'KBINSU' })], outbox);
    expect(unknown).toMatchObject({ ok: false, retryable: false });
    expect(failures).toHaveLength(8);
    for (const f of failures) expect(f).not.toMatch(/홍길동|insured/);
  });

  it('check() calls the signed health endpoint per insurer, sending no claim', async () => {
    const before = insurer.posted.length;
    expect(await api().check()).toEqual([
      {
        kind: 'delivery',
        vendor: 'insurer-api:SAMSUNGFIRE',
        ok: true,
        detail: `signed GET ${base}/health answered 200`,
      },
    ]);
    const [refused] = await api('not-the-secret-0123456789-0123456789').check();
    expect(refused).toMatchObject({ ok: false, detail: expect.stringContaining('INSURER_SAMSUNGFIRE_SECRET') });
    const [unreachable] = await api(SECRET, 'http://127.0.0.1:9/v1').check();
    expect(unreachable).toMatchObject({ ok: false, detail: expect.stringContaining('could not connect') });
    expect(insurer.posted.length).toBe(before);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// The engine through the router: SAMSUNGFIRE by API (the double), every other insurer by fax.

const clock = testClock(new Date('2026-06-15T03:00:00Z'));
let t: TestApp;
let ops: Record<string, string>;
const DELIVERY = () => ({
  kind: 'insurers' as const,
  timeoutMs: 5_000,
  egress: LOCAL_DOUBLES,
  insurers: [
    { insuCompCd: 'SAMSUNGFIRE', channel: 'api' as const, url: base, secret: SECRET },
    { insuCompCd: 'HANWHALIFE', channel: 'fax' as const, secret: FAX_INSURER_SECRET },
  ],
});

beforeAll(async () => {
  t = await build({ clock, config: { delivery: DELIVERY() } });
  await t.app.claimEngine.start();
  ops = (await signInOperator(t, 'admin', { loginId: 'insurer-ops' })).headers;
});
afterAll(async () => {
  await t?.close();
});

async function feedAndDrain(who: Subscriber) {
  const res = await t.app.inject({
    method: 'POST',
    url: HOSPITAL_API.treatments,
    headers: { [HOSPITAL_KEY_HEADER]: 'sandbox-90000001' },
    payload: { records: [treatmentRecord(who)] },
  });
  expect(res.statusCode).toBe(200);
  await t.app.claimEngine.drain();
  const recordId = (res.json() as { results: { recordId: number }[] }).results[0]!.recordId;
  return t.db.db.selectFrom('claim').selectAll().where('recordId', '=', recordId).executeTakeFirstOrThrow();
}
const view = async (claimId: number) => {
  const res = await t.app.inject({ method: 'GET', url: OPERATOR_API.claim(claimId), headers: ops });
  expect(res.statusCode).toBe(200);
  return res.json() as OperatorClaimView;
};
const deliveryOf = (claimId: number) =>
  t.db.db.selectFrom('claimDelivery').selectAll().where('claimId', '=', claimId).executeTakeFirstOrThrow();
const deadLetters = async () =>
  (
    (await t.app.inject({ method: 'GET', url: OPERATOR_API.deadLetters, headers: ops })).json() as {
      list: { claimId: number; lastError: string }[];
    }
  ).list;

describe('the engine delivering to an insurer API', () => {
  it('turns a treatment record into a claim the insurer receives once, with its receipt id and the package', async () => {
    const who = await createSubscriber(t.app.ctx, { insurers: ['SAMSUNGFIRE'] });
    const claim = await feedAndDrain(who);
    const d = await deliveryOf(claim.id);
    expect(d).toMatchObject({
      channel: 'api',
      status: 'sent',
      attempts: 1,
      externalRef: insurer.kept.get(`delivery-${d.id}`),
    });
    const v = await view(claim.id);
    expect(v.status).toBe('sent');
    expect(v.history.map((h) => h.status)).toEqual(['received', 'claimed', 'sent']);
    const mine = insurer.posted.filter((p) => p.body.claimId === claim.id);
    expect(mine).toHaveLength(1);
    // What the insurer got is what we recorded: each document's SHA-256, the package among them.
    const pkg = mine[0]!.body.documents.find((doc) => doc.kind === 'package')!;
    expect(v.documents.find((doc) => doc.kind === 'package')?.sha256).toBe(pkg.sha256);
    expect(Buffer.from(pkg.data, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    const log = await t.db.db
      .selectFrom('accessLog')
      .select(['action', 'detail'])
      .where('claimId', '=', claim.id)
      .execute();
    expect(log).toContainEqual({ action: 'delivered', detail: d.externalRef });
  });

  it('carries the visit’s 세부산정내역 lines in the receipt and on a page of the package', async () => {
    const who = await createSubscriber(t.app.ctx, { insurers: ['SAMSUNGFIRE'] });
    const line = (o: Partial<VisitLine> & Pick<VisitLine, 'code' | 'name' | 'unitPrice'>): VisitLine => ({
      codeSystem: 'procedure',
      date: '20260610',
      count: 1,
      days: 1,
      total: o.unitPrice,
      copay: 0,
      insurer: 0,
      fullCopay: 0,
      uncovered: 0,
      category: 'consult',
      ...o,
    });
    const lines = [
      line({ code: 'AA154', name: '초진진찰료-의원', unitPrice: 18_410, copay: 5_523, insurer: 12_887 }),
      line({
        codeSystem: 'medication',
        code: '645301220',
        name: '아세트아미노펜정500mg',
        unitPrice: 51,
        count: 3,
        days: 3,
        total: 459,
        copay: 137,
        insurer: 322,
        category: 'drug',
      }),
      line({ code: 'PDZ010', name: '진단서 발급', unitPrice: 20_000, uncovered: 20_000, category: 'certificate' }),
    ];
    const record = { ...treatmentRecord(who, { coveredCopay: 5_660, uncovered: 20_000 }), lines };
    const res = await t.app.inject({
      method: 'POST',
      url: HOSPITAL_API.treatments,
      headers: { [HOSPITAL_KEY_HEADER]: 'sandbox-90000001' },
      payload: { records: [record] },
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.claimEngine.drain();
    const recordId = (res.json() as { results: { recordId: number }[] }).results[0]!.recordId;
    const claim = await t.db.db
      .selectFrom('claim')
      .select('id')
      .where('recordId', '=', recordId)
      .executeTakeFirstOrThrow();
    const [sent] = insurer.posted.filter((p) => p.body.claimId === claim.id);
    const doc = (kind: string) => sent!.body.documents.find((d) => d.kind === kind)!;
    // The receipt as the insurer parses it: the lines as sent, in order.
    expect(JSON.parse(doc('receipt').data)).toMatchObject({ receiptNo: record.receiptNo, lines });
    // The package's 세부산정내역 page: each line's code, name and amounts, and the total row.
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], {
      input: Buffer.from(doc('package').data, 'base64'),
    }).toString('utf8');
    expect(text).toContain('진료비 세부산정내역');
    for (const [code, name, total] of [
      ['AA154', '초진진찰료-의원', '18,410'],
      ['645301220', '아세트아미노펜정500mg', '459'],
      ['PDZ010', '진단서 발급', '20,000'],
    ])
      expect(text).toMatch(new RegExp(`${code}\\s+${name}.*${total}`));
    expect(text).toMatch(/합계\s+3줄\s+38,869\s+5,660\s+13,209\s+0\s+20,000/);

    // A claim whose hospital sent no lines: the receipt has no `lines`, the package no such page.
    const plain = await feedAndDrain(await createSubscriber(t.app.ctx, { insurers: ['SAMSUNGFIRE'] }));
    const [other] = insurer.posted.filter((p) => p.body.claimId === plain.id);
    expect(JSON.parse(other!.body.documents.find((d) => d.kind === 'receipt')!.data)).not.toHaveProperty('lines');
  });

  it('retries a 5xx after the backoff and the insurer keeps one claim, even when it kept the first', async () => {
    // A failed delivery is a warning in the log.
    expectLog({ level: 'warn', msg: 'a claim delivery failed', count: 1 });
    const who = await createSubscriber(t.app.ctx, { insurers: ['SAMSUNGFIRE'] });
    insurer.script = ['store-then-502'];
    const claim = await feedAndDrain(who);
    let d = await deliveryOf(claim.id);
    expect(d).toMatchObject({ status: 'pending', attempts: 1, lastError: '보험사 API 502 BAD_GATEWAY' });
    expect((await view(claim.id)).status).toBe('claimed');
    clock.advance(30_000);
    await t.app.claimEngine.drain();
    d = await deliveryOf(claim.id);
    expect(d).toMatchObject({ status: 'sent', attempts: 2, externalRef: insurer.kept.get(`delivery-${d.id}`) });
    const mine = insurer.posted.filter((p) => p.body.claimId === claim.id);
    expect(mine.map((p) => p.key)).toEqual([`delivery-${d.id}`, `delivery-${d.id}`]);
    expect([...insurer.kept.keys()].filter((k) => k === `delivery-${d.id}`)).toHaveLength(1);
    expect((await view(claim.id)).history.map((h) => h.status)).toEqual(['received', 'claimed', 'sent']);
  });

  it('keeps trying a claim answered 409 while the insurer still processes its first try, and then records it sent', async () => {
    // Each failed try is a warning in the log.
    expectLog({ level: 'warn', msg: 'a claim delivery failed', count: 2 });
    const who = await createSubscriber(t.app.ctx, { insurers: ['SAMSUNGFIRE'] });
    insurer.script = ['processing'];
    const claim = await feedAndDrain(who);
    let d = await deliveryOf(claim.id);
    expect(d).toMatchObject({ status: 'pending', attempts: 1, lastError: '보험사 API 시간 초과' });
    clock.advance(30_000);
    await t.app.claimEngine.drain();
    d = await deliveryOf(claim.id);
    expect(d).toMatchObject({ status: 'pending', attempts: 2, lastError: '보험사 API 409 REQUEST_IN_PROGRESS' });
    insurer.finishProcessing();
    clock.advance(60_000);
    await t.app.claimEngine.drain();
    d = await deliveryOf(claim.id);
    expect(d).toMatchObject({ status: 'sent', attempts: 3, externalRef: insurer.kept.get(`delivery-${d.id}`) });
    const tries = insurer.received.filter((x) => x.method === 'POST' && x.key === `delivery-${d.id}`);
    expect(tries.map((x) => x.rawKey)).toEqual(Array(3).fill(`"delivery-${d.id}"`));
    expect(new Set(tries.map((x) => x.raw.toString('base64'))).size).toBe(1);
  }, 30_000);

  it('dead-letters a claim the insurer refuses (4xx) at once, with the reason and no personal data', async () => {
    // A failed delivery is a warning in the log.
    expectLog({ level: 'warn', msg: 'a claim delivery failed', count: 1 });
    const who = await createSubscriber(t.app.ctx, { insurers: ['SAMSUNGFIRE'] });
    insurer.script = ['400'];
    const claim = await feedAndDrain(who);
    expect(await deliveryOf(claim.id)).toMatchObject({ status: 'dead', attempts: 1 });
    const v = await view(claim.id);
    expect(v.status).toBe('failed');
    expect(v.history.at(-1)).toMatchObject({
      status: 'failed',
      reason: '보험사 API가 거절했어요 (HTTP 400 INVALID_CLAIM)',
    });
    const dead = (await deadLetters()).find((l) => l.claimId === claim.id);
    expect(dead?.lastError).toBe('보험사 API가 거절했어요 (HTTP 400 INVALID_CLAIM)');
    expect(dead?.lastError).not.toContain(who.userNm);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Fax: accepted first, its outcome later (HANWHALIFE takes claims by fax).

function scriptedFax() {
  const sends: { to: string; title: string; idempotencyKey: string; receiptNum: string; pdf: Uint8Array }[] = [];
  const outcomes = new Map<string, FaxOutcome>();
  /** Like a gateway's request number: the same key twice is one fax. */
  const byKey = new Map<string, string>();
  const sender: FaxSender = {
    name: 'scripted',
    async send(fax) {
      const receiptNum = byKey.get(fax.idempotencyKey) ?? `FAX-${byKey.size + 1}`;
      byKey.set(fax.idempotencyKey, receiptNum);
      sends.push({ to: fax.to, title: fax.title, idempotencyKey: fax.idempotencyKey, receiptNum, pdf: fax.pdf });
      if (!outcomes.has(receiptNum)) outcomes.set(receiptNum, { state: 'pending' });
      return { ok: true, receiptNum };
    },
    outcomeOf: async (receiptNum) => outcomes.get(receiptNum) ?? { state: 'pending' },
  };
  return { sender, sends, outcomes, faxes: () => byKey.size };
}

async function withFax<T>(run: (fax: ReturnType<typeof scriptedFax>) => Promise<T>) {
  const real = t.app.ctx.providers.delivery;
  const fax = scriptedFax();
  t.app.ctx.providers.delivery = deliveryRouter({
    apiInsurers: new Set(['SAMSUNGFIRE']),
    api: insurerApi({
      insurers: [{ insuCompCd: 'SAMSUNGFIRE', url: base, secret: SECRET }],
      timeoutMs: 5_000,
      egress: LOCAL_DOUBLES,
    }),
    faxFor: () => fax.sender,
  });
  try {
    return await run(fax);
  } finally {
    t.app.ctx.providers.delivery = real;
  }
}

describe('fax follow-up', () => {
  it('waits while the gateway says pending, and marks the claim sent once it says delivered', async () => {
    await withFax(async (fax) => {
      const who = await createSubscriber(t.app.ctx, { insurers: ['HANWHALIFE'] });
      const claim = await feedAndDrain(who);
      let d = await deliveryOf(claim.id);
      expect(d).toMatchObject({ channel: 'fax', status: 'awaiting', attempts: 1, externalRef: 'FAX-1' });
      expect(fax.sends[0]).toMatchObject({ to: '05050000004', idempotencyKey: `delivery-${d.id}` });
      expect(fax.sends[0]!.title).toBe(`자동청구 청구서 C-${claim.id}`);
      expect((await view(claim.id)).status).toBe('claimed');

      clock.advance(60_000);
      expect((await t.app.claimEngine.drain()).followedUp).toBe(1);
      expect((await deliveryOf(claim.id)).status).toBe('awaiting');

      fax.outcomes.set('FAX-1', { state: 'delivered' });
      clock.advance(60_000);
      await t.app.claimEngine.drain();
      d = await deliveryOf(claim.id);
      expect(d).toMatchObject({ status: 'sent', attempts: 1 });
      const v = await view(claim.id);
      expect(v.history.map((h) => h.status)).toEqual(['received', 'claimed', 'sent']);
      expect(fax.sends).toHaveLength(1);
      const log = await t.db.db.selectFrom('accessLog').select('action').where('claimId', '=', claim.id).execute();
      expect(log.map((l) => l.action)).toContain('delivered');
    });
  });

  it('sends a busy fax again after the backoff as a new fax, counted, and delivers it', async () => {
    await withFax(async (fax) => {
      const who = await createSubscriber(t.app.ctx, { insurers: ['HANWHALIFE'] });
      const claim = await feedAndDrain(who);
      const id = (await deliveryOf(claim.id)).id;
      fax.outcomes.set('FAX-1', { state: 'failed', error: '수신 팩스 통화 중', retryable: true });
      clock.advance(60_000);
      await t.app.claimEngine.drain();
      expect(await deliveryOf(claim.id)).toMatchObject({
        status: 'pending',
        attempts: 1,
        failedOutcomes: 1,
        lastError: '수신 팩스 통화 중',
      });
      clock.advance(30_000);
      await t.app.claimEngine.drain();
      expect(fax.sends.map((s) => s.idempotencyKey)).toEqual([`delivery-${id}`, `delivery-${id}-1`]);
      expect(await deliveryOf(claim.id)).toMatchObject({ status: 'awaiting', attempts: 2, externalRef: 'FAX-2' });
      fax.outcomes.set('FAX-2', { state: 'delivered' });
      clock.advance(60_000);
      await t.app.claimEngine.drain();
      expect(await deliveryOf(claim.id)).toMatchObject({ status: 'sent', attempts: 2 });
      expect((await view(claim.id)).status).toBe('sent');
    });
  });

  it('tells an insurer by fax of a corrected receipt with a PDF notice: the notice, then the receipt as it is now', async () => {
    await withFax(async (fax) => {
      const who = await createSubscriber(t.app.ctx, { insurers: ['HANWHALIFE'] });
      const claim = await feedAndDrain(who);
      fax.outcomes.set('FAX-1', { state: 'delivered' });
      clock.advance(60_000);
      await t.app.claimEngine.drain();
      expect((await deliveryOf(claim.id)).status).toBe('sent');
      const record = await t.db.db
        .selectFrom('treatmentRecord')
        .select('receiptNo')
        .where('id', '=', claim.recordId)
        .executeTakeFirstOrThrow();
      // The hospital's correction of the receipt, as the FHIR intake hands it to the claims module.
      const corrected = { ...treatmentRecord(who, { coveredCopay: 12_000 }), receiptNo: `${record.receiptNo}-C1` };
      const { sentClaims } = await t.db.db
        .transaction()
        .execute((tx) => createVisitPort(t.app.ctx).correct(tx, claim.recordId, corrected));
      expect(sentClaims).toBe(1);
      await t.app.claimEngine.drain();
      const notice = fax.sends.find((f) => f.title === `자동청구 영수증 정정 통지 C-${claim.id}`);
      expect(notice, fax.sends.map((f) => f.title).join(', ')).toBeDefined();
      expect(notice!.to).toBe('05050000004');
      const pdf = await PDFDocument.load(notice!.pdf);
      expect(pdf.getTitle()).toBe(`진료비 영수증 정정 통지 (청구 번호 ${claim.id})`);
      // The notice, then the corrected receipt (no 세부산정내역: the feed sent no lines).
      expect(pdf.getPageCount()).toBe(2);
      const row = await t.db.db
        .selectFrom('claimNotice')
        .select(['state', 'externalRef'])
        .where('claimId', '=', claim.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ state: 'sent', externalRef: notice!.receiptNum });
    });
  });

  it('dead-letters a fax to a number that does not take faxes, for operators to see', async () => {
    await withFax(async (fax) => {
      const who = await createSubscriber(t.app.ctx, { insurers: ['HANWHALIFE'] });
      const claim = await feedAndDrain(who);
      fax.outcomes.set('FAX-1', { state: 'failed', error: '없는 팩스 번호', retryable: false });
      clock.advance(60_000);
      await t.app.claimEngine.drain();
      expect(await deliveryOf(claim.id)).toMatchObject({ status: 'dead', attempts: 1 });
      expect((await view(claim.id)).history.at(-1)).toMatchObject({ status: 'failed', reason: '없는 팩스 번호' });
      expect((await deadLetters()).find((l) => l.claimId === claim.id)?.lastError).toBe('없는 팩스 번호');
    });
  });

  it('keeps one fax when the engine loses the gateway’s answer: the resend carries the same request number', async () => {
    // The lost answer fails the batch: a warning, and the batch is retried.
    expectLog({ level: 'warn', msg: 'delivery provider failed; the batch is retried', count: 1 });
    await withFax(async (fax) => {
      const who = await createSubscriber(t.app.ctx, { insurers: ['HANWHALIFE'] });
      const router = t.app.ctx.providers.delivery;
      // The gateway accepts the fax, then the engine's batch fails before it records that (a crash's stand-in).
      t.app.ctx.providers.delivery = {
        ...router,
        deliver: async (batch, outbox) => {
          await router.deliver(batch, outbox);
          throw new Error('connection to the database lost');
        },
      };
      const claim = await feedAndDrain(who);
      t.app.ctx.providers.delivery = router;
      expect(await deliveryOf(claim.id)).toMatchObject({ status: 'pending', attempts: 1 });
      clock.advance(30_000);
      await t.app.claimEngine.drain();
      const id = (await deliveryOf(claim.id)).id;
      expect(fax.sends.map((s) => s.idempotencyKey)).toEqual([`delivery-${id}`, `delivery-${id}`]);
      expect(fax.faxes()).toBe(1);
      expect(await deliveryOf(claim.id)).toMatchObject({ status: 'awaiting', externalRef: 'FAX-1' });
    });
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Insurers' answers: POST /api/insurers/{insuCompCd}/claims/answers, signed.

const answer = (
  body: object,
  o: { insurer?: string; secret?: string; ts?: string; signature?: string | null; raw?: string } = {},
) => {
  const raw = o.raw ?? JSON.stringify(body);
  const ts = o.ts ?? String(Math.floor(clock.now().getTime() / 1000));
  const signature = o.signature === undefined ? `v1=${hmac(o.secret ?? SECRET, ts, raw)}` : o.signature;
  return t.app.inject({
    method: 'POST',
    url: INSURER_API.claimAnswers(o.insurer ?? 'SAMSUNGFIRE'),
    headers: {
      'content-type': 'application/json',
      'x-autoclaim-timestamp': ts,
      ...(signature === null ? {} : { 'x-autoclaim-signature': signature }),
    },
    payload: raw,
  });
};
let eventSeq = 0;
const eventId = () => `evt-${++eventSeq}`;

describe('insurers’ answers', () => {
  it('move the claim and the timeline the patient and operators see: received, documents, paid with its amount', async () => {
    const who = await createSubscriber(t.app.ctx, { insurers: ['SAMSUNGFIRE'] });
    const claim = await feedAndDrain(who);
    const receiptId = (await deliveryOf(claim.id)).externalRef!;

    const received = await answer({ eventId: eventId(), receiptId, answer: 'received' });
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json()).toEqual({ claimId: claim.id, status: 'accepted', duplicate: false });

    const asked = await answer({
      eventId: eventId(),
      deliveryId: `delivery-${(await deliveryOf(claim.id)).id}`,
      answer: 'documents_requested',
      documents: ['id_copy', 'diagnosis'],
    });
    expect(asked.json()).toMatchObject({ status: 'documents_requested' });
    await t.app.claimEngine.drain();
    // The ID copy goes to the patient as the insurer's request: a request row, and the papers message (which names the
    // ID copy among the other papers, README "Patient messages") with its link.
    const requests = await t.db.db.selectFrom('idCardRequest').selectAll().where('claimId', '=', claim.id).execute();
    expect(requests).toHaveLength(1);
    const kakao = await t.db.db
      .selectFrom('sandboxOutbox')
      .select('body')
      .where('to', '=', who.userTel)
      .where('body', 'like', '%신분증 사본%')
      .execute();
    expect(kakao).toHaveLength(1);

    const paid = await answer({ eventId: eventId(), claimId: claim.id, answer: 'paid', paidAmount: 18_000 });
    expect(paid.json()).toMatchObject({ status: 'paid' });
    const v = await view(claim.id);
    expect(v).toMatchObject({ status: 'paid', paidAmount: 18_000 });
    expect(v.history.map((h) => [h.status, h.actor])).toEqual([
      ['received', 'engine'],
      ['claimed', 'engine'],
      ['sent', 'engine'],
      ['accepted', 'insurer:SAMSUNGFIRE'],
      ['documents_requested', 'insurer:SAMSUNGFIRE'],
      ['paid', 'insurer:SAMSUNGFIRE'],
    ]);
    expect(v.history[4]!.reason).toBe('신분증 사본, 진단서');

    // The patient's /web/treat: the same timeline and the amount paid.
    const token = await signLinkToken(t.app.ctx, {
      purpose: 'treat',
      ciHmac: who.ciHmac,
      insuApplyId: who.insuApplyId,
    });
    const session = await t.app.inject({ method: 'POST', url: API.linkExchange, payload: { token, purpose: 'treat' } });
    expect(session.statusCode, session.body).toBe(200);
    const treats = await t.app.inject({
      url: API.treats,
      headers: { cookie: session.cookies.map((c) => `${c.name}=${c.value}`).join('; ') },
    });
    const visit = (treats.json() as { list: TreatVisit[] }).list.find((x) => x.treatId === String(claim.recordId))!;
    expect(visit.claims[0]).toMatchObject({ status: 'paid', paidAmt: 18_000 });
    expect(visit.claims[0]!.history.map((h) => h.status)).toEqual(v.history.map((h) => h.status));
  });

  it('records a rejection with its reason, which the patient reads; paid and rejected are final', async () => {
    const who = await createSubscriber(t.app.ctx, { insurers: ['SAMSUNGFIRE'] });
    const claim = await feedAndDrain(who);
    const rejected = await answer({
      eventId: eventId(),
      claimId: claim.id,
      answer: 'rejected',
      reason: '면책 기간 중 진료',
    });
    expect(rejected.json()).toMatchObject({ status: 'rejected' });
    expect(await view(claim.id)).toMatchObject({ status: 'rejected', rejectReason: '면책 기간 중 진료' });
    const late = await answer({ eventId: eventId(), claimId: claim.id, answer: 'paid', paidAmount: 1 });
    expect(late.statusCode).toBe(409);
    expect(problemOf(late).code).toBe('CLAIM_STATUS_CONFLICT');
    const noReason = await answer({ eventId: eventId(), claimId: claim.id, answer: 'rejected' });
    expect(noReason.statusCode).toBe(400);
    expect(problemOf(noReason).errors?.map((e) => e.field)).toContain('reason');
  });

  it('refuses an unsigned, wrongly signed or stale answer with 401, changing nothing', async () => {
    // Every refused signature is a warning in the log (security monitoring).
    expectLog({ level: 'warn', msg: 'insurer answer refused', count: 6 });
    const who = await createSubscriber(t.app.ctx, { insurers: ['SAMSUNGFIRE'] });
    const claim = await feedAndDrain(who);
    const body = { eventId: eventId(), claimId: claim.id, answer: 'paid', paidAmount: 20_000 };
    const old = String(Math.floor(clock.now().getTime() / 1000) - 301);
    const refused = [
      await answer(body, { signature: null }),
      await answer(body, { secret: 'someone-else-0123456789-0123456789' }),
      await answer(body, { signature: 'v1=00' }),
      await answer(body, { ts: old }),
      // Signed for another insurer: the path's insurer's secret decides.
      await answer(body, { insurer: 'HANWHALIFE' }),
      // Signed, then the body changed on the way.
      await answer(body, {
        raw: JSON.stringify({ ...body, paidAmount: 2_000_000 }),
        signature: `v1=${hmac(SECRET, String(Math.floor(clock.now().getTime() / 1000)), JSON.stringify(body))}`,
      }),
    ];
    for (const res of refused) {
      expect(res.statusCode).toBe(401);
      expect(problemOf(res).code).toBe('INSURER_SIGNATURE_INVALID');
    }
    expect(problemOf(refused[3]!).detail).toContain('5분');
    expect(await view(claim.id)).toMatchObject({ status: 'sent', paidAmount: null });
    expect((await view(claim.id)).history).toHaveLength(3);
    expect(await t.db.db.selectFrom('insurerAnswer').select('id').where('claimId', '=', claim.id).execute()).toEqual(
      [],
    );
    // A fresh signature from within the window, in the future as well as the past, is fine.
    const ahead = String(Math.floor(clock.now().getTime() / 1000) + 200);
    expect((await answer(body, { ts: ahead })).statusCode).toBe(200);
  });

  it('refuses a signature captured from a claim we sent, replayed as an answer: the direction is signed', async () => {
    // Every refused signature is a warning in the log (security monitoring).
    expectLog({ level: 'warn', msg: 'insurer answer refused', count: 2 });
    const who = await createSubscriber(t.app.ctx, { insurers: ['SAMSUNGFIRE'] });
    const claim = await feedAndDrain(who);
    // What someone on the wire between us and the insurer saw: the claim's body, timestamp and signature, all ours.
    const sent = insurer.received.filter((r) => r.method === 'POST' && r.signed).at(-1)!;
    // Replayed at once, within the 5 minutes: only the direction can refuse it (the double signs on the real clock).
    const saved = clock.now();
    clock.set(new Date(Number(sent.timestamp) * 1000));
    try {
      const captured = (raw: string, timestamp = sent.timestamp) =>
        t.app.inject({
          method: 'POST',
          url: INSURER_API.claimAnswers('SAMSUNGFIRE'),
          headers: {
            'content-type': 'application/json',
            'x-autoclaim-timestamp': timestamp,
            'x-autoclaim-signature': sent.signature,
          },
          payload: raw,
        });
      const replayed = await captured(sent.raw.toString('utf8'));
      expect(replayed.statusCode).toBe(401);
      expect(problemOf(replayed).code).toBe('INSURER_SIGNATURE_INVALID');
      // Nor does a health check's signature (over an empty body) pass for anything.
      const health = insurer.received.filter((r) => r.method === 'GET' && r.signed).at(-1);
      if (health) {
        const res = await t.app.inject({
          method: 'POST',
          url: INSURER_API.claimAnswers('SAMSUNGFIRE'),
          headers: {
            'content-type': 'application/json',
            'x-autoclaim-timestamp': health.timestamp,
            'x-autoclaim-signature': health.signature,
          },
          payload: '',
        });
        expect(res.statusCode).toBe(401);
      }
      // The same body signed the insurer's way would have passed the signature: only the direction refused it.
      const body = sent.raw.toString('utf8');
      const own = await t.app.inject({
        method: 'POST',
        url: INSURER_API.claimAnswers('SAMSUNGFIRE'),
        headers: {
          'content-type': 'application/json',
          'x-autoclaim-timestamp': sent.timestamp,
          'x-autoclaim-signature': `v1=${hmac(SECRET, sent.timestamp, body, 'answer.v1')}`,
        },
        payload: body,
      });
      expect(own.statusCode).toBe(400);
    } finally {
      clock.set(saved);
    }
    expect(await view(claim.id)).toMatchObject({ status: 'sent' });
    expect(await t.db.db.selectFrom('insurerAnswer').select('id').where('claimId', '=', claim.id).execute()).toEqual(
      [],
    );
  });

  it('answers 404 for a claim it does not know, or that is another insurer’s', async () => {
    const who = await createSubscriber(t.app.ctx, { insurers: ['HANWHALIFE'] });
    const theirs = await withFax(async (fax) => {
      const c = await feedAndDrain(who);
      fax.outcomes.set('FAX-1', { state: 'delivered' });
      clock.advance(60_000);
      await t.app.claimEngine.drain();
      return c;
    });
    for (const which of [
      { claimId: 999_999 },
      { receiptId: 'SF-NOPE' },
      { deliveryId: 'delivery-999999' },
      { claimId: theirs.id },
    ]) {
      const res = await answer({ eventId: eventId(), answer: 'received', ...which });
      expect(res.statusCode).toBe(404);
      expect(problemOf(res).code).toBe('CLAIM_NOT_FOUND');
    }
    // The fax insurer answers about its own claim with its own secret.
    const own = await answer(
      { eventId: eventId(), claimId: theirs.id, answer: 'received' },
      { insurer: 'HANWHALIFE', secret: FAX_INSURER_SECRET },
    );
    expect(own.json()).toMatchObject({ status: 'accepted' });
  });

  it('applies a repeated answer once, refuses an event id reused for another answer, and waits for a claim still on its way', async () => {
    const who = await createSubscriber(t.app.ctx, { insurers: ['SAMSUNGFIRE'] });
    const claim = await feedAndDrain(who);
    const body = { eventId: eventId(), claimId: claim.id, answer: 'received' };
    expect((await answer(body)).json()).toEqual({ claimId: claim.id, status: 'accepted', duplicate: false });
    expect((await answer(body)).json()).toEqual({ claimId: claim.id, status: 'accepted', duplicate: true });
    expect((await view(claim.id)).history.filter((h) => h.status === 'accepted')).toHaveLength(1);
    const reused = await answer({ ...body, answer: 'paid', paidAmount: 5 });
    expect(reused.statusCode).toBe(409);
    expect(problemOf(reused).code).toBe('INSURER_EVENT_REUSED');
    // Another event saying the same thing changes nothing either.
    expect((await answer({ ...body, eventId: eventId() })).json()).toMatchObject({
      status: 'accepted',
      duplicate: false,
    });
    expect((await view(claim.id)).history).toHaveLength(4);

    await withFax(async () => {
      const faxed = await feedAndDrain(await createSubscriber(t.app.ctx, { insurers: ['HANWHALIFE'] }));
      const early = await answer(
        { eventId: eventId(), claimId: faxed.id, answer: 'received' },
        { insurer: 'HANWHALIFE', secret: FAX_INSURER_SECRET },
      );
      expect(early.statusCode).toBe(409);
      expect(problemOf(early).code).toBe('CLAIM_NOT_SENT');
    });
  });
});

describe('insurers’ answers in the sandbox', () => {
  it('are signed with sandbox-<insuCompCd> while every provider is a sandbox', async () => {
    // The wrongly signed answer is refused with a warning.
    expectLog({ level: 'warn', msg: 'insurer answer refused', count: 1 });
    const sandbox = await build({ clock });
    try {
      const who = await createSubscriber(sandbox.app.ctx, { insurers: ['KBINSU'] });
      const fed = await sandbox.app.inject({
        method: 'POST',
        url: HOSPITAL_API.treatments,
        headers: { [HOSPITAL_KEY_HEADER]: 'sandbox-90000001' },
        payload: { records: [treatmentRecord(who)] },
      });
      await sandbox.app.claimEngine.drain();
      const recordId = (fed.json() as { results: { recordId: number }[] }).results[0]!.recordId;
      const claim = await sandbox.db.db
        .selectFrom('claim')
        .select(['id', 'status'])
        .where('recordId', '=', recordId)
        .executeTakeFirstOrThrow();
      expect(claim.status).toBe('sent');
      const raw = JSON.stringify({ eventId: 'evt-sandbox-1', claimId: claim.id, answer: 'received' });
      const post = (secret: string) => {
        const ts = String(Math.floor(clock.now().getTime() / 1000));
        return sandbox.app.inject({
          method: 'POST',
          url: INSURER_API.claimAnswers('KBINSU'),
          headers: {
            'content-type': 'application/json',
            'x-autoclaim-timestamp': ts,
            'x-autoclaim-signature': `v1=${hmac(secret, ts, raw)}`,
          },
          payload: raw,
        });
      };
      expect((await post('sandbox-SAMSUNGFIRE')).statusCode).toBe(401);
      expect((await post('sandbox-KBINSU')).json()).toMatchObject({ status: 'accepted' });
    } finally {
      await sandbox.close();
    }
  });
});

// ---------------------------------------------------------------------------------------------------------------

describe('configuration', () => {
  const dataDir = scratchDir('insurer-config');
  it('names every missing variable of the insurers by API in one message', () => {
    expect(() =>
      loadConfig({ DATA_DIR: dataDir, DELIVERY_PROVIDER: 'insurers', DELIVERY_API_INSURERS: 'SAMSUNGFIRE, KBINSU' }),
    ).toThrow(/INSURER_KBINSU_API_URL.*INSURER_KBINSU_SECRET.*INSURER_SAMSUNGFIRE_API_URL.*INSURER_SAMSUNGFIRE_SECRET/);
    expect(() => loadConfig({ DATA_DIR: dataDir, DELIVERY_API_INSURERS: 'SAMSUNGFIRE' })).toThrow(
      /DELIVERY_PROVIDER=insurers/,
    );
    expect(() =>
      loadConfig({
        DATA_DIR: dataDir,
        DELIVERY_PROVIDER: 'insurers',
        DELIVERY_API_INSURERS: 'SAMSUNGFIRE',
        INSURER_SAMSUNGFIRE_API_URL: 'https://claims.example/v1',
        INSURER_SAMSUNGFIRE_SECRET: 'short',
      }),
    ).toThrow(/INSURER_SAMSUNGFIRE_SECRET: at least 32 characters/);
  });

  it('reads each insurer’s settings, fax insurers with a secret too, and keeps the sandbox by default', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).delivery).toEqual({ kind: 'sandbox' });
    const c = loadConfig({
      DATA_DIR: dataDir,
      DELIVERY_PROVIDER: 'insurers',
      DELIVERY_API_INSURERS: 'SAMSUNGFIRE',
      INSURER_SAMSUNGFIRE_API_URL: 'https://claims.example/v1/',
      INSURER_SAMSUNGFIRE_SECRET: SECRET,
      INSURER_HANWHALIFE_SECRET: FAX_INSURER_SECRET,
    });
    expect(c.delivery).toEqual({
      kind: 'insurers',
      timeoutMs: 15_000,
      insurers: [
        { insuCompCd: 'HANWHALIFE', channel: 'fax', secret: FAX_INSURER_SECRET },
        { insuCompCd: 'SAMSUNGFIRE', channel: 'api', url: 'https://claims.example/v1', secret: SECRET },
      ],
    });
  });

  it('takes plain http in production only to an address INSURER_EGRESS_ALLOW names, never to loopback by itself', () => {
    const local = 'http://127.0.0.1:8443/v1';
    const env = (o: Record<string, string>) => ({
      ...productionEnv({
        portone: 'https://portone.example',
        popbill: 'https://popbill.example',
        juso: 'https://juso.example',
        clova: 'https://clova.example',
        insurers: { SAMSUNGFIRE: local },
      }),
      DATA_DIR: dataDir,
      ...o,
    });
    expect(() => loadConfig(env({ INSURER_EGRESS_ALLOW: '' }))).toThrow(
      /INSURER_SAMSUNGFIRE_API_URL: must be an https URL \(http only to an address in INSURER_EGRESS_ALLOW\)/,
    );
    expect(() =>
      loadConfig(env({ INSURER_EGRESS_ALLOW: '', INSURER_SAMSUNGFIRE_API_URL: 'http://localhost:8443/v1' })),
    ).toThrow(/INSURER_SAMSUNGFIRE_API_URL/);
    expect(() => loadConfig(env({ INSURER_EGRESS_ALLOW: '127.0.0.1/33' }))).toThrow(/INSURER_EGRESS_ALLOW/);
    const c = loadConfig(env({ INSURER_EGRESS_ALLOW: '127.0.0.1' }));
    expect(c.delivery).toMatchObject({ kind: 'insurers', egress: { allow: ['127.0.0.1'] } });
  });
});
