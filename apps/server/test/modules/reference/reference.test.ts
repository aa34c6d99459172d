// The reference calls of spec §7, answered from the seeded database, as a caller sees them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, problemOf, type TestApp } from '../../helper.js';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('banks', () => {
  it('lists KFTC banks with 3-digit codes', async () => {
    const res = await get('/ui/insu/v1/claims/banks');
    expect(res.statusCode).toBe(200);
    const { list, total } = res.json();
    expect(total).toBe(list.length);
    expect(total).toBeGreaterThanOrEqual(18);
    expect(list).toContainEqual(expect.objectContaining({ bankCd: '004', bankNm: expect.stringContaining('국민') }));
    expect(list).toContainEqual(expect.objectContaining({ bankCd: '090', bankNm: expect.stringContaining('카카오') }));
    for (const b of list) expect(b.bankCd).toMatch(/^\d{3}$/);
  });
});

describe('insurances', () => {
  it('pages insurers with insuType insu, page 1, pageSize 1000 (spec §7)', async () => {
    const res = await get('/ui/insu/v1/claims/insurances?insuType=insu&page=1&pageSize=1000');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.page).toBe(1);
    expect(body.pageSize).toBe(1000);
    expect(body.total).toBeGreaterThanOrEqual(20);
    expect(body.list).toHaveLength(body.total);
    const nh = body.list.find((i: { insuCompCd: string }) => i.insuCompCd === 'NHLIFE');
    expect(nh).toMatchObject({ insuCompNm: 'NH농협생명', insuKind: 'LIFE', insuType: 'insu' });
    expect(new Set(body.list.map((i: { insuKind: string }) => i.insuKind))).toEqual(new Set(['LIFE', 'NONLIFE']));
  });

  it('pages for real: page 2 of size 5 is the next five', async () => {
    const first = (await get('/ui/insu/v1/claims/insurances?page=1&pageSize=5')).json();
    const second = (await get('/ui/insu/v1/claims/insurances?page=2&pageSize=5')).json();
    expect(first.list).toHaveLength(5);
    expect(second.list).toHaveLength(5);
    expect(second.total).toBe(first.total);
    const codes = [...first.list, ...second.list].map((i: { insuCompCd: string }) => i.insuCompCd);
    expect(new Set(codes).size).toBe(10);
  });

  it('filters by kind', async () => {
    const body = (await get('/ui/insu/v1/claims/insurances?insuKind=NONLIFE')).json();
    expect(body.list.length).toBeGreaterThan(5);
    expect(body.list.every((i: { insuKind: string }) => i.insuKind === 'NONLIFE')).toBe(true);
  });

  it('refuses a page size above 1000 and a wrong insuType, naming the field', async () => {
    const big = problemOf(await get('/ui/insu/v1/claims/insurances?pageSize=1001'));
    expect(big.status).toBe(400);
    expect(big.code).toBe('VALIDATION_FAILED');
    expect(big.errors).toContainEqual(expect.objectContaining({ field: 'pageSize' }));
    const type = problemOf(await get('/ui/insu/v1/claims/insurances?insuType=card'));
    expect(type.errors).toContainEqual(expect.objectContaining({ field: 'insuType' }));
  });
});

describe('fax numbers', () => {
  it('lists claim fax numbers, unverified ones marked as such', async () => {
    const body = (await get('/ui/insu/v1/claims/insurances/fax-numbers')).json();
    expect(body.total).toBeGreaterThanOrEqual(20);
    for (const f of body.list) {
      expect(f).toMatchObject({
        insuCompCd: expect.any(String),
        faxNo: expect.any(String),
        verified: expect.any(Boolean),
      });
      if (!f.verified) expect(f.label).toContain('샌드박스');
    }
  });
  it('filters by insurer', async () => {
    const body = (await get('/ui/insu/v1/claims/insurances/fax-numbers?insuCompCd=NHLIFE')).json();
    expect(body.total).toBeGreaterThanOrEqual(1);
    expect(body.list.every((f: { insuCompCd: string }) => f.insuCompCd === 'NHLIFE')).toBe(true);
  });
});

describe('jobs and codes', () => {
  it('answers the occupation classification with major groups and their children', async () => {
    const majors = (await get('/ui/insu/v1/claims/job-codes?level=1')).json();
    expect(majors.total).toBeGreaterThanOrEqual(10);
    const first = majors.list[0];
    const children = (await get(`/ui/insu/v1/claims/job-codes?parentCd=${first.jobCd}`)).json();
    expect(children.total).toBeGreaterThan(0);
    expect(children.list.every((j: { parentCd: string }) => j.parentCd === first.jobCd)).toBe(true);
  });

  it('offers 은퇴(퇴직) as an occupation of its own, before 무직', async () => {
    const majors = (await get('/ui/insu/v1/claims/job-codes?level=1')).json();
    const names = majors.list.map((j: { jobNm: string }) => j.jobNm);
    expect(names.indexOf('은퇴(퇴직)')).toBeGreaterThan(names.indexOf('주부(가사)'));
    expect(names.indexOf('은퇴(퇴직)')).toBe(names.indexOf('무직') - 1);
    const retired = (await get('/ui/insu/v1/claims/job-codes?parentCd=R')).json();
    expect(retired.total).toBe(0); // the answer itself, no detail to choose
  });

  it('answers codes/clss for job_cd like job-codes', async () => {
    const codes = (await get('/ui/insu/v1/codes/clss?codeCls=job_cd')).json();
    const jobs = (await get('/ui/insu/v1/claims/job-codes')).json();
    expect(codes.total).toBe(jobs.total);
    expect(codes.list[0]).toMatchObject({ codeCls: 'job_cd', code: expect.any(String), codeNm: expect.any(String) });
  });

  it('answers telecom codes 1,2,3,5,6,7', async () => {
    const codes = (await get('/ui/insu/v1/codes/clss?codeCls=telecom_type')).json();
    expect(codes.list.map((c: { code: string }) => c.code).sort()).toEqual(['1', '2', '3', '5', '6', '7']);
  });

  it('refuses an unknown code class', async () => {
    const p = problemOf(await get('/ui/insu/v1/codes/clss?codeCls=nope'));
    expect(p.status).toBe(400);
    expect(p.errors?.[0]?.field).toBe('codeCls');
  });
});

describe('ui-controls', () => {
  it('answers INSU_PHOTO items whose ctrlVal is JSON', async () => {
    const body = (await get('/ui/insu/v1/claims/ui-controls?compCd=NHLIFE&compType=INSU_PHOTO')).json();
    expect(body.total).toBeGreaterThan(0);
    for (const c of body.list) expect(() => JSON.parse(c.ctrlVal)).not.toThrow();
  });
  it('agrees with the insurer list on who takes ID photos', async () => {
    const insurers = (await get('/ui/insu/v1/claims/insurances')).json().list;
    const noPhoto = insurers.filter((i: { idPhotoUse: boolean }) => !i.idPhotoUse);
    expect(noPhoto.length).toBeGreaterThan(0);
    const controls = (
      await get(`/ui/insu/v1/claims/ui-controls?compCd=${noPhoto[0].insuCompCd}&compType=INSU_PHOTO`)
    ).json();
    const use = controls.list.find((c: { ctrlKey: string }) => c.ctrlKey === 'ID_PHOTO_USE');
    expect(JSON.parse(use.ctrlVal)).toMatchObject({ use: false });
  });
  it('needs compCd and compType', async () => {
    const p = problemOf(await get('/ui/insu/v1/claims/ui-controls?compType=INSU_PHOTO'));
    expect(p.errors?.map((e) => e.field)).toContain('compCd');
  });
});

describe('hospitals', () => {
  it('lists hospitals sorted by name (spec §4), never 00000000', async () => {
    const body = (await get('/ui/insu/v1/claims/hospitals')).json();
    expect(body.total).toBeGreaterThanOrEqual(5);
    const names = body.list.map((h: { hospitalNm: string }) => h.hospitalNm);
    expect(names).toEqual([...names].sort());
    expect(body.list.map((h: { hospitalCd: string }) => h.hospitalCd)).not.toContain('00000000');
    expect(body.list.every((h: { isDemo: boolean }) => h.isDemo)).toBe(true);
  });

  it('filters to auto-claim hospitals', async () => {
    const all = (await get('/ui/insu/v1/claims/hospitals')).json();
    const possible = (await get('/ui/insu/v1/claims/hospitals?autoClaimYn=Y')).json();
    expect(possible.total).toBeLessThan(all.total);
    expect(possible.list.every((h: { autoClaimEnabled: boolean }) => h.autoClaimEnabled)).toBe(true);
  });

  it('answers one hospital, its thumbnail served by the app', async () => {
    const [first] = (await get('/ui/insu/v1/claims/hospitals')).json().list;
    const res = await get(`/ui/insu/v1/claims/hospitals/${first.hospitalCd}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ hospitalCd: first.hospitalCd, hospitalNm: first.hospitalNm });
    expect(res.json().hospitalThumbnail).toMatch(/^\/ui\/insu\/img\/hospitals\/\d{8}\.svg$/);
    const name = await get(`/api/insu/rest/findHospitalNm/${first.hospitalCd}`);
    expect(name.json()).toEqual({ hospitalCd: first.hospitalCd, hospitalNm: first.hospitalNm });
  });

  it('answers 404 problem for an unknown hospital and 400 for a malformed code', async () => {
    const missing = problemOf(await get('/ui/insu/v1/claims/hospitals/12345678'));
    expect(missing).toMatchObject({ status: 404, code: 'HOSPITAL_NOT_FOUND' });
    expect(missing.detail).toMatch(/요\.$/);
    const name = problemOf(await get('/api/insu/rest/findHospitalNm/00000000'));
    expect(name.status).toBe(404);
    const bad = problemOf(await get('/ui/insu/v1/claims/hospitals/abc'));
    expect(bad.status).toBe(400);
    expect(bad.errors?.[0]).toMatchObject({ field: 'hospitalCd' });
  });

  it('answers hospitalCommons with the simple projection and size 200', async () => {
    const body = (await get('/api/admin/hospitalCommons?projection=simple&size=200')).json();
    expect(body.size).toBe(200);
    expect(body.list.length).toBeGreaterThanOrEqual(5);
    expect(Object.keys(body.list[0]).sort()).toEqual(['hospitalCd', 'hospitalNm']);
    const tooBig = problemOf(await get('/api/admin/hospitalCommons?size=201'));
    expect(tooBig.errors?.[0]?.field).toBe('size');
  });
});

describe('terms', () => {
  it('answers TELECOM terms (v2) and LMHC_SUBS terms (v3) with full text and versions', async () => {
    for (const url of ['/auth/rest/terms/v2/TELECOM', '/auth/rest/terms/v3/LMHC_SUBS', '/auth/rest/terms/v3/SERVICE']) {
      const body = (await get(url)).json();
      expect(body.total, url).toBeGreaterThanOrEqual(3);
      for (const term of body.list) {
        expect(term).toMatchObject({
          termsId: expect.any(String),
          version: expect.any(String),
          required: expect.any(Boolean),
        });
        expect(term.content.length).toBeGreaterThan(300);
      }
    }
  });
  it('lists the consent for the insurer chosen later among the subscription terms, in the insurers’ words', async () => {
    const body = (await get('/auth/rest/terms/v3/LMHC_SUBS')).json();
    const ids = body.list.map((x: { termsId: string }) => x.termsId);
    const chosen = body.list.find((x: { termsId: string }) => x.termsId === 'SUBS_INSURER_CONSENT');
    expect(chosen).toMatchObject({ required: true, insuCompCd: null, version: '1.0' });
    expect(chosen.title).toContain('선택하신 보험사');
    // Right after the claim delegation, and the same articles as an insurer's own consent, then where it applies.
    expect(ids.indexOf('SUBS_INSURER_CONSENT')).toBe(ids.indexOf('SUBS_CLAIM_DELEGATION') + 1);
    const insurer = (await get('/auth/rest/terms/v3/INSU_CLAIM?insuCompCd=NHLIFE')).json().list[0];
    expect(chosen.content.replaceAll('선택하신 보험사', 'NH농협생명')).toContain(insurer.content);
    expect(chosen.content).toContain('적용되는 보험사');
  });
  it('answers an insurer’s claim consent terms', async () => {
    const body = (await get('/auth/rest/terms/v3/INSU_CLAIM?insuCompCd=NHLIFE')).json();
    expect(body.total).toBe(1);
    expect(body.list[0].title).toContain('NH농협생명');
  });
  it('refuses an unknown terms group', async () => {
    expect(problemOf(await get('/auth/rest/terms/v2/NOPE')).status).toBe(400);
  });
});
