// What the enrolment summary and documents show: amounts, months, dates and masked personal data (DESIGN §5).
export { maskPhone, maskRrn, maskAccount, maskEmail } from '@auto-claim/contract';

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

/** 20241105 → '2024년 11월 5일'. */
export function formatYmd(yyyymmdd: string) {
  if (!/^\d{8}$/.test(yyyymmdd)) return yyyymmdd;
  return `${Number(yyyymmdd.slice(0, 4))}년 ${Number(yyyymmdd.slice(4, 6))}월 ${Number(yyyymmdd.slice(6, 8))}일`;
}

export function formatDate(d: Date) {
  return `${d.getFullYear()}년 ${d.getMonth() + 1}월 ${d.getDate()}일`;
}

/** The first day of treatments a retroactive period reaches: `months` before `today`. */
export function retroStart(months: number, today = new Date()) {
  const d = new Date(today.getFullYear(), today.getMonth() - months, today.getDate());
  // 31 March minus one month is 3 March in Date arithmetic: clamp to the month's last day instead.
  if (d.getDate() !== today.getDate()) d.setDate(0);
  return d;
}

export const ID_TYPE_NAMES = { ic: '주민등록증', dl: '운전면허증', pp: '여권' } as const;
