// npm run lint:api writes the API document with this (then Redocly lints it): the app as tests build it, on a
// throwaway database, so the document is exactly what GET /openapi.json serves outside production, the console's and
// the sandbox's calls included (production serves neither: http/route-contract.ts, documentTransform).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from '../src/app.js';
import { TEST_CONFIG, openTestDb } from '../fixtures/app.js';

const out = path.resolve(process.argv[2] ?? 'artifacts/openapi.json');
const { db, close } = await openTestDb();
try {
  const app = await buildApp({ config: TEST_CONFIG, db, logger: false });
  await app.ready();
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(app.swagger(), null, 2)}\n`);
  await app.close();
  console.error(`wrote ${path.relative(process.cwd(), out)}`);
} finally {
  await close();
}
