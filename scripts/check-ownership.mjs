// Every table has exactly one owner (docs/architecture.md, table ownership), read from the types: the tables.ts files
// db/schema.ts composes (apps/server/scripts/ownership.ts). The compiler refuses another owner's table in Kysely; this
// refuses it in SQL, anywhere in the server (apps/server/scripts/ownership-check.ts), and every module shows its
// index.ts. Run by `npm run lint`.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { checkServer, indexOf } from '../apps/server/scripts/ownership-check.ts';
import { tableOwners } from '../apps/server/scripts/ownership.ts';

const root = path.resolve(import.meta.dirname, '..');
const modulesDir = path.join(root, 'apps/server/src/modules');

const owners = tableOwners();
const problems = [];
const seen = new Map();
for (const o of owners)
  for (const t of o.names) {
    if (seen.has(t)) problems.push(`${t}: owned by both ${seen.get(t)} and ${o.owner}`);
    seen.set(t, o.owner);
  }
const modules = readdirSync(modulesDir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
for (const m of modules)
  if (!existsSync(path.join(modulesDir, m, 'index.ts'))) problems.push(`${m}: has no index.ts (its public face)`);

const { problems: sql, files } = checkServer(indexOf(owners));
problems.push(...sql);
if (problems.length) {
  console.error(`Table ownership (docs/architecture.md, table ownership):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`Table ownership: ${seen.size} tables, each named only by its owner (${files} files read).`);
