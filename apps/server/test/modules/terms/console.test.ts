// Terms in the console: an admin publishes a new version with its effective date (never before today in Korea); the
// patient app is offered the version in effect only, the new one from its first day; the old one stays for the record;
// the subscribers who agreed to the old version of a required term are counted (viewer) and listed masked (operator).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@auto-claim/contract';
import { CURSOR_MESSAGE, OPS_TERMS_API, encodeCursor, type TermsVersion } from '@auto-claim/contract/ops';
import { createSubscriber, type Subscriber } from '../../../fixtures/factories.js';
import { build, problemOf, signInOperator, testClock, type TestApp } from '../../helper.js';

// 2026-11-23 12:00 KST; the seeded terms are in effect since 2026-11-01.
const clock = testClock(new Date('2026-11-23T03:00:00Z'));
let t: TestApp;
const h: Record<string, Record<string, string>> = {};

beforeAll(async () => {
  t = await build({ clock });
  for (const role of ['viewer', 'operator', 'admin'] as const) h[role] = (await signInOperator(t, role)).headers;
});
afterAll(() => t?.close());

const publish = (who: string | undefined, body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: OPS_TERMS_API.terms, headers: who ? h[who] : {}, payload: body });
const newUse = {
  termsId: 'SVC_USE',
  title: '서비스 이용약관 (개정)',
  content: '제1조 (목적)\n개정된 약관이에요.',
  required: true,
  effectiveDate: '20261201',
};
const offered = async (group = 'SERVICE') => {
  const res = await t.app.inject(API.terms('v2', group));
  expect(res.statusCode).toBe(200);
  return (res.json() as { list: { termsId: string; version: string; title: string }[] }).list;
};
const versions = async (termsId: string) => {
  const res = await t.app.inject({ url: `${OPS_TERMS_API.terms}?termsGroup=SERVICE&size=100`, headers: h.viewer });
  expect(res.statusCode).toBe(200);
  return (res.json() as { list: TermsVersion[] }).list.filter((v) => v.termsId === termsId);
};

describe('publishing a version', () => {
  it('is for admins only: nobody 401, a viewer and an operator 403, changing nothing', async () => {
    expect((await publish(undefined, newUse)).statusCode).toBe(401);
    for (const role of ['viewer', 'operator']) {
      const res = await publish(role, newUse);
      expect(res.statusCode, role).toBe(403);
      expect(problemOf(res).code).toBe('ROLE_FORBIDDEN');
    }
    expect(await versions('SVC_USE')).toHaveLength(1);
  });

  it('refuses bad input in Korean, naming the field', async () => {
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ ...newUse, title: '' }, 'title', /제목을 입력해 주세요/],
      [{ ...newUse, content: '   ' }, 'content', /내용을 입력해 주세요/],
      [{ ...newUse, effectiveDate: '2026-12-01' }, 'effectiveDate', /YYYYMMDD/],
      [{ ...newUse, effectiveDate: '20261122' }, 'effectiveDate', /오늘\(2026년 11월 23일\)이나 그 뒤/],
      [{ ...newUse, effectiveDate: '20261340' }, 'effectiveDate', /없는 날짜/],
      [{ ...newUse, required: 'yes' }, 'required', /[가-힣]/],
      [{ ...newUse, version: '9.9' }, '', /[가-힣]/],
    ];
    for (const [body, field, message] of cases) {
      const res = await publish('admin', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const p = problemOf(res);
      expect(p.detail).toMatch(/[가-힣]/);
      const e = p.errors?.find((x) => x.field === field) ?? p.errors?.[0];
      expect(e?.message, field).toMatch(message);
    }
    const unknown = await publish('admin', { ...newUse, termsId: 'NO_SUCH' });
    expect(unknown.statusCode).toBe(404);
    expect(problemOf(unknown)).toMatchObject({ code: 'TERMS_NOT_FOUND', errors: [{ field: 'termsId' }] });
    expect(await versions('SVC_USE')).toHaveLength(1);
  });

  it('adds the next version, recorded as terms_published; today is the earliest effective date', async () => {
    const res = await publish('admin', newUse);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ termsId: 'SVC_USE', version: '2.0', effectiveDate: '20261201' });
    const vs = await versions('SVC_USE');
    expect(vs.map((v) => [v.version, v.state])).toEqual([
      ['2.0', 'scheduled'],
      ['1.0', 'in_effect'],
    ]);
    const action = await t.db.db
      .selectFrom('operatorAction')
      .selectAll()
      .where('action', '=', 'terms_published')
      .executeTakeFirstOrThrow();
    expect(action).toMatchObject({ target: 'SVC_USE', detail: 'version 2.0, effective 20261201' });
    expect(action.loginId).toMatch(/^admin-/);

    // One waiting version at a time.
    const again = await publish('admin', { ...newUse, effectiveDate: '20261215' });
    expect(again.statusCode).toBe(409);
    expect(problemOf(again)).toMatchObject({ code: 'TERMS_VERSION_SCHEDULED' });
    expect(problemOf(again).detail).toContain('2026년 12월 1일');

    // Effective today: offered at once.
    const today = await publish('admin', {
      ...newUse,
      termsId: 'SVC_PRIVACY',
      title: '개인정보 (개정)',
      effectiveDate: '20261123',
    });
    expect(today.statusCode).toBe(200);
    expect((await offered()).find((x) => x.termsId === 'SVC_PRIVACY')).toMatchObject({
      version: '2.0',
      title: '개인정보 (개정)',
    });
  });
});

describe('the patient app', () => {
  it('is offered the version in effect only, the new one from its first day in Korea', async () => {
    const use = async () => (await offered()).filter((x) => x.termsId === 'SVC_USE');
    expect(await use()).toMatchObject([{ version: '1.0', title: '서비스 이용약관' }]);
    clock.set(new Date('2026-11-30T14:59:59Z')); // 23:59:59 KST on the 30th
    expect(await use()).toMatchObject([{ version: '1.0' }]);
    clock.set(new Date('2026-11-30T15:00:00Z')); // 00:00 KST on 1 December
    expect(await use()).toMatchObject([{ version: '2.0', title: '서비스 이용약관 (개정)' }]);
    h.viewer = (await signInOperator(t, 'viewer')).headers;
    const vs = await versions('SVC_USE');
    expect(vs.map((v) => [v.version, v.state])).toEqual([
      ['2.0', 'in_effect'],
      ['1.0', 'superseded'],
    ]);
  });
});

describe('who must agree again', () => {
  let fresh: Subscriber;
  beforeAll(async () => {
    // Subscribed on the 20th with SVC_USE agreed (1.0): must agree to 2.0. One agreed to 2.0 since; one never
    // listed SVC_USE; one cancelled; one subscribed after 2.0 took effect.
    const make = async (o: { terms: string[]; at: string; status?: string; name?: string }) => {
      const s = await createSubscriber(t.app.ctx, { userNm: o.name ?? '홍길동', userTel: '01012345678' });
      await sql`update subscription set terms_ids = ${JSON.stringify(o.terms)}::jsonb, created_at = ${new Date(o.at)},
        status = ${o.status ?? 'subscribe'} where insu_apply_id = ${s.insuApplyId}`.execute(t.db.db);
      return s;
    };
    fresh = await make({ terms: ['SVC_USE', 'SVC_PRIVACY'], at: '2026-11-20T01:00:00Z' });
    const agreedSince = await make({ terms: ['SVC_USE'], at: '2026-11-20T01:00:00Z', name: '김동의' });
    await t.db.db
      .insertInto('termsAgreement')
      .values({ termsId: 'SVC_USE', version: '2.0', ciHmac: agreedSince.ciHmac, ipHmac: 'x', agreedAt: clock.now() })
      .execute();
    await make({ terms: ['SVC_PRIVACY'], at: '2026-11-20T01:00:00Z', name: '이사생' });
    await make({ terms: ['SVC_USE'], at: '2026-11-20T01:00:00Z', status: 'cancel', name: '최해지' });
    await make({ terms: ['SVC_USE'], at: '2026-12-01T01:00:00Z', name: '정신규' });
    // The clock moved past the sessions' lifetime.
    for (const role of ['viewer', 'operator', 'admin'] as const) h[role] = (await signInOperator(t, role)).headers;
  });

  it('counts them for a viewer, per term, with no person in the answer', async () => {
    const res = await t.app.inject({ url: OPS_TERMS_API.reagreeCount, headers: h.viewer });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { total: number; terms: { termsId: string; version: string; count: number }[] };
    // SVC_USE: the one on the 20th (not the one who agreed since, the cancelled one, nor the one after);
    // SVC_PRIVACY 2.0 (effective 23 Nov): fresh and 이사생 subscribed before it.
    expect(body.terms).toEqual([
      { termsId: 'SVC_PRIVACY', title: '개인정보 (개정)', version: '2.0', count: 2 },
      { termsId: 'SVC_USE', title: '서비스 이용약관 (개정)', version: '2.0', count: 1 },
    ]);
    expect(body.total).toBe(2);
    expect(res.body).not.toMatch(/홍|010/);
  });

  it('lists them masked for an operator, paged, but not for a viewer', async () => {
    expect((await t.app.inject({ url: OPS_TERMS_API.reagree, headers: h.viewer })).statusCode).toBe(403);
    const res = await t.app.inject({ url: `${OPS_TERMS_API.reagree}?termsId=SVC_USE`, headers: h.operator });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      total: 1,
      capped: false,
      nextCursor: null,
      list: [
        {
          insuApplyId: fresh.insuApplyId,
          userNm: '홍*동',
          userTel: '010-****-5678',
          subscribedAt: '2026-11-20T01:00:00.000Z',
          termsIds: ['SVC_USE'],
        },
      ],
    });
    // By key, a page at a time (db/page.ts, keysetPage): subscribed at, then the subscription's number (text).
    type Answer = { total: number; nextCursor: string | null; list: { insuApplyId: string; subscribedAt: string }[] };
    const first = (
      await t.app.inject({ url: `${OPS_TERMS_API.reagree}?size=1&order=asc`, headers: h.admin })
    ).json() as Answer;
    expect(first).toMatchObject({ total: 2, capped: false, nextCursor: expect.any(String) });
    const second = (
      await t.app.inject({
        url: `${OPS_TERMS_API.reagree}?size=1&order=asc&cursor=${first.nextCursor!}`,
        headers: h.admin,
      })
    ).json() as Answer;
    expect(second).toMatchObject({ total: 2, nextCursor: null });
    expect(second.list).toHaveLength(1);
    expect(second.list[0]!.insuApplyId).not.toBe(first.list[0]!.insuApplyId);
    expect(second.list[0]!.subscribedAt >= first.list[0]!.subscribedAt).toBe(true);
    // Its cursor names a subscription: another list, keyed by number, refuses it (400 naming cursor, not a 500),
    // and so does this one a cursor made for another order.
    const elsewhere = await t.app.inject({
      url: `/api/admin/claims/dead-letters?order=asc&cursor=${first.nextCursor!}`,
      headers: h.admin,
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(problemOf(elsewhere).errors?.[0]).toMatchObject({ field: 'cursor' });
    const otherOrder = await t.app.inject({
      url: `${OPS_TERMS_API.reagree}?size=1&order=desc&cursor=${first.nextCursor!}`,
      headers: h.admin,
    });
    expect(otherOrder.statusCode).toBe(400);
    // A cursor written by hand, well formed but with a key no time can be: 400 naming cursor, not a 500.
    const handMade = encodeCursor({ s: '', o: 'asc', k: 'not-a-time', i: first.list[0]!.insuApplyId });
    const wrongType = await t.app.inject({
      url: `${OPS_TERMS_API.reagree}?order=asc&cursor=${handMade}`,
      headers: h.admin,
    });
    expect(wrongType.statusCode).toBe(400);
    expect(problemOf(wrongType).errors).toEqual([{ field: 'cursor', message: CURSOR_MESSAGE }]);
    const tooMany = await t.app.inject({ url: `${OPS_TERMS_API.reagree}?size=101`, headers: h.operator });
    expect(tooMany.statusCode).toBe(400);
    expect(problemOf(tooMany).errors?.[0]).toMatchObject({ field: 'size', message: '한 번에 100건까지 볼 수 있어요.' });
  });

  it('records an agreement with the version in effect', async () => {
    const { recordAgreements } = await import('../../../src/modules/terms/index.js');
    const out = await recordAgreements(t.app.ctx, ['SVC_USE'], { ciHmac: fresh.ciHmac, ipHmac: 'x' });
    expect(out).toMatchObject([{ termsId: 'SVC_USE', version: '2.0' }]);
    const res = await t.app.inject({ url: `${OPS_TERMS_API.reagree}?termsId=SVC_USE`, headers: h.operator });
    expect(res.json()).toMatchObject({ total: 0 });
  });
});
