// The calls the enrolment wizard makes besides subscribing (spec §3-4, §7): the bank-account holder check, ID OCR, address
// search and the power of attorney / consent PDFs. PGlite or (DATABASE_URL) PostgreSQL.
import { inflateSync } from 'node:zlib';
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { PDFDocument, PDFName, PDFRawStream, PDFDict } from 'pdf-lib';
import { API } from '@auto-claim/contract';
import { build, problemOf, testClock, verifyPatient, type TestApp, freshAddress } from '../../helper.js';
import {
  dataUrl,
  idPhotoJpeg,
  images,
  ocrTestJpeg,
  ocrTestPng,
  personFields,
  regFor,
  type Images,
  type Verified,
} from '../../../fixtures/enrolment.js';

const clock = testClock(new Date('2026-11-22T16:30:00Z'));
let t: TestApp;
let img: Images;
let v: Verified;

beforeAll(async () => {
  t = await build({ clock });
  img = await images();
  v = await verifyPatient(t);
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, who: Verified = v) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { cookie: who.cookie },
    remoteAddress: freshAddress(),
  });
const get = (url: string, who: Verified = v) =>
  t.app.inject({ method: 'GET', url, headers: { cookie: who.cookie }, remoteAddress: freshAddress() });

describe('POST/GET /ui/insu/v1/claims/users/accounts', () => {
  it('answers MATCH with the holder for an account in the patient’s name (sandbox: any other number)', async () => {
    const res = await post(API.userAccounts, { userCi: v.ci, bankCd: '004', bankAccount: '123-456-781234' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      bankCd: '004',
      bankNm: 'KB국민은행',
      bankAccountMasked: '****1234',
      result: 'MATCH',
      checkBankAccountNm: v.person.custName,
      message: expect.stringContaining('확인됐어요'),
    });
  });

  it('answers MISMATCH plainly, with the bank’s name masked (sandbox: …9999)', async () => {
    const res = await post(API.userAccounts, {
      bankCd: '088',
      bankAccount: '110123459999',
      bankAccountHolder: v.person.custName,
    });
    expect(res.json()).toMatchObject({ result: 'MISMATCH', checkBankAccountNm: '박*인' });
    expect(res.json().message).toContain('달라요');
  });

  it('answers 422 ACCOUNT_NOT_FOUND for an account the bank does not have (sandbox: …0000), and 400 for bad input', async () => {
    const none = await post(API.userAccounts, { bankCd: '004', bankAccount: '1234560000' });
    expect(none.statusCode).toBe(422);
    expect(problemOf(none)).toMatchObject({ code: 'ACCOUNT_NOT_FOUND', errors: [{ field: 'bankAccount' }] });
    const bad = await post(API.userAccounts, { bankCd: '4', bankAccount: '12' });
    expect(bad.statusCode).toBe(400);
    expect(
      problemOf(bad)
        .errors!.map((e) => e.field)
        .sort(),
    ).toEqual(['bankAccount', 'bankCd']);
    const unknownBank = await post(API.userAccounts, { bankCd: '999', bankAccount: '1234567890' });
    expect(problemOf(unknownBank).errors).toEqual([{ field: 'bankCd', message: expect.any(String) }]);
  });

  it('takes the spec’s GET form too, and refuses another person’s CI', async () => {
    const res = await get(`${API.userAccounts}?bankCd=004&bankAccount=1234567890`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toBe('MATCH');
    const other = await post(API.userAccounts, { userCi: 'someone-else', bankCd: '004', bankAccount: '1234567890' });
    expect(other.statusCode).toBe(403);
  });

  it('writes the question to the sandbox outbox with the account masked', async () => {
    await post(API.userAccounts, { bankCd: '004', bankAccount: '99887766554433' });
    const out = await sql<{
      body: string;
    }>`select body from sandbox_outbox where "to" = 'bank-check' order by id desc limit 1`.execute(t.db.db);
    expect(out.rows[0]!.body).toBe('예금주 조회 004 ****4433');
  });
});

describe('POST /ui/insu/v1/ocr/document/id-card', () => {
  it('reads the sandbox test PNG and keeps only the fields of the chosen type (dl: regNo, checkCd)', async () => {
    const png = await ocrTestPng({
      userNm: '김테스트',
      regNo: '112412345678',
      checkCd: 'AB12C',
      idcardIssueOrg: '서울경찰청장',
      idcardIssueDate: '20200101',
    });
    const res = await post(API.ocrIdCard, { userCi: v.ci, idcardType: 'dl', idcardImg: dataUrl('image/png', png) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      idcardType: 'dl',
      read: true,
      fields: { userNm: '김테스트', regNo: '112412345678', checkCd: 'AB12C' },
      message: expect.stringContaining('확인'),
    });
  });

  it('reads a JPEG comment the same way (ic: issue org and date)', async () => {
    const jpeg = await ocrTestJpeg({ idcardIssueOrg: '서울특별시 중구청장', idcardIssueDate: '20200315', regNo: 'X' });
    const res = await post(API.ocrIdCard, { idcardType: 'ic', idcardImg: dataUrl('image/jpeg', jpeg) });
    expect(res.json().fields).toEqual({ idcardIssueOrg: '서울특별시 중구청장', idcardIssueDate: '20200315' });
  });

  it('is honest about a real photo: nothing read, the patient types', async () => {
    const res = await post(API.ocrIdCard, { idcardType: 'pp', idcardImg: dataUrl('image/jpeg', await idPhotoJpeg()) });
    expect(res.json()).toEqual({
      idcardType: 'pp',
      read: false,
      fields: {},
      message: expect.stringContaining('직접 입력'),
    });
  });

  it('checks the image like any upload', async () => {
    const res = await post(API.ocrIdCard, {
      idcardType: 'ic',
      idcardImg: dataUrl('image/png', Buffer.from('not an image at all')),
    });
    expect(res.statusCode).toBe(400);
    expect(problemOf(res)).toMatchObject({ code: 'IMAGE_TYPE', errors: [{ field: 'idcardImg' }] });
    const noType = await post(API.ocrIdCard, { idcardImg: dataUrl('image/jpeg', img.photo) });
    expect(problemOf(noType).errors?.[0]?.field).toBe('idcardType');
  });
});

describe('GET /ui/insu/v1/addresses', () => {
  it('finds road addresses with 5-digit postcodes, by any words', async () => {
    const res = await get(`${API.addresses}?keyword=${encodeURIComponent('세종대로 110')}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().list[0]).toEqual({
      postNo: '04524',
      roadAddr: '서울특별시 중구 세종대로 110',
      jibunAddr: expect.stringContaining('태평로'),
      buildingNm: '서울특별시청',
    });
    const building = await get(`${API.addresses}?keyword=${encodeURIComponent('서울아산')}`);
    expect(building.json().list.map((a: { postNo: string }) => a.postNo)).toEqual(['05505']);
    // Part of a name finds every building that has it, each address once.
    const part = await get(`${API.addresses}?keyword=${encodeURIComponent('아산병원')}`);
    expect(
      part
        .json()
        .list.map((a: { postNo: string }) => a.postNo)
        .sort(),
    ).toEqual(['05505', '25535']);
    for (const a of (await get(`${API.addresses}?keyword=${encodeURIComponent('서울특별시')}`)).json().list) {
      expect(a.postNo).toMatch(/^\d{5}$/);
    }
  });

  it('answers an empty list when nothing matches, and 400 for a keyword too short', async () => {
    expect((await get(`${API.addresses}?keyword=${encodeURIComponent('없는동네길 999')}`)).json()).toEqual({
      list: [],
      total: 0,
    });
    const short = await get(`${API.addresses}?keyword=a`);
    expect(short.statusCode).toBe(400);
    expect(problemOf(short).errors?.[0]?.field).toBe('keyword');
  });
});

/** Every Unicode code point the PDF's fonts map glyphs to (their ToUnicode CMaps), so tests can see the Korean text. */
async function pdfCodePoints(bytes: Uint8Array) {
  const doc = await PDFDocument.load(bytes);
  const points = new Set<number>();
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFDict) || obj.get(PDFName.of('Type')) !== PDFName.of('Font')) continue;
    const ref = obj.get(PDFName.of('ToUnicode'));
    if (!ref) continue;
    const stream = doc.context.lookup(ref) as PDFRawStream;
    const text = inflateSync(Buffer.from(stream.contents)).toString('latin1');
    for (const m of text.matchAll(/<([0-9a-fA-F]{4})>\s*<([0-9a-fA-F]{4,8})>/g)) points.add(parseInt(m[2]!, 16));
  }
  return { doc, has: (s: string) => [...s].filter((c) => c.trim()).every((c) => points.has(c.codePointAt(0)!)) };
}

let pdftotext: boolean | undefined;
/** pdftotext (poppler) when it is installed: a second, independent reading. Tests never need it. */
function textOf(bytes: Uint8Array): string | undefined {
  try {
    pdftotext ??= (execFileSync('pdftotext', ['-v'], { stdio: 'ignore' }), true);
  } catch {
    pdftotext = false;
  }
  if (!pdftotext) return undefined;
  return execFileSync('pdftotext', ['-', '-'], { input: Buffer.from(bytes) }).toString('utf8');
}

describe('POST /ui/insu/v1/claims/documents/commission and /agree', () => {
  it('makes the power of attorney before submission: a PDF with the Korean text, the patient and the scope', async () => {
    const res = await post(API.documentCommission, {
      userCi: v.ci,
      hospitalCd: '90000001',
      insuCompCd: 'SAMSUNGFIRE',
      userIdno2: personFields(v).userIdno2,
      userPostNo: '04524',
      userAddr: '서울특별시 중구 세종대로 110',
      retroMonth: 12,
      signImg: dataUrl('image/png', img.sign),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''%EC%9C%84%EC%9E%84%EC%9E%A5.pdf");
    const bytes = res.rawPayload;
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const { doc, has } = await pdfCodePoints(bytes);
    expect(doc.getTitle()).toBe('진료기록 열람 및 사본발급 위임장');
    expect(doc.getPageCount()).toBe(1);
    for (const s of [
      '위임장',
      '위임인',
      '수임인',
      v.person.custName,
      '한빛정형외과의원',
      '삼성화재',
      '2025년 11월 23일부터',
      '2027년 11월 22일',
    ]) {
      expect([s, has(s)]).toEqual([s, true]);
    }
    expect(has('휅')).toBe(false); // a syllable the document does not use is not in the subset
    const text = textOf(bytes);
    if (text !== undefined) {
      expect(text).toContain('850101-1******');
      expect(text).toContain('2025년 11월 23일부터 2027년 11월 22일까지의 진료분');
      expect(text).toContain('서울특별시 중구 세종대로 110');
    }
    expect(bytes.length).toBeLessThan(200_000); // the font is subset, not embedded whole (2.7 MB)
  });

  it('makes the consent; without a signature the line is left to sign', async () => {
    const res = await post(API.documentAgree, { hospitalCd: '90000002', insuCompCd: 'NHLIFE' });
    expect(res.statusCode, res.body).toBe(200);
    const { doc, has } = await pdfCodePoints(res.rawPayload);
    expect(doc.getTitle()).toBe('진료기록 열람 및 사본발급 동의서');
    expect(has('동의서 푸른숲내과의원 NH농협생명 (서명)')).toBe(true);
  });

  it('after submission makes the documents from what was stored: the same bytes whose SHA-256 was kept', async () => {
    const w = await verifyPatient(t);
    const sub = await t.app.inject({
      method: 'POST',
      url: API.subscriptions,
      payload: await regFor(t, w, img),
      headers: { cookie: w.cookie },
      remoteAddress: freshAddress(),
    });
    expect(sub.statusCode, sub.body).toBe(201);
    const insuApplyId = sub.json().subscription.insuApplyId as string;
    // Made after the commit by the documents job (no worker runs here), or by the first download, whichever is first.
    await t.app.claimEngine.drain();
    const row = await t.db.db
      .selectFrom('subscription')
      .select(['commissionSha256', 'consentSha256'])
      .where('insuApplyId', '=', insuApplyId)
      .executeTakeFirstOrThrow();
    expect(row.commissionSha256).toMatch(/^[0-9a-f]{64}$/);
    const { createHash } = await import('node:crypto');
    for (const [url, hash] of [
      [API.documentCommission, row.commissionSha256],
      [API.documentAgree, row.consentSha256],
    ] as const) {
      const res = await post(url, { insuApplyId }, w);
      expect(res.statusCode, res.body).toBe(200);
      expect(createHash('sha256').update(res.rawPayload).digest('hex')).toBe(hash);
    }
    // Someone else's subscription is not theirs to print.
    const other = await post(API.documentCommission, { insuApplyId }, v);
    expect(other.statusCode).toBe(404);
  });

  it('names unknown hospitals and insurers, and checks the signature', async () => {
    const res = await post(API.documentCommission, { hospitalCd: '99999999', insuCompCd: 'NOSUCHINSU' });
    expect(res.statusCode).toBe(400);
    expect(problemOf(res).errors!.map((e) => e.field)).toEqual(['hospitalCd', 'insuCompCd']);
    const sig = await post(API.documentAgree, { hospitalCd: '90000001', signImg: dataUrl('image/png', img.photo) });
    expect(problemOf(sig)).toMatchObject({ code: 'IMAGE_TYPE', errors: [{ field: 'signImg' }] });
  });
});

describe('OpenAPI', () => {
  it('documents every subscription, account, OCR, address and document call', async () => {
    const doc = (await t.app.inject('/openapi.json')).json() as { paths: Record<string, Record<string, unknown>> };
    const methods = (p: string) => Object.keys(doc.paths[p] ?? {}).sort();
    expect(methods(API.subscriptions)).toEqual(['delete', 'get', 'post', 'put']);
    expect(methods(API.subscriptionsV2)).toEqual(['post']);
    expect(methods(API.subscriptionsConfirm)).toEqual(['post']);
    expect(methods(API.subscriptionHospitals)).toEqual(['delete', 'post']);
    expect(methods(API.subscriptionHospitalsV2)).toEqual(['post']);
    expect(methods(API.subscriptionHospitalsConfirm)).toEqual(['post']);
    expect(methods(API.userAccounts)).toEqual(['get', 'post']);
    expect(methods(API.ocrIdCard)).toEqual(['post']);
    expect(methods(API.addresses)).toEqual(['get']);
    expect(methods(API.documentCommission)).toEqual(['post']);
    expect(methods(API.documentAgree)).toEqual(['post']);
  });
});
