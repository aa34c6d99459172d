// What the enrolment summary and documents show: amounts, months, dates and masked personal data (DESIGN §5).
import { addMonths, kstToday } from '@auto-claim/contract';

export { formatYmd, maskPhone, maskRrn, maskAccount, maskEmail } from '@auto-claim/contract';

/** 10000 → '1만 원', 0 → '0원', 15000 → '1만 5,000원'. */
export function formatWon(amount: number) {
  if (amount === 0) return '0원';
  const man = Math.floor(amount / 10_000);
  const rest = amount % 10_000;
  if (!man) return `${rest.toLocaleString('ko-KR')}원`;
  return rest
    ? `${man.toLocaleString('ko-KR')}만 ${rest.toLocaleString('ko-KR')}원`
    : `${man.toLocaleString('ko-KR')}만 원`;
}

export function formatDate(d: Date) {
  return `${d.getFullYear()}년 ${d.getMonth() + 1}월 ${d.getDate()}일`;
}

/** The first day of treatments a retroactive period reaches, YYYYMMDD: `months` before today in Korea (the server's rule). */
export const retroStart = (months: number, now = new Date()) => addMonths(kstToday(now), -months);
