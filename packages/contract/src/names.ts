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
