// Every table has one owner (docs/architecture.md): a server module names the tables it owns in the first comment of
// its index.ts ("Owns: a, b."); the security layer and the sandbox providers own theirs here. This check fails when a
// module's code names a table another part owns, in a Kysely call or in raw SQL. Run by `npm run lint`.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const modulesDir = path.join(root, 'apps/server/src/modules');
const camel = (snake) => snake.replace(/_([a-z])/g, (_, c) => c.toUpperCase());

/** table (camelCase, as Kysely names it) → owner */
const owner = new Map([
  ['authSession', 'security'],
  ['linkToken', 'security'],
  ['lookupKeyFingerprint', 'security'],
  ['sandboxOutbox', 'providers'],
]);
const modules = readdirSync(modulesDir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const problems = [];
for (const m of modules) {
  let index;
  try {
    index = readFileSync(path.join(modulesDir, m, 'index.ts'), 'utf8');
  } catch {
    problems.push(`${m}: has no index.ts (its public face)`);
    continue;
  }
  const owns = /Owns:\s*([^.]*)\./.exec(index.replace(/\n\/\/\s*/g, ' '));
  if (!owns) continue;
  for (const t of owns[1].split(',').map((s) => s.trim().split(/\s/)[0])) {
    if (!/^[a-z_]+$/.test(t)) continue;
    if (owner.has(camel(t))) problems.push(`${t}: owned by both ${owner.get(camel(t))} and ${m}`);
    owner.set(camel(t), m);
  }
}

const KYSELY =
  /\b(?:selectFrom|insertInto|updateTable|deleteFrom|innerJoin|leftJoin|rightJoin|fullJoin|with)\(\s*'([a-zA-Z_]+)/g;
const RAW = /\b(?:from|join|into|update)\s+([a-z_]+)\b/g;
for (const m of modules) {
  for (const f of readdirSync(path.join(modulesDir, m)).filter((f) => f.endsWith('.ts'))) {
    const text = readFileSync(path.join(modulesDir, m, f), 'utf8');
    const named = [...text.matchAll(KYSELY)].map((x) => x[1]);
    // Raw SQL lives in sql`…` templates: only their text is read for table names.
    for (const tpl of text.matchAll(/sql(?:<[^>]*>)?`([^`]*)`/g))
      named.push(...[...tpl[1].matchAll(RAW)].map((x) => camel(x[1])));
    for (const t of new Set(named)) {
      const o = owner.get(t);
      if (o && o !== m) problems.push(`apps/server/src/modules/${m}/${f}: uses ${t}, which ${o} owns`);
    }
  }
}
if (problems.length) {
  console.error(`Table ownership (docs/architecture.md):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`Table ownership: ${owner.size} tables, each used only by its owner (${modules.length} modules).`);
