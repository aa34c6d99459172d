// Every refusal a patient can meet from the server reads in her language (docs/decisions/0010-message-catalogs.md):
// the Korean details and field messages are read from the server's own source (test-support/serverTexts.ts), so a new
// AppError on a patient's route without its message in problems.ts fails here. The Korean stays the server's.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Lang } from '@auto-claim/contract';
import { ApiError } from '../api/client';
import { serverRefusals, type Found } from '../test-support/serverTexts';
import { translatorOf } from './load';
import './problems';
import { refusal, refusalSources } from './refusals';
import { korean, problemDetail, setTranslator } from './t';

const raw = {
  ...import.meta.glob<string>('../../../server/src/**/*.ts', { query: '?raw', import: 'default', eager: true }),
  ...import.meta.glob<string>('../../../../packages/contract/src/**/*.ts', {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
};
const sources = Object.fromEntries(
  Object.entries(raw).map(([f, text]) => [
    f.replace(/^(\.\.\/)+(server\/)/, 'apps/$2').replace(/^(\.\.\/)+/, ''),
    text,
  ]),
);

/** What only operators, hospitals, insurers or the machine see: the console, the hospital and insurer APIs, health. */
const NOT_PATIENT = [
  /\/modules\/operators\//,
  /console/,
  /\/modules\/hospitals\//,
  /\/modules\/intake\//,
  /\/modules\/docrequests\//,
  /\/modules\/claims\/(feed|answers)\.ts$/,
  /\/modules\/audit\/budget\.ts$/,
  /\/modules\/guide\//,
  /\/modules\/subscriptions\/disputes\.ts$/,
  /\/security\/operator-session\.ts$/,
  /\/http\/signed-cursor\.ts$/,
  /\/providers\/outbox\.ts$/,
  /\/blobs\//,
  /\/app\.ts$/,
];
/** Texts of a patient file that only staff see: the desk's QR codes a clerk makes, the console not built yet. */
const STAFF_ONLY = [/^QR 코드는 10분에/, /^운영 콘솔 화면/]; // i18n-exempt

/** Texts the reader cannot follow, and where each one's words are listed. */
const FOLLOWED_ELSEWHERE = [
  // The contract's validation messages (refusals.ts REFUSALS), or the HTTP layer's own (problems.ts).
  'apps/server/src/http/problem.ts: errors[0]!.message',
  'apps/server/src/modules/subscriptions/checks.ts: errors[0]!.message',
  'apps/server/src/modules/subscriptions/documents.ts: errors[0]!.message',
  'apps/server/src/modules/guardians/relation.ts: relationIssueDateProblem(body.issueDate, now)',
  'apps/server/src/http/problem.ts: cursorRefused()',
  'apps/server/src/http/problem.ts: error.detail',
  'apps/server/src/http/problem.ts: detail (a parameter)',
  // The holder check's sentence (accounts/service.ts checkAccount): problems.ts 'problem.account.holder'.
  'apps/server/src/modules/accounts/service.ts: await checkAccount(ctx, patient, q)',
  // An access-log line's detail, not a refusal.
  'apps/server/src/modules/treats/access-log.ts: e.detail',
];

const files = Object.keys(sources).filter(
  (f) => f.startsWith('apps/server/src/') && !f.endsWith('.test.ts') && !NOT_PATIENT.some((r) => r.test(f)),
);
const read = serverRefusals(sources, files);
const texts = read.found.filter((f) => !STAFF_ONLY.some((r) => r.test(f.text)));
/** Each sentence with the codes it is sent with (a code of its own where one says it: the HTTP layer's map). */
const exact = new Map<string, Found[]>();
for (const f of texts) if (!f.text.includes('{*}')) exact.set(f.text, [...(exact.get(f.text) ?? []), f]);
const templates = texts.filter((f) => f.text.includes('{*}'));

afterEach(() => setTranslator(korean));

describe("the server's refusals a patient can meet", () => {
  it('are read from its source, and what cannot be read is known', () => {
    expect(exact.size).toBeGreaterThan(80);
    expect(read.unresolved).toEqual([...FOLLOWED_ELSEWHERE].sort());
  });

  it('each sentence with numbers or names in it has a message that reads it', () => {
    const listed = refusalSources();
    // A code that says one thing whatever its sentence (step-up's "why") is chosen by the code.
    setTranslator({ lang: 'en', _: (id) => `[${id}]` });
    const byCode = (code: string | undefined) => problemDetail({ code: code ?? '', detail: '' }).startsWith('[');
    const missing = templates
      .filter(({ text, code }) => {
        if (byCode(code)) return false;
        const parts = text.split('{*}').map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
        const shape = new RegExp(`^${parts.join('.+')}$`, 'u');
        return !listed.some((source) => shape.test(source));
      })
      .map((f) => `${f.file}: ${f.text}`);
    expect(missing).toEqual([]);
  });

  describe.each(['en', 'zh-Hans', 'vi'] as Exclude<Lang, 'ko'>[])('in %s', (lang) => {
    beforeAll(async () => {
      await translatorOf(lang); // the catalog's chunk, loaded once
    });
    it('every sentence as the server writes it has its translation', async () => {
      setTranslator(await translatorOf(lang));
      const untranslated = [...exact]
        .filter(
          ([text, at]) =>
            refusal(text) === text && at.every((f) => problemDetail({ code: f.code ?? '', detail: text }) === text),
        )
        .map(([text, at]) => `${at[0]!.file}: ${text}`);
      expect(untranslated).toEqual([]);
    });
  });
});

const RATE_LIMITED = '요청이 너무 많아요. 잠시 후 다시 시도해 주세요.'; // i18n-exempt
const limited = () =>
  new ApiError(429, {
    type: 'about:blank',
    title: 'Too Many Requests',
    status: 429,
    code: 'RATE_LIMITED',
    detail: RATE_LIMITED,
  });

describe('a refusal on her screen', () => {
  it('the per-address limit reads in English on an English screen', async () => {
    setTranslator(await translatorOf('en'));
    expect(limited().detail).toBe('Too many requests. Please try again shortly.');
  });

  it('in Korean is the server’s Korean, unchanged', () => {
    expect(limited().detail).toBe(RATE_LIMITED);
    const notFound = '은행에 없는 계좌예요. 은행과 계좌번호를 다시 확인해 주세요.'; // i18n-exempt
    expect(refusal(notFound)).toBe(notFound);
  });

  it('a sentence with a number keeps the number; a word of the server’s is said in her language', async () => {
    setTranslator(await translatorOf('en'));
    expect(refusal('인증번호가 맞지 않아요. 3번 더 입력할 수 있어요.')).toBe(
      'The code is wrong. You can try 3 more times.',
    ); // i18n-exempt
    expect(refusal('신분증 사진은 JPEG나 PNG 이미지로 올려 주세요.')).toBe(
      'Please upload the ID photo as a JPEG or PNG image.',
    ); // i18n-exempt
    setTranslator(await translatorOf('vi'));
    expect(refusal('신분증 사진이 비어 있어요. 다시 올려 주세요.')).toBe(
      'Không có nội dung trong ảnh giấy tờ tùy thân. Vui lòng tải lên lại.',
    ); // i18n-exempt
  });
});
