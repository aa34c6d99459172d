// Docs that cannot drift (docs/architecture.md, "Lint"): every "spec §N" and "DESIGN §N" names a section the
// document has (docs/spec/auto-claim-spec.md, docs/DESIGN.md), and every relative link of the Markdown files names a
// file that is there.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const tracked = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((file) => /\.(ts|tsx|mjs|js|md|css|html|json|yaml)$/.test(file) && !file.endsWith('package-lock.json'))
  .filter((file) => existsSync(path.join(root, file)));

const sectionsOf = (file) =>
  new Set([...readFileSync(path.join(root, file), 'utf8').matchAll(/^## (\d+)\./gm)].map((m) => m[1]));
const documents = { spec: sectionsOf('docs/spec/auto-claim-spec.md'), DESIGN: sectionsOf('docs/DESIGN.md') };

const problems = [];
for (const file of tracked) {
  const text = readFileSync(path.join(root, file), 'utf8');
  for (const m of text.matchAll(/\b(spec|DESIGN) §(\d+)/g)) {
    if (!documents[m[1]].has(m[2])) problems.push(`${file}: "${m[0]}" names no section of the ${m[1]}`);
  }
  if (!file.endsWith('.md')) continue;
  for (const m of text.matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)) {
    const target = m[1];
    if (/^[a-z]+:/i.test(target)) continue;
    if (!existsSync(path.resolve(root, path.dirname(file), target)))
      problems.push(`${file}: link to ${target} is broken`);
  }
}

if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(`Docs: every spec § and DESIGN § reference and every relative link resolves (${tracked.length} files).`);
