// Sandbox address search over the bundled sample (sample.ts, roads.ts: about 300 places across the country), answering
// as the real 도로명주소 search does for the searches people make: a road name ('세종대로'), a road and its number
// ('세종대로 209', '세종대로209'), a building's name ('서울아산병원'), a 동/읍/면 of the old lot-number address
// ('여의도동'), a district or city ('해운대구 우동'), or part of any of these ('아산병원'). Every word of the keyword must
// appear (spaces ignored); a word that is a building number ('209', '25-2') must be the whole number, not part of
// another ('20' does not find '209'). Best first: a building whose name starts with the keyword, then a road address
// that holds the keyword as typed, then the rest in the order of the sample. Anything not in the sample is typed by hand
// on the address screen.
import type { Address } from '@auto-claim/contract';
import { SAMPLE_ADDRESSES } from './sample.js';
import type { AddressProvider } from './types.js';

const squash = (s: string) => s.replace(/\s+/g, '').toLowerCase();
const haystack = (a: Address) => squash(`${a.roadAddr}|${a.jibunAddr}|${a.buildingNm}|${a.postNo}`);
const NUMBER = /^\d+(-\d+)?$/;
/** The numbers an address is known by: the road address's building number and the lot number. */
const numbersOf = (a: Address) =>
  new Set([a.roadAddr, a.jibunAddr].flatMap((s) => s.split(/\s+/).filter((w) => NUMBER.test(w))));

export function sandboxAddress(data: Address[] = SAMPLE_ADDRESSES): AddressProvider {
  const seen = new Set<string>();
  const indexed = data
    .filter((a) => {
      const key = `${a.roadAddr}|${a.buildingNm}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .map((a) => ({
      a,
      text: haystack(a),
      numbers: numbersOf(a),
      name: squash(a.buildingNm),
      road: squash(a.roadAddr),
    }));
  return {
    name: 'sandbox',
    async search(keyword, limit) {
      const words = keyword.split(/\s+/).filter(Boolean);
      const whole = squash(keyword);
      if (!whole) return { list: [], total: 0 };
      const hits = indexed
        .filter(
          ({ text, numbers }) =>
            (text.includes(whole) && !words.some((w) => NUMBER.test(w))) ||
            words.every((w) => (NUMBER.test(w) ? numbers.has(w) : text.includes(squash(w)))),
        )
        .map((x, i) => ({ ...x, rank: x.name.startsWith(whole) ? 0 : x.road.includes(whole) ? 1 : 2, i }))
        .sort((p, q) => p.rank - q.rank || p.i - q.i)
        .map(({ a }) => a);
      return { list: hits.slice(0, limit), total: hits.length };
    },
  };
}
