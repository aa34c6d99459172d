// The hospital feed's keys and the calls around them through app.inject(): the key (or the operator's session) is
// checked before a body is read, wrong keys are limited per address, each key's calls are limited, and operators
// list keys with their last use and revoke them, refused at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSPITAL_API, HOSPITAL_KEY_HEADER, OPERATOR_API, type HospitalApiKeyView } from '@auto-claim/contract';
import { HOSPITAL_FEED_RATE_LIMIT, HOSPITAL_KEY_FAILURE_LIMIT } from '../../../src/modules/claims/feed.js';
import { build, problemOf, signInOperator, testClock, type TestApp, freshAddress } from '../../helper.js';
import { createSubscriber, treatmentRecord, type Subscriber } from '../../../fixtures/factories.js';

const clock = testClock(new Date('2026-06-15T03:00:00Z'));
let t: TestApp;
let who: Subscriber;
let ops: Record<string, string>;

beforeAll(async () => {
  t = await build({ clock });
  who = await createSubscriber(t.app.ctx);
  ops = (await signInOperator(t, 'admin', { loginId: 'key-ops' })).headers;
});
afterAll(async () => {
  await t?.close();
});

const feed = (key: string | undefined, payload: unknown, remoteAddress = freshAddress()) =>
  t.app.inject({
    method: 'POST',
    url: HOSPITAL_API.treatments,
    remoteAddress,
    headers: key ? { [HOSPITAL_KEY_HEADER]: key } : {},
    payload: payload as object,
  });
const issue = async (hospitalCd: string, label = 'EMR') => {
  const res = await t.app.inject({
    method: 'POST',
    url: OPERATOR_API.hospitalApiKeys(hospitalCd),
    headers: ops,
    payload: { label },
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { hospitalCd: string; keyId: number; apiKey: string };
};
const keysOf = async (hospitalCd: string) => {
  const res = await t.app.inject({ url: OPERATOR_API.hospitalApiKeys(hospitalCd), headers: ops });
  expect(res.statusCode).toBe(200);
  return (res.json() as { list: HospitalApiKeyView[] }).list;
};

describe('an anonymous caller learns nothing about a body', () => {
  it('the feed answers 401 for the key, never a validation detail of the body', async () => {
    for (const [payload, headers] of [
      [{ records: 'not a list' }, {}],
      [{ records: [{ receiptNo: '' }] }, {}],
      ['{"records": [', { 'content-type': 'application/json' }],
      ['records', { 'content-type': 'text/plain' }],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: HOSPITAL_API.treatments,
        remoteAddress: freshAddress(),
        headers: { ...headers, [HOSPITAL_KEY_HEADER]: 'hk_90000001_wrong' },
        payload: payload as object,
      });
      const p = problemOf(res);
      expect(p).toMatchObject({ status: 401, code: 'HOSPITAL_KEY_INVALID' });
      expect(p.errors?.map((e) => e.field)).toEqual([HOSPITAL_KEY_HEADER]);
    }
  });

  it('the operator calls answer 401 before reading the body', async () => {
    for (const url of [
      OPERATOR_API.claimStatus(1),
      OPERATOR_API.hospitalApiKeys('90000001'),
      OPERATOR_API.hospitalApiKeyRevoke('90000001', 1),
    ]) {
      const res = await t.app.inject({ method: 'POST', url, payload: { status: 'nonsense', label: 5 } });
      expect(problemOf(res)).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
      expect(problemOf(res).errors).toBeUndefined();
    }
  });
});

describe('guessing keys', () => {
  it(`an address that sent ${HOSPITAL_KEY_FAILURE_LIMIT.max} wrong keys is refused (429), even with a right one`, async () => {
    const { apiKey } = await issue('90000001');
    const attacker = '198.51.100.30';
    for (let i = 0; i < HOSPITAL_KEY_FAILURE_LIMIT.max; i++) {
      const res = await feed(`hk_90000001_guess${i}`, { records: [] }, attacker);
      expect(problemOf(res).code).toBe('HOSPITAL_KEY_INVALID');
    }
    for (const key of ['hk_90000001_guess-more', undefined, apiKey]) {
      const res = await feed(key, { records: [treatmentRecord(who, { receiptNo: 'GUESS-1' })] }, attacker);
      expect(problemOf(res)).toMatchObject({ status: 429, code: 'HOSPITAL_KEY_FAILURES' });
    }
    // Others are not punished for one address's guesses.
    expect(problemOf(await feed('hk_90000001_other', { records: [] })).code).toBe('HOSPITAL_KEY_INVALID');
    const ok = await feed(apiKey, { records: [treatmentRecord(who, { receiptNo: 'GUESS-2' })] });
    expect(ok.statusCode).toBe(200);
  });
});

describe('the feed’s rate per key', () => {
  it(`takes ${HOSPITAL_FEED_RATE_LIMIT.max} calls a minute per key, from whatever addresses; another key is unaffected`, async () => {
    const flooding = await issue('90000002', 'runaway');
    const calm = await issue('90000002', 'calm');
    for (let i = 0; i < HOSPITAL_FEED_RATE_LIMIT.max; i++) {
      expect((await feed(flooding.apiKey, { records: [] })).statusCode).toBe(400);
    }
    const over = await feed(flooding.apiKey, { records: [treatmentRecord(who, { receiptNo: 'FLOOD-1' })] });
    expect(problemOf(over)).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    const other = await feed(calm.apiKey, { records: [treatmentRecord(who, { receiptNo: 'CALM-1' })] });
    expect(other.statusCode).toBe(200);
  });
});

describe('operators list and revoke keys', () => {
  it('lists keys with their last use (never the key), and a revoked key is refused at once', async () => {
    const first = await issue('90000003', 'EMR 1');
    const second = await issue('90000003', 'EMR 2');
    let list = await keysOf('90000003');
    expect(list.map((k) => k.keyId).sort()).toEqual([first.keyId, second.keyId].sort());
    expect(JSON.stringify(list)).not.toContain(first.apiKey);
    expect(list.find((k) => k.keyId === first.keyId)).toMatchObject({
      hospitalCd: '90000003',
      label: 'EMR 1',
      keyPrefix: first.apiKey.slice(0, 14),
      lastUsedAt: null,
      revokedAt: null,
      revokedBy: null,
    });

    const used = await feed(first.apiKey, { records: [treatmentRecord(who, { receiptNo: 'REVOKE-1' })] });
    expect(used.statusCode).toBe(200);
    list = await keysOf('90000003');
    expect(list.find((k) => k.keyId === first.keyId)?.lastUsedAt).toBe(clock.now().toISOString());
    expect(list.find((k) => k.keyId === second.keyId)?.lastUsedAt).toBeNull();

    clock.advance(5 * 60_000);
    const revoke = (hospitalCd: string, keyId: number, headers: Record<string, string> = ops) =>
      t.app.inject({ method: 'POST', url: OPERATOR_API.hospitalApiKeyRevoke(hospitalCd, keyId), headers });
    expect((await revoke('90000003', first.keyId, {})).statusCode).toBe(401);
    const revoked = await revoke('90000003', first.keyId);
    expect(revoked.statusCode).toBe(200);
    const revokedAt = clock.now().toISOString();
    expect(revoked.json()).toMatchObject({ keyId: first.keyId, revokedAt, revokedBy: 'key-ops' });

    // The very next call with it is refused; the hospital's other key still works.
    const after = await feed(first.apiKey, { records: [treatmentRecord(who, { receiptNo: 'REVOKE-2' })] });
    expect(problemOf(after)).toMatchObject({ status: 401, code: 'HOSPITAL_KEY_INVALID' });
    const other = await feed(second.apiKey, { records: [treatmentRecord(who, { receiptNo: 'REVOKE-3' })] });
    expect(other.statusCode).toBe(200);

    // Revoking again changes nothing; a key of another hospital or none at all is not found.
    clock.advance(60_000);
    expect((await revoke('90000003', first.keyId)).json()).toMatchObject({ revokedAt });
    expect(problemOf(await revoke('90000001', second.keyId))).toMatchObject({
      status: 404,
      code: 'HOSPITAL_KEY_NOT_FOUND',
    });
    expect(problemOf(await revoke('90000003', 999_999)).code).toBe('HOSPITAL_KEY_NOT_FOUND');
    expect(problemOf(await revoke('99999999', first.keyId)).code).toBe('HOSPITAL_NOT_FOUND');
    expect((await feed(second.apiKey, { records: [] })).statusCode).toBe(400);
  });
});
