// The postcode of a road address the patient typed without one (docs/providers/juso-address.md "A typed address"):
// asked of the address provider, taken only from a result whose road address is the one typed. When the provider
// finds none, or cannot be asked, the address is kept without a postcode: a patient is never held up for a number
// they do not know, and the operator console shows the claim's subscription has none.
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/errors.js';

const squash = (s: string) => s.normalize('NFC').replace(/\s+/gu, '');

/** found: one postcode is certain; unknown: the provider answered and none is certain; unavailable: not asked. */
export type PostcodeLookup =
  { outcome: 'found'; userPostNo: string } | { outcome: 'unknown' | 'unavailable'; userPostNo: '' };

/** The 5-digit postcode of `roadAddr` (the typed address, detail included or not), with how the look-up went. */
export async function lookUpPostcode(ctx: Pick<AppContext, 'providers'>, roadAddr: string): Promise<PostcodeLookup> {
  const typed = squash(roadAddr);
  // The road name and building number are enough to search; anything after them (dong, floor) is detail.
  const keyword = /^(.*?\d+(?:-\d+)?)(?:\s|$|,|\()/u.exec(roadAddr.trim())?.[1] ?? roadAddr.trim();
  const k = squash(keyword);
  /** The result is the typed address: it begins with the result's road address (and not a longer number), or the
   * patient left out the city and district and the result ends with what they typed. */
  const isTyped = (road: string) =>
    (typed.startsWith(road) && !/^[\d-]/.test(typed.slice(road.length))) || road.endsWith(k);
  let list;
  try {
    ({ list } = await ctx.providers.address.search(keyword, 10));
  } catch (err) {
    // A keyword the vendor finds too much for (a 400 naming it) was answered: nothing certain. Anything else: not asked.
    const answered = err instanceof AppError && err.code === 'VALIDATION_FAILED';
    return { outcome: answered ? 'unknown' : 'unavailable', userPostNo: '' };
  }
  const codes = new Set(
    list.filter((a) => /^\d{5}$/.test(a.postNo) && a.roadAddr && isTyped(squash(a.roadAddr))).map((a) => a.postNo),
  );
  // Two roads of the same name in different places with different postcodes: not certain, so none.
  return codes.size === 1 ? { outcome: 'found', userPostNo: [...codes][0]! } : { outcome: 'unknown', userPostNo: '' };
}

/** The postcode of `roadAddr`, or '' when none is certain or the provider cannot be asked. */
export const postcodeFor = async (ctx: Pick<AppContext, 'providers'>, roadAddr: string) =>
  (await lookUpPostcode(ctx, roadAddr)).userPostNo;
