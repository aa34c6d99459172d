import { describe, expect, it } from 'vitest';
import {
  isForeignRegDigit,
  isRealDate,
  maskPhone,
  parseKorRegId,
  phoneAsTyped,
  validateForeignRegNo,
  validateKorRegId,
} from './person.js';
import { DATE_FORMAT_MESSAGE, normalizeDate, yyyymmdd } from './formats.js';
import { addMonths, kstToday, withRulesClock } from './dates.js';

const TODAY = new Date('2026-11-22T00:00:00Z');

describe('korRegId (YYMMDD + 7th RRN digit)', () => {
  it.each([
    ['8501011', '19850101', 'M'],
    ['8501012', '19850101', 'F'],
    ['0503153', '20050315', 'M'],
    ['0503154', '20050315', 'F'],
    ['9012315', '19901231', 'M'],
    ['1001018', '20100101', 'F'],
  ])('%s is born %s, sex %s', (id, birthday, sex) => {
    expect(parseKorRegId(id, TODAY)).toEqual({ birthday, sex });
  });

  it('refuses impossible dates, future births and unknown digits', () => {
    expect(parseKorRegId('8502301', TODAY)).toBeUndefined(); // 30 February
    expect(parseKorRegId('3001013', TODAY)).toBeUndefined(); // 2030: not born yet
    expect(parseKorRegId('850101', TODAY)).toBeUndefined();
    expect(validateKorRegId('85010', TODAY)).toEqual({ ok: false, reason: expect.stringContaining('6자리') });
    expect(validateKorRegId('850101', TODAY)).toEqual({ ok: false, reason: expect.stringContaining('첫 번째 숫자') });
    expect(validateKorRegId('8513011', TODAY).ok).toBe(false);
    expect(validateKorRegId('8501011', TODAY).ok).toBe(true);
  });

  it('knows leap years', () => {
    expect(isRealDate('20000229', TODAY)).toBe(true);
    expect(isRealDate('19000229', TODAY)).toBe(false);
  });

  it("counts today by Korea's calendar: between 00:00 and 09:00 KST, today is still yesterday in UTC", () => {
    const earlyMorningKst = new Date('2026-11-23T15:30:00Z'); // 2026-11-24 00:30 KST
    expect(isRealDate('20261124', earlyMorningKst)).toBe(true);
    expect(isRealDate('20261125', earlyMorningKst)).toBe(false);
    const lateEveningKst = new Date('2026-11-23T14:30:00Z'); // 2026-11-23 23:30 KST
    expect(isRealDate('20261123', lateEveningKst)).toBe(true);
    expect(isRealDate('20261124', lateEveningKst)).toBe(false);
  });

  it('reads "today" from the date rules\' clock: a server validates under its own (the sandbox\'s, moved on)', () => {
    const tomorrow = addMonths(kstToday(new Date()), 0, 1);
    const schema = yyyymmdd.refine((v) => isRealDate(v));
    expect(schema.safeParse(tomorrow).success).toBe(false);
    const twoDaysOn = () => new Date(Date.now() + 2 * 86_400_000);
    expect(withRulesClock(twoDaysOn, () => schema.safeParse(tomorrow).success)).toBe(true);
    expect(withRulesClock(twoDaysOn, () => parseKorRegId(`${tomorrow.slice(2)}3`))).toBeDefined();
    // Put back afterwards, even when the check throws.
    expect(() =>
      withRulesClock(twoDaysOn, () => {
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(schema.safeParse(tomorrow).success).toBe(false);
  });

  it('masks phone numbers', () => {
    expect(maskPhone('010-1234-5678')).toBe('010-****-5678');
  });

  it('hyphenates a mobile number as it is typed, digit by digit', () => {
    const typed = [...'01012345678'].map((_, i) => phoneAsTyped('01012345678'.slice(0, i + 1)));
    expect(typed).toEqual([
      '0',
      '01',
      '010',
      '010-1',
      '010-12',
      '010-123',
      '010-1234',
      '010-1234-5',
      '010-1234-56',
      '010-1234-567',
      '010-1234-5678',
    ]);
    // An old ten-digit number, pasted with spaces or dots; a twelfth digit is not taken.
    expect(phoneAsTyped('011 123 4567')).toBe('011-123-4567');
    expect(phoneAsTyped('010.1234.5678')).toBe('010-1234-5678');
    expect(phoneAsTyped('010123456789')).toBe('010-1234-5678');
  });
});

describe('normalizeDate: dates as people write them, in the wire format', () => {
  it.each([
    ['2015.03.15', '20150315'],
    ['2015.3.15.', '20150315'],
    ['2015-03-15', '20150315'],
    ['2015/3/15', '20150315'],
    ['2015 3 15', '20150315'],
    ['2015년 3월 15일', '20150315'],
    [' 20150315 ', '20150315'],
  ])('%s → %s', (typed, wire) => {
    expect(normalizeDate(typed)).toBe(wire);
    expect(yyyymmdd.safeParse(normalizeDate(typed)).success).toBe(true);
  });

  it('leaves what is no date as digits, and the message says it in words', () => {
    expect(normalizeDate('15.3')).toBe('153');
    const r = yyyymmdd.safeParse(normalizeDate('15.3'));
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(DATE_FORMAT_MESSAGE);
    expect(DATE_FORMAT_MESSAGE).toContain('예: 2015.03.15');
    expect(DATE_FORMAT_MESSAGE).not.toMatch(/YYYY/);
  });
});

describe('a 외국인등록번호 (on the 외국인등록증 and the 영주증)', () => {
  const today = new Date('2026-11-29T03:00:00Z');
  it('is 13 digits, its 7th 5–8 for the century and sex, its first six a real birth date; hyphens are fine', () => {
    expect(validateForeignRegNo('950315-6123456', today)).toEqual({ ok: true }); // born 1995, female
    expect(validateForeignRegNo('9503155123450', today)).toEqual({ ok: true }); // 1995, male
    expect(validateForeignRegNo('050315-7123456', today)).toEqual({ ok: true }); // 2005, male
    expect(validateForeignRegNo('050315 8123456', today)).toEqual({ ok: true }); // 2005, female
    // No check digit is required (numbers assigned since 2020-10 need not carry one): any 13th digit passes.
    for (const last of '0123456789') expect(validateForeignRegNo(`950315612345${last}`, today).ok).toBe(true);
    expect(parseKorRegId('9503156', today)).toEqual({ birthday: '19950315', sex: 'F' });
    expect(parseKorRegId('0503157', today)).toEqual({ birthday: '20050315', sex: 'M' });
  });

  it('is refused, saying why, when it is short, not digits, a 주민등록번호, or not a real or past date', () => {
    const reason = (no: string) => {
      const r = validateForeignRegNo(no, today);
      return r.ok ? 'ok' : r.reason;
    };
    expect(reason('950315-612345')).toBe('외국인등록번호 13자리를 숫자로 입력해 주세요.');
    expect(reason('95031A-6123456')).toBe('외국인등록번호 13자리를 숫자로 입력해 주세요.');
    expect(reason('950315-2123456')).toMatch(/5, 6, 7, 8 중 하나로 시작/); // a citizen's 2
    expect(reason('950315-9123456')).toMatch(/5, 6, 7, 8 중 하나로 시작/);
    expect(reason('950230-6123456')).toMatch(/올바른 생년월일이 아니에요/); // 30 February
    expect(reason('301231-7123456')).toMatch(/올바른 생년월일이 아니에요/); // 2030: in the future
    expect(isForeignRegDigit('5')).toBe(true);
    expect(isForeignRegDigit('4')).toBe(false);
    expect(isForeignRegDigit('9')).toBe(false);
  });
});
