// A foreign resident enrols exactly as a citizen does, with every check kept (README "Foreign residents"; issue
// section "Foreign residents enrol"): verified by SMS with her 외국인등록번호's first seven digits and her Latin name,
// her 외국인등록증 read by the CLOVA double, subscribed with the number (kept as a keyed hash and encrypted, like a
// 주민등록번호), her bank's upper-case (and cut) spelling of her name taken by the one name rule through the Popbill
// double, and the hospital's records matched by the number. On PGlite or (DATABASE_URL) PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@auto-claim/contract';
import { ARC_HOLDER, startClovaDouble, type ClovaDouble } from '../../../fixtures/clova-double.js';
import { startPopbillDouble, type PopbillDouble } from '../../../fixtures/popbill-double.js';
import { dataUrl, idPhotoJpeg, images, personFields, regFor, type Images } from '../../../fixtures/enrolment.js';
import { sendRecords, treatmentRecord } from '../../../fixtures/factories.js';
import { addressPerPerson, build, problemOf, testClock, verifyPatient, type TestApp } from '../../helper.js';

const clock = testClock(new Date('2026-06-15T03:00:00Z'));
const OCR_SECRET = 'test-ocr-secret';
const POPBILL_SECRET = Buffer.from('a secret only the double and this test know').toString('base64');
// Her name as she types it (Vietnamese, with its marks); the card and the bank print it upper-case without them.
const HER = 'Nguyễn Thị Lan';
// A long name the bank cuts at 20 characters.
const LONG = 'NGUYEN THI LAN HUONG GIANG';

let clova: ClovaDouble;
let popbill: PopbillDouble;
let t: TestApp;
let img: Images;

beforeAll(async () => {
  clova = await startClovaDouble({ secret: OCR_SECRET });
  popbill = await startPopbillDouble({
    linkId: 'AUTOCLAIM',
    secretKey: POPBILL_SECRET,
    corpNum: '1234567890',
    accounts: {
      '0004:123456781234': ARC_HOLDER, // 국민은행 writes NGUYEN THI LAN
      '0004:123456785555': LONG.slice(0, 20), // …cut: 'NGUYEN THI LAN HUONG'
      '0004:123456786666': 'NGUYEN VAN BINH', // someone else
      '0004:123456787777': '응우옌티란', // a Korean transliteration: not compared (names.ts)
      '0004:123456788888': 'WANG XIAOMING',
      '0004:123456784444': 'TRAN THI MAI',
    },
  });
  const popbillAccount = {
    linkId: 'AUTOCLAIM',
    secretKey: POPBILL_SECRET,
    corpNum: '1234567890',
    userId: 'autoclaim-ops',
    isTest: true,
    apiBase: popbill.url,
    authBase: popbill.url,
  };
  t = await build({
    clock,
    config: {
      ocr: { kind: 'clova', invokeUrl: clova.invokeUrl, secret: OCR_SECRET },
      bankCheck: { kind: 'popbill', account: popbillAccount },
    },
  });
  await t.app.claimEngine.start();
  img = await images();
}, 180_000);
afterAll(async () => {
  await t?.close();
  await clova?.close();
  await popbill?.close();
});

const ipOf = addressPerPerson<{ cookie: string }>();
const as = (v: { cookie: string }, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, remoteAddress: ipOf(v), headers: { cookie: v.cookie } });

/** She verifies by SMS: her name, the first 7 digits of her 외국인등록번호 (born 1995-03-15, female: 6). */
const verifyHer = (custName = HER, korRegId = '9503156') => verifyPatient(t, { custName, korRegId });

/** A photo the image checks pass that the CLOVA double reads as a 외국인등록증 (it carries the bytes ARC-TEST). */
const arcPhoto = async () => {
  const jpeg = await idPhotoJpeg();
  const mark = Buffer.from('ARC-TEST');
  const seg = Buffer.alloc(4);
  seg.writeUInt16BE(0xfffe, 0);
  seg.writeUInt16BE(mark.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), seg, mark, jpeg.subarray(2)]);
};

describe('a foreign resident enrols with her 외국인등록증', () => {
  let subscribed: { ci: string; arcNo: string; birthDate: string };

  it('has her ARC read by OCR, subscribes with its number, kept only as a keyed hash and encrypted', async () => {
    const v = await verifyHer();
    const photo = dataUrl('image/jpeg', await arcPhoto());
    const read = await as(v, 'POST', API.ocrIdCard, { userCi: v.ci, idcardType: 'ac', idcardImg: photo });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({
      idcardType: 'ac',
      read: true,
      fields: { userNm: ARC_HOLDER, idcardIssueDate: '20240520' },
    });
    // The number on the card is not read: she types it (the double's alienRegNum never comes back).
    expect(read.body).not.toContain('950315');

    const p = personFields(v);
    const arcNo = p.birthday.slice(2) + p.userIdno2;
    expect(arcNo.charAt(6)).toBe('6');
    const res = await as(
      v,
      'POST',
      API.subscriptions,
      await regFor(t, v, img, {
        // The name as the card prints it: the verified one by the one name rule (case, the marks of ễ and ị).
        userNm: ARC_HOLDER,
        idcardImg: photo,
        idcardType: 'ac',
        idcardIssueDate: '20240520',
        idcardIssueOrg: '',
        bankAccountHolder: ARC_HOLDER,
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const row = await t.db.db
      .selectFrom('subscription')
      .selectAll()
      .where('ciHmac', '=', t.app.ctx.crypto.hmac('ci', v.ci))
      .executeTakeFirstOrThrow();
    expect(row.idcardType).toBe('ac');
    expect(row.rrnHmac).toBe(t.app.ctx.crypto.hmac('rrn', arcNo));
    expect(row.rrnConfirmedAt).not.toBeNull();
    // Nowhere in her row in the clear: neither the number nor its back part.
    expect(JSON.stringify(row)).not.toContain(p.userIdno2);
    subscribed = { ci: v.ci, arcNo, birthDate: p.birthday };
  });

  it('has the hospital’s records matched by her 외국인등록번호, however the hospital spells her Latin name', async () => {
    let day = 0;
    const feed = async (userNm: string) => {
      day += 1;
      const who = { ci: 'not-sent', rrn: subscribed.arcNo, birthDate: subscribed.birthDate, userNm };
      const [id] = await sendRecords(t.app, [treatmentRecord(who, { by: 'rrn', visitDate: `2026060${day}` })]);
      const row = t.db.db.selectFrom('treatmentRecord').select('outcome').where('id', '=', id!);
      return (await row.executeTakeFirstOrThrow()).outcome;
    };
    expect(await feed('NGUYEN THI LAN')).toBe('claimed');
    expect(await feed('Lan Nguyen Thi')).toBe('claimed'); // given name first
    expect(await feed('NGUYEN LAN')).toBe('claimed'); // the hospital dropped her middle name
    expect(await feed('nguyễn thị lan')).toBe('claimed');
    // Another person's name under her number is held for an operator, never claimed.
    expect(await feed('NGUYEN THI HOA')).toBe('identity_mismatch');
    expect(await feed('TRAN THI LAN')).toBe('identity_mismatch');
  });
});

describe('her 외국인등록번호 and document are checked like a resident number', () => {
  it('refuses a 외국인등록증 with a citizen’s number, and a citizen’s digit where SMS verified hers, naming userIdno2', async () => {
    const v = await verifyHer('Tran Thi Mai', '9807226');
    const p = personFields(v);
    // 2 fits a woman born in 1998 as a citizen; with a 외국인등록증 it cannot be hers.
    const citizenDigit = `2${p.userIdno2.slice(1)}`;
    const onArc = await as(v, 'POST', API.subscriptions, {
      ...(await regFor(t, v, img, { idcardType: 'ac', idcardIssueDate: '20240520', idcardIssueOrg: '' })),
      userIdno2: citizenDigit,
    });
    expect(onArc.statusCode, onArc.body).toBe(400);
    expect(problemOf(onArc).errors).toContainEqual({
      field: 'userIdno2',
      message: '외국인등록번호는 뒷자리가 5, 6, 7, 8 중 하나로 시작해요. 외국인등록증에 적힌 번호를 확인해 주세요.',
    });
    // With a 주민등록증 chosen the document and the number agree, but SMS verified her 6: refused, nothing stored.
    const onIc = await as(
      v,
      'POST',
      API.subscriptions,
      await regFor(t, v, img, { userIdno2: citizenDigit, bankAccount: '123456784444' }),
    );
    expect(onIc.statusCode, onIc.body).toBe(403);
    expect(problemOf(onIc)).toMatchObject({
      code: 'PERSON_MISMATCH',
      errors: [
        {
          field: 'userIdno2',
          message: '뒷자리 첫 숫자는 본인인증 때 입력하신 숫자(6)와 같아야 해요. 신분증의 번호를 다시 확인해 주세요.',
        },
      ],
    });
    // A 외국인등록번호 on a 주민등록증: the document is the one to fix.
    const arcOnIc = await as(v, 'POST', API.subscriptions, await regFor(t, v, img, { bankAccount: '123456784444' }));
    expect(arcOnIc.statusCode, arcOnIc.body).toBe(400);
    expect(problemOf(arcOnIc).errors?.[0]?.message).toMatch(/^주민등록증을 고르셨는데 외국인등록번호를/);
    const rows = await t.db.db
      .selectFrom('subscription')
      .select('ciHmac')
      .where('ciHmac', '=', t.app.ctx.crypto.hmac('ci', v.ci))
      .execute();
    expect(rows).toEqual([]);
  });

  it('takes a 영주증 read as the ARC it is; refuses nonsense as a name at the SMS step in polite Korean', async () => {
    const v = await verifyHer('Wang Xiaoming', '8811075');
    const read = await as(v, 'POST', API.ocrIdCard, {
      userCi: v.ci,
      idcardType: 'pr',
      idcardImg: dataUrl('image/jpeg', await arcPhoto()),
    });
    expect(read.json()).toMatchObject({ idcardType: 'pr', read: true, fields: { idcardIssueDate: '20240520' } });
    const res = await as(
      v,
      'POST',
      API.subscriptions,
      await regFor(t, v, img, {
        idcardType: 'pr',
        idcardIssueDate: '20240520',
        idcardIssueOrg: '',
        bankAccount: '123456788888',
      }),
    );
    expect(res.statusCode, res.body).toBe(201);

    const nonsense = await t.app.inject({
      method: 'POST',
      url: '/auth/rest/nice/userAuth',
      payload: {
        custName: 'Wang 2',
        korRegId: '8811075',
        telecomType: '1',
        custHp: '01000001111',
        hospitalCode: '90000001',
      },
    });
    expect(nonsense.statusCode).toBe(400);
    expect(problemOf(nonsense).errors).toContainEqual({
      field: 'custName',
      message: '이름에는 숫자를 쓸 수 없어요. 신분증에 적힌 이름을 그대로 입력해 주세요.',
    });
  });
});

describe('the account holder as her bank writes it (Popbill double)', () => {
  it('matches the bank’s upper-case and cut spelling of her name, and not another person’s or a transliteration', async () => {
    const v = await verifyHer('Nguyen Thi Lan Huong Giang', '9503156');
    const check = async (bankAccount: string) =>
      (await as(v, 'POST', API.userAccounts, { userCi: v.ci, bankCd: '004', bankAccount })).json() as {
        result: string;
        checkBankAccountNm: string;
      };
    expect(await check('123456785555')).toMatchObject({ result: 'MATCH', checkBankAccountNm: 'NGUYEN THI LAN HUONG' });
    expect((await check('123456786666')).result).toBe('MISMATCH');
    expect((await check('123456787777')).result).toBe('MISMATCH');

    const short = await verifyHer(HER, '9503156');
    const mine = await as(short, 'POST', API.userAccounts, {
      userCi: short.ci,
      bankCd: '004',
      bankAccount: '123456781234',
    });
    expect(mine.json()).toMatchObject({ result: 'MATCH', checkBankAccountNm: ARC_HOLDER });
    // Her short name is not a cut of someone's longer one: the cut is taken only from a name the bank's full 20 long.
    const notCut = await as(short, 'POST', API.userAccounts, {
      userCi: short.ci,
      bankCd: '004',
      bankAccount: '123456785555',
    });
    expect((notCut.json() as { result: string }).result).toBe('MISMATCH');
  });
});
