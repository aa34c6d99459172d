// How the suite prepares its databases and guards its runs (docs/architecture.md "The test suite"): every file gets a
// copy of one database migrated once per run, an empty one when it asks, an old Node is refused in plain words, and
// a console.error or console.warn nobody expected is caught, and so is an entry at warn or above in the app's log.
import { sql } from 'kysely';
import { describe, expect, inject, it } from 'vitest';
import { migrationsFingerprint } from '../fixtures/app.js';
import { migrations } from '../src/db/migrate.js';
import { openTestDb } from './helper.js';
import { allowLog, beginTest, endTest, expectLog, testLogger } from './logs.js';
import {
  allowConsoleError,
  allowConsoleWarn,
  takeUnexpectedConsoleErrors,
  takeUnexpectedConsoleWarnings,
  tooOldNode,
} from './setup.js';

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

  it('catches a console.warn the test did not announce, and lets one through that it did', () => {
    console.warn('a warning nobody expected');
    expect(takeUnexpectedConsoleWarnings()).toEqual(['a warning nobody expected']);
    allowConsoleWarn();
    console.warn('a warning this test expects');
    expect(takeUnexpectedConsoleWarnings()).toEqual([]);
  });
});

describe("the app's log in tests", () => {
  // Each case judges its own entries with endTest() and opens the test again, as setup.ts does around every test.
  const judge = () => {
    const failure = endTest();
    beginTest();
    return failure;
  };
  const log = testLogger().child({ module: 'probe' });

  it('fails a test on an entry at warn or above it did not announce, naming level, message and bindings', () => {
    log.info('chatter below the level is not even kept');
    log.warn({ claimId: 7 }, 'the insurer answered 503');
    log.error({ err: new TypeError('boom') }, 'the job failed');
    const failure = judge();
    expect(failure).toContain('warn "the insurer answered 503" {"module":"probe","claimId":7}');
    expect(failure).toMatch(
      /error "the job failed" \{"module":"probe","err":\{"type":"TypeError","message":"boom","at":\[/,
    );
    expect(failure).not.toContain('chatter');
  });

  it('lets an announced entry through, and fails when the announced entry did not occur', () => {
    expectLog({ level: 'warn', msg: /answered 50\d/ });
    log.warn('the insurer answered 503');
    expect(judge()).toBeUndefined();

    expectLog({ level: 'error', msg: 'the job failed' });
    log.warn('the job failed');
    expect(judge()).toMatch(/expectLog\(error the job failed\) was announced at least once and occurred 0 time/);
  });

  it('holds an announced count exactly', () => {
    expectLog({ msg: 'retrying', count: 2 });
    log.warn('retrying');
    expect(judge()).toContain('announced 2 time(s) and occurred 1 time(s)');
    expectLog({ msg: 'retrying', count: 1 });
    log.warn('retrying');
    log.warn('retrying');
    expect(judge()).toContain('announced 1 time(s) and occurred 2 time(s)');
  });

  it('lets allowed noise through whether it occurs or not, for the test that allowed it only', () => {
    allowLog({ msg: 'noise' });
    log.warn('some noise');
    expect(judge()).toBeUndefined();
    expect(judge()).toBeUndefined();
    log.warn('some noise');
    expect(judge()).toContain('logged without expectLog or allowLog: warn "some noise"');
  });

  it('refuses expectLog outside a test: an announcement nobody could check', () => {
    endTest();
    expect(() => expectLog({ msg: 'x' })).toThrow('expectLog is called inside a test');
    beginTest();
  });
});
