// The README a newcomer reads first is checked against the code (README, "What is where"): its modules table is the
// one `npm run docs:ownership` writes from the module folders, their tables.ts and moduleOrder; its migration range
// ends at the newest file in db/migrations; and a section a comment quotes (`docs/x.md, "Section"`) is there
// (scripts/check-docs.mjs, which `npm run lint` runs). Each check is also shown failing on a drifted copy.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { tableOwners, type Owner } from '../../scripts/ownership.js';
import { README_MD, moduleOrder, moduleRows, modulesSection, withModules } from '../../scripts/readme.js';

const root = path.resolve(import.meta.dirname, '../../../..');

interface CheckDocs {
  latestMigration(dir?: string): string;
  migrationRangeProblems(text: string, latest: string): string[];
  quotedSections(text: string): { file: string; section: string }[];
  namesSection(markdown: string, section: string): boolean;
}
const checkDocsUrl: string = pathToFileURL(path.join(root, 'scripts/check-docs.mjs')).href;

let order: Record<string, string[]>;
let owners: Owner[];
let readme: string;
let checkDocs: CheckDocs;
beforeAll(async () => {
  order = await moduleOrder();
  owners = tableOwners();
  readme = readFileSync(README_MD, 'utf8');
  checkDocs = (await import(checkDocsUrl)) as CheckDocs;
});

describe("the README's modules table", () => {
  it('is the one written from the code (run `npm run docs:ownership` when this fails)', () => {
    expect(readme).toBe(withModules(readme, modulesSection(moduleRows(order, owners))));
  });

  it('names every module folder once, with its tables and the modules it may import', () => {
    const rows = moduleRows(order, owners);
    expect(rows.map((r) => r.module)).toContain('dashboard');
    expect(rows.find((r) => r.module === 'claims')?.tables).toContain('claim');
    expect(rows.find((r) => r.module === 'dashboard')?.imports).toEqual([
      'claims',
      'funnel',
      'guardians',
      'hospitals',
      'subscriptions',
    ]);
    // Read top down, each module imports only modules above it.
    rows.forEach((r, i) => expect(r.imports.every((m) => rows.findIndex((x) => x.module === m) < i)).toBe(true));
  });

  it('differs from the README when a module may import one more, or a table changes owner', () => {
    const wider = { ...order, claims: [...order.claims!, 'treats'] };
    expect(withModules(readme, modulesSection(moduleRows(wider, owners)))).not.toBe(readme);
    const moved = owners.map((o) =>
      o.owner === 'modules/claims' ? { ...o, names: o.names.filter((n) => n !== 'claim_note') } : o,
    );
    expect(withModules(readme, modulesSection(moduleRows(order, moved)))).not.toBe(readme);
  });
});

describe("docs/architecture.md's modules table", () => {
  /** module → the modules its "uses" cell names, from the table under "## Modules". */
  const usesIn = (doc: string) => {
    const table = doc.slice(doc.indexOf('\n## Modules\n'), doc.indexOf('\n## ', doc.indexOf('\n## Modules\n') + 1));
    const uses = new Map<string, string[]>();
    for (const row of table.matchAll(/^\| ((?:`\w+`(?:, )?)+) \|.*\| ([^|]*) \|$/gm)) {
      const used = row[2]!.trim() === '—' ? [] : row[2]!.split(',').map((m) => m.trim());
      for (const m of row[1]!.matchAll(/`(\w+)`/g)) uses.set(m[1]!, used.sort());
    }
    return uses;
  };
  const architecture = readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');

  it('lists every module with the modules moduleOrder lets it import', () => {
    const uses = usesIn(architecture);
    expect([...uses.keys()].sort()).toEqual(Object.keys(order).sort());
    for (const [m, used] of uses) expect({ [m]: used }).toEqual({ [m]: [...order[m]!].sort() });
  });

  it('is refused when a row says less than the order', () => {
    const stale = architecture.replace(
      '| audit, funnel, intake, reference, subscriptions |',
      '| audit, intake, reference, subscriptions |',
    );
    expect(stale).not.toBe(architecture);
    expect(usesIn(stale).get('claims')).not.toEqual([...order.claims!].sort());
  });
});

describe("the README's migration range", () => {
  it('ends at the newest migration in apps/server/src/db/migrations', () => {
    const latest = checkDocs.latestMigration();
    expect(latest).toMatch(/^\d{4}$/);
    expect(readme).toContain(`migrations (0001–${latest})`);
    expect(checkDocs.migrationRangeProblems(readme, latest)).toEqual([]);
  });

  it('is refused when a newer migration lands, or the range is stale', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'migrations-'));
    try {
      for (const f of ['0001_a.ts', '0058_b.ts', '0061_c.ts', 'README.txt']) writeFileSync(path.join(dir, f), '');
      expect(checkDocs.latestMigration(dir)).toBe('0061');
    } finally {
      rmSync(dir, { recursive: true });
    }
    // The README as it is, against a migration one newer than the newest.
    const newer = String(Number(checkDocs.latestMigration()) + 1).padStart(4, '0');
    expect(checkDocs.migrationRangeProblems(readme, newer)).toHaveLength(1);
    expect(checkDocs.migrationRangeProblems('Kysely, migrations (0001-0021), seed', '0058')).toEqual([
      '"migrations (0001-0021)" should read migrations 0001–0058 (apps/server/src/db/migrations)',
    ]);
    expect(checkDocs.migrationRangeProblems('migrations 0001–0058', '0058')).toEqual([]);
  });
});

describe('a quoted section', () => {
  const performance = readFileSync(path.join(root, 'docs/performance.md'), 'utf8');
  const log = readFileSync(path.join(root, 'docs/performance-log.md'), 'utf8');

  it('is read from a comment, over its next line too', () => {
    const comment = `// a walk (docs/performance.md, "The landing drawn by
// the server"), then code`;
    expect(checkDocs.quotedSections(comment)).toEqual([
      { file: 'docs/performance.md', section: 'The landing drawn by\n// the server' },
    ]);
    expect(checkDocs.namesSection(performance, 'The landing drawn by\n// the server')).toBe(true);
  });

  it('names the start of a heading or a bold lead, and a moved one is found', () => {
    expect(checkDocs.namesSection(performance, 'At 10⁷ claims')).toBe(true);
    expect(checkDocs.namesSection(performance, 'Measuring: npm run bench:api')).toBe(true);
    expect(checkDocs.namesSection(performance, 'At 10⁷ claims, a third time')).toBe(false);
    expect(checkDocs.namesSection(log, 'At 10⁷ claims, a third time')).toBe(true);
    expect(checkDocs.namesSection('**When the 위임장 are made.** Not in…', 'When the 위임장')).toBe(true);
  });
});
