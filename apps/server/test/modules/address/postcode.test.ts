// A typed address without a postcode (docs/providers/juso-address.md "A typed address"): the patient need not know the
// postcode; the address screen asks for it (POST …/addresses/postcode) and the server looks it up again from the road
// address through the address provider (here the juso double), keeps the address without one when none is certain,
// and never holds the subscription up for it. Such a subscription's claims are built, packaged and delivered as any
// other, and the operator console says the postcode is missing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, HOSPITAL_API, HOSPITAL_KEY_HEADER, OPERATOR_API } from '@auto-claim/contract';
import type { OpsClaimDetail } from '@auto-claim/contract/ops';
import { images, personFields, regFor, type Images, type Verified } from '../../../fixtures/enrolment.js';
import { startJusoDouble, type JusoDouble } from '../../../fixtures/juso-double.js';
import { build, problemOf, signInOperator, verifyPatient, type TestApp } from '../../helper.js';

const KEY = 'test-confm-key';
let double: JusoDouble;
let t: TestApp;
let img: Images;
beforeAll(async () => {
  double = await startJusoDouble({ confmKey: KEY });
  t = await build({ config: { address: { kind: 'juso', confmKey: KEY, baseUrl: double.url } } });
  await t.app.claimEngine.start();
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

describe('POST /ui/insu/v1/addresses/postcode', () => {
  let v: Verified;
  const ask = (payload: object, cookie = v.cookie) =>
    t.app.inject({ method: 'POST', url: API.addressPostcode, payload, headers: { cookie } });
  beforeAll(async () => {
    v = await verifyPatient(t);
  });

  it('answers the postcode of a typed road address, searched up to its building number', async () => {
    const before = double.seen.length;
    const res = await ask({ userAddr: '  서울특별시 중구 세종대로 110 3층 ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ userPostNo: '04524' });
    expect(double.seen.slice(before).map((q) => q.get('keyword'))).toEqual(['서울특별시 중구 세종대로 110']);
    // Without the city and district too: the result ends with what she typed.
    expect((await ask({ userAddr: '세종대로 110-1' })).json()).toEqual({ userPostNo: '04524' });
  });

  it('answers an empty postcode when none is certain: the road is unknown, or the number is another', async () => {
    expect((await ask({ userAddr: '강원특별자치도 어딘가로 12' })).json()).toEqual({ userPostNo: '' });
    // 세종대로 1101 is not 세종대로 110 (a longer number), though the vendor's search may list both.
    expect((await ask({ userAddr: '서울특별시 중구 세종대로 1101' })).json()).toEqual({ userPostNo: '' });
  });

  it('answers 503 in Korean when the address provider cannot be asked, so the screen says to go on without', async () => {
    const res = await ask({ userAddr: 'down 1 어딘가' });
    expect(problemOf(res)).toMatchObject({
      status: 503,
      code: 'ADDRESS_SEARCH_UNAVAILABLE',
      detail: '지금은 우편번호를 찾을 수 없어요. 비워 두어도 신청할 수 있어요.',
    });
  });

  it('refuses an address too short or missing, naming userAddr, and asks for a session first', async () => {
    const before = double.seen.length;
    for (const [body, message] of [
      [{ userAddr: '세종' }, '주소를 입력해 주세요.'],
      [{}, '꼭 입력해야 하는 항목이에요.'],
    ] as const) {
      expect(problemOf(await ask(body))).toMatchObject({ status: 400, errors: [{ field: 'userAddr', message }] });
    }
    expect((await ask({ userAddr: '서울특별시 중구 세종대로 110' }, '')).statusCode).toBe(401);
    expect(double.seen.length).toBe(before); // none of these reached the vendor
  });
});

describe('a subscription whose address has no postcode', () => {
  const kstDay = (daysAgo: number) =>
    new Date(Date.now() + 9 * 3600_000 - daysAgo * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');

  async function claimOf(v: Verified, receiptNo: string) {
    const p = personFields(v);
    const res = await t.app.inject({
      method: 'POST',
      url: HOSPITAL_API.treatments,
      headers: { [HOSPITAL_KEY_HEADER]: 'sandbox-90000001' },
      payload: {
        records: [
          {
            receiptNo,
            patient: { name: p.userNm, birthDate: p.birthday, ci: v.ci },
            visitDate: kstDay(3),
            visitType: '외래',
            department: '내과',
            kcdCodes: ['J00'],
            coveredCopay: 30_000,
            uncovered: 20_000,
            totalPaid: 50_000,
          },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.claimEngine.drain();
    const recordId = (res.json() as { results: { recordId: number }[] }).results[0]!.recordId;
    return t.db.db
      .selectFrom('claim')
      .select(['id', 'status'])
      .where('recordId', '=', recordId)
      .executeTakeFirstOrThrow();
  }

  it(
    'has its claims built, packaged and delivered; the console says the postcode is missing',
    { timeout: 60_000 },
    async () => {
      const ops = (await signInOperator(t, 'operator', { loginId: 'postcode-ops' })).headers;
      const without = await subscribe({ userPostNo: '', userAddr: '강원특별자치도 어딘가로 12', userAddrDetail: '' });
      expect(without.res.statusCode, without.res.body).toBe(201);
      expect(without.res.json().subscription).toMatchObject({ userPostNo: '' });
      const withCode = await subscribe({ userPostNo: '', userAddr: '서울특별시 중구 세종대로 110' });
      expect(withCode.res.json().subscription).toMatchObject({ userPostNo: '04524' });

      const claim = await claimOf(without.v, `POST-${without.v.person.custHp}`);
      expect(claim.status).toBe('sent');
      const detail = (
        await t.app.inject({ url: OPERATOR_API.claim(Number(claim.id)), headers: ops })
      ).json() as OpsClaimDetail;
      expect(detail).toMatchObject({ status: 'sent', postNoMissing: true });
      // The package (claim form, 위임장, 동의서) is made from the address without a postcode.
      const pkg = await t.app.inject({
        method: 'POST',
        url: OPERATOR_API.claimPackage(Number(claim.id)),
        headers: ops,
        payload: { category: 'insurer_request', reason: '우편번호 없는 주소의 청구 서류 확인' },
      });
      expect(pkg.statusCode, pkg.body).toBe(200);
      expect(pkg.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

      const other = await claimOf(withCode.v, `POST-${withCode.v.person.custHp}`);
      const otherDetail = (await t.app.inject({ url: OPERATOR_API.claim(Number(other.id)), headers: ops })).json();
      expect(otherDetail).toMatchObject({ status: 'sent', postNoMissing: false });
    },
  );
});
