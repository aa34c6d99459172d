// The hospital feed through app.inject(): keys (issued, sandbox, wrong, none, production), validation that names the
// field, idempotency by (hospital, receipt number), batches, and identifiers stored only encrypted and hashed.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSPITAL_API, HOSPITAL_KEY_HEADER, MAX_FEED_BATCH, OPERATOR_API, type FeedAnswer } from '@auto-claim/contract';
import { build, problemOf, signInOperator, testClock, type TestApp } from '../../helper.js';
import { createSubscriber, treatmentRecord, type Subscriber } from '../../../fixtures/factories.js';

const clock = testClock(new Date('2026-06-15T03:00:00Z'));
const DEMO_KEY = { [HOSPITAL_KEY_HEADER]: 'sandbox-90000001' };
let t: TestApp;
let who: Subscriber;

beforeAll(async () => {
  t = await build({ clock });
  who = await createSubscriber(t.app.ctx);
});
afterAll(async () => {
  await t?.close();
});

const feed = (records: unknown[], headers: Record<string, string> = DEMO_KEY) =>
  t.app.inject({ method: 'POST', url: HOSPITAL_API.treatments, headers, payload: { records } });

describe('hospital API keys', () => {
  it('refuses a call without a key, with a wrong key, and a sandbox key of another form', async () => {
    for (const headers of [
      {},
      { [HOSPITAL_KEY_HEADER]: 'sandbox-90000001x' },
      { [HOSPITAL_KEY_HEADER]: 'hk_90000001_nope' },
    ] as Record<string, string>[]) {
      const res = await feed([treatmentRecord(who)], headers);
      expect(res.statusCode).toBe(401);
      expect(problemOf(res).code).toBe('HOSPITAL_KEY_INVALID');
    }
    const count = await t.db.db
      .selectFrom('treatmentRecord')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    expect(Number(count?.n)).toBe(0);
  });

  it('accepts a key an operator issued, stored only as its hash, for that hospital', async () => {
    const { headers } = await signInOperator(t, 'admin', { loginId: 'feed-ops' });
    const noSession = await t.app.inject({
      method: 'POST',
      url: OPERATOR_API.hospitalApiKeys('90000002'),
      payload: {},
    });
    expect(noSession.statusCode).toBe(401);
    const issued = await t.app.inject({
      method: 'POST',
      url: OPERATOR_API.hospitalApiKeys('90000002'),
      headers,
      payload: { label: 'EMR' },
    });
    expect(issued.statusCode).toBe(201);
    const { apiKey } = issued.json() as { apiKey: string };
    expect(apiKey).toMatch(/^hk_90000002_/);
    const stored = await t.db.db
      .selectFrom('hospitalApiKey')
      .selectAll()
      .where('hospitalCd', '=', '90000002')
      .execute();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(apiKey);

    const res = await feed([treatmentRecord(who, { receiptNo: 'KEYED-1' })], { [HOSPITAL_KEY_HEADER]: apiKey });
    expect(res.statusCode).toBe(200);
    const row = await t.db.db
      .selectFrom('treatmentRecord')
      .select('hospitalCd')
      .where('receiptNo', '=', 'KEYED-1')
      .executeTakeFirst();
    expect(row?.hospitalCd).toBe('90000002');
  });

  it('refuses the sandbox key when sandbox providers are off (production)', async () => {
    // What createContext decides for NODE_ENV=production: no sandbox.
    t.app.ctx.sandbox = false;
    try {
      const res = await feed([treatmentRecord(who)]);
      expect(res.statusCode).toBe(401);
      expect(problemOf(res).code).toBe('HOSPITAL_KEY_INVALID');
    } finally {
      t.app.ctx.sandbox = true;
    }
  });
});

describe('validation', () => {
  it('answers 400 naming each wrong field, and stores nothing', async () => {
    const good = treatmentRecord(who);
    const res = await feed([
      {
        ...good,
        patient: { name: '홍길동', birthDate: '19850101' },
        totalPaid: 1,
        visitDate: '20990101',
        kcdCodes: ['감기'],
      },
    ]);
    expect(res.statusCode).toBe(400);
    const fields = problemOf(res).errors!.map((e) => e.field);
    expect(fields).toEqual(
      expect.arrayContaining(['records.0.patient.rrn', 'records.0.visitDate', 'records.0.kcdCodes.0']),
    );
    const amounts = await feed([{ ...good, totalPaid: good.totalPaid + 1 }]);
    expect(problemOf(amounts).errors!.map((e) => e.field)).toContain('records.0.totalPaid');
    const visit = await feed([{ ...good, visitType: '응급' }]);
    expect(problemOf(visit).errors!.map((e) => e.field)).toContain('records.0.visitType');
    const rrn = await feed([{ ...good, patient: { ...good.patient, rrn: '9001011000000' } }]);
    expect(problemOf(rrn).errors!.map((e) => e.field)).toContain('records.0.patient.rrn');
  });

  it('answers 400 (not 5xx) for an empty, oversized or malformed batch', async () => {
    expect((await feed([])).statusCode).toBe(400);
    const many = Array.from({ length: MAX_FEED_BATCH + 1 }, () => treatmentRecord(who));
    const big = await feed(many);
    expect(big.statusCode).toBe(400);
    expect(problemOf(big).errors!.map((e) => e.field)).toContain('records');
    const junk = await t.app.inject({
      method: 'POST',
      url: HOSPITAL_API.treatments,
      headers: { ...DEMO_KEY, 'content-type': 'application/json' },
      payload: '{"records":',
    });
    expect(junk.statusCode).toBe(400);
    const notArray = await t.app.inject({
      method: 'POST',
      url: HOSPITAL_API.treatments,
      headers: DEMO_KEY,
      payload: { records: 'x' },
    });
    expect(notArray.statusCode).toBe(400);
  });
});

describe("Korea's calendar day", () => {
  it("takes today's visit at 00:30 KST, when UTC still says yesterday; tomorrow's is refused", async () => {
    // The feed's rules read the app's clock (the contract's isRealDate under it: apps/server/src/app.ts).
    const earlyMorning = new Date('2026-11-23T15:30:00Z'); // 2026-11-24 00:30 KST
    const before = clock.now();
    clock.set(earlyMorning);
    try {
      const today = await feed([treatmentRecord(who, { visitDate: '20261124' })]);
      expect(today.statusCode, today.body).toBe(200);
      const tomorrow = await feed([treatmentRecord(who, { visitDate: '20261125' })]);
      expect(tomorrow.statusCode).toBe(400);
      expect(problemOf(tomorrow).errors?.[0]?.field).toBe('records.0.visitDate');
    } finally {
      clock.set(before);
    }
  });
});

describe('idempotency', () => {
  it('a resend changes nothing; other contents under the same receipt number are a conflict, also unchanged', async () => {
    const a = treatmentRecord(who, { receiptNo: 'IDEM-1' });
    const b = treatmentRecord(who, { receiptNo: 'IDEM-2' });
    const first = (await feed([a, b])).json() as FeedAnswer;
    expect(first).toMatchObject({ created: 2, duplicates: 0, conflicts: 0 });
    const before = await t.db.db
      .selectFrom('treatmentRecord')
      .selectAll()
      .where('receiptNo', 'in', ['IDEM-1', 'IDEM-2'])
      .orderBy('id')
      .execute();

    const again = (
      await feed([a, { ...b, uncovered: 9_000, totalPaid: b.coveredCopay + 9_000 }, a])
    ).json() as FeedAnswer;
    expect(again).toMatchObject({ created: 0, duplicates: 2, conflicts: 1 });
    expect(again.results.map((r) => r.status)).toEqual(['duplicate', 'conflict', 'duplicate']);
    expect(again.results[0]!.recordId).toBe(first.results[0]!.recordId);

    const after = await t.db.db
      .selectFrom('treatmentRecord')
      .selectAll()
      .where('receiptNo', 'in', ['IDEM-1', 'IDEM-2'])
      .orderBy('id')
      .execute();
    expect(after).toEqual(before);
  });

  it('the same receipt number twice inside one batch is stored once', async () => {
    const a = treatmentRecord(who, { receiptNo: 'IDEM-3' });
    const res = (await feed([a, a])).json() as FeedAnswer;
    expect(res.results.map((r) => r.status)).toEqual(['created', 'duplicate']);
  });
});

describe('personal data at rest', () => {
  it('keeps name, RRN, CI and diagnoses only encrypted', async () => {
    const r = treatmentRecord(who, { by: 'rrn', receiptNo: 'PD-1', kcdCodes: ['K29.7'], department: '소화기내과' });
    expect((await feed([r])).statusCode).toBe(200);
    const { rows } = await sql<{
      row: unknown;
    }>`select to_jsonb(t) as row from treatment_record t where receipt_no = 'PD-1'`.execute(t.db.db);
    const raw = JSON.stringify(rows);
    for (const secret of [who.rrn, who.userNm, 'K297', '소화기내과', who.ci]) expect(raw).not.toContain(secret);
  });
});
