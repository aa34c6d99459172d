// The dates and amounts of the treatment history (/web/treat), as its screens write them.
export const won = (n: number) => `${n.toLocaleString('ko-KR')}원`;
export const visitDay = (yyyymmdd: string) =>
  `${yyyymmdd.slice(0, 4)}년 ${Number(yyyymmdd.slice(4, 6))}월 ${Number(yyyymmdd.slice(6, 8))}일`;
export const shortDay = (yyyymmdd: string) => `${Number(yyyymmdd.slice(4, 6))}월 ${Number(yyyymmdd.slice(6, 8))}일`;
const when = new Intl.DateTimeFormat('ko-KR', {
  timeZone: 'Asia/Seoul',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
export const at = (iso: string) => when.format(new Date(iso));
