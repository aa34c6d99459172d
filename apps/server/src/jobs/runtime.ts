// One runtime for background work (docs/architecture.md, "Jobs"): pg-boss's lifecycle, the queues the modules
// declare, and the minute tick. pg-boss runs on the application's own database connection (ADR 0003): the same Kysely
// pool on PostgreSQL, and on PGlite the same single session (through the pool's lock), so a job can be sent inside the
// transaction that makes the work it stands for. pg-boss keeps its tables in its own schema, `pgboss`.
import { CompiledQuery } from 'kysely';
import PgBoss from 'pg-boss';
import type { AppContext } from '../context.js';
import { tableless, type Handle } from '../db/handle.js';

/** What a module hands the runtime (through its index.ts); jobs/index.ts composes them in one list. */
export interface JobModule {
  /** The queues it sends to and works, created at start when missing. */
  queues?: PgBoss.Queue[];
  /** Starts its workers (worker processes only). */
  workers?(boss: PgBoss): Promise<void>;
  /** Its share of the minute tick (worker processes only), in the list's order; a throw ends this minute's tick. */
  everyMinute?(boss: PgBoss): Promise<void>;
}

export interface JobRuntime {
  /** Installs pg-boss and the queues; with workers, also every module's workers and the minute tick. Idempotent. */
  start(opts?: { workers?: boolean }): Promise<void>;
  /** Stops taking jobs and waits for those running (within the 10 s of docs/operations.md, "Signals"). */
  stop(): Promise<void>;
  /** The running pg-boss, undefined before start() and after stop(). */
  readonly boss: PgBoss | undefined;
  readonly started: boolean;
  /** The queue (pg-boss's schema) answers: /readyz asks it. */
  reachable(): Promise<boolean>;
}

/**
 * How long a job stays its worker's without a heartbeat (docs/operations.md, "Limits and leases"). The fetch that
 * makes a job active gives it this lease in the same transaction (bossDb); a running handler renews it every
 * HEARTBEAT_MS; a worker that died (SIGKILL, a lost machine) renews nothing, and pg-boss's maintenance (every
 * MAINTENANCE_SECONDS, in one process at a time, web or worker) puts its jobs back in their queue: held work resumes
 * within LEASE_SECONDS + MAINTENANCE_SECONDS, not at the queue's expireInSeconds, which stays the longest a living
 * handler may run.
 */
export const LEASE_SECONDS = 10;
const HEARTBEAT_MS = 3_000;
const MAINTENANCE_SECONDS = 5;

/**
 * boss.work with a lease: every worker registers through this (jobs/runtime.test.ts checks that none calls boss.work).
 * The lease is pg-boss's own expiry, `started_on + expire_in`, pushed LEASE_SECONDS ahead at the start and at every
 * beat; started_on stays the true start.
 */
export async function work<T extends object>(
  boss: PgBoss,
  name: string,
  options: PgBoss.WorkOptions,
  handler: PgBoss.WorkHandler<T>,
): Promise<string> {
  const renew = (ids: string[]) =>
    boss
      .getDb()
      .executeSql(
        `update pgboss.job set expire_in = (now() - started_on) + make_interval(secs => $3)
          where name = $1 and id = any($2::uuid[]) and state = 'active'`,
        [name, ids, LEASE_SECONDS],
      )
      // A beat that fails is followed by the next; the handler's own queries meet the same trouble and say so.
      .catch(() => undefined);
  return boss.work<T>(name, options, async (jobs) => {
    const ids = jobs.map((j) => j.id);
    await renew(ids);
    const beat = setInterval(() => void renew(ids), HEARTBEAT_MS);
    try {
      return await handler(jobs);
    } finally {
      clearInterval(beat);
    }
  });
}

/**
 * The minute tick: the safety net for wake-ups lost to a crash, scheduled batches and housekeeping. Its name is kept
 * from when the claim engine owned it: existing databases hold its schedule under this name.
 */
export const TICK_QUEUE = 'claims.tick';

/**
 * pg-boss's fetch: the one statement that makes jobs active (`UPDATE <schema>.job j SET state = 'active', started_on =
 * now()`). jobs/runtime.test.ts checks that the installed pg-boss's fetch is still recognised.
 */
const FETCH = /^\s*WITH next as[\s\S]*UPDATE (\w+)\.job j SET\s+state = 'active',\s+started_on = now\(\)/;

/**
 * pg-boss's database interface over a Kysely instance or transaction (plugins off: pg-boss reads snake_case).
 * `stopped`: true once the process's pg-boss has stopped. A job's handler that outran the stop's wait finishes later and
 * pg-boss then records it (its complete or fail, called without await) on a database the process may have closed: an
 * unhandled rejection that would end the process with an error. That late record is dropped: at the stop, pg-boss
 * already failed the job back to its queue (failWip), and it runs again as a killed worker's job does.
 */
export const bossDb = (db: Handle, stopped: () => boolean = () => false): PgBoss.Db => ({
  async executeSql(text: string, values: unknown[] = []) {
    if (stopped()) return { rows: [] };
    // pg-boss's own schema, in raw SQL: no table of any owner.
    const raw = tableless(db).withoutPlugins();
    const query = CompiledQuery.raw(text, values);
    // Inside the caller's transaction the caller decides what a failure means.
    if (raw.isTransaction) return { rows: (await raw.executeQuery(query)).rows as unknown[] };
    const fetch = FETCH.exec(text);
    if (fetch) {
      // The lease from the first instant: pg-boss's fetch commits the queue's expiry (minutes), and a worker killed
      // before its handler's first beat would hold the jobs that long. The rows go back to pg-boss as fetched, so its
      // own time limit for the handler stays the queue's expiry.
      return raw.transaction().execute(async (trx) => {
        const { rows } = await trx.executeQuery<{ id: string }>(query);
        if (rows.length > 0)
          await trx.executeQuery(
            CompiledQuery.raw(
              `update ${fetch[1]}.job set expire_in = make_interval(secs => $3) where name = $1 and id = any($2::uuid[])`,
              [values[0], rows.map((r) => r.id), LEASE_SECONDS],
            ),
          );
        return { rows: rows as unknown[] };
      });
    }
    // pg-boss sends some plans as one text "BEGIN; …; COMMIT;" and expects a failure in the middle (two processes
    // installing its schema at once) to leave nothing behind. On a pooled connection the aborted transaction would
    // stay open and fail every later query on that connection: roll it back before the connection goes back.
    return raw.connection().execute(async (conn) => {
      try {
        return { rows: (await conn.executeQuery(query)).rows as unknown[] };
      } catch (err) {
        await conn.executeQuery(CompiledQuery.raw('rollback')).catch(() => undefined);
        throw err;
      }
    });
  },
});

export function createJobRuntime(ctx: Pick<AppContext, 'db' | 'log' | 'jobs'>, modules: JobModule[]): JobRuntime {
  let boss: PgBoss | undefined;
  let starting: Promise<void> | undefined;
  let working = false;
  /** Marks the running pg-boss stopped: what it still asks of the database after that is dropped (bossDb). */
  let stopBoss = () => {};

  return {
    get boss() {
      return boss;
    },
    get started() {
      return boss !== undefined;
    },
    async start({ workers = false } = {}) {
      starting ??= (async () => {
        let stopped = false;
        stopBoss = () => (stopped = true);
        const b = new PgBoss({
          db: bossDb(ctx.db, () => stopped),
          schedule: workers,
          // Maintenance (expiry, archive) in every process that has the queue, one at a time (pg-boss takes turns in
          // the database): a dead worker's jobs go back to their queue even while no worker runs, as when the only
          // worker restarts.
          supervise: true,
          maintenanceIntervalSeconds: MAINTENANCE_SECONDS,
          migrate: true,
        });
        await b.start();
        // pg-boss retries its own maintenance and a failed job keeps its error in pgboss.job; say it in the log.
        b.on('error', (err) => ctx.log.warn({ err }, 'pg-boss reported an error'));
        await ensureQueue(b, {
          name: TICK_QUEUE,
          policy: 'stately',
          retryLimit: 3,
          retryBackoff: true,
          expireInSeconds: 300,
        });
        for (const m of modules) for (const q of m.queues ?? []) await ensureQueue(b, q);
        boss = b;
        // Web processes send through it too (a subscription's documents job); a worker process runs the job.
        ctx.jobs.attach(async (name, data, o) => {
          await b.send(name, data, o?.db ? { db: bossDb(o.db) } : {});
        });
      })();
      await starting;
      if (workers && !working && boss) {
        working = true;
        const b = boss;
        for (const m of modules) await m.workers?.(b);
        await work(b, TICK_QUEUE, {}, async () => {
          for (const m of modules) await m.everyMinute?.(b);
        });
        await b.schedule(TICK_QUEUE, '* * * * *');
      }
    },
    async stop() {
      const b = boss;
      boss = undefined;
      starting = undefined;
      working = false;
      ctx.jobs.attach(undefined);
      // Within the 10 s a process has after SIGTERM (docs/operations.md), with room to close the database.
      if (b) await b.stop({ graceful: true, close: false, wait: true, timeout: 8_000 });
      stopBoss();
    },
    async reachable() {
      try {
        return (await boss?.getQueue(TICK_QUEUE)) != null;
      } catch {
        return false;
      }
    },
  };
}

/**
 * Creates a queue unless it exists. Processes starting together on a new database race to create the same queues,
 * and pg-boss's partition DDL can deadlock or collide: the loser looks again and finds the queue made.
 */
async function ensureQueue(boss: PgBoss, options: PgBoss.Queue) {
  for (let attempt = 1; ; attempt++) {
    if (await boss.getQueue(options.name)) return;
    try {
      await boss.createQueue(options.name, options);
      return;
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (attempt >= 5 || (code !== '40P01' && code !== '23505' && code !== '42P07')) throw err;
      await new Promise((r) => setTimeout(r, 50 * attempt + Math.random() * 100));
    }
  }
}
