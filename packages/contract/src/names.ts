// Whether two names are the same person's: one rule for every check that compares names (the bank's holder, the
// subscriber and the verified person, a hospital's record and its subscriber, the vendor-verified name, the typed
// signature). Spacing is not part of a Korean name ("홍 길동" is 홍길동), and neither is the Unicode form a keyboard
// produced (decomposed 한글 is the same name) nor the case of a Latin name.

/** The name as compared: NFC, every space removed (full-width U+3000, no-break and zero-width ones too), Latin upper-cased. */
export const nameKey = (name: string) =>
  name
    .normalize('NFC')
    .replace(/[\s\u200b-\u200d\u2060\ufeff]+/gu, '')
    .toUpperCase();

/** Whether `a` and `b` name the same person by `nameKey`. */
export const sameName = (a: string, b: string) => nameKey(a) === nameKey(b);

/**
 * The child's own given name as a parent says it, and with the possessive: 김지민 → 지민이 / 지민이의, 이서아 → 서아 /
 * 서아의 (a name ending in a consonant takes 이). A two-syllable surname is taken off a four-syllable name (남궁민준 →
 * 민준이); a name not all in 한글 stays whole.
 */
export function givenNameOf(fullName: string): string {
  const n = nameKey(fullName);
  if (!/^[가-힣]+$/.test(n) || n.length < 2) return fullName.trim();
  return n.length >= 4 ? n.slice(2) : n.slice(1);
}
const endsInConsonant = (word: string) => {
  const c = word.charCodeAt(word.length - 1);
  return c >= 0xac00 && c <= 0xd7a3 && (c - 0xac00) % 28 !== 0;
};
/** 지민 → 지민이, 서아 → 서아: how a parent calls the child in a sentence. */
export const childCalled = (fullName: string) => {
  const g = givenNameOf(fullName);
  return /^[가-힣]+$/.test(g) && endsInConsonant(g) ? `${g}이` : g;
};
/** 지민이의, 서아의: the possessive every message to the parent starts with ("지민이의 진료비를 …"). */
export const childPossessive = (fullName: string) => `${childCalled(fullName)}의`;
