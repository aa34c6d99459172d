// The jobs runtime (docs/architecture.md, "Jobs"): the queues a module declares exist once it starts; its workers and
// its share of the minute run only where workers run, and the minute runs the modules in the list's order.
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../src/context.js';
import { createContext } from '../src/create-context.js';
import { TICK_QUEUE, type JobModule } from '../src/jobs/index.js';
import { createJobRuntime, type JobRuntime } from '../src/jobs/runtime.js';
import { until } from '../fixtures/processes.js';
import { TEST_CONFIG, openTestDb } from './helper.js';

let db: Awaited<ReturnType<typeof openTestDb>>;
let ctx: AppContext;
const runtimes: JobRuntime[] = [];
beforeAll(async () => {
  db = await openTestDb();
  ctx = createContext({ db: db.db.db, config: TEST_CONFIG, log: pino({ level: 'silent' }) });
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
    await new Promise((r) => setTimeout(r, 1_500));
    expect(ran).toEqual([]);
    await web.stop();
    expect(web.started).toBe(false);
    expect(await ctx.jobs.send('test.b', { n: 2 })).toBe(false);

    // A worker process: the job sent before is worked, and the tick runs each module's minute, a then b.
    const worker = createJobRuntime(ctx, [module('a'), module('b')]);
    runtimes.push(worker);
    await worker.start({ workers: true });
    await until('the job sent from the web process was worked', async () => ran.includes('b worked 1'), 10_000);
    await until('the tick ran', async () => ran.includes('b minute'), 10_000);
    expect(ran.filter((r) => r.endsWith('minute'))).toEqual(['a minute', 'b minute']);
  });
});
