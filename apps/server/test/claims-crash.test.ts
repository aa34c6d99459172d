// The crash test (issue 5, "Measured"): the server runs as a child process on PostgreSQL with its pg-boss workers;
// a hospital feeds 1,000 records (1,000 claims); the server is killed with SIGKILL in the middle of the run; it is
// started again and the hospital resends everything it has not seen acknowledged (all of it: resends are no-ops).
// Then every record has exactly one claim, every claim was delivered, and no claim reached the insurer twice.
// Needs a PostgreSQL server (DATABASE_URL); skipped on the embedded database, where there is no second process.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { HOSPITAL_API, HOSPITAL_KEY_HEADER } from '@auto-claim/contract';
import { createContext } from '../src/context.js';
import { openDb, type Db } from '../src/db/index.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { createSubscriber, treatmentRecord, type Subscriber } from './factories.js';
import { TEST_CONFIG } from './helper.js';

const baseUrl = process.env.DATABASE_URL;
const ROOT = path.resolve(import.meta.dirname, '../../..');
const RECORDS = 1_000;
const BATCH = 50;

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

const until = async (what: string, check: () => Promise<boolean>, ms: number) => {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
};

describe.skipIf(!baseUrl)('crash test: kill -9 in the middle of 1,000 claims', () => {
  const name = `ac_crash_${randomBytes(4).toString('hex')}`;
  const url = new URL(baseUrl ?? 'postgres://x/x');
  url.pathname = `/${name}`;
  let db: Db | undefined;
  let child: ChildProcess | undefined;

  afterAll(async () => {
    child?.kill('SIGKILL');
    await db?.close();
    const c = new pg.Client({ connectionString: baseUrl });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  });

  it('loses none and delivers none twice', { timeout: 150_000 }, async () => {
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    db = await openDb({ databaseUrl: url.toString() });
    await migrateToLatest(db.db);
    const ctx = createContext({ db: db.db, config: TEST_CONFIG });
    const patients: Subscriber[] = [];
    for (let i = 0; i < 100; i++) patients.push(await createSubscriber(ctx, { contractStartDate: '20200101' }));
    const today = new Date().toISOString().slice(0, 10).replaceAll('-', '');
    const records = Array.from({ length: RECORDS }, (_, i) =>
      treatmentRecord(patients[i % patients.length]!, { receiptNo: `CRASH-${i}`, visitDate: today }),
    );

    const port = await freePort();
    const start = () => {
      const p = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
        cwd: ROOT,
        env: {
          PATH: process.env.PATH,
          DATABASE_URL: url.toString(),
          PORT: String(port),
          HOST: '127.0.0.1',
          NODE_ENV: 'development',
          LOG_LEVEL: 'error',
          FIELD_ENCRYPTION_KEY: TEST_CONFIG.fieldEncryptionKey,
          SESSION_SECRET: TEST_CONFIG.sessionSecret,
          WEB_DIST: path.resolve(import.meta.dirname, 'fixtures/web-dist'),
          DATA_DIR: path.join(ROOT, '.data', name),
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      return p;
    };
    const base = `http://127.0.0.1:${port}`;
    const ready = () => until('the server', async () => (await fetch(`${base}/readyz`)).ok, 60_000);
    const send = async (from: number) => {
      const res = await fetch(`${base}${HOSPITAL_API.treatments}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [HOSPITAL_KEY_HEADER]: 'sandbox-90000001' },
        body: JSON.stringify({ records: records.slice(from, from + BATCH) }),
      });
      if (!res.ok) throw new Error(`feed answered ${res.status}`);
    };
    const count = async (q: string) => Number((await sql<{ n: number }>`${sql.raw(q)}`.execute(db!.db)).rows[0]!.n);
    const sentClaims = () => count(`select count(*) as n from claim where status = 'sent'`);

    child = start();
    await ready();
    // Feed half, wait for the first deliveries, keep feeding, and kill the server while it works.
    for (let i = 0; i < RECORDS / 2; i += BATCH) await send(i);
    await until('the first deliveries', async () => (await sentClaims()) > 0, 30_000);
    const feeding = (async () => {
      for (let i = RECORDS / 2; i < RECORDS; i += BATCH) await send(i);
    })().catch(() => 'interrupted');
    await new Promise((r) => setTimeout(r, 150));
    child.kill('SIGKILL');
    await new Promise((r) => child!.once('exit', r));
    await feeding;
    const atKill = {
      records: await count('select count(*) as n from treatment_record'),
      sent: await sentClaims(),
    };
    // Mid-run: something was delivered, and something was not yet (records still to come or claims still to send).
    expect(atKill.sent).toBeGreaterThan(0);
    expect(atKill.sent).toBeLessThan(RECORDS);

    const restartedAt = Date.now();
    child = start();
    await ready();
    const readyAt = Date.now();
    for (let i = 0; i < RECORDS; i += BATCH) await send(i);
    await until('every claim delivered', async () => (await sentClaims()) === RECORDS, 90_000);
    const doneAt = Date.now();

    expect(await count('select count(*) as n from treatment_record')).toBe(RECORDS);
    expect(await count('select count(*) as n from claim')).toBe(RECORDS);
    expect(await count(`select count(*) as n from claim_delivery where status = 'sent'`)).toBe(RECORDS);
    // The insurer's side (the sandbox outbox): one message per claim, none twice.
    expect(await count(`select count(*) as n from sandbox_outbox where channel = 'api'`)).toBe(RECORDS);
    expect(
      await count(`select count(distinct (body::jsonb ->> 'claimId')) as n from sandbox_outbox where channel = 'api'`),
    ).toBe(RECORDS);
    child.kill('SIGTERM');
    console.warn(
      `crash test: killed with ${atKill.sent} of ${RECORDS} claims sent and ${atKill.records} records in; after restart (ready in ${readyAt - restartedAt} ms) ${RECORDS} sent once each, ${doneAt - readyAt} ms after ready`,
    );
  });
});
