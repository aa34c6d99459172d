// The words a screen shows in another language, read from the catalogs the app is built from
// (docs/decisions/0010-message-catalogs.md), and what is left of Korean on a screen: one helper for every walk that
// checks a screen in her language.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';

export type CatalogLang = 'en' | 'zh-Hans' | 'vi';
/** A walk's language: Korean (its catalog holds the source's words) or another. */
export type WalkLang = 'ko' | CatalogLang;

/** A message of her catalog with its plain arguments filled (the walks' labels need no plurals). */
export function words(lang: WalkLang) {
  const c = JSON.parse(readFileSync(`packages/contract/src/i18n/catalogs/${lang}.json`, 'utf8')) as Record<
    string,
    string
  >;
  return (id: string, values: Record<string, string> = {}) => {
    const m = c[id];
    if (!m) throw new Error(`${lang}: no message ${id}`);
    return m.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? `{${k}}`);
  };
}

/**
 * Every run of Hangul on the page but Korean on purpose: marked so (`lang="ko"`: the binding legal texts) or the
 * language switch, named and listed in every language (ADR 0010). `names` (hers, an insurer's, a bank's: names stay as
 * Korea writes them) are taken out of each text first. By default the text shown, no list's choices (a bank list names
 * banks as Korea writes them); `all`: hidden text and lists' choices too, and the labels for a screen reader
 * (aria-label, alt, title, placeholder).
 */
export const hangulShown = (page: Page, o: { names?: string[]; all?: boolean } = {}) =>
  page.evaluate(
    ({ names, all }) => {
      const found: string[] = [];
      const onPurpose = '[lang="ko"], .lang-switch';
      const note = (text: string | null) => {
        const left = names.reduce((t, n) => t.split(n).join(''), text ?? '');
        for (const m of left.matchAll(/[가-힣]+/g)) found.push(m[0]);
      };
      const skip = `${onPurpose}, script, style, template, noscript${all ? '' : ', option'}`;
      const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      while (texts.nextNode()) {
        const el = texts.currentNode.parentElement;
        if (!el || el.closest(skip) || (!all && !el.checkVisibility())) continue;
        note(texts.currentNode.textContent);
      }
      if (all) {
        for (const el of document.body.querySelectorAll('[aria-label], [alt], [title], [placeholder]')) {
          if (el.closest(onPurpose)) continue;
          for (const attr of ['aria-label', 'alt', 'title', 'placeholder']) note(el.getAttribute(attr));
        }
      }
      return found;
    },
    { names: o.names ?? [], all: o.all ?? false },
  );
