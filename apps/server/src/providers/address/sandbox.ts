// Sandbox address search over the bundled sample (sample.ts): every word of the keyword must appear in the road
// address, the old lot-number address or the building name (spaces ignored, so '세종대로110' finds '세종대로 110').
// Anything not in the sample is typed by hand on the address screen.
import type { Address } from '@auto-claim/contract';
import { SAMPLE_ADDRESSES } from './sample.js';
import type { AddressProvider } from './types.js';

const squash = (s: string) => s.replace(/\s+/g, '').toLowerCase();
const haystack = (a: Address) => squash(`${a.roadAddr}|${a.jibunAddr}|${a.buildingNm}|${a.postNo}`);

export function sandboxAddress(data: Address[] = SAMPLE_ADDRESSES): AddressProvider {
  const indexed = data.map((a) => ({ a, text: haystack(a) }));
  return {
    name: 'sandbox',
    async search(keyword, limit) {
      const words = keyword.split(/\s+/).map(squash).filter(Boolean);
      const whole = squash(keyword);
      const hits = indexed
        .filter(({ text }) => text.includes(whole) || words.every((w) => text.includes(w)))
        .map(({ a }) => a);
      return { list: hits.slice(0, limit), total: hits.length };
    },
  };
}
