// The sandbox's road-address search through the API (README "Sandbox providers"): about 300 real places across the
// country, found the ways a patient searches the real 도로명주소 service: a road name, a road and its number, a building's
// name, a 동 of the old address, a part of any of these; answered in the real adapter's shape (contract addressList).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, addressList, type Address } from '@auto-claim/contract';
import { SAMPLE_ADDRESSES } from '../../../src/providers/address/sample.js';
import { build, verifyPatient, type TestApp } from '../../helper.js';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await build();
  cookie = (await verifyPatient(t)).cookie;
});
afterAll(() => t?.close());

async function search(keyword: string) {
  const res = await t.app.inject({
    url: `${API.addresses}?keyword=${encodeURIComponent(keyword)}`,
    headers: { cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  // The same wire shape as the juso adapter's answer.
  return addressList.parse(res.json()) as { list: Address[]; total: number };
}

describe('GET addresses with the sandbox provider', () => {
  it('knows a few hundred addresses in every province and metropolitan city, each once', () => {
    expect(SAMPLE_ADDRESSES.length).toBeGreaterThanOrEqual(300);
    const regions = new Set(SAMPLE_ADDRESSES.map((a) => a.roadAddr.split(' ')[0]));
    expect(regions.size).toBe(17);
    const keys = SAMPLE_ADDRESSES.map((a) => `${a.roadAddr}|${a.buildingNm}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const a of SAMPLE_ADDRESSES) {
      expect(a.postNo).toMatch(/^\d{5}$/);
      expect(a.roadAddr).toMatch(/(로|길) \d+(-\d+)?$/);
      // The old address ends in its lot number (산 for a mountain lot), after the 동/리 it lies in.
      expect(a.jibunAddr).toMatch(/^\S+ .+ (산)?\d+(-\d+)?$/);
      expect(a.buildingNm).not.toBe('');
    }
  });

  it('finds a road by its name (세종대로), and a road with its number exactly', async () => {
    const road = await search('세종대로');
    expect(road.total).toBeGreaterThanOrEqual(5);
    expect(road.list.every((a) => a.roadAddr.includes('세종대로'))).toBe(true);
    expect(road.list.map((a) => a.buildingNm)).toEqual(expect.arrayContaining(['서울특별시청', '정부서울청사']));
    const one = await search('세종대로 209');
    expect(one.list).toEqual([
      {
        postNo: '03171',
        roadAddr: '서울특별시 종로구 세종대로 209',
        jibunAddr: '서울특별시 종로구 세종로 77-6',
        buildingNm: '정부서울청사',
      },
    ]);
    expect((await search('세종대로209')).list[0]!.buildingNm).toBe('정부서울청사');
    // A number is the whole building number: 20 is not 209.
    expect((await search('세종대로 20')).list).toEqual([]);
  });

  it('finds a building by its name, or part of it, the name that starts with it first', async () => {
    const hospital = await search('서울아산병원');
    expect(hospital.list[0]).toMatchObject({
      buildingNm: '서울아산병원',
      roadAddr: '서울특별시 송파구 올림픽로43길 88',
    });
    const part = await search('아산병원');
    expect(part.list.map((a) => a.buildingNm)).toEqual(expect.arrayContaining(['서울아산병원', '강릉아산병원']));
    expect((await search('전북대학교병원')).list[0]!.roadAddr).toBe('전북특별자치도 전주시 덕진구 건지로 20');
  });

  it('finds by a 동 of the old address, and by district and 동 together', async () => {
    const dong = await search('여의도동');
    expect(dong.total).toBeGreaterThanOrEqual(4);
    expect(dong.list.every((a) => a.jibunAddr.includes('여의도동'))).toBe(true);
    const both = await search('해운대구 우동');
    expect(both.list.map((a) => a.buildingNm)).toEqual(expect.arrayContaining(['벡스코', '신세계 센텀시티']));
    expect(both.list.every((a) => a.roadAddr.includes('해운대구'))).toBe(true);
  });

  it('answers an empty list, not an error, for a place it does not know', async () => {
    expect(await search('없는길 999')).toEqual({ list: [], total: 0 });
  });
});
