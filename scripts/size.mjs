// JS budget: the bytes of JavaScript a phone downloads for the outer landing (the boot entry, the app it imports
// (src/main.tsx), the OuterLanding route chunk, and each one's static imports, read from Vite's manifest), as the server sends them: the brotli copy the
// build wrote beside each file (apps/web/vite-compress.ts; every browser we serve accepts br). The gzip -9 size is
// printed beside it for older clients. Fails above the budget (docs/performance.md, "Web: the first screen").
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';

const BUDGET_KB = 110;
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
const app = Object.keys(manifest).find((k) => k.endsWith('src/main.tsx'));
const route = Object.keys(manifest).find((k) => k.endsWith('screens/OuterLanding.tsx'));
if (!entry || !app || !route) {
  console.error('Entry, app (src/main.tsx) or OuterLanding chunk not found in the manifest.');
  process.exit(1);
}
const keys = [...closure(entry), ...closure(app), ...closure(route)];
const files = [...new Set(keys.map((k) => manifest[k].file))].filter((f) => f.endsWith('.js'));
let total = 0;
let totalGzip = 0;
const kbOf = (bytes) => (bytes / 1024).toFixed(1).padStart(7);
console.log('     br    gzip');
for (const f of files) {
  const file = path.join(dist, f);
  const gz = gzipSync(readFileSync(file), { level: 9 }).length;
  // A file with no smaller compressed copy (a tiny one) goes as it is.
  const sent = existsSync(`${file}.br`) ? readFileSync(`${file}.br`).length : readFileSync(file).length;
  total += sent;
  totalGzip += gz;
  console.log(`${kbOf(sent)} ${kbOf(gz)} KB  ${f}`);
}
const kb = total / 1024;
console.log(`${kbOf(total)} ${kbOf(totalGzip)} KB  JS sent for the outer landing, brotli (budget ${BUDGET_KB} KB)`);
if (kb > BUDGET_KB) {
  console.error(`Over budget by ${(kb - BUDGET_KB).toFixed(1)} KB`);
  process.exit(1);
}
