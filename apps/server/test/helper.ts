// build(): a fresh app on a fresh database for one test file. Embedded PGlite in memory by default;
// with DATABASE_URL set, a throwaway database on that server (created here, dropped in close()).
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import type { Clock, ContextConfig } from '../src/context.js';
import { openDb, type Db } from '../src/db/index.js';
import { migrateToLatest } from '../src/db/migrate.js';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  close(): Promise<void>;
}

async function throwawayDatabase(baseUrl: string) {
  const name = `ac_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      // The pool's connections close asynchronously after end(): wait for them, so FORCE never has to cut one
      // (a cut connection reports 57P01 as an unhandled error in the test run).
      for (let i = 0; i < 50; i++) {
        const { rows } = await c.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function openTestDb(): Promise<{ db: Db; close(): Promise<void> }> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    const db = await openDb({ memory: true });
    await migrateToLatest(db.db);
    return { db, close: () => db.close() };
  }
  const tmp = await throwawayDatabase(baseUrl);
  const db = await openDb({ databaseUrl: tmp.url });
  await migrateToLatest(db.db);
  return {
    db,
    async close() {
      await db.close();
      await tmp.drop();
    },
  };
}

export const TEST_WEB_DIST = path.resolve(import.meta.dirname, 'fixtures/web-dist');

/** A clock the test moves by hand: `clock.advance(181_000)` makes an SMS code expire without waiting. */
export interface TestClock extends Clock {
  set(date: Date): void;
  advance(ms: number): void;
}
export function testClock(start = new Date()): TestClock {
  let t = start.getTime();
  return {
    now: () => new Date(t),
    set: (d) => (t = d.getTime()),
    advance: (ms) => (t += ms),
  };
}

export const TEST_CONFIG: ContextConfig = {
  webDist: TEST_WEB_DIST,
  logLevel: 'silent',
  nodeEnv: 'test',
  trustProxy: false,
  fieldEncryptionKey: randomBytes(32).toString('hex'),
  sessionSecret: randomBytes(32).toString('hex'),
  providers: 'sandbox',
};

export async function build(opts: { clock?: Clock; config?: Partial<ContextConfig> } = {}): Promise<TestApp> {
  const { db, close } = await openTestDb();
  const app = await buildApp({ config: { ...TEST_CONFIG, ...opts.config }, db, logger: false, clock: opts.clock });
  await app.ready();
  return {
    app,
    db,
    async close() {
      await app.close();
      await close();
    },
  };
}

/** The problem body of an answer, asserted to be RFC 9457. */
export function problemOf(res: { headers: Record<string, unknown>; json(): unknown }) {
  if (!String(res.headers['content-type']).startsWith('application/problem+json')) {
    throw new Error(`expected a problem answer, got ${String(res.headers['content-type'])}`);
  }
  return res.json() as {
    status: number;
    code: string;
    detail: string;
    title: string;
    errors?: { field: string; message: string }[];
  };
}

/** Test-only people: names, birth dates and phone numbers that can never be a real person's verification. */
let phoneSeq = 0;
export function testPerson(
  overrides: Partial<{ custName: string; korRegId: string; custHp: string; telecomType: string }> = {},
) {
  phoneSeq += 1;
  return {
    custName: '김테스트',
    korRegId: '8501011',
    // 010-0000-xxxx is never assigned to a subscriber.
    custHp: `0100000${String((process.pid * 31 + phoneSeq) % 10_000).padStart(4, '0')}`,
    telecomType: '1',
    ...overrides,
  };
}

/** The TELECOM terms every verification must agree to. */
export async function telecomTermsIds(t: TestApp): Promise<string[]> {
  const res = await t.app.inject('/auth/rest/terms/v2/TELECOM');
  return (res.json() as { list: { termsId: string }[] }).list.map((x) => x.termsId);
}

/** The latest code the sandbox sent to a phone. */
export async function latestSmsCode(t: TestApp, phone: string): Promise<string> {
  const res = await t.app.inject(`/sandbox/outbox?to=${phone}`);
  const body = (res.json() as { messages: { body: string }[] }).messages[0]?.body ?? '';
  const code = body.match(/\[(\d{6})\]/)?.[1];
  if (!code) throw new Error(`no SMS code in the outbox for ${phone}`);
  return code;
}

/** Goes through userAuth → outbox → smsAuth like a patient; answers the session cookie header and who they are. */
export async function verifyPatient(
  t: TestApp,
  overrides: Parameters<typeof testPerson>[0] & { hospitalCode?: string } = {},
) {
  const { hospitalCode = '90000001', ...who } = overrides;
  const person = testPerson(who);
  // Each verification from its own loopback address, so suites that verify many people stay under the per-IP limits.
  const remoteAddress = `127.0.${(phoneSeq >> 8) & 255}.${phoneSeq & 255}`;
  const started = await t.app.inject({
    method: 'POST',
    url: '/auth/rest/nice/userAuth',
    remoteAddress,
    payload: { ...person, hospitalCode, termsIds: await telecomTermsIds(t) },
  });
  if (started.statusCode !== 200) throw new Error(`userAuth ${started.statusCode}: ${started.body}`);
  const { smsRequestSeq, smsResponseSeq } = started.json() as { smsRequestSeq: string; smsResponseSeq: string };
  const res = await t.app.inject({
    method: 'POST',
    url: '/auth/rest/nice/smsAuth',
    remoteAddress,
    payload: { smsRequestSeq, smsResponseSeq, smsAuthNum: await latestSmsCode(t, person.custHp), hospitalCode },
  });
  if (res.statusCode !== 200) throw new Error(`smsAuth ${res.statusCode}: ${res.body}`);
  const { ci, hash } = res.json() as { ci: string; hash: string };
  const cookie = res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  return { cookie, ci, hash, person, hospitalCode };
}
