// A typed address without a postcode (docs/providers/juso-address.md "A typed address"): the patient need not know the
// postcode; the server looks it up from the road address through the address provider (here the juso double), keeps
// the address without one when none is certain, and never holds the subscription up for it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@auto-claim/contract';
import { images, regFor, type Images } from '../../../fixtures/enrolment.js';
import { startJusoDouble, type JusoDouble } from '../../../fixtures/juso-double.js';
import { build, problemOf, verifyPatient, type TestApp } from '../../helper.js';

const KEY = 'test-confm-key';
let double: JusoDouble;
let t: TestApp;
let img: Images;
beforeAll(async () => {
  double = await startJusoDouble({ confmKey: KEY });
  t = await build({ config: { address: { kind: 'juso', confmKey: KEY, baseUrl: double.url } } });
  img = await images();
});
afterAll(async () => {
  await t?.close();
  await double.close();
});

async function subscribe(overrides: Record<string, unknown>) {
  const v = await verifyPatient(t);
  const res = await t.app.inject({
    method: 'POST',
    url: API.subscriptions,
    payload: await regFor(t, v, img, overrides),
    headers: { cookie: v.cookie },
  });
  return { v, res };
}

describe('a typed road address without a postcode', () => {
  it('subscribes, and the postcode is looked up from the road address', async () => {
    const { res } = await subscribe({ userPostNo: '', userAddr: '서울특별시 중구 세종대로 110 3층' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().subscription).toMatchObject({
      userPostNo: '04524',
      userAddr: '서울특별시 중구 세종대로 110 3층',
    });
    expect(double.seen.at(-1)!.get('keyword')).toBe('서울특별시 중구 세종대로 110');
  });

  it('keeps an address the provider does not know, or cannot be asked about, without a postcode', async () => {
    const unknown = await subscribe({ userPostNo: '', userAddr: '강원특별자치도 어딘가로 12' });
    expect(unknown.res.statusCode, unknown.res.body).toBe(201);
    expect(unknown.res.json().subscription).toMatchObject({ userPostNo: '', userAddr: '강원특별자치도 어딘가로 12' });
    // The double answers a keyword starting with `down` with a 502: the look-up gives up, the subscription goes on.
    const before = double.seen.length;
    const silent = await subscribe({ userPostNo: '', userAddr: 'down 1' });
    expect(double.seen.slice(before).map((q) => q.get('keyword'))).toEqual(['down 1']);
    expect(silent.res.statusCode, silent.res.body).toBe(201);
    expect(silent.res.json().subscription).toMatchObject({ userPostNo: '' });
  }, 30_000);

  it('a change of address may leave out the postcode too; a postcode without an address is still refused', async () => {
    const { v, res } = await subscribe({});
    expect(res.statusCode, res.body).toBe(201);
    const put = (payload: object) =>
      t.app.inject({ method: 'PUT', url: API.subscriptions, payload, headers: { cookie: v.cookie } });
    const moved = await put({ userAddr: '서울특별시 중구 세종대로 110-1' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().subscription).toMatchObject({
      userPostNo: '04524',
      userAddr: '서울특별시 중구 세종대로 110-1',
    });
    expect(problemOf(await put({ userPostNo: '04524' }))).toMatchObject({
      status: 400,
      errors: [{ field: 'userAddr' }],
    });
    expect(problemOf(await put({ userPostNo: '123', userAddr: '서울특별시 중구 세종대로 110' }))).toMatchObject({
      status: 400,
      errors: [{ field: 'userPostNo', message: '우편번호 5자리를 입력해 주세요.' }],
    });
  });
});
