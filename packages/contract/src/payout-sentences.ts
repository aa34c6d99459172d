// A payout sentence (payout-explain.ts) said in a language: its catalog message with its arguments worded, amounts in
// Korean's own 원 form or as CLDR writes KRW in another language (i18n/formats.ts wonIn, as the screens write money).
// Pure and light: the server words it through messageIn, the history screen through the catalog it has loaded.
import { wonIn } from './i18n/formats.js';
import { SOURCE_LANG } from './i18n/langs.js';
import { PAYOUT_JOIN } from './i18n/messages.js';
import type { PayoutSentence, PayoutPhrase } from './treats.js';

/** 15300 → '15,300원'. */
export const wonNm = (n: number) => `${n.toLocaleString('ko-KR')}원`;

/** A catalog message by its id, in the language being said, its arguments filled. */
export type SayMessage = (id: string, values: Record<string, string | number>) => string;

type Arg = PayoutSentence['values'][string];

/** `line` in `lang`, each message of it said by `say` (which reads that language's catalog). */
export function wordPayoutSentence(line: PayoutSentence | PayoutPhrase, lang: string, say: SayMessage): string {
  const ko = lang === SOURCE_LANG;
  const phrase = (p: PayoutPhrase | PayoutSentence) =>
    say(p.id, Object.fromEntries(Object.entries(p.values).map(([k, v]) => [k, word(v)])));
  const word = (v: Arg): string | number => {
    if (typeof v !== 'object') return v;
    if ('won' in v) return ko ? wonNm(v.won) : wonIn(lang, v.won);
    if ('pct' in v) {
      return ko
        ? `${Math.round(v.pct * 100)}%`
        : new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 0 }).format(v.pct);
    }
    if ('list' in v) {
      const said = v.list.map(phrase);
      return said.reduceRight((rest, first) => say(PAYOUT_JOIN.id, { first, rest }));
    }
    return phrase(v);
  };
  return phrase(line);
}
