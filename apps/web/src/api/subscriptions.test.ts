// spec §4's submission rule and status rule, and the idempotency key on the wire.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API, IDEMPOTENCY_HEADER } from '@auto-claim/contract';
import { emptyReg, type ClaimState } from '../store/claim';
import { ApiError } from './client';
import {
  buildSubmission,
  cancelSubscription,
  changeSubscription,
  confirmSubscription,
  fetchSubscriptionStatus,
  isSubscribed,
  removeHospital,
  submit,
} from './subscriptions';

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

describe('buildSubmission, a child (README "A parent enrols her children")', () => {
  const child = {
    person: {
      userNm: '김지민',
      birthday: '20150301',
      sex: 'F' as const,
      userIdno2: '4123456',
      guardianRel: 'mother' as const,
      userTel: '',
    },
    relation: { docType: 'family' as const, issueDate: '20261101', file: 'data:image/jpeg;base64,AA', fileName: '' },
    done: [],
    carry: null,
  };
  it('adds the child (contract reg.child) and keeps the verified parent as the person; the document is not in it', () => {
    const base = state({ hospitalCd: '90000001' }, 'outer');
    const s = buildSubmission({ ...base, ui: { ...base.ui, insured: 'child' }, child });
    expect(s.path).toBe(API.subscriptions);
    expect(s.body).toMatchObject(person);
    // Exactly the contract's childBody: her own phone only when the parent gave one.
    expect((s.body as { child: unknown }).child).toEqual({
      userNm: '김지민',
      birthday: '20150301',
      sex: 'F',
      userIdno2: '4123456',
      guardianRel: 'mother',
    });
    expect(JSON.stringify(s.body)).not.toContain('data:image/jpeg;base64,AA');
  });
  it('the self case sends no child at all, whatever the store holds', () => {
    const base = state({ hospitalCd: '90000001' }, 'outer');
    const s = buildSubmission({ ...base, ui: { ...base.ui, insured: 'self' }, child });
    expect(s.body).not.toHaveProperty('child');
  });
});

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
  it('add-hospital leaves agreeId out when nothing new was agreed, never sends ""', () => {
    const v1 = buildSubmission(state({ insuApplyId: 'A1', hospitalCd: '90000003', agreeIds: [] }, 'outer'));
    const v2 = buildSubmission(state({ insuApplyId: 'A1', multiSubscrib: ['90000002'], agreeIds: [] }, 'inner'));
    expect(v1.body).not.toHaveProperty('agreeId');
    expect(v2.body).not.toHaveProperty('agreeId');
    expect(JSON.stringify([v1.body, v2.body])).not.toContain('"agreeId":""');
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
    // a lost answer resolves with the error object (spec §8); the retry carries the same key
    const lost = await submit(s, 'key-1');
    expect(lost).toBeInstanceOf(ApiError);
    expect((lost as ApiError).status).toBe(0);
    await expect(submit(s, 'key-1')).resolves.toEqual({ insuApplyId: 'A1' });
    expect(seen).toEqual(['key-1', 'key-1']);
  });
});

describe('the subscription calls resolve with the error object (spec §8)', () => {
  afterEach(() => vi.unstubAllGlobals());
  const problem = { status: 409, title: 'Conflict', detail: '이미 해지된 자동청구예요.', code: 'NOT_SUBSCRIBED' };

  it('change, cancel and remove a hospital resolve with an ApiError carrying the problem', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(409, problem)),
    );
    for (const call of [
      () => changeSubscription({ minAmt: 0 }),
      cancelSubscription,
      () => removeHospital('90000001'),
    ]) {
      const result = await call();
      expect(result).toBeInstanceOf(ApiError);
      expect(result).toMatchObject({ status: 409, detail: '이미 해지된 자동청구예요.' });
    }
  });

  it('and with the answer when it works', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(200, { subscriptionStatus: 'cancel' })),
    );
    await expect(cancelSubscription()).resolves.toEqual({ subscriptionStatus: 'cancel' });
  });

  it('a network failure is an answer too (status 0), but a bug still throws', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    await expect(cancelSubscription()).resolves.toMatchObject({ status: 0 });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => ({
        status: 200,
        ok: true,
        text: () => {
          throw new RangeError('bug');
        },
      })),
    );
    await expect(cancelSubscription()).rejects.toThrow(RangeError);
  });
});

describe('confirm (spec §7)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends userIdno as the birthday without its first two characters plus userIdno2', async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        bodies.push({ url, ...JSON.parse(init.body as string) });
        return answer(200, { subscriptionStatus: 'none', reg: {} });
      }),
    );
    await confirmSubscription({ ...person, hospitalCd: '90000001' });
    await confirmSubscription({ ...person, userIdno2: '', hospitalCd: '90000001' });
    expect(bodies).toEqual([
      { url: API.subscriptionsConfirm, userCi: 'ci-test', hospitalCd: '90000001', userIdno: '8501011234567' },
      { url: API.subscriptionsConfirm, userCi: 'ci-test', hospitalCd: '90000001', userIdno: '850101' },
    ]);
  });
});
