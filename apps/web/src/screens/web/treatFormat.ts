// The dates and amounts of the treatment history (/web/treat), as its screens write them, in her language: Korean's
// own "1,234원" and "2026년 7월 15일", CLDR's ₩ and long dates in another.
import { currentLang } from '../../i18n/t';

const lang = () => currentLang();
const ko = () => lang() === 'ko';
const WON = '원'; // i18n-exempt: the Korean unit of an amount

export const won = (n: number) =>
  ko()
    ? `${n.toLocaleString('ko-KR')}${WON}`
    : new Intl.NumberFormat(lang(), { style: 'currency', currency: 'KRW' }).format(n);
const dateOf = (yyyymmdd: string) =>
  new Date(Date.UTC(+yyyymmdd.slice(0, 4), +yyyymmdd.slice(4, 6) - 1, +yyyymmdd.slice(6, 8)));
const dayFormat = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(ko() ? 'ko-KR' : lang(), { timeZone: 'UTC', ...options });
/** "2026년 7월 15일", "July 15, 2026". */
export const visitDay = (yyyymmdd: string) =>
  dayFormat({ year: 'numeric', month: 'long', day: 'numeric' }).format(dateOf(yyyymmdd));
/** "7월 15일", "July 15". */
export const shortDay = (yyyymmdd: string) => dayFormat({ month: 'long', day: 'numeric' }).format(dateOf(yyyymmdd));
/** An instant in Korea's time: "7월 15일 오후 3:05". */
export const at = (iso: string) =>
  new Intl.DateTimeFormat(ko() ? 'ko-KR' : lang(), {
    timeZone: 'Asia/Seoul',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));
/** An instant's calendar day in Korea: "2026년 7월 15일". */
export const dayOf = (iso: string) =>
  new Intl.DateTimeFormat(ko() ? 'ko-KR' : lang(), {
    timeZone: 'Asia/Seoul',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  }).format(new Date(iso));
/** An instant's calendar day in Korea, without the year: "7월 15일". */
export const shortDayOf = (iso: string) =>
  new Intl.DateTimeFormat(ko() ? 'ko-KR' : lang(), { timeZone: 'Asia/Seoul', month: 'long', day: 'numeric' }).format(
    new Date(iso),
  );
