// Her language (docs/decisions/0010-message-catalogs.md): the one she chose on this phone (a cookie holding the code
// only, which the server's render of a landing reads too), else the first of her phone's languages that we have.
import { LANG_COOKIE, cookieLang, negotiateLang, type Lang } from '@auto-claim/contract';
import { korean, setTranslator, type Translator } from './t';

export const initialLang = (): Lang =>
  cookieLang(document.cookie) ??
  negotiateLang(navigator.languages?.length ? navigator.languages : [navigator.language]);

/** Another language's catalog, with the server's refusals in it (problems.ts, which Korean never needs). */
const translatorOf = (lang: Lang): Promise<Translator> =>
  lang === 'ko'
    ? Promise.resolve(korean)
    : Promise.all([import('./load'), import('./problems')]).then(([m]) => m.translatorOf(lang));

/** Puts `lang` on every screen: its catalog loaded first (none for Korean), then <html lang> and the cookie. */
export async function applyLang(lang: Lang, keep: boolean) {
  const tr = await translatorOf(lang);
  // The cookie first: the screens drawn again in it ask the server for words in it (the access log's lines).
  if (keep) document.cookie = `${LANG_COOKIE}=${lang}; path=/; max-age=31536000; samesite=lax`;
  document.documentElement.lang = lang;
  setTranslator(tr);
}
