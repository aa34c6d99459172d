// The road-address adapter against a local double of the 행정안전부 도로명주소 검색 API (fixtures/juso-double.ts:
// GET /addrlink/addrLinkApi.do, confmKey, keyword, countPerPage, resultType=json → { results: { common, juso } }),
// with the vendor's published error codes (E0001, E0005–E0015, -999), a malformed answer, an outage and a timeout. No test reaches the internet.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@auto-claim/contract';
import { loadConfig } from '../../../src/config.js';
import { jusoAddress } from '../../../src/providers/address/juso.js';
import { startJusoDouble, type JusoDouble } from '../../../fixtures/juso-double.js';
import { build, problemOf, verifyPatient, type TestApp, scratchDir } from '../../helper.js';

const KEY = 'test-confm-key';

let double: JusoDouble;
let base: string;
let seen: URLSearchParams[];
beforeAll(async () => {
  double = await startJusoDouble({ confmKey: KEY, expiredKeys: ['expired-key'] });
  base = double.url;
  seen = double.seen;
});
afterAll(() => double.close());

describe('the juso adapter', () => {
  const juso = (o: Partial<Parameters<typeof jusoAddress>[0]> = {}) =>
    jusoAddress({ confmKey: KEY, baseUrl: base, timeoutMs: 1_500, ...o });

  it('asks as the vendor documents and maps road address, lot address, postcode and building', async () => {
    const found = await juso().search('세종대로 110', 10);
    expect(found).toEqual({
      total: 2,
      list: [
        {
          postNo: '04524',
          roadAddr: '서울특별시 중구 세종대로 110',
          jibunAddr: '서울특별시 중구 태평로1가 31 서울특별시청',
          buildingNm: '서울특별시청',
        },
        {
          postNo: '04524',
          roadAddr: '서울특별시 중구 세종대로 110-1',
          jibunAddr: '서울특별시 중구 태평로1가 31-1',
          buildingNm: '',
        },
      ],
    });
    const q = seen.at(-1)!;
    expect(Object.fromEntries(q)).toEqual({
      confmKey: KEY,
      currentPage: '1',
      countPerPage: '10',
      keyword: '세종대로 110',
      resultType: 'json',
    });
  });

  it('answers a keyword the vendor finds too vague with nothing found, so the patient types the address', async () => {
    expect(await juso().search('세종', 10)).toEqual({ list: [], total: 0 });
    expect(await juso().search('1234', 10)).toEqual({ list: [], total: 0 });
  });

  it('asks for a narrower keyword when the vendor finds more than 9,000 (E0015), naming the field', async () => {
    await expect(juso().search('아파트', 10)).rejects.toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'keyword', message: expect.stringContaining('도로명과 건물번호까지') }],
    });
  });

  it('an expired approval key (E0014) is not "nothing found": the search is unavailable, the log and doctor say why', async () => {
    const failures: string[] = [];
    await expect(
      juso({ confmKey: 'expired-key', onFailure: (r) => failures.push(r) }).search('세종대로 110', 10),
    ).rejects.toMatchObject({ status: 503, code: 'ADDRESS_SEARCH_UNAVAILABLE' });
    expect(failures).toEqual(['juso E0014']);
    expect(await juso({ confmKey: 'expired-key' }).check()).toEqual([
      { kind: 'address', vendor: 'juso', ok: false, detail: 'the approval key has expired (E0014): issue a new one' },
    ]);
  });

  it('turns a refused key, a system error, an outage, a malformed answer and a timeout into one plain Korean 503', async () => {
    for (const [keyword, o] of [
      ['세종대로 110', { confmKey: 'wrong' }],
      ['system', {}],
      ['down', {}],
      ['broken', {}],
      ['slow', {}],
    ] as const) {
      await expect(juso(o).search(keyword, 10), keyword).rejects.toMatchObject({
        status: 503,
        code: 'ADDRESS_SEARCH_UNAVAILABLE',
        detail: '주소 검색이 잠시 안 돼요. 주소를 직접 입력해 주세요.',
      });
    }
  });

  it('checks the approval key with one search of a public building, for npm run doctor', async () => {
    expect(await juso().check()).toEqual([
      { kind: 'address', vendor: 'juso', ok: true, detail: 'approval key accepted (2 found)' },
    ]);
    expect(seen.at(-1)!.get('keyword')).toBe('세종대로 110');
    expect(await juso({ confmKey: 'wrong' }).check()).toMatchObject([
      { ok: false, detail: 'the approval key is not approved (E0001)' },
    ]);
  });
});

describe('GET addresses with ADDRESS_PROVIDER=juso', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ config: { address: { kind: 'juso', confmKey: KEY, baseUrl: base } } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('finds real addresses through the vendor, and says plainly when it cannot', async () => {
    const v = await verifyPatient(t);
    const ok = await t.app.inject({
      url: `${API.addresses}?keyword=${encodeURIComponent('세종대로 110')}`,
      headers: { cookie: v.cookie },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      total: 2,
      list: [{ postNo: '04524', roadAddr: '서울특별시 중구 세종대로 110' }, {}],
    });
    const down = await t.app.inject({ url: `${API.addresses}?keyword=down`, headers: { cookie: v.cookie } });
    expect(problemOf(down)).toMatchObject({ status: 503, code: 'ADDRESS_SEARCH_UNAVAILABLE' });
    const many = await t.app.inject({
      url: `${API.addresses}?keyword=${encodeURIComponent('아파트')}`,
      headers: { cookie: v.cookie },
    });
    expect(problemOf(many)).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', errors: [{ field: 'keyword' }] });
  });
});

describe('configuration', () => {
  const dataDir = scratchDir('config');
  it('needs the approval key with ADDRESS_PROVIDER=juso, and names it', () => {
    expect(() => loadConfig({ ADDRESS_PROVIDER: 'juso', DATA_DIR: dataDir })).toThrow(/JUSO_CONFM_KEY/);
    const c = loadConfig({ ADDRESS_PROVIDER: 'juso', JUSO_CONFM_KEY: 'k', DATA_DIR: dataDir });
    expect(c.address).toEqual({ kind: 'juso', confmKey: 'k', baseUrl: 'https://business.juso.go.kr' });
    expect(loadConfig({ DATA_DIR: dataDir }).address).toEqual({ kind: 'sandbox' });
  });
});
