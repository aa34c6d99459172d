// What the enrolment summary and documents show: amounts, months, dates and masked personal data (DESIGN §5).
import { addMonths, formatYmd as formatYmdKorean, kstToday } from '@auto-claim/contract';
import { currentLang, t } from '../../../i18n/t';

export { maskPhone, maskRrn, maskAccount, maskEmail } from '@auto-claim/contract';

/** YYYYMMDD as she reads a date: '2026.11.20' in Korean (contract formatYmd), the CLDR long date otherwise. */
export function formatYmd(ymd: string) {
  const lang = currentLang();
  if (lang === 'ko' || !/^\d{8}$/.test(ymd)) return formatYmdKorean(ymd);
  const d = new Date(Date.UTC(+ymd.slice(0, 4), +ymd.slice(4, 6) - 1, +ymd.slice(6, 8)));
  return new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(d);
}

/** 10000 → '1만 원', 0 → '0원', 15000 → '1만 5,000원'; in another language, CLDR's won (₩10,000). */
export function formatWon(amount: number) {
  const lang = currentLang();
  if (lang !== 'ko') return new Intl.NumberFormat(lang, { style: 'currency', currency: 'KRW' }).format(amount);
  // Korean reads amounts in 만 (10,000s), which CLDR's currency format does not.
  const [MAN, WON] = ['만', '원']; // i18n-exempt: the Korean units of an amount
  if (amount === 0) return `0${WON}`;
  const man = Math.floor(amount / 10_000);
  const rest = amount % 10_000;
  if (!man) return `${rest.toLocaleString('ko-KR')}${WON}`;
  return rest
    ? `${man.toLocaleString('ko-KR')}${MAN} ${rest.toLocaleString('ko-KR')}${WON}`
    : `${man.toLocaleString('ko-KR')}${MAN} ${WON}`;
}

export function formatDate(d: Date) {
  const lang = currentLang();
  if (lang !== 'ko') return new Intl.DateTimeFormat(lang, { dateStyle: 'long' }).format(d);
  return t('date.long', '{year}년 {month}월 {day}일', {
    year: d.getFullYear(),
    month: d.getMonth() + 1,
    day: d.getDate(),
  });
}

/** The first day of treatments a retroactive period reaches, YYYYMMDD: `months` before today in Korea (the server's rule). */
export const retroStart = (months: number, now = new Date()) => addMonths(kstToday(now), -months);
