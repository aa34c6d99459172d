// The README's modules table, written from the code (README, "What is where"): each module's folder under
// apps/server/src/modules, what its index.ts says it is (the first sentence of its opening comment), the tables its
// tables.ts declares (ownership.ts) and its place in the one direction of imports (`moduleOrder`,
// scripts/boundaries.mjs). `npm run docs:ownership` rewrites it; test/architecture/readme.test.ts fails when it differs.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { tableOwners, type Owner } from './ownership.js';

const root = path.resolve(import.meta.dirname, '../../..');
const modulesDir = path.join(root, 'apps/server/src/modules');
export const README_MD = path.join(root, 'README.md');
const START = '<!-- modules: written by `npm run docs:ownership` from the modules, their tables.ts and moduleOrder -->';
const END = '<!-- end of modules -->';

/** `moduleOrder` of scripts/boundaries.mjs (a script ESLint loads, so read as it runs: no second copy). */
export async function moduleOrder(): Promise<Record<string, string[]>> {
  const boundaries: string = pathToFileURL(path.join(root, 'scripts/boundaries.mjs')).href;
  const loaded = (await import(boundaries)) as { moduleOrder: Record<string, string[]> };
  return loaded.moduleOrder;
}

/** The first sentence of the comment an index.ts opens with, on one line. */
export function firstSentence(source: string): string {
  const comment: string[] = [];
  for (const line of source.split('\n')) {
    const m = /^\s*\/\/ ?(.*)$/.exec(line);
    if (!m) break;
    comment.push(m[1]!.trim());
  }
  const text = comment.join(' ').trim();
  return (/^(.+?\.)(?=\s|$)/.exec(text)?.[1] ?? text).replace(/\|/g, '\\|');
}

export interface ModuleRow {
  module: string;
  says: string;
  tables: string[];
  imports: string[];
}

/** One row per module folder, in the order moduleOrder gives (each imports only modules above it). */
export function moduleRows(order: Record<string, string[]>, owners: Owner[]): ModuleRow[] {
  const folders = readdirSync(modulesDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
  const missing = folders.filter((f) => !(f in order));
  if (missing.length) throw new Error(`Place ${missing.join(', ')} in moduleOrder (scripts/boundaries.mjs).`);
  return Object.keys(order).map((module) => {
    const index = path.join(modulesDir, module, 'index.ts');
    if (!existsSync(index)) throw new Error(`modules/${module} has no index.ts`);
    return {
      module,
      says: firstSentence(readFileSync(index, 'utf8')),
      tables: [...(owners.find((o) => o.owner === `modules/${module}`)?.names ?? [])].sort(),
      imports: [...order[module]!].sort(),
    };
  });
}

/** The generated section of the README. */
export function modulesSection(rows: ModuleRow[]): string {
  const lines = rows.map(
    (r, i) =>
      `| ${i + 1} | \`${r.module}\` | ${r.says} | ${r.tables.join(', ') || '—'} | ${r.imports.join(', ') || '—'} |`,
  );
  return [
    START,
    '| # | module | what it is (its `index.ts`) | its tables | may import |',
    '|---:|---|---|---|---|',
    ...lines,
    END,
  ].join('\n');
}

/** `doc` with its modules section replaced by `section`. */
export function withModules(doc: string, section: string): string {
  const from = doc.indexOf(START);
  const to = doc.indexOf(END);
  if (from < 0 || to < from) throw new Error(`README.md has no section between "${START}" and "${END}"`);
  return doc.slice(0, from) + section + doc.slice(to + END.length);
}

if (process.argv[1] === import.meta.filename) {
  const doc = readFileSync(README_MD, 'utf8');
  const next = withModules(doc, modulesSection(moduleRows(await moduleOrder(), tableOwners())));
  if (next !== doc) writeFileSync(README_MD, next);
  console.log(next === doc ? 'README.md: modules unchanged.' : 'README.md: modules rewritten.');
}
