// npm run fhir:examples: renders fhir/ig/scripts/visits.ts as FSH instances (fhir/ig/input/fsh/examples) and as the
// JSON that CI validates (fhir/ig/examples). The test compares the committed JSON with this rendering.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import { bundleOf } from './examples';
import { bundleFsh } from './fsh';
import { conformance } from './profiles';
import { visits } from './visits';

const ig = path.resolve(import.meta.dirname, '..');
mkdirSync(path.join(ig, 'examples'), { recursive: true });
mkdirSync(path.join(ig, 'input/fsh/examples'), { recursive: true });
for (const v of visits) {
  const bundle = bundleOf(v);
  // Written as the lint's prettier would write it, so that a rebuild leaves no diff.
  const file = path.join(ig, 'examples', `${v.id}.json`);
  writeFileSync(file, await format(JSON.stringify(bundle), { ...(await resolveConfig(file)), filepath: file }));
  writeFileSync(path.join(ig, 'input/fsh/examples', `${v.id}.fsh`), bundleFsh(bundle, v.title));
}
mkdirSync(path.join(ig, 'profiles'), { recursive: true });
for (const r of conformance()) {
  const file = path.join(ig, 'profiles', `${r.resourceType}-${r.id}.json`);
  writeFileSync(file, await format(JSON.stringify(r), { ...(await resolveConfig(file)), filepath: file }));
}
console.warn(`${visits.length} examples written to fhir/ig/examples and fhir/ig/input/fsh/examples.`);
