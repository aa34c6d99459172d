// Field formats of DESIGN §3, each a zod schema with a Korean (해요체) message the patient can read.
import { z } from 'zod';
import { koreanIssueMessage } from './zod-korean.js';

// Korean for every check without its own message, set here because every schema of the contract imports this module:
// the server gets it at start, the browser with the first screen that loads zod (the landing loads none).
z.config({ localeError: koreanIssueMessage });

export const hospitalCd = z.string().regex(/^\d{8}$/, { message: '병원 코드는 숫자 8자리여야 해요.' });

export const insuCompCd = z.string().regex(/^[A-Z][A-Z0-9_]{1,31}$/, { message: '보험사 코드가 올바르지 않아요.' });

/** How a date is asked for, in words (README "Accessibility and older patients"): never the wire format's letters. */
export const DATE_EXAMPLE = '예: 2015.03.15';
export const DATE_FORMAT_MESSAGE = `날짜를 연도 4자리, 월, 일 순서로 입력해 주세요. ${DATE_EXAMPLE}`;

/**
 * A date as people write it (2015.03.15, 2015-03-15, 2015/3/15, 2015 3 15, 2015년 3월 15일, 20150315) in the wire
 * format of DESIGN §3, YYYYMMDD. The one place dates are normalised: the browser before sending, the server's messages
 * by DATE_FORMAT_MESSAGE. Anything else comes back as its digits, which the schema then refuses in words.
 */
export function normalizeDate(input: string): string {
  const v = input.trim();
  const parts = v.match(/^(\d{4})\s*(?:[.\-/\s]|년)\s*(\d{1,2})\s*(?:[.\-/\s]|월)\s*(\d{1,2})\s*(?:일|\.)?$/);
  if (parts) return `${parts[1]}${parts[2]!.padStart(2, '0')}${parts[3]!.padStart(2, '0')}`;
  return v.replace(/\D/g, '');
}

export const yyyymmdd = z.string().regex(/^\d{8}$/, { message: DATE_FORMAT_MESSAGE });

export const bankCd = z.string().regex(/^\d{3}$/, { message: '은행 코드는 숫자 3자리여야 해요.' });

/** NICE telecom codes: 1 SKT, 2 KT, 3 LG U+, 5/6/7 their 알뜰폰 networks. */
export const telecomType = z.enum(['1', '2', '3', '5', '6', '7'], { message: '통신사를 선택해 주세요.' });

/** A query-string integer (query values arrive as text). */
export const queryInt = (min: number, max: number) =>
  z.coerce
    .number({ message: '숫자로 입력해 주세요.' })
    .int({ message: '정수로 입력해 주세요.' })
    .min(min, { message: `${min} 이상이어야 해요.` })
    .max(max, { message: `${max} 이하여야 해요.` });

/**
 * What text another system sends must not carry (the hospital feed; DESIGN §3): NUL and other control characters,
 * lone UTF-16 surrogates (which no UTF-8 can encode), U+FFFD (what invalid UTF-8 bytes decode to) and the other
 * noncharacters, and the invisible bidirectional controls that make a name read otherwise on a screen or a claim form.
 * Such text cannot be stored as it was meant, printed on a PDF or faxed.
 */
const UNSAFE_TEXT = /[\p{Cc}\p{Cs}\u200E\u200F\u202A-\u202E\u2066-\u2069\uFFFD\uFFFE\uFFFF]/u;
export const isSafeText = (s: string) => !UNSAFE_TEXT.test(s);
/**
 * Text fields where a line break is part of the text (a hospital's introduction, terms, an operator's note or reason):
 * the server's control-character guard lets tab, CR and LF through in these, and no other control character anywhere
 * (apps/server/src/http/control-text.ts). Every other text field takes one line.
 */
export const multilineText = z.registry();
export const multiline = <T extends z.ZodType>(schema: T): T => {
  multilineText.add(schema);
  return schema;
};
/** The Korean refusal of such text, naming the field (`label`: 환자 이름, 진료과…). */
export const unsafeTextMessage = (label: string) =>
  `${label}에 쓸 수 없는 글자(제어 문자, NUL, 깨진 글자 등)가 있어요. 글자를 확인해 다시 보내 주세요.`;

/**
 * Anything that reads as a link: a scheme, a www. host, or a host name ending in a top-level domain (dots and spaces
 * around them as people type them to get past filters). A reason a patient reads carries none (docs/security.md,
 * "Free text in patients' messages").
 */
export const LINK_SOURCE =
  '(?:[a-z][a-z0-9+.-]{1,20}:\\/\\/\\S*)|(?:www\\.\\S*)|(?:[\\p{L}\\p{N}-]+(?:\\s*[.。．｡]\\s*[\\p{L}\\p{N}-]+)*\\s*[.。．｡]\\s*(?:[a-z]{2,24}|한국|닷컴|닷넷)(?![\\p{L}\\p{N}])(?:[:/?#]\\S*)?)';
/** Text as a link filter must read it: full-width and other compatibility forms folded (ｗｗｗ．ｘ．ｋｒ is a link). */
export const foldCompatible = (text: string) => text.normalize('NFKC');
/** Whether the text names a link (see LINK_SOURCE); invisible characters between its letters do not hide one. */
export const hasLink = (text: string) =>
  new RegExp(LINK_SOURCE, 'iu').test(foldCompatible(text).replace(/[\p{Cc}\p{Cf}]/gu, ''));
/** The refusal of a reason a patient reads that carries a link, naming the field. */
export const linkInTextMessage = (label: string) =>
  `${label}에는 인터넷 주소를 적을 수 없어요. 환자에게 가는 글이라서 링크는 빼고 적어 주세요.`;
