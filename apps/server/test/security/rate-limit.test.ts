// Rate limits shared by every web process (docs/operations.md, "Limits and leases"): two apps built over the same
// database (on PostgreSQL each with its own connection pool, as two processes have; on PGlite the one instance) count
// together, so a limit of N is N across both, and the N+1th call is refused with the usual Korean 429 problem.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@auto-claim/contract';
import { buildApp } from '../../src/app.js';
import { openDb, type Db } from '../../src/db/index.js';
import { SIGN_IN_RATE_LIMIT } from '../../src/modules/operators/routes.js';
import { purgeRateLimits } from '../../src/security/rate-limit.js';
import { TEST_CONFIG, openTestDb, problemOf, testLogStream, throwawayDatabase } from '../helper.js';

const MAX = SIGN_IN_RATE_LIMIT.max;

let apps: [FastifyInstance, FastifyInstance];
let db: Db;
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  const baseUrl = process.env.DATABASE_URL;
  let dbs: [Db, Db];
  if (baseUrl) {
    const database = await throwawayDatabase(baseUrl, { migrated: true });
    dbs = [await openDb({ databaseUrl: database.url }), await openDb({ databaseUrl: database.url })];
    closers.push(
      () => database.drop(),
      () => dbs[0].close(),
      () => dbs[1].close(),
    );
  } else {
    const one = await openTestDb();
    dbs = [one.db, one.db];
    closers.push(() => one.close());
  }
  db = dbs[0];
  apps = [
    await buildApp({ config: TEST_CONFIG, db: dbs[0], logStream: testLogStream }),
    await buildApp({ config: TEST_CONFIG, db: dbs[1], logStream: testLogStream }),
  ];
  await Promise.all(apps.map((a) => a.ready()));
  closers.push(
    () => apps[0].close(),
    () => apps[1].close(),
  );
}, 120_000);
afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

const login = (app: FastifyInstance, from: string) =>
  app.inject({ method: 'POST', url: API.login, remoteAddress: from, payload: {} });

describe('two web processes on one database', () => {
  it(`count one limit: ${MAX} calls split across both, then the next is refused on either`, async () => {
    const from = '198.51.100.7';
    for (let i = 0; i < MAX; i++) expect((await login(apps[i % 2]!, from)).statusCode).not.toBe(429);
    for (const app of apps) {
      const over = await login(app, from);
      expect(over.statusCode).toBe(429);
      expect(problemOf(over)).toMatchObject({
        status: 429,
        code: 'RATE_LIMITED',
        detail: '요청이 너무 많아요. 잠시 후 다시 시도해 주세요.',
      });
      const retryAfter = Number(over.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    }
    // Another client is served.
    expect((await login(apps[1], '198.51.100.8')).statusCode).not.toBe(429);
  });

  it('count every call once when they arrive together', async () => {
    const from = '198.51.100.9';
    const answers = await Promise.all(Array.from({ length: MAX + 6 }, (_, i) => login(apps[i % 2]!, from)));
    expect(answers.filter((a) => a.statusCode !== 429)).toHaveLength(MAX);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(6);
  });

  it('keep no client address, and the minute tick drops a window that ended', async () => {
    const from = '198.51.100.10';
    await login(apps[0], from);
    const { rows } = await sql<{ keyHash: string }>`select key_hash from rate_limit_counter`.execute(db.db);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.keyHash.includes('198.51'))).toBe(false);

    for (let i = 0; i < MAX; i++) await login(apps[i % 2]!, from);
    expect((await login(apps[1], from)).statusCode).toBe(429);
    // Every window ends now: the purge deletes them all, and the client starts a new one.
    const ended = await sql`update rate_limit_counter set resets_at = now() - interval '1 second'`.execute(db.db);
    expect(await purgeRateLimits(db.db)).toBe(Number(ended.numAffectedRows));
    expect((await sql`select 1 from rate_limit_counter`.execute(db.db)).rows).toEqual([]);
    expect((await login(apps[1], from)).statusCode).not.toBe(429);
  });
});
