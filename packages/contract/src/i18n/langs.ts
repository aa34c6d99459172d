// The patient's languages (docs/decisions/0010-message-catalogs.md): Korean is the source, the others are translations
// of it. A language is named by its BCP 47 tag; the switch names each in its own words.

export const LANGS = ['ko', 'en', 'zh-Hans', 'vi'] as const;
export type Lang = (typeof LANGS)[number];
export const SOURCE_LANG: Lang = 'ko';

/** Each language in its own name, as the switch on every patient screen shows it. */
export const LANG_NAMES: Record<Lang, string> = {
  ko: '한국어',
  en: 'English',
  'zh-Hans': '中文(简体)',
  vi: 'Tiếng Việt',
};

/** The cookie that keeps her choice: the language code only, nothing about her. */
export const LANG_COOKIE = 'lang';

export const isLang = (v: unknown): v is Lang => (LANGS as readonly unknown[]).includes(v);

/**
 * The first of her phone's languages (most preferred first, BCP 47) that we have, else Korean. Chinese in any script
 * or region is read in Simplified Chinese: the nearest we have, and nearer than Korean for a Chinese reader.
 */
export function negotiateLang(preferred: readonly string[]): Lang {
  for (const tag of preferred) {
    const lower = tag.trim().toLowerCase();
    const primary = lower.split('-')[0];
    if (primary === 'ko') return 'ko';
    if (primary === 'en') return 'en';
    if (primary === 'zh') return 'zh-Hans';
    if (primary === 'vi') return 'vi';
  }
  return SOURCE_LANG;
}

/** An Accept-Language header (RFC 9110 §12.5.4) as tags, most preferred first; q=0 means "not this one". */
export function acceptedLangs(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, i };
    })
    .filter((l) => l.tag && l.tag !== '*' && l.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.i - b.i)
    .map((l) => l.tag);
}

/** The language kept in her cookie header, if it is one of ours. */
export function cookieLang(cookieHeader: string | undefined): Lang | undefined {
  const m = cookieHeader?.match(new RegExp(`(?:^|;\\s*)${LANG_COOKIE}=([^;]*)`));
  const v = m?.[1] ? decodeURIComponent(m[1]) : undefined;
  return isLang(v) ? v : undefined;
}

/**
 * The language of a request: the one kept in her cookie, else the first of her Accept-Language we have, else Korean
 * (a landing the server draws, the access log's lines it words).
 */
export const requestLang = (cookieHeader: string | undefined, acceptLanguage: string | undefined): Lang =>
  cookieLang(cookieHeader) ?? negotiateLang(acceptedLangs(acceptLanguage));
