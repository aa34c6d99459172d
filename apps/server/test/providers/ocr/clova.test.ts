// The ID-card OCR adapter against a local double of NAVER CLOVA OCR's ID-card API (fixtures/clova-double.ts: POST to the domain's invoke URL,
// X-OCR-SECRET, { version: 'V2', requestId, timestamp, images: [{ format, name, data }] } → images[0].idCard.result
// with ic / dl / pp / ac), with its failures: a refused secret, FAILURE, a malformed answer, a timeout. No internet.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@auto-claim/contract';
import { loadConfig } from '../../../src/config.js';
import { clovaOcr } from '../../../src/providers/ocr/clova.js';
import { dataUrl, idPhotoJpeg } from '../../../fixtures/enrolment.js';
import { startClovaDouble, type ClovaDouble } from '../../../fixtures/clova-double.js';
import { build, verifyPatient, type TestApp, scratchDir, expectLog } from '../../helper.js';

const SECRET = 'test-ocr-secret';
let double: ClovaDouble;
let url: string;
beforeAll(async () => {
  double = await startClovaDouble({ secret: SECRET });
  url = double.invokeUrl;
});
afterAll(() => double.close());

describe('the CLOVA OCR adapter', () => {
  const failures: string[] = [];
  const ocr = (secret = SECRET) =>
    clovaOcr({ invokeUrl: url, secret, timeoutMs: 1_500, onFailure: (r) => failures.push(r) });

  it('sends the image as the vendor documents and keeps the fields of the chosen type', async () => {
    double.mode = 'ok';
    const jpeg = await idPhotoJpeg();
    expect(await ocr().readIdCard(jpeg, 'ic')).toEqual({
      userNm: '김테스트',
      idcardIssueDate: '20200315',
      idcardIssueOrg: '서울특별시 중구청장',
    });
    const sent = double.bodies.at(-1)!;
    expect(sent).toMatchObject({ version: 'V2', images: [{ format: 'jpg', name: 'idcard' }] });
    expect(Buffer.from(sent.images[0]!.data, 'base64').equals(jpeg)).toBe(true);
    expect(sent.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await ocr().readIdCard(jpeg, 'dl')).toEqual({
      userNm: '김테스트',
      regNo: '112412345678',
      checkCd: 'AB12C',
      idcardIssueDate: '20210701',
    });
    expect(await ocr().readIdCard(Buffer.from('\xff\xd8 PASSPORT-TEST'), 'pp')).toEqual({
      userNm: '김테스트',
      regNo: 'M12345678',
      idcardIssueDate: '20190510',
    });
  });

  it('reads a 외국인등록증 (ac) and a 영주증 (read as the ac it is): the Latin name and the issue date, not the number', async () => {
    const arc = Buffer.from('\xff\xd8 ARC-TEST');
    expect(await ocr().readIdCard(arc, 'ac')).toEqual({ userNm: 'NGUYEN THI LAN', idcardIssueDate: '20240520' });
    expect(await ocr().readIdCard(arc, 'pr')).toEqual({ userNm: 'NGUYEN THI LAN', idcardIssueDate: '20240520' });
    // An ARC photo read as another type yields nothing for it; a citizen's card read as an ARC likewise.
    expect(await ocr().readIdCard(arc, 'ic')).toEqual({});
    expect(await ocr().readIdCard(await idPhotoJpeg(), 'ac')).toEqual({});
  });

  it('reads nothing, and says why without what the image says, when the vendor refuses, fails or breaks', async () => {
    const jpeg = await idPhotoJpeg();
    failures.length = 0;
    expect(await ocr('wrong').readIdCard(jpeg, 'ic')).toEqual({});
    double.mode = 'failure';
    expect(await ocr().readIdCard(jpeg, 'ic')).toEqual({});
    double.mode = 'broken';
    expect(await ocr().readIdCard(jpeg, 'ic')).toEqual({});
    double.mode = 'slow';
    expect(await ocr().readIdCard(jpeg, 'ic')).toEqual({});
    double.mode = 'ok';
    expect(failures).toEqual(['http 401 0002', 'inferResult FAILURE', 'unreadable answer', 'timeout']);
  });

  it('reads the passport holder from fullNameKor, where the vendor puts the Korean name, not from a name field', async () => {
    const passport = await startClovaDouble({ secret: SECRET, holder: '홍길동' });
    try {
      const read = await clovaOcr({ invokeUrl: passport.invokeUrl, secret: SECRET }).readIdCard(
        Buffer.from('\xff\xd8 PASSPORT-TEST'),
        'pp',
      );
      expect(read.userNm).toBe('홍길동');
    } finally {
      await passport.close();
    }
  });

  it('checks the secret and the invoke URL for npm run doctor without sending an image, so nothing is read or billed', async () => {
    const before = double.bodies.length;
    expect(await ocr().check()).toEqual([
      {
        kind: 'ocr',
        vendor: 'clova',
        ok: true,
        detail: 'secret and invoke URL accepted (no image sent, nothing read)',
      },
    ]);
    expect(double.bodies.length).toBe(before); // no reading was made
    expect(await ocr('wrong').check()).toMatchObject([{ ok: false, detail: 'the secret was refused (HTTP 401 0002)' }]);
    // A wrong URL is CLOVA's documented 400 with code 0001, not a 404.
    const wrongUrl = clovaOcr({ invokeUrl: `${double.url}/custom/v1/1234/wrong/document/id-card`, secret: SECRET });
    expect(await wrongUrl.check()).toMatchObject([
      { ok: false, detail: 'CLOVA_OCR_URL is not an invoke URL (HTTP 400 0001)' },
    ]);
  });
});

describe('POST ocr/document/id-card with OCR_PROVIDER=clova', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ config: { ocr: { kind: 'clova', invokeUrl: url, secret: SECRET } } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('pre-fills what the vendor read, and lets the patient type when it read nothing', async () => {
    // A read that found nothing is a warning in the log.
    expectLog({ level: 'warn', msg: 'ID-card OCR read nothing', count: 1 });
    const v = await verifyPatient(t);
    const photo = dataUrl('image/jpeg', await idPhotoJpeg());
    const read = await t.app.inject({
      method: 'POST',
      url: API.ocrIdCard,
      headers: { cookie: v.cookie },
      payload: { userCi: v.ci, idcardType: 'ic', idcardImg: photo },
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({
      read: true,
      fields: { userNm: '김테스트', idcardIssueDate: '20200315', idcardIssueOrg: '서울특별시 중구청장' },
    });
    double.mode = 'failure';
    const none = await t.app.inject({
      method: 'POST',
      url: API.ocrIdCard,
      headers: { cookie: v.cookie },
      payload: { userCi: v.ci, idcardType: 'ic', idcardImg: photo },
    });
    double.mode = 'ok';
    expect(none.json()).toMatchObject({
      read: false,
      fields: {},
      message: expect.stringContaining('직접 입력해 주세요'),
    });
  });
});

describe('configuration', () => {
  const dataDir = scratchDir('config');
  it('names every variable the chosen providers still need, in one message', () => {
    expect(() => loadConfig({ OCR_PROVIDER: 'clova', ADDRESS_PROVIDER: 'juso', DATA_DIR: dataDir })).toThrow(
      /JUSO_CONFM_KEY.*CLOVA_OCR_URL.*CLOVA_OCR_SECRET/,
    );
    const c = loadConfig({
      OCR_PROVIDER: 'clova',
      CLOVA_OCR_URL: url,
      CLOVA_OCR_SECRET: 's',
      DATA_DIR: dataDir,
    });
    expect(c.ocr).toEqual({ kind: 'clova', invokeUrl: url, secret: 's' });
  });
});
