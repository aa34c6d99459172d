// Subscriptions as a patient, a double-tapping thumb and an attacker meet them (spec §3-4, §7): every call of spec §7 under
// /v1|v2/claims/subscriptions, on PGlite or (DATABASE_URL) PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import sharp from 'sharp';
import { API, CANCELLED_PURGE_DAYS, IMAGE_BODY_LIMIT_BYTES, readPhotoControls } from '@auto-claim/contract';
import { BlobNotFoundError } from '../../../src/blobs/index.js';
import { purgeDue } from '../../../src/modules/subscriptions/repo.js';
import { addressPerPerson, build, problemOf, testClock, verifyPatient, type TestApp } from '../../helper.js';
import {
  blankPng,
  dataUrl,
  images,
  personFields,
  pixelBombPng,
  regFor,
  requiredTermsIds,
  type Images,
  type Verified,
} from '../../../fixtures/enrolment.js';

const clock = testClock(new Date('2026-11-22T16:30:00Z')); // 2026-11-23 01:30 in Korea
let t: TestApp;
let img: Images;

beforeAll(async () => {
  t = await build({ clock });
  img = await images();
});
afterAll(() => t.close());

type Inject = InjectOptions;
/** Each patient calls from their own loopback address, so per-IP limits stay out of tests that are not about them. */
const ipOf = addressPerPerson<Verified>();
const call = (v: Verified | undefined, opts: Inject) =>
  t.app.inject({
    ...(v ? { remoteAddress: ipOf(v) } : {}),
    ...opts,
    headers: { ...((opts.headers as Record<string, string>) ?? {}), ...(v ? { cookie: v.cookie } : {}) },
  });
const post = (v: Verified | undefined, url: string, payload: unknown, headers: Record<string, string> = {}) =>
  call(v, { method: 'POST', url, payload: payload as object, headers });

async function subscribed(overrides: Record<string, unknown> = {}, url: string = API.subscriptions) {
  const v = await verifyPatient(t);
  const res = await post(v, url, await regFor(t, v, img, overrides));
  expect(res.statusCode, res.body).toBe(201);
  return { v, view: res.json() as { subscriptionStatus: string; subscription: Record<string, any> } };
}

const rowOf = async (insuApplyId: string) =>
  (await sql<Record<string, unknown>>`select * from subscription where insu_apply_id = ${insuApplyId}`.execute(t.db.db))
    .rows[0]!;

describe('session and CI', () => {
  it('answers 401 without a patient session on every call', async () => {
    const calls: [string, string][] = [
      ['POST', API.subscriptionsConfirm],
      ['POST', API.subscriptionHospitalsConfirm],
      ['GET', API.subscriptions],
      ['POST', API.subscriptions],
      ['POST', API.subscriptionsV2],
      ['PUT', API.subscriptions],
      ['DELETE', API.subscriptions],
      ['POST', API.subscriptionHospitals],
      ['POST', API.subscriptionHospitalsV2],
      ['DELETE', `${API.subscriptionHospitals}?hospitalCd=90000001`],
      ['POST', API.userAccounts],
      ['GET', `${API.userAccounts}?bankCd=004&bankAccount=1234567890`],
      ['POST', API.ocrIdCard],
      ['GET', `${API.addresses}?keyword=세종대로`],
      ['POST', API.addressPostcode],
      ['POST', API.documentCommission],
      ['POST', API.documentAgree],
    ];
    for (const [method, url] of calls) {
      const res = await t.app.inject({
        method: method as 'GET',
        url,
        ...(method === 'POST' || method === 'PUT' ? { payload: {} } : {}),
      });
      expect([method, url, res.statusCode]).toEqual([method, url, 401]);
      expect(problemOf(res).code).toBe('UNAUTHENTICATED');
    }
  });

  it("refuses a body whose userCi is not the session's (403 CI_MISMATCH)", async () => {
    const v = await verifyPatient(t);
    const other = await verifyPatient(t, { custName: '이다른' });
    const confirm = await post(v, API.subscriptionsConfirm, { userCi: other.ci, userIdno: '850101' });
    expect(confirm.statusCode).toBe(403);
    expect(problemOf(confirm).errors?.[0]?.field).toBe('userCi');
    const sub = await post(v, API.subscriptions, await regFor(t, v, img, { userCi: other.ci }));
    expect(sub.statusCode).toBe(403);
    expect(problemOf(sub).code).toBe('CI_MISMATCH');
    const get = await call(v, { method: 'GET', url: `${API.subscriptions}?userCi=${encodeURIComponent(other.ci)}` });
    expect(get.statusCode).toBe(403);
  });
});

describe('POST /ui/insu/v1/claims/subscriptions/confirm', () => {
  it("answers 200 'none' with an empty reg for a patient who never subscribed", async () => {
    const v = await verifyPatient(t);
    const res = await post(v, API.subscriptionsConfirm, { userCi: v.ci, hospitalCd: '90000001', userIdno: '850101' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ subscriptionStatus: 'none', hospitalNm: expect.stringContaining('한빛'), reg: {} });
    const hospitals = await post(v, API.subscriptionHospitalsConfirm, { userCi: v.ci });
    expect(hospitals.json()).toEqual({ hospitals: [] });
  });

  it('refuses a userIdno that is not the verified birthday', async () => {
    const v = await verifyPatient(t);
    const res = await post(v, API.subscriptionsConfirm, { userCi: v.ci, userIdno: '9001011234567' });
    expect(res.statusCode).toBe(403);
    expect(problemOf(res).errors?.[0]?.field).toBe('userIdno');
  });

  it('fills reg from the live subscription, masked, and lists its hospitals', async () => {
    const { v } = await subscribed();
    const res = await post(v, API.subscriptionsConfirm, {
      userCi: v.ci,
      hospitalCd: '90000001',
      userIdno: `850101${personFields(v).userIdno2}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.subscriptionStatus).toBe('subscribe');
    expect(body.reg).toMatchObject({
      subsStatus: 'subscribe',
      insuCompCd: 'SAMSUNGFIRE',
      hospitalCd: '90000001',
      multiSubscrib: ['90000001'],
      bankCd: '004',
      bankAccount: '****1234',
      userEmail: 'pa*****@example.com',
      minAmt: 10000,
      contractStartDate: '20261123',
      contractEndDate: '20271122',
    });
    expect(body.reg.insuApplyId).toMatch(/^AC20261123[0-9A-F]{10}$/);
    const wrongBack = await post(v, API.subscriptionsConfirm, { userCi: v.ci, userIdno: '8501011999999' });
    expect(wrongBack.statusCode).toBe(403);
    const hospitals = await post(v, API.subscriptionHospitalsConfirm, { userCi: v.ci });
    expect(hospitals.json().hospitals).toEqual([
      expect.objectContaining({ hospitalCd: '90000001', insuApplyId: body.reg.insuApplyId }),
    ]);
  });
});

describe('POST /ui/insu/v1/claims/subscriptions (outer)', () => {
  it('subscribes: 201, masked summary, contract from today (KST) for a year; GET says subscribe', async () => {
    const { v, view } = await subscribed();
    expect(view.subscriptionStatus).toBe('subscribe');
    expect(view.subscription).toMatchObject({
      subsStatus: 'subscribe',
      prcMode: 'outer',
      userNm: v.person.custName,
      userIdnoMasked: '850101-1******',
      userTelMasked: `010-****-${v.person.custHp.slice(-4)}`,
      bankAccountMasked: '****1234',
      bankAccountHolderMasked: '김**트',
      userAddr: '서울특별시 중구 세종대로 110',
      userAddrDetailMasked: '***',
      idcardType: 'ic',
      hasIdcardImg: true,
      minAmt: 10000,
      retroMonth: 36,
      contractStartDate: '20261123',
      contractEndDate: '20271122',
      insurers: [{ insuCompCd: 'SAMSUNGFIRE', insuCompNm: '삼성화재', idcardTypeCode: 'ic' }],
      hospitals: [expect.objectContaining({ hospitalCd: '90000001' })],
    });
    const get = await call(v, { method: 'GET', url: API.subscriptions });
    expect(get.json()).toEqual(view);
  });

  it('keeps personal data encrypted at rest: no plaintext RRN, account, phone, name, CI, e-mail or address', async () => {
    const { v, view } = await subscribed({ bankAccount: '110987654321' });
    const row = await rowOf(view.subscription!.insuApplyId);
    const raw = JSON.stringify(row);
    const p = personFields(v);
    for (const secret of [
      p.userIdno2,
      '110987654321',
      v.person.custHp,
      v.person.custName,
      v.ci,
      'patient@example.com',
      '세종대로',
      '중구청장',
    ]) {
      expect(raw).not.toContain(secret);
    }
    // Sealed with the current field key, which the value names (security/crypto.ts).
    expect(String(row.personEnc).startsWith(`${t.app.ctx.crypto.keyId}:`)).toBe(true);
    expect(String(row.bankAccountEnc).startsWith(`${t.app.ctx.crypto.keyId}:`)).toBe(true);
    expect(row.bankAccountLast4).toBe('4321');
    // The whole table, scanned as text, holds none of it either.
    const dump = await sql<{ t: string }>`select string_agg(s::text, '|') as t from subscription s`.execute(t.db.db);
    expect(dump.rows[0]!.t).not.toContain(p.userIdno2 + '"');
    expect(dump.rows[0]!.t).not.toContain('110987654321');
  });

  it('stores the ID photo re-encoded without EXIF, and the signature as PNG', async () => {
    expect((await sharp(img.photo).metadata()).exif).toBeDefined(); // the upload had EXIF
    const { view } = await subscribed();
    const row = await rowOf(view.subscription!.insuApplyId);
    // In the blob store, the row naming it by id and hash (modules/subscriptions/files.ts).
    expect(row).toMatchObject({ idcardImgEnc: null, signImgEnc: null });
    const stored = await t.app.ctx.blobs.get(String(row.idcardImgBlobId), { sha256: String(row.idcardImgSha256) });
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(stored.includes(Buffer.from('EXIF-SECRET'))).toBe(false);
    const sign = await t.app.ctx.blobs.get(String(row.signImgBlobId), { sha256: String(row.signImgSha256) });
    expect((await sharp(sign).metadata()).format).toBe('png');
    // The signed documents come after the commit (the documents job; here the engine's drain stands in for it).
    expect(row.commissionSha256).toBeNull();
    await t.app.claimEngine.drain();
    expect((await rowOf(view.subscription!.insuApplyId)).commissionSha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('names each bad field in Korean (400)', async () => {
    const v = await verifyPatient(t);
    const res = await post(
      v,
      API.subscriptions,
      await regFor(t, v, img, {
        userIdno2: '2234567', // a woman's digit for a man
        minAmt: 5,
        retroMonth: 37,
        bankAccount: '12-34',
        idcardType: 'dl',
        regNo: '12',
        userPostNo: '1234',
      }),
    );
    expect(res.statusCode).toBe(400);
    const p = problemOf(res);
    expect(p.code).toBe('VALIDATION_FAILED');
    const fields = p.errors!.map((e) => e.field).sort();
    expect(fields).toEqual(['bankAccount', 'checkCd', 'minAmt', 'regNo', 'retroMonth', 'userIdno2', 'userPostNo']);
    for (const e of p.errors!) expect(e.message).toMatch(/[가-힣]/);
  });

  it('keeps "언제 가입하셨어요?" for every insurer chosen, as hers; "잘 모르겠어요" (empty) is not known', async () => {
    const { view } = await subscribed({ insuCompCd: 'SAMSUNGFIRE', policyGeneration: 'gen4' });
    expect(view.subscription!.insurers).toEqual([
      expect.objectContaining({ insuCompCd: 'SAMSUNGFIRE', policyGeneration: 'gen4', policyGenerationBy: 'patient' }),
    ]);
    const unknown = await subscribed({ insuCompCd: 'SAMSUNGFIRE', policyGeneration: '' });
    expect(unknown.view.subscription!.insurers).toEqual([
      expect.objectContaining({ policyGeneration: null, policyGenerationBy: null }),
    ]);
  });

  it('refuses a 가입 시기 not in the list, naming it', async () => {
    const v = await verifyPatient(t);
    const res = await post(v, API.subscriptions, await regFor(t, v, img, { policyGeneration: '2015' }));
    expect(problemOf(res)).toMatchObject({
      status: 400,
      errors: [{ field: 'policyGeneration', message: '가입 시기를 목록에서 골라 주세요.' }],
    });
  });

  it('clears the fields the ID type does not use (spec §3) and converts the type for NHLIFE (spec §4)', async () => {
    const { view } = await subscribed({
      insuCompCd: 'NHLIFE',
      idcardType: 'dl',
      regNo: '11-24-123456-78',
      checkCd: 'ab12c',
      idcardIssueOrg: '서울특별시 중구청장',
      idcardIssueDate: '20200315',
    });
    // Not asked "언제 가입하셨어요?" (docs/payout-rules.md): not known.
    expect(view.subscription!.insurers).toEqual([
      {
        insuCompCd: 'NHLIFE',
        insuCompNm: 'NH농협생명',
        idcardTypeCode: '2',
        policyGeneration: null,
        policyGenerationBy: null,
      },
    ]);
    const row = await rowOf(view.subscription!.insuApplyId);
    expect(t.app.ctx.crypto.decryptJson(String(row.idcardEnc))).toEqual({
      idcardIssueDate: '',
      idcardIssueOrg: '',
      regNo: '112412345678',
      checkCd: 'AB12C',
    });
  });

  it('refuses a person who is not the verified one, naming the field (403)', async () => {
    const v = await verifyPatient(t);
    const res = await post(v, API.subscriptions, await regFor(t, v, img, { userNm: '홍길동', userTel: '01099998888' }));
    expect(res.statusCode).toBe(403);
    const p = problemOf(res);
    expect(p.code).toBe('PERSON_MISMATCH');
    expect(p.errors!.map((e) => e.field).sort()).toEqual(['userNm', 'userTel']);
  });

  it('refuses hospitals that take no automatic claims, the default hospital in outer mode, and unknown insurers', async () => {
    const v = await verifyPatient(t);
    const notAuto = await post(v, API.subscriptions, await regFor(t, v, img, { hospitalCd: '90000006' }));
    expect(notAuto.statusCode).toBe(400);
    expect(problemOf(notAuto).errors).toEqual([
      { field: 'hospitalCd', message: expect.stringContaining('자동청구를 하지 않는') },
    ]);
    const unknown = await post(v, API.subscriptions, await regFor(t, v, img, { hospitalCd: '99999999' }));
    expect(problemOf(unknown).errors?.[0]?.field).toBe('hospitalCd');
    const def = await post(v, API.subscriptions, await regFor(t, v, img, { hospitalCd: '00000000' }));
    expect(problemOf(def).errors?.[0]?.field).toBe('hospitalCd');
    const insurer = await post(v, API.subscriptions, await regFor(t, v, img, { insuCompCd: 'NOSUCHINSU' }));
    expect(insurer.statusCode).toBe(400);
    expect(problemOf(insurer).errors?.[0]?.field).toBe('insuCompCd');
  });

  it('requires the consent for the insurer chosen later, given on the one consent screen, besides its own', async () => {
    const v = await verifyPatient(t);
    const all = await requiredTermsIds(t);
    expect(all).toContain('SUBS_INSURER_CONSENT');
    const res = await post(
      v,
      API.subscriptions,
      await regFor(t, v, img, { termsIds: all.filter((id) => id !== 'SUBS_INSURER_CONSENT') }),
    );
    expect(res.statusCode).toBe(400);
    expect(problemOf(res).errors).toEqual([
      { field: 'termsIds', message: expect.stringContaining('선택하신 보험사의 보험금 청구를 위한') },
    ]);
  });

  it("requires each insurer's consent, the required terms, and a photo when the insurer takes one", async () => {
    const v = await verifyPatient(t);
    const res = await post(
      v,
      API.subscriptions,
      await regFor(t, v, img, { agreeIds: [], termsIds: [], idcardImg: '' }),
    );
    expect(res.statusCode).toBe(400);
    const fields = problemOf(res).errors!.map((e) => e.field);
    expect(fields).toContain('agreeIds');
    expect(fields).toContain('termsIds');
    expect(fields).toContain('idcardImg');
    // An insurer without photos (ui-controls) needs none; a passport where only ic/dl are taken is refused.
    const none = await post(
      v,
      API.subscriptions,
      await regFor(t, v, img, { insuCompCd: 'AIALIFE', idcardImg: '', idcardType: '' }),
    );
    expect(none.statusCode, none.body).toBe(201);
    expect(none.json().subscription.hasIdcardImg).toBe(false);
    const w = await verifyPatient(t);
    const pp = await post(
      w,
      API.subscriptions,
      await regFor(t, w, img, { insuCompCd: 'ABLLIFE', idcardType: 'pp', regNo: 'M12345678' }),
    );
    expect(pp.statusCode).toBe(400);
    expect(problemOf(pp).errors?.[0]?.field).toBe('idcardType');
  });

  it('asks a photo of an insurer that says nothing about photos, as the browser does (one reader, one default)', async () => {
    const v = await verifyPatient(t);
    // KBINSU's settings are taken away: what the browser's readPhotoControls makes of no items, the server does too.
    const saved = await t.db.db.selectFrom('uiControl').selectAll().where('compCd', '=', 'KBINSU').execute();
    await t.db.db.deleteFrom('uiControl').where('compCd', '=', 'KBINSU').execute();
    try {
      expect(readPhotoControls([])).toMatchObject({ idPhotoUse: true, idPhotoTypes: ['ic', 'dl', 'pp', 'ac', 'pr'] });
      const res = await post(
        v,
        API.subscriptions,
        await regFor(t, v, img, { insuCompCd: 'KBINSU', idcardImg: '', idcardType: '' }),
      );
      expect(res.statusCode).toBe(400);
      expect(problemOf(res).errors!.map((e) => e.field)).toContain('idcardImg');
      const listed = (await t.app.inject(`${API.insurances}?insuType=insu&page=1&pageSize=1000`)).json() as {
        list: { insuCompCd: string; idPhotoUse: boolean }[];
      };
      expect(listed.list.find((i) => i.insuCompCd === 'KBINSU')?.idPhotoUse).toBe(true);
    } finally {
      if (saved.length) await t.db.db.insertInto('uiControl').values(saved).execute();
    }
  });

  it('checks images by their bytes: wrong type, too many pixels, an empty signature', async () => {
    const v = await verifyPatient(t);
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    const wrong = await post(v, API.subscriptions, await regFor(t, v, img, { idcardImg: dataUrl('image/jpeg', gif) }));
    expect(wrong.statusCode).toBe(400);
    expect(problemOf(wrong)).toMatchObject({ code: 'IMAGE_TYPE', errors: [{ field: 'idcardImg' }] });
    const bomb = await post(
      v,
      API.subscriptions,
      await regFor(t, v, img, { idcardImg: dataUrl('image/png', pixelBombPng()) }),
    );
    expect(bomb.statusCode).toBe(400);
    expect(problemOf(bomb)).toMatchObject({ code: 'IMAGE_TOO_MANY_PIXELS', errors: [{ field: 'idcardImg' }] });
    const blank = await post(
      v,
      API.subscriptions,
      await regFor(t, v, img, { signImg: dataUrl('image/png', await blankPng()) }),
    );
    expect(blank.statusCode).toBe(400);
    expect(problemOf(blank)).toMatchObject({ code: 'SIGNATURE_EMPTY', errors: [{ field: 'signImg' }] });
    const jpegSign = await post(
      v,
      API.subscriptions,
      await regFor(t, v, img, { signImg: dataUrl('image/png', img.photo) }),
    );
    expect(problemOf(jpegSign)).toMatchObject({ code: 'IMAGE_TYPE', errors: [{ field: 'signImg' }] });
    const truncated = await post(
      v,
      API.subscriptions,
      await regFor(t, v, img, { idcardImg: dataUrl('image/jpeg', img.photo.subarray(0, 200)) }),
    );
    expect(truncated.statusCode).toBe(400);
    expect(problemOf(truncated).errors?.[0]?.field).toBe('idcardImg');
  });

  it('has its own body limit for images; other calls stay at 1 MB', async () => {
    const v = await verifyPatient(t);
    const reg = await regFor(t, v, img);
    const huge = await post(v, API.subscriptions, { ...reg, jobNm: 'x'.repeat(IMAGE_BODY_LIMIT_BYTES) });
    expect(huge.statusCode).toBe(413);
    expect(problemOf(huge).code).toBe('BODY_TOO_LARGE');
    // 1.5 MB passes the body limit of the subscription POST (and then fails validation on the long field)…
    const mid = await post(v, API.subscriptions, { ...reg, jobNm: 'x'.repeat(1_500_000) });
    expect(mid.statusCode).toBe(400);
    // …but not of PUT.
    const put = await call(v, { method: 'PUT', url: API.subscriptions, payload: { userEmail: 'x'.repeat(1_500_000) } });
    expect(put.statusCode).toBe(413);
  });

  it('refuses an account the bank says is someone else’s, or that does not exist (422)', async () => {
    const v = await verifyPatient(t);
    const other = await post(v, API.subscriptions, await regFor(t, v, img, { bankAccount: '123456789999' }));
    expect(other.statusCode).toBe(422);
    expect(problemOf(other)).toMatchObject({
      code: 'ACCOUNT_HOLDER_MISMATCH',
      errors: [{ field: 'bankAccountHolder' }],
    });
    expect(problemOf(other).detail).toContain('박*인');
    const none = await post(v, API.subscriptions, await regFor(t, v, img, { bankAccount: '123456780000' }));
    expect(problemOf(none)).toMatchObject({ code: 'ACCOUNT_NOT_FOUND', errors: [{ field: 'bankAccount' }] });
    const self = await post(v, API.subscriptions, await regFor(t, v, img, { bankAccountHolder: '김가족' }));
    expect(problemOf(self).errors).toEqual([
      { field: 'bankAccountHolder', message: expect.stringContaining('본인 계좌') },
    ]);
    const family = await post(
      v,
      API.subscriptions,
      await regFor(t, v, img, { bankAccountHolder: '김가족', bankAccountRel: '2' }),
    );
    expect(family.statusCode, family.body).toBe(201);
  });
});

describe('double taps and retries', () => {
  it(
    'with one Idempotency-Key, concurrent taps make one subscription and all get it',
    { timeout: 90_000 },
    async () => {
      const v = await verifyPatient(t);
      const reg = await regFor(t, v, img);
      const key = `tap-${Date.now()}-same`;
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => post(v, API.subscriptions, reg, { 'idempotency-key': key })),
      );
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes).toEqual([200, 200, 200, 200, 201]);
      const ids = new Set(answers.map((a) => a.json().subscription.insuApplyId));
      expect(ids.size).toBe(1);
      const count = await sql<{
        n: number;
      }>`select count(*)::int as n from subscription where insu_apply_id = ${[...ids][0]}`.execute(t.db.db);
      expect(count.rows[0]!.n).toBe(1);
      // A retry later with the same key still gets the same answer.
      const later = await post(v, API.subscriptions, reg, { 'idempotency-key': key });
      expect(later.statusCode).toBe(200);
      expect(later.json().subscription.insuApplyId).toBe([...ids][0]);
    },
  );

  it('without a key, concurrent taps make one subscription; the others meet 409', { timeout: 90_000 }, async () => {
    const v = await verifyPatient(t);
    const reg = await regFor(t, v, img);
    const answers = await Promise.all(Array.from({ length: 4 }, () => post(v, API.subscriptions, reg)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409]);
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(problemOf(a).code).toBe('ALREADY_SUBSCRIBED');
    const mine = await call(v, { method: 'GET', url: API.subscriptions });
    const n = await sql<{
      n: number;
    }>`select count(*)::int as n from subscription where ci_hmac = (select ci_hmac from subscription where insu_apply_id = ${mine.json().subscription.insuApplyId})`.execute(
      t.db.db,
    );
    expect(n.rows[0]!.n).toBe(1);
  });
});

describe('POST /ui/insu/v2/claims/subscriptions (inner, multi-receipt)', () => {
  it('subscribes several hospitals at once', async () => {
    const { view } = await subscribed(
      { hospitalCd: '00000000', multiSubscrib: ['90000002', '90000001'] },
      API.subscriptionsV2,
    );
    expect(view.subscription!.prcMode).toBe('inner');
    expect(view.subscription!.hospitals.map((h: { hospitalCd: string }) => h.hospitalCd).sort()).toEqual([
      '90000001',
      '90000002',
    ]);
  });

  it('needs at least one hospital in multiSubscrib and names a bad one by its index', async () => {
    const v = await verifyPatient(t);
    const empty = await post(
      v,
      API.subscriptionsV2,
      await regFor(t, v, img, { hospitalCd: '00000000', multiSubscrib: [] }),
    );
    expect(problemOf(empty).errors?.[0]?.field).toBe('multiSubscrib');
    const bad = await post(
      v,
      API.subscriptionsV2,
      await regFor(t, v, img, { hospitalCd: '00000000', multiSubscrib: ['90000001', '90000006'] }),
    );
    expect(problemOf(bad).errors).toEqual([{ field: 'multiSubscrib.1', message: expect.any(String) }]);
  });
});

describe('adding and removing hospitals', () => {
  it('v1 adds one hospital with its agreeId; v2 adds a list; a repeat changes nothing', async () => {
    const { v } = await subscribed();
    const who = personFields(v);
    const add = await post(v, API.subscriptionHospitals, {
      ...who,
      sex: undefined,
      hospitalCd: '90000002',
      agreeId: 'SUBS_MEDICAL_RECORD',
    });
    expect(add.statusCode, add.body).toBe(200);
    expect(add.json().subscription.hospitals).toHaveLength(2);
    const again = await post(v, API.subscriptionHospitals, { ...who, hospitalCd: '90000002' });
    expect(again.json().subscription.hospitals).toHaveLength(2);
    const v2 = await post(v, API.subscriptionHospitalsV2, { ...who, hospitals: ['90000003', '90000004'] });
    expect(v2.statusCode, v2.body).toBe(200);
    expect(v2.json().subscription.hospitals).toHaveLength(4);
  });

  it("refuses a back RRN that is not the subscription's, and a patient with no subscription", async () => {
    const { v } = await subscribed();
    const wrong = await post(v, API.subscriptionHospitals, {
      ...personFields(v),
      userIdno2: '1999999',
      hospitalCd: '90000002',
    });
    expect(wrong.statusCode).toBe(403);
    expect(problemOf(wrong).errors?.[0]?.field).toBe('userIdno2');
    const w = await verifyPatient(t);
    const none = await post(w, API.subscriptionHospitals, { ...personFields(w), hospitalCd: '90000002' });
    expect(none.statusCode).toBe(404);
    expect(problemOf(none).code).toBe('NOT_SUBSCRIBED');
  });

  it('lets a returning patient add a hospital without typing the back RRN again: the session vouches', async () => {
    const { v } = await subscribed();
    const { userIdno2: _typed, ...withoutRrn } = personFields(v);
    const res = await post(v, API.subscriptionHospitals, { ...withoutRrn, userIdno2: '', hospitalCd: '90000002' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().subscription.hospitals.map((h: { hospitalCd: string }) => h.hospitalCd)).toContain('90000002');
  });

  it('DELETE removes one hospital, but never the last one', async () => {
    const { v } = await subscribed({ multiSubscrib: ['90000002'] });
    const del = (cd: string) => call(v, { method: 'DELETE', url: `${API.subscriptionHospitals}?hospitalCd=${cd}` });
    const notMine = await del('90000003');
    expect(notMine.statusCode).toBe(404);
    const ok = await del('90000002');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().subscription.hospitals.map((h: { hospitalCd: string }) => h.hospitalCd)).toEqual(['90000001']);
    const last = await del('90000001');
    expect(last.statusCode).toBe(409);
    expect(problemOf(last).code).toBe('LAST_HOSPITAL');
    // Added again, it comes back.
    const back = await post(v, API.subscriptionHospitals, { ...personFields(v), hospitalCd: '90000002' });
    expect(back.json().subscription.hospitals).toHaveLength(2);
  });
});

describe('PUT /ui/insu/v1/claims/subscriptions', () => {
  it('changes the account (checked with the bank), address, e-mail and minimum amount', async () => {
    const { v, view } = await subscribed();
    const res = await call(v, {
      method: 'PUT',
      url: API.subscriptions,
      payload: {
        bankCd: '088',
        bankAccount: '110-555-667788',
        bankAccountHolder: v.person.custName,
        bankAccountRel: '1',
        userPostNo: '03171',
        userAddr: '서울특별시 종로구 세종대로 209',
        userEmail: 'new@example.com',
        minAmt: 30000,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().subscription).toMatchObject({
      bankCd: '088',
      bankNm: '신한은행',
      bankAccountMasked: '****7788',
      userPostNo: '03171',
      userAddr: '서울특별시 종로구 세종대로 209',
      userAddrDetailMasked: '',
      userEmailMasked: 'ne*@example.com',
      minAmt: 30000,
    });
    const row = await rowOf(view.subscription!.insuApplyId);
    expect(t.app.ctx.crypto.decrypt(String(row.bankAccountEnc))).toBe('110555667788');
  });

  it('changes how she hears of her claims (the optional 알림톡 consent), recorded as an agreement and in her history', async () => {
    const { v, view } = await subscribed({ optTerms: [] });
    expect(view.subscription!.kakaoNotiCheck).toBe(false);
    const on = await call(v, { method: 'PUT', url: API.subscriptions, payload: { kakaoNotiCheck: true } });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().subscription.kakaoNotiCheck).toBe(true);
    const insuApplyId = view.subscription!.insuApplyId as string;
    expect((await rowOf(insuApplyId)).optTerms).toEqual(['SUBS_KAKAO_NOTI']);
    const ciHmac = String((await rowOf(insuApplyId)).ciHmac);
    const agreed = await t.db.db
      .selectFrom('termsAgreement')
      .select(['termsId', 'version'])
      .where('ciHmac', '=', ciHmac)
      .where('termsId', '=', 'SUBS_KAKAO_NOTI')
      .execute();
    expect(agreed).toHaveLength(1);
    // The same choice again changes and records nothing; then off: SMS/LMS only.
    expect(
      (await call(v, { method: 'PUT', url: API.subscriptions, payload: { kakaoNotiCheck: true } })).statusCode,
    ).toBe(200);
    const off = await call(v, { method: 'PUT', url: API.subscriptions, payload: { kakaoNotiCheck: false } });
    expect(off.json().subscription.kakaoNotiCheck).toBe(false);
    expect((await rowOf(insuApplyId)).optTerms).toEqual([]);
    const log = await t.db.db
      .selectFrom('accessLog')
      .select(['action', 'actor', 'detail'])
      .where('ciHmac', '=', ciHmac)
      .where('action', '=', 'notice_channel_changed')
      .orderBy('id')
      .execute();
    expect(log).toEqual([
      { action: 'notice_channel_changed', actor: 'patient', detail: 'kakao' },
      { action: 'notice_channel_changed', actor: 'patient', detail: 'sms' },
    ]);
    const bad = await call(v, { method: 'PUT', url: API.subscriptions, payload: { kakaoNotiCheck: 'yes' } });
    expect(problemOf(bad)).toMatchObject({ status: 400, errors: [{ field: 'kakaoNotiCheck' }] });
  });

  it('names the missing half of a group, refuses an empty change and a mismatched holder', async () => {
    const { v } = await subscribed();
    const half = await call(v, { method: 'PUT', url: API.subscriptions, payload: { bankCd: '004' } });
    expect(half.statusCode).toBe(400);
    expect(
      problemOf(half)
        .errors!.map((e) => e.field)
        .sort(),
    ).toEqual(['bankAccount', 'bankAccountHolder', 'bankAccountRel']);
    const empty = await call(v, { method: 'PUT', url: API.subscriptions, payload: {} });
    expect(empty.statusCode).toBe(400);
    const mismatch = await call(v, {
      method: 'PUT',
      url: API.subscriptions,
      payload: { bankCd: '004', bankAccount: '5555559999', bankAccountHolder: v.person.custName, bankAccountRel: '1' },
    });
    expect(mismatch.statusCode).toBe(422);
    expect(problemOf(mismatch).code).toBe('ACCOUNT_HOLDER_MISMATCH');
    const w = await verifyPatient(t);
    const none = await call(w, { method: 'PUT', url: API.subscriptions, payload: { minAmt: 0 } });
    expect(none.statusCode).toBe(404);
  });
});

describe('DELETE /ui/insu/v1/claims/subscriptions', () => {
  it('cancels: images, signature, ID numbers and account number go at once; the row at purge; a new subscription is possible', async () => {
    const { v, view } = await subscribed();
    const id = view.subscription!.insuApplyId;
    await t.app.claimEngine.drain(); // the signed documents made, as the documents job would
    const before = await rowOf(id);
    const files = [before.idcardImgBlobId, before.signImgBlobId, before.commissionBlobId, before.consentBlobId];
    expect(files.every((f) => typeof f === 'string')).toBe(true);
    const res = await call(v, { method: 'DELETE', url: `${API.subscriptions}?userCi=${encodeURIComponent(v.ci)}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().subscriptionStatus).toBe('cancel');
    expect(res.json().subscription.hospitals).toEqual([]);
    const row = await rowOf(id);
    expect(row).toMatchObject({
      status: 'cancel',
      idcardImgEnc: null,
      signImgEnc: null,
      idcardEnc: null,
      bankAccountEnc: null,
      idcardImgBlobId: null,
      signImgBlobId: null,
      commissionBlobId: null,
      consentBlobId: null,
      commissionSha256: before.commissionSha256,
    });
    // The files themselves are gone from the store (the documents were drawn with the signature).
    for (const f of files) await expect(t.app.ctx.blobs.get(String(f))).rejects.toThrow(BlobNotFoundError);
    expect(new Date(String(row.purgeAt)).getTime() - clock.now().getTime()).toBe(CANCELLED_PURGE_DAYS * 86_400_000);

    const get = await call(v, { method: 'GET', url: API.subscriptions });
    expect(get.json().subscriptionStatus).toBe('cancel');
    const confirm = await post(v, API.subscriptionsConfirm, { userCi: v.ci, userIdno: '850101' });
    expect(confirm.json()).toMatchObject({ subscriptionStatus: 'none', reg: {} });
    const twice = await call(v, { method: 'DELETE', url: API.subscriptions });
    expect(twice.statusCode).toBe(404);

    const again = await post(v, API.subscriptions, await regFor(t, v, img));
    expect(again.statusCode).toBe(201);

    // The new one's files stay with it; the cancelled row names none any more, and goes at its purge date.
    const kept = await rowOf(again.json().subscription.insuApplyId);
    expect(await purgeDue(t.db.db, new Date(clock.now().getTime() + (CANCELLED_PURGE_DAYS - 1) * 86_400_000))).toEqual(
      [],
    );
    const purged = await purgeDue(t.db.db, new Date(clock.now().getTime() + CANCELLED_PURGE_DAYS * 86_400_000));
    expect(purged).not.toContain(kept.signImgBlobId);
    const gone = await sql`select 1 from subscription where insu_apply_id = ${id}`.execute(t.db.db);
    expect(gone.rows).toHaveLength(0);
  });
});

describe('client input never gets a 5xx', () => {
  it('answers 4xx to garbage bodies on every POST', async () => {
    const v = await verifyPatient(t);
    const garbage: unknown[] = [
      null,
      [],
      'x',
      42,
      { userCi: [] },
      { minAmt: 'a lot', retroMonth: -1 },
      { signImg: 'data:image/png;base64,@@@' },
    ];
    for (const url of [
      API.subscriptions,
      API.subscriptionsV2,
      API.subscriptionsConfirm,
      API.subscriptionHospitals,
      API.subscriptionHospitalsV2,
      API.userAccounts,
      API.ocrIdCard,
      API.documentCommission,
    ]) {
      for (const g of garbage) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: { cookie: v.cookie, 'content-type': 'application/json' },
          payload: JSON.stringify(g),
        });
        expect([url, JSON.stringify(g), res.statusCode < 500]).toEqual([url, JSON.stringify(g), true]);
      }
    }
  });
});
