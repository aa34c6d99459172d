// spec §4's submission rule and status rule, and the idempotency key on the wire.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API, IDEMPOTENCY_HEADER } from '@auto-claim/contract';
import { emptyReg, type ClaimState } from '../store/claim';
import { buildSubmission, fetchSubscriptionStatus, isSubscribed, submit } from './subscriptions';

const person = {
  userCi: 'ci-test',
  userNm: '김테스트',
  birthday: '19850101',
  sex: 'M' as const,
  userIdno2: '1234567',
  userTel: '01000001234',
};
const state = (reg: Partial<ClaimState['reg']>, prcMode: 'inner' | 'outer') =>
  ({
    reg: { ...emptyReg(), ...person, insuCompCd: 'SAMSUNGFIRE', agreeIds: ['T1', 'T2'], ...reg },
    ui: { prcMode },
  }) as unknown as ClaimState;

describe('buildSubmission (spec §4)', () => {
  it('no insuApplyId, outer mode: the plain v1 subscription with the whole reg', () => {
    const s = buildSubmission(state({ hospitalCd: '90000001', minAmt: 10_000, retroMonth: 0 }, 'outer'));
    expect(s.path).toBe(API.subscriptions);
    expect(s.path).toBe('/ui/insu/v1/claims/subscriptions');
    expect(s.body).toMatchObject({ ...person, hospitalCd: '90000001', minAmt: 10_000, retroMonth: 0 });
  });
  it('no insuApplyId, inner mode: the multi-receipt v2 subscription with multiSubscrib', () => {
    const s = buildSubmission(state({ multiSubscrib: ['90000001', '90000002'] }, 'inner'));
    expect(s.path).toBe('/ui/insu/v2/claims/subscriptions');
    expect(s.body).toMatchObject({ multiSubscrib: ['90000001', '90000002'] });
  });
  it('insuApplyId set, outer mode: add-hospital v1 with hospitalCd and agreeId', () => {
    const s = buildSubmission(state({ insuApplyId: 'A1', hospitalCd: '90000003' }, 'outer'));
    expect(s.path).toBe('/ui/insu/v1/claims/subscriptions/hospitals');
    expect(s.body).toEqual({ ...person, hospitalCd: '90000003', agreeId: 'T1', insuApplyId: 'A1' });
  });
  it('insuApplyId set, inner mode: add-hospital v2 with a hospitals list', () => {
    const s = buildSubmission(state({ insuApplyId: 'A1', multiSubscrib: ['90000002', '90000003'] }, 'inner'));
    expect(s.path).toBe('/ui/insu/v2/claims/subscriptions/hospitals');
    expect(s.body).toEqual({ ...person, hospitals: ['90000002', '90000003'], agreeId: 'T1', insuApplyId: 'A1' });
  });
  it('sends the identity type as ic/dl/pp, also for NHLIFE (the contract converts it on the server)', () => {
    const s = buildSubmission(state({ insuCompCd: 'NHLIFE', idcardType: 'dl' }, 'outer'));
    expect(s.body).toMatchObject({ idcardType: 'dl' });
  });
});

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('subscription status (spec §4, §8)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is subscribed only when subscriptionStatus is subscribe', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(200, { subscriptionStatus: 'subscribe', subscription: {} })),
    );
    const r = await fetchSubscriptionStatus();
    expect(isSubscribed(r)).toBe(true);
  });
  it('is empty for any other status', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(200, { subscriptionStatus: 'cancel' })),
    );
    expect(await fetchSubscriptionStatus()).toEqual({});
  });
  it('is empty on an error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(500, { status: 500, title: 'x', detail: 'y', code: 'Z' })),
    );
    expect(await fetchSubscriptionStatus()).toEqual({});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    expect(await fetchSubscriptionStatus()).toEqual({});
  });
});

describe('submit', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('carries the same idempotency key on a retry', async () => {
    const seen: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        seen.push((init.headers as Record<string, string>)[IDEMPOTENCY_HEADER]!);
        return seen.length === 1 ? Promise.reject(new TypeError('lost')) : answer(201, { insuApplyId: 'A1' });
      }),
    );
    const s = buildSubmission(state({ hospitalCd: '90000001' }, 'outer'));
    await expect(submit(s, 'key-1')).rejects.toThrow();
    await expect(submit(s, 'key-1')).resolves.toEqual({ insuApplyId: 'A1' });
    expect(seen).toEqual(['key-1', 'key-1']);
  });
});
