// Work a killed worker held resumes within 30 s (docs/operations.md, "Limits and leases"), not at its job's expiry.
// A web and a worker process on PostgreSQL; the test holds a lock on the sandbox insurer's outbox, so the worker is
// caught mid-delivery, inside its job, with its deliveries locked; it is killed with SIGKILL there, the lock is let
// go, and another worker starts. The dead worker's jobs go back to their queue within the lease, and every one of the
// 200 records is claimed and delivered within 30 s of the restart. Needs PostgreSQL (DATABASE_URL): on the embedded
// database the queue lives and dies with the one process, so there is no second worker to take over.
import type { ChildProcess } from 'node:child_process';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { HOSPITAL_API, HOSPITAL_KEY_HEADER } from '@auto-claim/contract';
import { LEASE_SECONDS } from '../../src/jobs/runtime.js';
import { exited, feedableDatabase, freePort, startServer, until } from '../../fixtures/processes.js';

const baseUrl = process.env.DATABASE_URL;
const RECORDS = 200;
const BATCH = 50;

describe.skipIf(!baseUrl)('a worker killed with SIGKILL in the middle of its work', () => {
  let fixture: Awaited<ReturnType<typeof feedableDatabase>> | undefined;
  const children: ChildProcess[] = [];
  let releaseLock: (() => void) | undefined;

  afterAll(async () => {
    releaseLock?.();
    for (const c of children) c.kill('SIGKILL');
    await Promise.all(children.map(exited));
    await fixture?.drop();
  });

  it(
    'leaves nothing waiting for its expiry: another worker delivers it all within 30 s',
    { timeout: 180_000 },
    async () => {
      fixture = await feedableDatabase(baseUrl!, RECORDS, 'LEASE');
      const { db, records, url } = fixture;
      const start = async (role: 'web' | 'worker') => {
        const ports = { port: await freePort(), metricsPort: await freePort() };
        const child = startServer(url, {
          PROCESS_ROLE: role,
          PORT: String(ports.port),
          METRICS_PORT: String(ports.metricsPort),
        });
        children.push(child);
        return { child, ...ports };
      };
      const ready = (p: { metricsPort: number }) =>
        until('ready', async () => (await fetch(`http://127.0.0.1:${p.metricsPort}/readyz`)).ok, 60_000);
      const count = async (q: string) => Number((await sql<{ n: number }>`${sql.raw(q)}`.execute(db.db)).rows[0]!.n);

      const web = await start('web');
      const first = await start('worker');
      await Promise.all([ready(web), ready(first)]);

      // The outbox held in SHARE mode: every delivery transaction waits at its insert, inside its job.
      let locked!: () => void;
      const lockTaken = new Promise<void>((r) => (locked = r));
      const holding = db.db.transaction().execute(async (trx) => {
        await sql`lock table sandbox_outbox in share mode`.execute(trx);
        locked();
        await new Promise<void>((r) => (releaseLock = r));
      });
      await lockTaken;

      for (let i = 0; i < RECORDS; i += BATCH) {
        const res = await fetch(`http://127.0.0.1:${web.port}${HOSPITAL_API.treatments}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [HOSPITAL_KEY_HEADER]: 'sandbox-90000001' },
          body: JSON.stringify({ records: records.slice(i, i + BATCH) }),
        });
        expect(res.status).toBeLessThan(300);
      }
      // Mid-work: a delivery job is active and its transaction waits on the outbox.
      await until(
        'the worker waiting inside a delivery',
        async () =>
          (await count(`select count(*) as n from pgboss.job where name = 'claims.deliver' and state = 'active'`)) >
            0 &&
          (await count(
            `select count(*) as n from pg_locks where not granted and relation = 'sandbox_outbox'::regclass`,
          )) > 0,
        60_000,
      );
      first.child.kill('SIGKILL');
      expect(await exited(first.child)).toBe('SIGKILL');
      const killedAt = Date.now();
      releaseLock!();
      await holding;
      // What it held: jobs still marked active, whose worker is gone.
      const held = (
        await sql<{ id: string }>`select id from pgboss.job where state = 'active' and name like 'claims.%'`.execute(
          db.db,
        )
      ).rows.map((r) => r.id);
      expect(held.length).toBeGreaterThan(0);
      // Each due back at most a lease from now, however long its queue's expiry.
      const { rows } = await sql<{ left: number }>`select max(extract(epoch from started_on + expire_in - now()))::float
          as left from pgboss.job where id = any(${held}::uuid[])`.execute(db.db);
      expect(rows[0]!.left).toBeLessThanOrEqual(LEASE_SECONDS);
      expect(await count(`select count(*) as n from claim where status = 'sent'`)).toBe(0);

      const restartedAt = Date.now();
      const second = await start('worker');
      // Back in the queue once the lease lapsed (and a maintenance round came), not at the queue's expiry (5 minutes).
      await until(
        'the dead worker’s jobs back in their queue',
        async () =>
          (
            await sql<{ n: number }>`select count(*)::integer as n from pgboss.job where id = any(${held}::uuid[])
          and state = 'active' and started_on < ${new Date(killedAt)}`.execute(db.db)
          ).rows[0]!.n === 0,
        30_000,
      );
      const backMs = Date.now() - restartedAt;
      await until(
        'every record claimed and delivered',
        async () =>
          (await count(`select count(*) as n from claim where status = 'sent'`)) === RECORDS &&
          (await count(`select count(*) as n from claim_delivery where status = 'sent'`)) === RECORDS,
        Math.max(0, 30_000 - (Date.now() - restartedAt)),
      );
      const doneMs = Date.now() - restartedAt;
      expect(doneMs).toBeLessThan(30_000);
      expect(await count('select count(*) as n from treatment_record')).toBe(RECORDS);
      expect(await count('select count(distinct record_id) as n from claim')).toBe(RECORDS);
      expect(await count(`select count(*) as n from sandbox_outbox where channel = 'api'`)).toBe(RECORDS);
      await ready(second);
      console.info(
        `worker-lease: ${held.length} jobs held by the killed worker; ${RECORDS} records claimed and delivered ` +
          `${doneMs} ms after the restart (its jobs back in their queue after ${backMs} ms)`,
      );
    },
  );
});
