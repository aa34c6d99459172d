// Every table has exactly one owner (docs/architecture.md, table ownership), read from the types: the tables.ts files
// db/schema.ts composes (apps/server/scripts/ownership.ts). An owner's own code queries through a handle scoped to its
// tables, so the compiler refuses another owner's table; for code still handed the whole Database, this check also
// fails when a module's code names a table another part owns, in a Kysely call or in raw SQL. Run by `npm run lint`.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { tableOwners } from '../apps/server/scripts/ownership.ts';

const root = path.resolve(import.meta.dirname, '..');
const modulesDir = path.join(root, 'apps/server/src/modules');
const camel = (snake) => snake.replace(/_([a-z])/g, (_, c) => c.toUpperCase());

/** table (camelCase, as Kysely names it) → owner (modules/claims → claims) */
const owner = new Map();
const problems = [];
for (const o of tableOwners()) {
  const name = o.owner.replace(/^modules\//, '');
  for (const t of o.names) {
    if (owner.has(camel(t))) problems.push(`${t}: owned by both ${owner.get(camel(t))} and ${name}`);
    owner.set(camel(t), name);
  }
}
const modules = readdirSync(modulesDir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
for (const m of modules)
  if (!existsSync(path.join(modulesDir, m, 'index.ts'))) problems.push(`${m}: has no index.ts (its public face)`);

const KYSELY =
  /\b(?:selectFrom|insertInto|updateTable|deleteFrom|innerJoin|leftJoin|rightJoin|fullJoin|with)\(\s*'([a-zA-Z_]+)/g;
const RAW = /\b(?:from|join|into|update)\s+([a-z_]+)\b/g;
// A module's subfolders (claims/console/) are its code too.
const tsFilesIn = (dir) => readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
for (const m of modules) {
  for (const f of tsFilesIn(path.join(modulesDir, m))) {
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
