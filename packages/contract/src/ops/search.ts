// Finding a patient by what a caller says (README "Operator console", "Search by what a caller says"): name, phone,
// birth date, the hospital's receipt number or the claim id, alone or together. The values travel in a POST body,
// never in a URL, and are stored nowhere: the server compares keyed lookup hashes of the normalised values
// (normName, normPhone, typedDate), the same functions on both sides so that what is typed finds what was stored.
import { z } from 'zod';
import { nameKey } from '../names.js';

/** A name as compared: names.ts's one rule (NFC, every space out, Latin upper-cased), so a search finds what matches. */
export const normName = nameKey;

/** A phone number as compared: digits only (010-1234-5678, 010 1234 5678 and 01012345678 are one number). */
export const normPhone = (s: string) => s.replace(/[\s\-.()]/gu, '');

const realDate = (y: number, m: number, d: number) => {
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
};

/**
 * A date as people write it, to YYYYMMDD: 2026.11.26, 2026. 11. 26., 2026-11-26, 2026/11/26, 20261126, and the month
 * and day in one digit (2026.1.5). Undefined when it is none of these or no day of the calendar (2026.02.30).
 */
export function typedDate(text: string): string | undefined {
  const t = text.trim().replace(/\.$/u, '');
  const m = /^(\d{4})(?:\s*[.\-/]\s*(\d{1,2})\s*[.\-/]\s*(\d{1,2})|(\d{2})(\d{2}))$/u.exec(t);
  if (!m) return undefined;
  const y = Number(m[1]);
  const mo = Number(m[2] ?? m[4]);
  const d = Number(m[3] ?? m[5]);
  if (y < 1900 || y > 2100 || !realDate(y, mo, d)) return undefined;
  return `${y}${String(mo).padStart(2, '0')}${String(d).padStart(2, '0')}`;
}

export const TYPED_DATE_MESSAGE = '날짜는 2026.11.26, 2026-11-26, 20261126처럼 적어 주세요.';

/** The kinds of key a search may name (what the operators' record keeps of it: the kinds, never the values). */
export const PERSON_KEYS = ['name', 'phone', 'birthDate', 'receiptNo', 'claimId'] as const;
export type PersonKey = (typeof PERSON_KEYS)[number];
export const PERSON_KEY_NM: Record<PersonKey, string> = {
  name: '이름',
  phone: '휴대폰 번호',
  birthDate: '생년월일',
  receiptNo: '영수증 번호',
  claimId: '청구 번호',
};

/** What a caller says, each optional; at least one is required by the bodies that use it. */
export const personKeys = {
  name: z
    .string({ message: '이름은 글자로 적어 주세요.' })
    .transform(normName)
    .pipe(z.string().min(1, { message: '이름을 적어 주세요.' }).max(40, { message: '이름은 40자까지 적을 수 있어요.' }))
    .optional(),
  phone: z
    .string({ message: '휴대폰 번호는 글자로 적어 주세요.' })
    .transform(normPhone)
    .pipe(z.string().regex(/^01\d{8,9}$/u, { message: '휴대폰 번호는 010-1234-5678처럼 적어 주세요.' }))
    .optional(),
  birthDate: z
    .string({ message: '생년월일은 글자로 적어 주세요.' })
    .transform((s, c) => {
      const d = typedDate(s);
      if (d) return d;
      c.addIssue({ code: 'custom', message: '생년월일은 1958.03.02, 1958-03-02, 19580302처럼 적어 주세요.' });
      return z.NEVER;
    })
    .optional(),
  receiptNo: z
    .string({ message: '영수증 번호는 글자로 적어 주세요.' })
    .trim()
    .min(1, { message: '영수증 번호를 적어 주세요.' })
    .max(50, { message: '영수증 번호는 50자까지 적을 수 있어요.' })
    .optional(),
  claimId: z.coerce
    .number({ message: '청구 번호는 숫자예요.' })
    .int({ message: '청구 번호는 숫자예요.' })
    .positive({ message: '청구 번호는 숫자예요.' })
    .optional(),
};
export type PersonSearch = { [K in keyof typeof personKeys]?: z.output<(typeof personKeys)[K]> };

/** The kinds of key a search names, in a fixed order. */
export const keysNamed = (p: PersonSearch): PersonKey[] => PERSON_KEYS.filter((k) => p[k] !== undefined);

export const hasPersonKey = (p: PersonSearch) => keysNamed(p).length > 0;
export const PERSON_KEY_MESSAGE = {
  message: '이름, 휴대폰 번호, 생년월일, 영수증 번호, 청구 번호 중 하나는 적어 주세요.',
  path: ['name'],
};

/** The kinds a search named, as a sentence says them: "이름·휴대폰 번호로", "이름으로" (이름 alone ends in a consonant). */
export const searchedWith = (kinds: readonly string[]) => {
  const nm = kinds.flatMap((k) => (Object.hasOwn(PERSON_KEY_NM, k) ? [PERSON_KEY_NM[k as PersonKey]] : []));
  return nm.length ? `${nm.join('·')}${nm.at(-1) === '이름' ? '으로' : '로'}` : '';
};
