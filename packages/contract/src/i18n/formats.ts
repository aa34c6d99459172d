// A message's figures as its reader reads them in another language (docs/decisions/0010-message-catalogs.md: amounts
// and dates are CLDR's, through Intl; Korean's own 만/원 reading and "7월 15일" stay with the Korean the server writes).
import { SOURCE_LANG } from './langs.js';

/** The reader's language when it is not Korean (her messages' SMS forms are then written in it), else undefined. */
export const foreignLang = (lang: string | undefined): string | undefined =>
  lang && lang !== SOURCE_LANG ? lang : undefined;

const utcDay = (yyyymmdd: string) =>
  new Date(Date.UTC(+yyyymmdd.slice(0, 4), +yyyymmdd.slice(4, 6) - 1, +yyyymmdd.slice(6, 8)));

/** A day (YYYYMMDD): "July 15", "7月15日", "15 tháng 7". */
export const dayIn = (lang: string, yyyymmdd: string) =>
  new Intl.DateTimeFormat(lang, { month: 'long', day: 'numeric', timeZone: 'UTC' }).format(utcDay(yyyymmdd));

/** A month (YYYY-MM) with its year: "June 2026", "2026年6月", "tháng 6 năm 2026". */
export const monthIn = (lang: string, yyyyMm: string) =>
  new Intl.DateTimeFormat(lang, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    utcDay(`${yyyyMm.replace('-', '')}01`),
  );

/** An amount in won as CLDR writes KRW in that language: "₩12,300", "12.300 ₩". */
export const wonIn = (lang: string, n: number) =>
  new Intl.NumberFormat(lang, { style: 'currency', currency: 'KRW' }).format(n);

/** A day (YYYYMMDD) with its year: "July 15, 2026", "2026年7月15日", "15 tháng 7, 2026". */
export const dateIn = (lang: string, yyyymmdd: string) =>
  new Intl.DateTimeFormat(lang, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
    utcDay(yyyymmdd),
  );
