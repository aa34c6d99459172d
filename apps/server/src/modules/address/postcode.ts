// The postcode of a road address the patient typed without one (docs/providers/juso-address.md "A typed address"):
// asked of the address provider, taken only from a result whose road address is the one typed. When the provider
// finds none, or cannot be asked, the address is kept without a postcode: a patient is never held up for a number
// they do not know.
import type { AppContext } from '../../context.js';

const squash = (s: string) => s.normalize('NFC').replace(/\s+/gu, '');

/** The 5-digit postcode of `roadAddr` (the typed address, detail included or not), or '' when none is certain. */
export async function postcodeFor(ctx: Pick<AppContext, 'providers'>, roadAddr: string): Promise<string> {
  const typed = squash(roadAddr);
  // The road name and building number are enough to search; anything after them (dong, floor) is detail.
  const keyword = /^(.*?\d+(?:-\d+)?)(?:\s|$|,|\()/u.exec(roadAddr.trim())?.[1] ?? roadAddr.trim();
  const k = squash(keyword);
  /** The result is the typed address: it begins with the result's road address (and not a longer number), or the
   * patient left out the city and district and the result ends with what they typed. */
  const isTyped = (road: string) =>
    (typed.startsWith(road) && !/^[\d-]/.test(typed.slice(road.length))) || road.endsWith(k);
  try {
    const { list } = await ctx.providers.address.search(keyword, 10);
    const codes = new Set(
      list.filter((a) => /^\d{5}$/.test(a.postNo) && a.roadAddr && isTyped(squash(a.roadAddr))).map((a) => a.postNo),
    );
    // Two roads of the same name in different places with different postcodes: not certain, so none.
    return codes.size === 1 ? [...codes][0]! : '';
  } catch {
    return '';
  }
}
