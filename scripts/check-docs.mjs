// Docs that cannot drift (docs/architecture.md, "Lint"): every "spec §N" and "DESIGN §N" names a section the
// document has (docs/spec/auto-claim-spec.md, docs/DESIGN.md); every relative link of the Markdown files names a
// file that is there; every `docs/x.md, "Section"` a comment or a document quotes names a heading (or a bold lead) of
// that file, so a section renamed or moved (docs/performance.md's history to docs/performance-log.md) is found; and
// every "migrations 0001–NNNN" of the README ends at the newest migration in apps/server/src/db/migrations. The
// README's modules table is checked by apps/server/test/architecture/readme.test.ts (it needs the types).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

// A quoted section may run over a comment's next line; headings and bold leads compare without backticks or case.
const plain = (t) =>
  t
    .replace(/\n\s*(?:\/\/|\*)?\s*/g, ' ')
    .replace(/[`*]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

/** A Markdown file's headings (without "N.") and bold leads (`**When the … are made.**`), plain. */
export function namedSections(text) {
  const headings = [...text.matchAll(/^#{1,6} +(.+)$/gm)].map((m) => plain(m[1].replace(/^\d+\.\s*/, '')));
  const leads = [...text.matchAll(/\*\*([^*\n]+)\*\*/g)].map((m) => plain(m[1]));
  return [...headings, ...leads];
}

/** `docs/x.md, "Section"` (or `docs/x.md "Section"`) in any text: the file as written and the quoted name. */
export function quotedSections(text) {
  return [...text.matchAll(/([\w./-]+\.md),?\s*(?:\/\/|\*)?\s*"([^"\n]+(?:\n\s*(?:\/\/|\*)?\s*[^"\n]+)?)"/g)].map(
    (m) => ({ file: m[1], section: m[2] }),
  );
}

/** Is `section` the start of a heading or bold lead of `markdown`? */
export const namesSection = (markdown, section) => namedSections(markdown).some((s) => s.startsWith(plain(section)));

/** The newest migration's number as the files name it ("0058"), read from the folder, never written down. */
export function latestMigration(dir = path.join(root, 'apps/server/src/db/migrations')) {
  const numbers = readdirSync(dir)
    .map((f) => /^(\d{4})_/.exec(f)?.[1])
    .filter(Boolean)
    .sort();
  if (!numbers.length) throw new Error(`${dir} holds no migration`);
  return numbers.at(-1);
}

/** Every "migrations 0001–0021" (or "migrations (0001-0021)") of `text` that does not run from 0001 to `latest`. */
export function migrationRangeProblems(text, latest) {
  return [...text.matchAll(/\bmigrations?\s*\(?(\d{4})\s*[-–—]\s*(\d{4})\)?/g)]
    .filter((m) => m[1] !== '0001' || m[2] !== latest)
    .map((m) => `"${m[0]}" should read migrations 0001–${latest} (apps/server/src/db/migrations)`);
}

function check() {
  const tracked = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((file) => /\.(ts|tsx|mjs|js|md|css|html|json|yaml)$/.test(file) && !file.endsWith('package-lock.json'))
    .filter((file) => existsSync(path.join(root, file)));

  const sectionsOf = (file) =>
    new Set([...readFileSync(path.join(root, file), 'utf8').matchAll(/^## (\d+)\./gm)].map((m) => m[1]));
  const documents = { spec: sectionsOf('docs/spec/auto-claim-spec.md'), DESIGN: sectionsOf('docs/DESIGN.md') };
  const markdown = new Map();

  const problems = [];
  for (const file of tracked) {
    const text = readFileSync(path.join(root, file), 'utf8');
    for (const m of text.matchAll(/\b(spec|DESIGN) §(\d+)/g)) {
      if (!documents[m[1]].has(m[2])) problems.push(`${file}: "${m[0]}" names no section of the ${m[1]}`);
    }
    for (const q of quotedSections(text)) {
      // A path that resolves neither from the root nor from the file (a name broken over a line) is not judged.
      const target = [path.join(root, q.file), path.resolve(root, path.dirname(file), q.file)].find(existsSync);
      if (!target) continue;
      if (!markdown.has(target)) markdown.set(target, readFileSync(target, 'utf8'));
      if (!namesSection(markdown.get(target), q.section))
        problems.push(`${file}: ${q.file}, "${q.section.replace(/\s+/g, ' ')}" names no heading or bold lead there`);
    }
    if (!file.endsWith('.md')) continue;
    for (const m of text.matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)) {
      const target = m[1];
      if (/^[a-z]+:/i.test(target)) continue;
      if (!existsSync(path.resolve(root, path.dirname(file), target)))
        problems.push(`${file}: link to ${target} is broken`);
    }
  }
  const latest = latestMigration();
  for (const p of migrationRangeProblems(readFileSync(path.join(root, 'README.md'), 'utf8'), latest))
    problems.push(`README.md: ${p}`);

  if (problems.length) {
    console.error(problems.join('\n'));
    process.exit(1);
  }
  console.log(
    `Docs: every spec § and DESIGN § reference, quoted section and relative link resolves (${tracked.length} files); ` +
      `the README's migrations end at ${latest}.`,
  );
}

if (process.argv[1] === import.meta.filename) check();
