// The crash test (README, claim engine): the server runs as a child process on PostgreSQL with its pg-boss workers;
// a hospital feeds 1,000 records (1,000 claims); the server is killed with SIGKILL in the middle of the run; it is
// started again and the hospital resends everything it has not seen acknowledged (all of it: resends are no-ops).
// Then every record has exactly one claim, every claim was delivered, and no claim reached the insurer twice.
// Needs a PostgreSQL server (DATABASE_URL); skipped on the embedded database, where there is no second process.
import type { ChildProcess } from 'node:child_process';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { HOSPITAL_API, HOSPITAL_KEY_HEADER } from '@auto-claim/contract';
import { feedableDatabase, freePort, startServer, until } from '../../../fixtures/processes.js';

const baseUrl = process.env.DATABASE_URL;
const RECORDS = 1_000;
const BATCH = 50;

describe.skipIf(!baseUrl)('crash test: kill -9 in the middle of 1,000 claims', () => {
  let fixture: Awaited<ReturnType<typeof feedableDatabase>> | undefined;
  let child: ChildProcess | undefined;

  afterAll(async () => {
    child?.kill('SIGKILL');
    await fixture?.drop();
  });

  it('loses none and delivers none twice', { timeout: 150_000 }, async () => {
    fixture = await feedableDatabase(baseUrl!, RECORDS, 'CRASH');
    const { db, records, url } = fixture;
    const port = await freePort();
    const start = () => startServer(url, { PORT: String(port) });
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
    const count = async (q: string) => Number((await sql<{ n: number }>`${sql.raw(q)}`.execute(db.db)).rows[0]!.n);
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
    console.info(
      `crash test: killed with ${atKill.sent} of ${RECORDS} claims sent and ${atKill.records} records in; after restart (ready in ${readyAt - restartedAt} ms) ${RECORDS} sent once each, ${doneAt - readyAt} ms after ready`,
    );
  });
});
