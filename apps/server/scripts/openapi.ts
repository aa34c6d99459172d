// npm run lint:api writes the API documents with this (then Redocly lints them): the app as tests build it, on a
// throwaway database, so each document is exactly what the server serves outside production: the whole one
// (GET /openapi.json, the console's and the sandbox's calls included; production serves neither:
// http/route-contract.ts, documentTransform) and the hospitals' (GET /hospital/openapi.json, from which
// packages/hospital-client is generated).
//   node --import tsx apps/server/scripts/openapi.ts <whole.json> <hospitals.json>
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from '../src/app.js';
import { HOSPITAL_DOCUMENT_PATH } from '../src/http/route-contract.js';
import { TEST_CONFIG, openTestDb } from '../fixtures/app.js';

const outputs = {
  '/openapi.json': path.resolve(process.argv[2] ?? 'artifacts/openapi.json'),
  [HOSPITAL_DOCUMENT_PATH]: path.resolve(process.argv[3] ?? 'artifacts/openapi.hospital.json'),
};
const { db, close } = await openTestDb();
try {
  const app = await buildApp({ config: TEST_CONFIG, db, logger: false });
  await app.ready();
  for (const [url, out] of Object.entries(outputs)) {
    const res = await app.inject(url);
    if (res.statusCode !== 200) throw new Error(`GET ${url} answered ${res.statusCode}`);
    mkdirSync(path.dirname(out), { recursive: true });
    writeFileSync(out, `${JSON.stringify(res.json(), null, 2)}\n`);
    console.error(`wrote ${path.relative(process.cwd(), out)}`);
  }
  await app.close();
} finally {
  await close();
}
