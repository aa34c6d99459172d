// Dates as the product counts them: Korea's calendar day (KST, UTC+9, no daylight saving), written YYYYMMDD.
import { CONTRACT_TERM_MONTHS } from './limits.js';

/** Korea's offset from UTC (no daylight saving). */
export const KST_OFFSET_MS = 9 * 60 * 60 * 1000;
const ymd = (d: Date) => d.toISOString().slice(0, 10).replaceAll('-', '');
const fromYmd = (s: string) => new Date(Date.UTC(+s.slice(0, 4), +s.slice(4, 6) - 1, +s.slice(6, 8)));

/**
 * The clock the contract's own date rules read ("not in the future": isRealDate and the schemas built on it): the
 * machine's, except while `withRulesClock` runs a check under another. The server validates every request under its
 * app's clock (apps/server/src/clock.ts), so the sandbox's clock, once moved forward, moves these rules too.
 */
let rulesClock: () => Date = () => new Date();

/** Now, as the contract's date rules count it. */
export const rulesNow = () => rulesClock();

/** Runs `check` (synchronous, as a zod parse is) with `now` as the date rules' clock, then puts the previous one back. */
export function withRulesClock<T>(now: () => Date, check: () => T): T {
  const previous = rulesClock;
  rulesClock = now;
  try {
    return check();
  } finally {
    rulesClock = previous;
  }
}

/** Today's date in Korea, YYYYMMDD. */
export const kstToday = (now: Date) => ymd(new Date(now.getTime() + KST_OFFSET_MS));

/** YYYYMMDD plus whole months (day clamped to the month's end), plus extra days. */
export function addMonths(yyyymmdd: string, months: number, days = 0) {
  const d = fromYmd(yyyymmdd);
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return ymd(new Date(target.getTime() + days * 86_400_000));
}

/** The contract: from today (KST) for CONTRACT_TERM_MONTHS months, the last day included. */
export const contractDates = (now: Date) => {
  const start = kstToday(now);
  return { contractStartDate: start, contractEndDate: addMonths(start, CONTRACT_TERM_MONTHS, -1) };
};

/** 20241105 → '2024년 11월 5일' (anything not YYYYMMDD as it is). */
export function formatYmd(yyyymmdd: string) {
  if (!/^\d{8}$/.test(yyyymmdd)) return yyyymmdd;
  return `${Number(yyyymmdd.slice(0, 4))}년 ${Number(yyyymmdd.slice(4, 6))}월 ${Number(yyyymmdd.slice(6, 8))}일`;
}
