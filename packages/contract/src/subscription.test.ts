// The subscription contract as browser and server both use it: the ID-document rule (spec §3), NHLIFE codes (spec §4),
// formats of DESIGN §3 and the masks of DESIGN §5.
import { describe, expect, it } from 'vitest';
import {
  accountCheckBody,
  addHospitalBody,
  addressQuery,
  IDCARD_TYPES,
  idcardFitsNumber,
  insurerIdcardType,
  keepIdcardFields,
  maskAccount,
  maskEmail,
  maskName,
  maskRrn,
  normalizeIdcardFields,
  rrnDigitFits,
  subscriptionBody,
  subscriptionChangeBody,
  subscriptionV2Body,
} from './index.js';

const png = 'data:image/png;base64,iVBORw0KGgo=';
const reg = {
  userCi: 'ci',
  userNm: '김테스트',
  birthday: '19850101',
  sex: 'M',
  userIdno2: '1234567',
  userTel: '010-0000-1234',
  userPostNo: '04524',
  userAddr: '서울특별시 중구 세종대로 110',
  minAmt: 0,
  retroMonth: 0,
  signImg: png,
  insuCompCd: 'SAMSUNGFIRE',
  bankCd: '004',
  bankAccount: '1234567890',
  bankAccountHolder: '김테스트',
  bankAccountRel: '1',
  hospitalCd: '90000001',
};
const fieldsOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  (r.error?.issues ?? []).map((i) => i.path.join('.')).sort();

describe('identity documents (spec §3)', () => {
  it('offers a citizen the cards with a 주민등록번호 and a foreign resident those with a 외국인등록번호, as the subscription refuses the rest', () => {
    expect(IDCARD_TYPES.filter((c) => idcardFitsNumber(c, false))).toEqual(['ic', 'dl', 'pp']);
    expect(IDCARD_TYPES.filter((c) => idcardFitsNumber(c, true))).toEqual(['ac', 'pr']);
    for (const idcardType of IDCARD_TYPES)
      for (const userIdno2 of ['2234567', '6234567']) {
        const fits = idcardFitsNumber(idcardType, userIdno2.startsWith('6'));
        const r = subscriptionBody.safeParse({ ...reg, birthday: '19950315', sex: 'F', userIdno2, idcardType });
        expect(fieldsOf(r).includes('userIdno2'), `${idcardType} with ${userIdno2[0]}`).toBe(!fits);
      }
  });
  it('keeps issue org and date for ic, regNo and checkCd for dl, regNo and date for pp; clears the rest', () => {
    const all = { idcardIssueDate: '20200101', idcardIssueOrg: '중구청장', regNo: '112412345678', checkCd: 'AB12C' };
    expect(keepIdcardFields({ idcardType: 'ic' as const, ...all })).toEqual({
      idcardType: 'ic',
      idcardIssueDate: '20200101',
      idcardIssueOrg: '중구청장',
      regNo: '',
      checkCd: '',
    });
    expect(keepIdcardFields({ idcardType: 'dl' as const, ...all })).toEqual({
      idcardType: 'dl',
      idcardIssueDate: '',
      idcardIssueOrg: '',
      regNo: '112412345678',
      checkCd: 'AB12C',
    });
    expect(keepIdcardFields({ idcardType: 'pp' as const, ...all })).toEqual({
      idcardType: 'pp',
      idcardIssueDate: '20200101',
      idcardIssueOrg: '',
      regNo: '112412345678',
      checkCd: '',
    });
    expect(keepIdcardFields({ idcardType: '' as const, ...all })).toEqual({
      idcardType: '',
      idcardIssueDate: '',
      idcardIssueOrg: '',
      regNo: '',
      checkCd: '',
    });
  });

  it('normalises what it keeps: licence digits only, passport and serial upper case', () => {
    expect(
      normalizeIdcardFields({ idcardType: 'dl' as const, regNo: '11-24-123456-78', checkCd: 'ab12c' }),
    ).toMatchObject({ regNo: '112412345678', checkCd: 'AB12C' });
    expect(
      normalizeIdcardFields({ idcardType: 'pp' as const, regNo: 'm123a4567', idcardIssueDate: '20200101' }).regNo,
    ).toBe('M123A4567');
  });

  it('validates only the fields the type uses, naming them', () => {
    const r = subscriptionBody.safeParse({
      ...reg,
      idcardImg: 'data:image/jpeg;base64,/9j/',
      idcardType: 'pp',
      regNo: '1',
      checkCd: 'whatever',
    });
    expect(fieldsOf(r)).toEqual(['idcardIssueDate', 'regNo']);
    const ok = subscriptionBody.parse({
      ...reg,
      idcardImg: 'data:image/jpeg;base64,/9j/',
      idcardType: 'pp',
      regNo: 'M12345678',
      idcardIssueDate: '20200101',
      checkCd: 'x',
    });
    expect(ok.checkCd).toBe('');
  });

  it('converts the type for NHLIFE only (spec §4)', () => {
    expect(['ic', 'dl', 'pp'].map((t) => insurerIdcardType('NHLIFE', t as 'ic'))).toEqual(['1', '2', '3']);
    expect(insurerIdcardType('SAMSUNGFIRE', 'dl')).toBe('dl');
  });
});

describe('reg formats (DESIGN §3)', () => {
  it('accepts a complete reg and normalises the phone', () => {
    const r = subscriptionBody.parse(reg);
    expect(r.userTel).toBe('01000001234');
    expect(r.termsIds).toEqual([]);
  });

  it('names every bad field', () => {
    const r = subscriptionBody.safeParse({
      ...reg,
      birthday: '19851301',
      userIdno2: '12345',
      minAmt: 15000,
      retroMonth: 1.5,
      bankAccount: '123',
      bankCd: '4',
      sex: 'X',
      userPostNo: 'abcde',
      userEmail: 'nope',
    });
    expect(fieldsOf(r)).toEqual([
      'bankAccount',
      'bankCd',
      'birthday',
      'minAmt',
      'retroMonth',
      'sex',
      'userEmail',
      'userIdno2',
      'userPostNo',
    ]);
  });

  it('checks the RRN digit against the birthday century and sex', () => {
    expect(rrnDigitFits('19850101', 'M', '1000000')).toBe(true);
    expect(rrnDigitFits('19850101', 'F', '1000000')).toBe(false);
    expect(rrnDigitFits('20050101', 'F', '4000000')).toBe(true);
    expect(rrnDigitFits('20050101', 'M', '1000000')).toBe(false);
    expect(fieldsOf(subscriptionBody.safeParse({ ...reg, userIdno2: '3234567' }))).toEqual(['userIdno2']);
  });

  it('needs hospitals in multiSubscrib for v2 and takes no sex on add-hospital', () => {
    expect(fieldsOf(subscriptionV2Body.safeParse({ ...reg, multiSubscrib: [] }))).toEqual(['multiSubscrib']);
    expect(
      addHospitalBody.safeParse({
        userCi: 'ci',
        userNm: '김',
        birthday: '19850101',
        userIdno2: '1234567',
        userTel: '01000001234',
        hospitalCd: '90000002',
      }).success,
    ).toBe(true);
  });

  it('takes a change as whole groups', () => {
    expect(subscriptionChangeBody.safeParse({ minAmt: 0 }).success).toBe(true);
    // An address may come without its postcode (the server looks it up); a postcode never without an address.
    expect(subscriptionChangeBody.safeParse({ userAddr: '서울특별시 중구 세종대로 110' }).success).toBe(true);
    expect(fieldsOf(subscriptionChangeBody.safeParse({ userPostNo: '04524' }))).toEqual(['userAddr']);
    expect(subscriptionBody.safeParse({ ...reg, userPostNo: '' }).success).toBe(true);
    expect(fieldsOf(subscriptionChangeBody.safeParse({}))).toEqual(['']);
  });

  it('checks account and address queries', () => {
    expect(accountCheckBody.parse({ bankCd: '004', bankAccount: '123-456-7890' }).bankAccount).toBe('1234567890');
    expect(addressQuery.safeParse({ keyword: ' a ' }).success).toBe(false);
  });
});

describe('masks (DESIGN §5)', () => {
  it('masks RRN, account, names and e-mail', () => {
    expect(maskRrn('19900101', '1234567')).toBe('900101-1******');
    expect(maskAccount('110-123-456789')).toBe('****6789');
    expect([maskName('홍길동'), maskName('김철'), maskName('남궁민수'), maskName('이')]).toEqual([
      '홍*동',
      '김*',
      '남**수',
      '*',
    ]);
    expect(maskEmail('name@example.com')).toBe('na**@example.com');
  });
});
