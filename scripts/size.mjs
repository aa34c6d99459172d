// JS budget: the gzip size of the JavaScript the outer landing loads (entry + its static imports + the
// OuterLanding route chunk and its imports), read from Vite's manifest. Fails above the budget.
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';

const BUDGET_KB = 120;
const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const manifestFile = path.join(dist, '.vite/manifest.json');
if (!existsSync(manifestFile)) {
  console.error('No build manifest: run `npm run build` first.');
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));

/** A chunk and everything it imports statically. */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
  return seen;
}

const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
const route = Object.keys(manifest).find((k) => k.endsWith('screens/OuterLanding.tsx'));
if (!entry || !route) {
  console.error('Entry or OuterLanding chunk not found in the manifest.');
  process.exit(1);
}
const files = [...new Set([...closure(entry), ...closure(route)].map((k) => manifest[k].file))].filter((f) =>
  f.endsWith('.js'),
);
let total = 0;
for (const f of files) {
  const gz = gzipSync(readFileSync(path.join(dist, f)), { level: 9 }).length;
  total += gz;
  console.log(`${(gz / 1024).toFixed(1).padStart(7)} KB  ${f}`);
}
const kb = total / 1024;
console.log(`${kb.toFixed(1).padStart(7)} KB  total gzip JS for the outer landing (budget ${BUDGET_KB} KB)`);
if (kb > BUDGET_KB) {
  console.error(`Over budget by ${(kb - BUDGET_KB).toFixed(1)} KB`);
  process.exit(1);
}
