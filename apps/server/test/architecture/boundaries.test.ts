// The one direction of imports (docs/architecture.md) is a lint on resolved paths (scripts/boundaries.mjs). These
// probes are the imports a design review found slipping through path regexes; each is linted as if it were a file
// in the tree, so the rules cannot quietly stop working (a resolver that stops resolving, a zone that stops
// matching) without this file failing.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../../..');
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** The boundary rules an import breaks, linted as the text of `file` (a path from the repository root). */
async function broken(file: string, text: string) {
  const [result] = await eslint.lintText(text, { filePath: path.join(root, file) });
  return [...new Set(result!.messages.map((m) => m.ruleId))].filter((rule) => rule?.startsWith('import-x/'));
}

const zone = ['import-x/no-restricted-paths'];

describe('imports the one direction refuses', () => {
  it.each([
    ['another module’s inside', 'apps/server/src/modules/claims/x.ts', '../subscriptions/repo.js'],
    ['the same, by a detour', 'apps/server/src/modules/claims/x.ts', '../../modules/subscriptions/repo.js'],
    ['a module’s inside from http/', 'apps/server/src/http/x.ts', '../modules/claims/match.js'],
    ['a module’s inside from security/', 'apps/server/src/security/x.ts', '../modules/claims/match.js'],
    ['even its index from security/', 'apps/server/src/security/x.ts', '../modules/claims/index.js'],
    ['a module from providers/', 'apps/server/src/providers/x.ts', '../modules/reference/index.js'],
    ['a module from blobs/', 'apps/server/src/blobs/x.ts', '../modules/subscriptions/index.js'],
    ['the app wiring from a module', 'apps/server/src/modules/audit/x.ts', '../../app.js'],
    ['a module against the order', 'apps/server/src/modules/reference/x.ts', '../claims/index.js'],
    ['a lower module upwards', 'apps/server/src/modules/subscriptions/x.ts', '../treats/index.js'],
    ['the context from db/', 'apps/server/src/db/x.ts', '../context.js'],
    ['a module from the schema', 'apps/server/src/db/schema.ts', '../modules/claims/index.js'],
    ['a module’s inside from the schema', 'apps/server/src/db/schema.ts', '../modules/claims/match.js'],
    ['a tables.ts from elsewhere in db/', 'apps/server/src/db/x.ts', '../modules/claims/tables.js'],
    ['every owner’s tables from a module', 'apps/server/src/modules/claims/x.ts', '../../db/schema.js'],
    ['the same, from a module’s subfolder', 'apps/server/src/modules/claims/console/x.ts', '../../../db/schema.js'],
    ['the HTTP layer from the error catalogue', 'apps/server/src/http/errors.ts', './page.js'],
    ['the context from the clock', 'apps/server/src/clock.ts', './context.js'],
    ['a module’s inside from a script', 'apps/server/scripts/x.ts', '../src/modules/claims/documents.js'],
    ['the API client from the UI kit', 'apps/web/src/ui/X.tsx', '../api/client'],
    ['the claim store from the UI kit', 'apps/web/src/ui/X.tsx', '../store/claim'],
    ['a screen from a layout', 'apps/web/src/layouts/X.tsx', '../screens/NotFound'],
    ['the console from a patient screen', 'apps/web/src/screens/X.tsx', '../ops/shared/DataTable'],
    ['the console from the patient router', 'apps/web/src/X.tsx', './ops/routes'],
    ['the console’s client from the patient API client', 'apps/web/src/api/X.ts', '../ops/api/client'],
    ['the console from the UI kit', 'apps/web/src/ui/X.tsx', '../ops/shared/ConfirmDialog'],
    ['a patient screen from the console', 'apps/web/src/ops/terms/X.tsx', '../../screens/auth/TermsChecklist'],
    ['the claim store from the console', 'apps/web/src/ops/claims/X.tsx', '../../store/claim'],
    ['the patient API client from the console', 'apps/web/src/ops/api/X.ts', '../../api/client'],
    ['the patient router from the console', 'apps/web/src/ops/X.tsx', '../router'],
    ['a console feature from its shared parts', 'apps/web/src/ops/shared/X.tsx', '../claims/Claims'],
    ['a console feature from its API calls', 'apps/web/src/ops/api/X.ts', '../held/HeldRecords'],
  ])('%s: %s imports %s', async (_, file, source) => {
    expect(await broken(file, `import * as probe from '${source}';\nexport default probe;\n`)).toEqual(zone);
  });

  it('refuses a circle: the metrics importing the factory of the context, which imports them', async () => {
    const text = `import { createContext } from './create-context.js';\nexport const make = createContext;\n`;
    expect(await broken('apps/server/src/metrics.ts', text)).toEqual(['import-x/no-cycle']);
  });

  it('refuses an import that does not resolve (it would slip past the zones)', async () => {
    const text = `import * as probe from '../subscriptions/repo.ts.js';\nexport default probe;\n`;
    expect(await broken('apps/server/src/modules/claims/x.ts', text)).toEqual(['import-x/no-unresolved']);
  });
});

describe('imports the one direction allows', () => {
  it.each([
    ['a lower module’s index', 'apps/server/src/modules/claims/x.ts', '../subscriptions/index.js'],
    ['its own inside', 'apps/server/src/modules/claims/x.ts', './match.js'],
    ['a module’s index from the app', 'apps/server/src/x.ts', './modules/claims/index.js'],
    ['the shared layers from a module', 'apps/server/src/modules/audit/x.ts', '../../http/problem.js'],
    ['the blob store from a module', 'apps/server/src/modules/claims/x.ts', '../../blobs/index.js'],
    ['the UI kit from a screen', 'apps/web/src/screens/X.tsx', '../ui'],
    ['the UI kit from the console', 'apps/web/src/ops/terms/X.tsx', '../../ui/TermsReading'],
    ['the console’s shared parts from a feature', 'apps/web/src/ops/claims/X.tsx', '../shared/DataTable'],
    ['the contract from the console', 'apps/web/src/ops/claims/X.tsx', '@auto-claim/contract/ops'],
    ['an owner’s tables.ts from the schema', 'apps/server/src/db/schema.ts', '../modules/claims/tables.js'],
    ['the security layer’s tables.ts from the schema', 'apps/server/src/db/schema.ts', '../security/tables.js'],
  ])('%s: %s imports %s', async (_, file, source) => {
    expect(await broken(file, `import * as probe from '${source}';\nexport default probe;\n`)).toEqual([]);
  });
});

/** The import circles among the files under `dirs`, type-only and lazy imports included (no-cycle skips both). */
function circles(dirs: string[]) {
  const files = dirs.flatMap((dir) =>
    readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.tsx?$/.test(f) && !f.includes('node_modules'))
      .map((f) => path.join(root, dir, f)),
  );
  const resolveFrom = (file: string, spec: string) => {
    const base = path.resolve(path.dirname(file), spec);
    const stem = base.replace(/\.js$/, '');
    return [`${stem}.ts`, `${stem}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((f) => existsSync(f));
  };
  const edges = new Map(
    files.map((file) => {
      const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
      const specs = importedFiles.map((i) => i.fileName).filter((spec) => spec.startsWith('.'));
      return [file, specs.flatMap((spec) => resolveFrom(file, spec) ?? [])];
    }),
  );
  // Tarjan's strongly connected components: a component of more than one file is a circle.
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do component.push((w = stack.pop()!));
      while (w !== v);
      if (component.length > 1) found.push(component.map((f) => path.relative(root, f)));
    }
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return found;
}

describe('import circles', () => {
  it('none in the server or the web app, counting type-only and lazy imports', () => {
    expect(circles(['apps/server/src', 'apps/web/src'])).toEqual([]);
  });
});
