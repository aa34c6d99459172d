// Another language than Korean: its compiled catalog and the Lingui runtime, a chunk of their own that only a phone
// in that language loads (docs/decisions/0010-message-catalogs.md).
import { setupI18n, type Messages } from '@lingui/core';
import type { Lang } from '@auto-claim/contract';
import type { Translator } from './t';

const catalogs: Record<Exclude<Lang, 'ko'>, () => Promise<{ messages: Messages }>> = {
  en: () => import('@auto-claim/contract/i18n/compiled/en'),
  'zh-Hans': () => import('@auto-claim/contract/i18n/compiled/zh-Hans'),
  vi: () => import('@auto-claim/contract/i18n/compiled/vi'),
};

export async function translatorOf(lang: Exclude<Lang, 'ko'>): Promise<Translator> {
  const { messages } = await catalogs[lang]();
  const i18n = setupI18n({ locale: lang, messages: { [lang]: messages } });
  return { lang, _: (id, values, options) => i18n._(id, values, options) };
}
