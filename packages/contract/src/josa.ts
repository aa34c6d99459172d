// Korean particles after a name, a code or a number (docs/decisions/0010-message-catalogs.md), one rule for the
// browser, the server and the console: chosen by es-hangul by how the word is read (김영희를, 홍길동을; a number read in
// Korean: 2 → 이 → 2는, 1 → 일 → 1은), never written as "을(를)" or joined by hand.
import { josa, numberToHangul } from 'es-hangul';

export type ParticlePair = Parameters<typeof josa.pick>[1];

/** The particle of `pair` that follows `word`. */
export function particle(word: string, pair: ParticlePair): string {
  const digits = /(\d+)$/.exec(word)?.[1];
  const zero = '영'; // i18n-exempt: 0 as it is read, which numberToHangul leaves empty
  return josa.pick(digits ? numberToHangul(Number(digits)) || zero : word, pair);
}

/** The word and its particle: "김영희를", "지급으로", "2는". */
export const withParticle = (word: string, pair: ParticlePair) => word + particle(word, pair);
