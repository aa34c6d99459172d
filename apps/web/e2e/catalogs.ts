// The words a screen shows in another language, read from the catalogs the app is built from
// (docs/decisions/0010-message-catalogs.md), and what is left of Korean on a screen: one helper for every walk that
// checks a screen in her language.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';

export type CatalogLang = 'en' | 'zh-Hans' | 'vi';

/** A message of her catalog with its plain arguments filled (the walks' labels need no plurals). */
export function words(lang: CatalogLang) {
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

/** Every run of Hangul in the page's visible text, but in Korean legal text (lang="ko") and the language list. */
export const hangulShown = (page: Page) =>
  page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const node = walker.currentNode;
      const el = node.parentElement;
      if (!el || el.closest('[lang="ko"], option, script, style') || !el.checkVisibility()) continue;
      for (const m of node.textContent!.matchAll(/[가-힣]+/g)) found.push(m[0]);
    }
    return found;
  });
