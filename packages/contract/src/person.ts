// Korean identity rules shared by browser and server (DESIGN §3): korRegId is YYMMDD plus the resident
// registration number's 7th digit, which gives the century and sex. RRN checksums are NOT enforced
// (numbers issued since October 2020 have none); the date and the sex digit are.
import { kstToday, rulesNow } from './dates.js';

/** 7th RRN digit → century and sex. 1-4 Koreans, 5-8 foreign residents, 9/0 born in the 1800s. */
const SEX_DIGIT: Record<string, { century: number; sex: 'M' | 'F' }> = {
  '9': { century: 1800, sex: 'M' },
  '0': { century: 1800, sex: 'F' },
  '1': { century: 1900, sex: 'M' },
  '2': { century: 1900, sex: 'F' },
  '3': { century: 2000, sex: 'M' },
  '4': { century: 2000, sex: 'F' },
  '5': { century: 1900, sex: 'M' },
  '6': { century: 1900, sex: 'F' },
  '7': { century: 2000, sex: 'M' },
  '8': { century: 2000, sex: 'F' },
};

export type Validation = { ok: true } | { ok: false; reason: string };

/** YYYYMMDD is a real calendar date not in the future (by `today`: the date rules' clock unless given, dates.ts). */
export function isRealDate(yyyymmdd: string, today = rulesNow()): boolean {
  if (!/^\d{8}$/.test(yyyymmdd)) return false;
  const y = Number(yyyymmdd.slice(0, 4));
  const m = Number(yyyymmdd.slice(4, 6));
  const d = Number(yyyymmdd.slice(6, 8));
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return false;
  // Not after today as Korea counts it: a treatment at 08:00 KST is still "yesterday" in UTC.
  return yyyymmdd <= kstToday(today);
}

/** The 8-digit birthday and sex a korRegId (YYMMDD + 7th digit) stands for, or undefined if it stands for none. */
export function parseKorRegId(korRegId: string, today = rulesNow()): { birthday: string; sex: 'M' | 'F' } | undefined {
  if (!/^\d{7}$/.test(korRegId)) return undefined;
  const digit = SEX_DIGIT[korRegId[6]!];
  if (!digit) return undefined;
  const birthday = `${digit.century + Number(korRegId.slice(0, 2))}${korRegId.slice(2, 6)}`;
  return isRealDate(birthday, today) ? { birthday, sex: digit.sex } : undefined;
}

/** A 외국인등록번호's 7th digit (5/6 born 1900–1999, 7/8 from 2000; odd male, even female). */
export const isForeignRegDigit = (digit: string) => digit >= '5' && digit <= '8' && digit.length === 1;

/**
 * A 외국인등록번호 (foreign resident's registration number, on the 외국인등록증 and the 영주증) as 13 digits, hyphen and
 * spaces allowed: YYMMDD, the 7th digit 5–8 giving century and sex, and a real birth date not in the future.
 *
 * The 13th digit is NOT checked, for the same reason as a 주민등록번호's (header): the 주민등록번호 lost its check digit
 * with the random back part assigned since 2020-10-05 (주민등록법 시행규칙 §2 as amended; 행정안전부 announcement of
 * 2019-12-17), and no published rule says that the 외국인등록번호 (assigned under 출입국관리법 시행규칙) still carries the
 * old ARC check digit ((11 − Σ mod 11 + 2) mod 10, known only from third-party code). A check that refused a real
 * number would lock a resident out; what binds the number to her is the hospital record it must match and the vendor
 * check (docs/providers/rrn-check.md), as for a 주민등록번호.
 */
export function validateForeignRegNo(input: string, today = rulesNow()): Validation {
  const no = input.replace(/[\s-]/g, '');
  if (!/^\d{13}$/.test(no)) return { ok: false, reason: '외국인등록번호 13자리를 숫자로 입력해 주세요.' };
  if (!isForeignRegDigit(no[6]!))
    return { ok: false, reason: '외국인등록번호는 뒷자리가 5, 6, 7, 8 중 하나로 시작해요. 다시 확인해 주세요.' };
  return parseKorRegId(no.slice(0, 7), today)
    ? { ok: true }
    : { ok: false, reason: '외국인등록번호 앞 6자리가 올바른 생년월일이 아니에요. 다시 확인해 주세요.' };
}

export function validateKorRegId(korRegId: string, today = rulesNow()): Validation {
  if (!/^\d{6}$/.test(korRegId.slice(0, 6))) return { ok: false, reason: '생년월일 6자리를 숫자로 입력해 주세요.' };
  if (!/^\d$/.test(korRegId.slice(6, 7)))
    return { ok: false, reason: '주민등록번호 뒷자리 첫 번째 숫자를 입력해 주세요.' };
  return parseKorRegId(korRegId, today)
    ? { ok: true }
    : { ok: false, reason: '생년월일이 올바른 날짜가 아니에요. 다시 확인해 주세요.' };
}

/** Phone numbers as digits only (DESIGN §3): '010-1234-5678' → '01012345678'. */
export const digitsOnly = (s: string) => s.replace(/\D/g, '');

/** Korean mobile numbers: 010 (11 digits) and the old 011/016/017/018/019 (10-11 digits). */
export const MOBILE_RE = /^01[016789]\d{7,8}$/;

/**
 * A mobile number as it is typed, hyphenated the way people write it (010-1234-5678; 011-123-4567 once all ten digits
 * of an old number are in): at most 11 digits, anything else dropped. The wire keeps digits only (custHp).
 */
export function phoneAsTyped(s: string) {
  const d = digitsOnly(s).slice(0, 11);
  if (d.length <= 3) return d;
  if (d.length === 10 && !d.startsWith('010')) return `${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}`;
  if (d.length <= 7) return `${d.slice(0, 3)}-${d.slice(3)}`;
  return `${d.slice(0, 3)}-${d.slice(3, 7)}-${d.slice(7)}`;
}

/** 010-****-5678 (DESIGN §5). */
export function maskPhone(phone: string) {
  const d = digitsOnly(phone);
  return d.length >= 10 ? `${d.slice(0, 3)}-****-${d.slice(-4)}` : '***';
}
