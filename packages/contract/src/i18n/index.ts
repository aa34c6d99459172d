// The catalogs for the server (docs/decisions/0010-message-catalogs.md): a message in a subscription's language,
// formatted by Lingui from the same compiled catalogs the browser loads.
import { setupI18n, type I18n } from '@lingui/core';
import { messages as en } from './compiled/en.js';
import { messages as ko } from './compiled/ko.js';
import { messages as vi } from './compiled/vi.js';
import { messages as zhHans } from './compiled/zh-Hans.js';
import { SOURCE_LANG, isLang, type Lang } from './langs.js';
import type { MessageDescriptor } from './messages.js';

export * from './langs.js';
export * from './messages.js';
export * from './access-log.js';
export * from './formats.js';

const i18n: I18n = setupI18n({
  locale: SOURCE_LANG,
  messages: { ko, en, 'zh-Hans': zhHans, vi },
});

/** `m` in `lang` (Korean for a language we do not have), its arguments filled. */
export function messageIn(lang: string, m: MessageDescriptor, values: Record<string, string | number> = {}): string {
  i18n.activate(isLang(lang) ? lang : SOURCE_LANG);
  return i18n._(m.id, values);
}
export type { Lang };
