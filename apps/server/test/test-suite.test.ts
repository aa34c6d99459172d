// How the suite prepares its databases and guards its runs (docs/architecture.md "The test suite"): every file gets a
// copy of one database migrated once per run, an empty one when it asks, an old Node is refused in plain words, and
// a console.error nobody expected is caught.
import { sql } from 'kysely';
import { describe, expect, inject, it } from 'vitest';
import { migrationsFingerprint } from '../fixtures/app.js';
import { migrations } from '../src/db/migrate.js';
import { openTestDb } from './helper.js';
import { allowConsoleError, takeUnexpectedConsoleErrors, tooOldNode } from './setup.js';

const tables = async (db: Awaited<ReturnType<typeof openTestDb>>['db']) =>
  (
    await sql<{ n: number }>`select count(*)::integer as n from information_schema.tables
      where table_schema = 'public'`.execute(db.db)
  ).rows[0]!.n;

describe('the databases test files get', () => {
  it('come from one template the run migrated once, made of the migrations as they are now', () => {
    const template = inject('migratedTemplate');
    expect(template.migrations).toBe(migrationsFingerprint());
    expect(template.pgliteDump ?? template.postgresTemplate).toBeTruthy();
  });

  it('are migrated to the latest version, and each is a copy of its own: what one writes the other never sees', async () => {
    const a = await openTestDb();
    const b = await openTestDb();
    try {
      for (const { db } of [a, b]) {
        const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db.db);
        expect(applied.rows.map((r) => r.name)).toEqual(Object.keys(migrations));
      }
      await sql`delete from hospital`.execute(a.db.db);
      expect(await a.db.db.selectFrom('hospital').selectAll().execute()).toEqual([]);
      expect((await b.db.db.selectFrom('hospital').selectAll().execute()).length).toBeGreaterThan(0);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('are empty, with no table, for a test that migrates its own', async () => {
    const { db, close } = await openTestDb({ empty: true });
    try {
      expect(await tables(db)).toBe(0);
    } finally {
      await close();
    }
  });
});

describe('the setup of every test file', () => {
  it('refuses a Node older than package.json asks for, saying to run the tests with npm test', () => {
    expect(tooOldNode('20.20.2')).toMatch(
      /^These tests need Node 24 or newer; this is Node 20\.20\.2\. Run the tests with npm test: it brings Node 24/,
    );
    expect(tooOldNode(process.versions.node)).toBeUndefined();
  });

  it('catches a console.error the test did not announce, and lets one through that it did', () => {
    console.error('an error nobody expected');
    expect(takeUnexpectedConsoleErrors()).toEqual(['an error nobody expected']);
    allowConsoleError();
    console.error('an error this test expects');
    expect(takeUnexpectedConsoleErrors()).toEqual([]);
  });
});
