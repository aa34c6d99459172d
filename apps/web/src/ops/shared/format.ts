// How the console writes dates and times: Korea time, always, whatever the operator's computer says.
const dateTime = new Intl.DateTimeFormat('ko-KR', {
  timeZone: 'Asia/Seoul',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** An ISO instant as "2026. 11. 23. 14:05" (KST). */
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));

/** YYYYMMDD as "2026.11.23". */
export const formatDate = (yyyymmdd: string) =>
  /^\d{8}$/.test(yyyymmdd) ? `${yyyymmdd.slice(0, 4)}.${yyyymmdd.slice(4, 6)}.${yyyymmdd.slice(6)}` : yyyymmdd;

/** A mobile number as people write it: 01012345678 → 010-1234-5678 (anything else as it is). */
export const formatPhone = (digits: string) =>
  /^01\d{8,9}$/.test(digits) ? digits.replace(/^(\d{3})(\d{3,4})(\d{4})$/, '$1-$2-$3') : digits;
