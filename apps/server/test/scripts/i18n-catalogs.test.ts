// The catalogs' check (apps/server/scripts/i18n-catalogs.ts, docs/decisions/0010-message-catalogs.md): it passes on
// complete catalogs and fails on a missing key, a stale source, a translation with other arguments, and a Korean
// string a patient screen shows outside the catalogs; the language negotiation the app and the server share.
import { describe, expect, it } from 'vitest';
import { acceptedLangs, cookieLang, negotiateLang } from '@auto-claim/contract';
import { checkCatalogs, compiledModule, type Catalog, type CheckInput } from '../../scripts/i18n-catalogs.js';

const screen = `
import { useT } from '../i18n/t';
export function Hello({ name }: { name: string }) {
  const t = useT();
  return <p>{t('hello.greet', '{name} 님, 안녕하세요', { name })}</p>;
}`;
const ko: Catalog = { 'hello.greet': '{name} 님, 안녕하세요' };
const translations: Record<'en' | 'zh-Hans' | 'vi', Catalog> = {
  en: { 'hello.greet': 'Hello, {name}' },
  'zh-Hans': { 'hello.greet': '{name}，您好' },
  vi: { 'hello.greet': 'Xin chào {name}' },
};

function input(over: Partial<CheckInput> = {}): CheckInput {
  const catalogs = { ko, ...translations, ...over.catalogs };
  return {
    sources: new Map([['apps/web/src/screens/Hello.tsx', screen]]),
    compiled: Object.fromEntries(Object.entries(catalogs).map(([l, c]) => [l, compiledModule(l as 'ko', c)])),
    ...over,
    catalogs,
  };
}

describe('the catalogs check', () => {
  it('passes when every catalog holds every message of the code', () => {
    expect(checkCatalogs(input())).toEqual([]);
  });

  it('fails on a catalog that misses a key', () => {
    const problems = checkCatalogs(input({ catalogs: { vi: {} } }));
    expect(problems).toContain(`vi: 'hello.greet' is missing`);
  });

  it('fails when the code has a message the source catalog lacks (extraction not run)', () => {
    const sources = new Map([['apps/web/src/screens/Hello.tsx', `${screen}\nconst x = t('hello.bye', '잘 가요');`]]);
    const problems = checkCatalogs(input({ sources }));
    expect(problems).toContain(`ko: 'hello.bye' is not as in the code (run npm run i18n:extract)`);
    expect(problems).toContain(`en: 'hello.bye' is missing`);
  });

  it('fails on a translation whose ICU arguments are not the source’s', () => {
    const problems = checkCatalogs(input({ catalogs: { en: { 'hello.greet': 'Hello, {nmae}' } } }));
    expect(problems.some((p) => p.startsWith(`en: 'hello.greet' has arguments {nmae}`))).toBe(true);
  });

  it('lets a translation leave out a Korean particle argument (…Josa), but not a name', () => {
    const josa = `const a = t('hello.who', '{name}{nameJosa} 왔어요', { name, nameJosa });`;
    const sources = new Map([['apps/web/src/screens/Hello.tsx', `${screen}\n${josa}`]]);
    const catalogs = {
      ko: { ...ko, 'hello.who': '{name}{nameJosa} 왔어요' },
      en: { ...translations.en, 'hello.who': '{name} is here' },
      'zh-Hans': { ...translations['zh-Hans'], 'hello.who': '{name}来了' },
      vi: { ...translations.vi, 'hello.who': 'đã đến' },
    };
    expect(checkCatalogs(input({ sources, catalogs }))).toEqual([
      `vi: 'hello.who' has arguments {}, the source {name, nameJosa}`,
    ]);
  });

  it('fails on a Korean string a patient screen shows outside the catalogs', () => {
    const sources = new Map([
      ['apps/web/src/screens/Hello.tsx', `${screen}\nexport const Bye = () => <p>잘 가요</p>;`],
    ]);
    const problems = checkCatalogs(input({ sources }));
    expect(problems).toEqual([`apps/web/src/screens/Hello.tsx:7: Korean outside the catalogs: "잘 가요" (use t())`]);
  });

  it('fails on a stale compiled catalog', () => {
    const compiled = { ...input().compiled, en: compiledModule('en', { 'hello.greet': 'Hi, {name}' }) };
    expect(checkCatalogs(input({ compiled }))).toEqual([
      `en: the compiled catalog is stale (run npm run i18n:extract)`,
    ]);
  });
});

describe('her language', () => {
  it('is the first of her phone’s languages that we have', () => {
    expect(negotiateLang(['vi-VN', 'en-US'])).toBe('vi');
    expect(negotiateLang(['fr-FR', 'en-GB'])).toBe('en');
    expect(negotiateLang(['zh-CN'])).toBe('zh-Hans');
    // Chinese in any script or region reads Simplified Chinese: nearer than Korean for her.
    expect(negotiateLang(['zh-Hant-TW'])).toBe('zh-Hans');
    expect(negotiateLang(['ko-KR', 'en'])).toBe('ko');
    expect(negotiateLang(['fr', 'de'])).toBe('ko');
    expect(negotiateLang([])).toBe('ko');
  });

  it('reads Accept-Language by its weights (RFC 9110 §12.5.4), q=0 meaning not this one', () => {
    expect(acceptedLangs('en;q=0.5, vi-VN, zh;q=0.8')).toEqual(['vi-VN', 'zh', 'en']);
    expect(acceptedLangs('vi;q=0, en')).toEqual(['en']);
    expect(negotiateLang(acceptedLangs('fr-CA,fr;q=0.9,zh-CN;q=0.8'))).toBe('zh-Hans');
    expect(acceptedLangs(undefined)).toEqual([]);
  });

  it('kept in her cookie holds only a code of ours', () => {
    expect(cookieLang('a=1; lang=zh-Hans; b=2')).toBe('zh-Hans');
    expect(cookieLang('lang=fr')).toBeUndefined();
    expect(cookieLang(undefined)).toBeUndefined();
  });
});
