// Dates as an EMR writes them, read by a pattern of the mapping file: YYYY, MM, DD, HH, mm, ss stand for digits,
// anything else must be there as written ("YYYYMMDD", "YYYY-MM-DD HH:mm", "YYYY.MM.DD").

const TOKENS = ['YYYY', 'MM', 'DD', 'HH', 'mm', 'ss'] as const;
type Token = (typeof TOKENS)[number];

function matcher(pattern: string): { re: RegExp; order: Token[] } {
  const order: Token[] = [];
  let re = '';
  for (let i = 0; i < pattern.length;) {
    const token = TOKENS.find((t) => pattern.startsWith(t, i));
    if (token) {
      order.push(token);
      re += token === 'YYYY' ? '(\\d{4})' : '(\\d{2})';
      i += token.length;
    } else {
      re += pattern[i]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      i++;
    }
  }
  return { re: new RegExp(`^${re}$`), order };
}

/**
 * `value` read by `pattern`, as FHIR writes it: a date (YYYY-MM-DD) when the pattern has no hour, else a dateTime
 * with seconds and the offset `zone` (Korea's +09:00 unless the mapping says otherwise). Undefined when it does not fit
 * or names no real day.
 */
export function readDate(value: string, pattern: string, zone = '+09:00'): string | undefined {
  const { re, order } = matcher(pattern);
  const m = re.exec(value.trim());
  if (!m) return undefined;
  const part: Partial<Record<Token, string>> = {};
  order.forEach((t, i) => (part[t] = m[i + 1]));
  const { YYYY, MM = '01', DD = '01', HH, mm = '00', ss = '00' } = part;
  if (!YYYY) return undefined;
  const day = new Date(`${YYYY}-${MM}-${DD}T00:00:00Z`);
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== `${YYYY}-${MM}-${DD}`) return undefined;
  if (HH === undefined) return `${YYYY}-${MM}-${DD}`;
  if (Number(HH) > 23 || Number(mm) > 59 || Number(ss) > 59) return undefined;
  return `${YYYY}-${MM}-${DD}T${HH}:${mm}:${ss}${zone}`;
}
