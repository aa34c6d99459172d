// Whether two names are the same person's: one rule for every check that compares names (the bank's holder, the
// subscriber and the verified person, a hospital's record and its subscriber, the vendor-verified name, the typed
// signature). Spacing is not part of a Korean name ("홍 길동" is 홍길동), and neither is the Unicode form a keyboard
// produced (decomposed 한글 is the same name) nor the case of a Latin name.
//
// A name in Latin letters (a foreign resident's, as her 외국인등록증, the hospital or the bank writes it) is further the
// same when it differs only by: diacritics ("Nguyễn Văn An" is NGUYEN VAN AN), the order of its parts (family name
// first or last: "An Nguyen Van"), or a middle name one side left out ("NGUYEN AN": the shorter keeps the longer's
// first and last part, and at least two parts). Nothing else: a different part, a missing family or given name, or a
// one-part name against a longer one is a different person. A 한글 name keeps the strict rule (a Hangul and a Latin
// spelling are never compared: there is no reversible transliteration to compare them by).

const HANGUL = /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7a3]/u;

/** Latin letters without their marks (ễ → e, Đ → D); 한글 and everything else as it is. */
const foldLatin = (name: string) =>
  name
    .normalize('NFC')
    .replace(/[\p{Script=Latin}\p{M}]+/gu, (run) => run.normalize('NFD').replace(/\p{M}/gu, ''))
    .replace(/[Đđ]/gu, 'D');

/** The name as compared: NFC, every space removed (full-width U+3000, no-break and zero-width ones too), Latin upper-cased without diacritics. */
export const nameKey = (name: string) =>
  foldLatin(name)
    .replace(/[\s\u200b-\u200d\u2060\ufeff]+/gu, '')
    .toUpperCase();

/** A Latin name's parts, upper-cased without diacritics: "Nguyễn  Văn-An" → NGUYEN, VAN, AN. */
const latinParts = (name: string) =>
  foldLatin(name)
    .toUpperCase()
    .split(/[\s\u200b-\u200d\u2060\ufeff,.\-·']+/u)
    .filter(Boolean);

/** Whether every part of `short` is in `long`, each as often (a multiset's inclusion). */
function partsWithin(short: string[], long: string[]) {
  const left = [...long];
  for (const p of short) {
    const at = left.indexOf(p);
    if (at === -1) return false;
    left.splice(at, 1);
  }
  return true;
}

/**
 * How many characters of a holder's name a bank's account check answers: banks write a foreigner's name in upper-case
 * Latin letters and cut a long one there (accounts module; docs/providers/popbill.md, "예금주 조회 of a foreign resident").
 */
export const BANK_HOLDER_NAME_MAX = 20;

export interface NameRule {
  /**
   * `a` is written by a system that cuts names at this many characters (a bank's holder name: 20): a Latin `a` that
   * long matches when `b` begins with it.
   */
  aCutAt?: number;
}

/** Whether `a` and `b` name the same person by the one name rule (above). */
export function sameName(a: string, b: string, rule: NameRule = {}): boolean {
  if (nameKey(a) === nameKey(b)) return true;
  if (HANGUL.test(a) || HANGUL.test(b)) return false;
  const pa = latinParts(a);
  const pb = latinParts(b);
  if (pa.length === 0 || pb.length === 0) return false;
  if (rule.aCutAt) {
    const cut = pa.join(' ');
    // Cut right after a space, the name the bank answers (trimmed) is one shorter.
    const cutThere = cut.length === rule.aCutAt || cut.length === rule.aCutAt - 1;
    if (cutThere && pb.join(' ').startsWith(cut)) return true;
  }
  const [short, long] = pa.length <= pb.length ? [pa, pb] : [pb, pa];
  if (short.length === long.length) return partsWithin(short, long);
  // A middle name left out: the longer's first and last parts (the family and the given name, in either order) stay.
  return short.length >= 2 && partsWithin(short, long) && short.includes(long[0]!) && short.includes(long.at(-1)!);
}

/**
 * Why a typed name is not one, or undefined when it is: a name is 한글 syllables, or Latin letters (diacritics
 * included: Nguyễn) whose parts may be joined by a hyphen or an apostrophe (Smith-Jones, O'Neil), and spaces. Digits,
 * other symbols, loose 자모 (ㅋㅋ) and a name in both scripts at once are refused, each saying what to fix.
 */
export function nameRefusal(typed: string): string | undefined {
  const name = typed.normalize('NFC').trim();
  if (name === '') return undefined; // "이름을 입력해 주세요" is the schema's own
  if (/[\p{N}]/u.test(name)) return '이름에는 숫자를 쓸 수 없어요. 신분증에 적힌 이름을 그대로 입력해 주세요.';
  if (/[\u1100-\u11ff\u3130-\u318f]/u.test(name)) return '이름을 완성된 글자로 입력해 주세요. 예: 홍길동';
  const hangul = /^[가-힣]+(?: [가-힣]+)*$/u.test(name.replace(/\s+/gu, ' '));
  const latin =
    /^\p{Script=Latin}[\p{Script=Latin}\p{M}]*(?:(?:\s+|[-'’.]\s*)\p{Script=Latin}[\p{Script=Latin}\p{M}]*)*\.?$/u.test(
      name,
    );
  if (hangul || latin) return undefined;
  if (HANGUL.test(name) && /\p{Script=Latin}/u.test(name))
    return '이름은 한글이나 영문 중 하나로, 신분증에 적힌 그대로 입력해 주세요.';
  return '이름에는 글자만 쓸 수 있어요. 기호는 빼고 한글이나 영문으로 입력해 주세요.';
}

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
