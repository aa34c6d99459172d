// `npm run i18n:extract` writes the catalogs from the code; `npm run i18n:check` (part of `npm run lint`) fails on
// anything checkCatalogs finds (docs/decisions/0010-message-catalogs.md).
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { globSync } from 'node:fs';
import path from 'node:path';
import { LANGS, type Lang } from '@auto-claim/contract';
import { checkCatalogs, compiledModule, extractSource, mergeCatalogs, type Catalog } from './i18n-catalogs.js';

const root = path.resolve(import.meta.dirname, '../../..');
const i18nDir = path.join(root, 'packages/contract/src/i18n');
const catalogFile = (lang: Lang) => path.join(i18nDir, 'catalogs', `${lang}.json`);
const compiledFile = (lang: Lang) => path.join(i18nDir, 'compiled', `${lang}.ts`);

/** The patient app's source files (everything under apps/web/src but the console and the tests), and the server's messages. */
function patientSources(): Map<string, string> {
  const files = globSync('apps/web/src/**/*.{ts,tsx}', { cwd: root })
    .filter((f) => !f.startsWith('apps/web/src/ops/') && !/\.test\.tsx?$/.test(f) && !f.includes('/test-support/'))
    .sort();
  // With the messages the server sends in her language (contract i18n/messages.ts) and its access log's lines.
  files.push('packages/contract/src/i18n/messages.ts', 'packages/contract/src/i18n/access-log.ts');
  return new Map(files.map((f) => [f, readFileSync(path.join(root, f), 'utf8')]));
}

const readCatalog = (lang: Lang): Catalog | undefined =>
  existsSync(catalogFile(lang)) ? (JSON.parse(readFileSync(catalogFile(lang), 'utf8')) as Catalog) : undefined;

const command = process.argv[2];
const sources = patientSources();
if (command === 'extract') {
  const { ko, problems } = extractSource(sources);
  const catalogs = mergeCatalogs(ko, Object.fromEntries(LANGS.map((l) => [l, readCatalog(l)])));
  mkdirSync(path.dirname(catalogFile('ko')), { recursive: true });
  mkdirSync(path.dirname(compiledFile('ko')), { recursive: true });
  for (const lang of LANGS) {
    writeFileSync(catalogFile(lang), `${JSON.stringify(catalogs[lang], null, 2)}\n`);
    writeFileSync(compiledFile(lang), compiledModule(lang, catalogs[lang]));
    const empty = Object.values(catalogs[lang]).filter((m) => !m).length;
    console.log(`${lang}: ${Object.keys(catalogs[lang]).length} messages${empty ? `, ${empty} to translate` : ''}`);
  }
  for (const p of problems) console.error(p);
  process.exit(problems.length ? 1 : 0);
} else if (command === 'check') {
  const problems = checkCatalogs({
    sources,
    catalogs: Object.fromEntries(LANGS.map((l) => [l, readCatalog(l)])),
    compiled: Object.fromEntries(
      LANGS.map((l) => [l, existsSync(compiledFile(l)) ? readFileSync(compiledFile(l), 'utf8') : undefined]),
    ),
  });
  for (const p of problems) console.error(p);
  if (problems.length) {
    console.error(`i18n: ${problems.length} problem(s) (docs/decisions/0010-message-catalogs.md)`);
    process.exit(1);
  }
  console.log(`i18n: ${LANGS.length} catalogs complete; no Korean outside them on a patient screen`);
} else {
  console.error('usage: i18n.ts extract|check');
  process.exit(2);
}
