// Table ownership as a type (docs/architecture.md, table ownership): every table has exactly one owner, read from
// the tables.ts files; the migrated database has no table without one; the document's table is the one the types
// give; only the files db/cross-cutting.ts lists hold the whole Database; and an owner's handle cannot reach another
// owner's table (the @ts-expect-error lines below fail `tsc -p apps/server` the day they compile).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARCHITECTURE_MD, ownershipSection, tableOwners, withSection, type Owner } from '../../scripts/ownership.js';
import { WHOLE_DATABASE } from '../../src/db/cross-cutting.js';
import type { Handle } from '../../src/db/handle.js';
import { purgeInBatches } from '../../src/db/purge.js';
import { auditDb } from '../../src/modules/audit/tables.js';
import { claimsDb } from '../../src/modules/claims/tables.js';
import { identityDb } from '../../src/modules/identity/tables.js';
import { operatorsDb } from '../../src/modules/operators/tables.js';
import type { ReferenceDb } from '../../src/modules/reference/tables.js';
import type { SubscriptionsDb } from '../../src/modules/subscriptions/tables.js';
import { termsDb } from '../../src/modules/terms/tables.js';
import { openTestDb } from '../helper.js';

const server = path.resolve(import.meta.dirname, '../..');
let owners: Owner[];
beforeAll(() => {
  owners = tableOwners();
});

describe('every table has exactly one owner', () => {
  let t: Awaited<ReturnType<typeof openTestDb>>;
  beforeAll(async () => {
    t = await openTestDb();
  });
  afterAll(() => t.close());

  it('no table is declared by two owners', () => {
    const all = owners.flatMap((o) => o.names);
    expect(all.filter((n, i) => all.indexOf(n) !== i)).toEqual([]);
    expect(owners.map((o) => o.owner)).toContain('security');
    expect(owners.map((o) => o.owner)).toContain('providers');
  });

  it('the migrated database has exactly the tables the owners declare', async () => {
    const { rows } = await sql<{ name: string }>`select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like 'kysely_%'`.execute(t.db.db);
    expect(rows.map((r) => r.name).sort()).toEqual(owners.flatMap((o) => o.names).sort());
  });
});

it('docs/architecture.md shows the ownership the types give (npm run docs:ownership rewrites it)', () => {
  const doc = readFileSync(ARCHITECTURE_MD, 'utf8');
  expect(withSection(doc, ownershipSection(owners))).toBe(doc);
});

it('only the files db/cross-cutting.ts lists hold the whole Database', () => {
  // Naming Database, an untyped Kysely<any>, or querying the context's whole connection directly.
  const whole =
    /(?:Kysely|Transaction|ExpressionBuilder)<Database\b|Kysely<any>|Database\[|\bctx\.db\s*\.|\bdb\.db\s*\.|import type \{[^}]*\bDatabase\b/;
  const files = ['src', 'scripts'].flatMap((dir) =>
    readdirSync(path.join(server, dir), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && path.basename(f) !== 'tables.ts')
      .map((f) => path.posix.join(dir, f.split(path.sep).join('/')))
      .filter((f) => f !== 'src/db/cross-cutting.ts'),
  );
  const holders = files.filter((f) => whole.test(readFileSync(path.join(server, f), 'utf8'))).sort();
  expect(holders).toEqual(Object.keys(WHOLE_DATABASE).sort());
});

it("an owner's handle cannot query another owner's table (checked by tsc; these run nowhere)", () => {
  const probes = (reference: ReferenceDb, subscriptions: SubscriptionsDb, handed: Handle) => [
    reference.selectFrom('hospital').select('hospitalCd'),
    // @ts-expect-error -- subscription belongs to subscriptions, not reference
    reference.selectFrom('subscription'),
    // @ts-expect-error -- a join reaches no further
    reference.selectFrom('hospital').innerJoin('subscriptionHospital', 'hospitalCd', 'hospitalCd'),
    // @ts-expect-error -- nor a write
    subscriptions.updateTable('claim'),
    // @ts-expect-error -- nor the security layer's sessions
    subscriptions.deleteFrom('authSession'),
    subscriptions.transaction().execute(async (tx) => {
      // @ts-expect-error -- a transaction of the handle is scoped the same
      await tx.selectFrom('treatmentRecord').selectAll().execute();
    }),
    // @ts-expect-error -- a handle handed over queries nothing until its receiver narrows it
    handed.selectFrom('accessLog'),
    // A handle handed over is narrowed by its receiver, through its tables.ts, to its own tables only.
    auditDb(handed).selectFrom('accessLog').select('id'),
    // @ts-expect-error -- narrowed, it reaches nothing else
    auditDb(handed).selectFrom('operator'),
    // The former auth module's halves and the terms reach only their own.
    identityDb(handed).selectFrom('smsVerification').select('smsRequestSeq'),
    // @ts-expect-error -- the operators' accounts are not identity's
    identityDb(handed).selectFrom('operator'),
    // @ts-expect-error -- nor are the agreements, which the terms module keeps
    identityDb(handed).deleteFrom('termsAgreement'),
    // @ts-expect-error -- the sessions are the security layer's, not the operators'
    operatorsDb(handed).updateTable('authSession'),
    // @ts-expect-error -- the terms do not reach the subscriptions they are agreed in
    termsDb(handed).selectFrom('subscription'),
    // A purge names its table as its owner's handle does, and reaches no other owner's.
    purgeInBatches(claimsDb(handed), 'feedRejection', sql`true`),
    // @ts-expect-error -- a purge given another owner's table name
    purgeInBatches(claimsDb(handed), 'subscription', sql`true`),
    // @ts-expect-error -- nor the name as PostgreSQL spells it
    purgeInBatches(claimsDb(handed), 'feed_rejection', sql`true`),
  ];
  expect(typeof probes).toBe('function');
});
