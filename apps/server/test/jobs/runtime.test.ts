// The jobs runtime (docs/architecture.md, "Jobs"): the queues a module declares exist once it starts; its workers and
// its share of the minute run only where workers run, and the minute runs the modules in the list's order. A running
// job holds a short lease its worker renews (jobs/worker-lease.test.ts kills a worker to see the lease lapse).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/context.js';
import { createContext } from '../../src/create-context.js';
import { TICK_QUEUE, type JobModule } from '../../src/jobs/index.js';
import { LEASE_SECONDS, bossDb, createJobRuntime, work, type JobRuntime } from '../../src/jobs/runtime.js';
import { until } from '../../fixtures/processes.js';
import { TEST_CONFIG, openTestDb, testLogger } from '../helper.js';

let db: Awaited<ReturnType<typeof openTestDb>>;
let ctx: AppContext;
const runtimes: JobRuntime[] = [];
beforeAll(async () => {
  db = await openTestDb();
  ctx = createContext({ db: db.db.db, config: TEST_CONFIG, log: testLogger() });
});
afterAll(async () => {
  for (const r of runtimes) await r.stop();
  await ctx.pdf.close();
  await db.close();
});

describe('the jobs runtime', () => {
  it('creates the declared queues; workers and the minute only with workers, in the list order', async () => {
    const ran: string[] = [];
    const module = (name: string): JobModule => ({
      queues: [{ name: `test.${name}`, policy: 'standard' }],
      async workers(boss) {
        ran.push(`${name} workers started`);
        await boss.work<{ n: number }>(`test.${name}`, { pollingIntervalSeconds: 0.5 }, async ([job]) => {
          ran.push(`${name} worked ${job!.data.n}`);
        });
      },
      async everyMinute() {
        ran.push(`${name} minute`);
      },
    });

    // A web process: the queues exist and jobs can be sent, nothing is worked.
    const web = createJobRuntime(ctx, [module('a'), module('b')]);
    runtimes.push(web);
    await web.start();
    expect(web.started).toBe(true);
    expect(await web.reachable()).toBe(true);
    expect(await web.boss!.getQueue('test.a')).toMatchObject({ name: 'test.a' });
    expect(await ctx.jobs.send('test.b', { n: 1 })).toBe(true);
    await web.boss!.send(TICK_QUEUE, {});
    await web.stop();
    // Nothing was worked, and nothing could be: no module's workers started (the tick's worker starts with them), and
    // both jobs still wait in their queues once the web process has stopped (a state, not a pause hoping for nothing).
    expect(ran).toEqual([]);
    const waiting = await sql<{ name: string; state: string }>`select name, state from pgboss.job
      where name in ('test.b', ${TICK_QUEUE}) order by name`.execute(db.db.db);
    expect(waiting.rows).toEqual([
      { name: TICK_QUEUE, state: 'created' },
      { name: 'test.b', state: 'created' },
    ]);
    expect(web.started).toBe(false);
    expect(await ctx.jobs.send('test.b', { n: 2 })).toBe(false);

    // A worker process: the job sent before is worked, and the tick runs each module's minute, a then b.
    const worker = createJobRuntime(ctx, [module('a'), module('b')]);
    runtimes.push(worker);
    await worker.start({ workers: true });
    await until('the job sent from the web process was worked', async () => ran.includes('b worked 1'), 10_000);
    await until('the tick ran', async () => ran.includes('b minute'), 10_000);
    expect(ran.slice(0, 2)).toEqual(['a workers started', 'b workers started']);
    expect(ran.filter((r) => r.endsWith('minute'))).toEqual(['a minute', 'b minute']);
  });
});

describe('leases (docs/operations.md, "Limits and leases")', () => {
  it('a running job is held for the lease, renewed while its handler runs, not for its queue’s expiry', async () => {
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let running = false;
    const runtime = createJobRuntime(ctx, [
      {
        queues: [{ name: 'test.lease', policy: 'standard', expireInSeconds: 300 }],
        async workers(boss) {
          await work(boss, 'test.lease', { pollingIntervalSeconds: 0.5 }, async () => {
            running = true;
            await released;
          });
        },
      },
    ]);
    runtimes.push(runtime);
    await runtime.start({ workers: true });
    await runtime.boss!.send('test.lease', {});
    await until('the handler runs', async () => running, 10_000);
    const leaseOf = async () =>
      (
        await sql<{ left: number; expireIn: number }>`select
            extract(epoch from started_on + expire_in - now())::float as left,
            extract(epoch from expire_in)::float as expire_in
          from pgboss.job where name = 'test.lease' and state = 'active'`.execute(db.db.db)
      ).rows[0];
    const first = await leaseOf();
    expect(first!.left).toBeGreaterThan(0);
    expect(first!.left).toBeLessThanOrEqual(LEASE_SECONDS);
    // Renewed: a beat pushes the deadline on (expire_in counts from the true start), and it stays a lease ahead.
    await until('a beat renewed the lease', async () => (await leaseOf())!.expireIn > first!.expireIn + 1, 10_000);
    expect((await leaseOf())!.left).toBeLessThanOrEqual(LEASE_SECONDS);
    release();
    await until(
      'the job completed',
      async () =>
        (await sql`select 1 from pgboss.job where name = 'test.lease' and state = 'completed'`.execute(db.db.db)).rows
          .length === 1,
      10_000,
    );
  });

  it('a fetched job holds the lease from the fetch itself, while pg-boss still times its handler by the queue', async () => {
    // No handler line runs between pg-boss's fetch and the lease: a worker killed there holds nothing for minutes.
    const runtime = createJobRuntime(ctx, [
      { queues: [{ name: 'test.fetch-lease', policy: 'standard', expireInSeconds: 600 }] },
    ]);
    runtimes.push(runtime);
    await runtime.start();
    await runtime.boss!.send('test.fetch-lease', {});
    const [job] = await runtime.boss!.fetch('test.fetch-lease');
    expect(job).toBeDefined();
    const { rows } = await sql<{ left: number; state: string }>`select state,
        extract(epoch from started_on + expire_in - now())::float as left
      from pgboss.job where id = ${job!.id}`.execute(db.db.db);
    expect(rows[0]!.state).toBe('active');
    expect(rows[0]!.left).toBeGreaterThan(0);
    expect(rows[0]!.left).toBeLessThanOrEqual(LEASE_SECONDS);
    // pg-boss reads the handler's time limit from the fetched row (extract(epoch …), a numeric, comes back as text).
    expect(Number((job as unknown as { expireInSeconds: string }).expireInSeconds)).toBe(600);
  });

  it('every worker registers through work(), which holds the lease', () => {
    const src = path.resolve(import.meta.dirname, '../../src');
    const direct = readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts'))
      .filter((f) => /\.work(?:<[^>]*>)?\(/.test(readFileSync(path.join(src, f), 'utf8').replace(/\/\/.*$/gm, '')));
    expect(direct).toEqual(['jobs/runtime.ts']);
  });
});

describe('stopping (docs/operations.md: a process has 10 s after SIGTERM)', () => {
  it('drops what pg-boss still records after its stop, when the database may be closed, instead of ending the process with an error', async () => {
    // A handler that outran the stop's wait is recorded late (pg-boss's complete or fail, called without await): on a
    // closed database that is an unhandled rejection, and Node ends the process with code 1.
    const closed = await openTestDb();
    await closed.close();
    await expect(bossDb(closed.db.db).executeSql('select 1', [])).rejects.toThrow();
    await expect(bossDb(closed.db.db, () => true).executeSql('select 1', [])).resolves.toEqual({ rows: [] });
    // While the runtime runs, everything reaches the database.
    await expect(bossDb(db.db.db, () => false).executeSql('select 1 as one', [])).resolves.toEqual({
      rows: [{ one: 1 }],
    });
  });
});
