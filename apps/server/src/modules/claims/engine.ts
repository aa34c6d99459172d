// The claim engine (README, claim engine; ADR 0003): pending treatment records → claims (match.ts, rules.ts) →
// deliveries to insurers (deliver.ts; a fax's outcome: followup.ts) → 알림톡 (notify.ts). The tables are the state: a record is 'pending' until
// matched, a delivery 'pending' until sent or dead, and every step takes its batch with SELECT … FOR UPDATE SKIP LOCKED
// inside one transaction, so any number of workers (and instances) share the work and a crash anywhere leaves each
// row either done or still to do. pg-boss (jobs.ts) wakes the workers, keeps the schedule, and carries the one
// notification per record.
import type PgBoss from 'pg-boss';
import type { AppContext } from '../../context.js';
import { rekeyTick } from '../../security/rekey.js';
import { DOCUMENTS_QUEUE, makeDocuments, pendingDocuments, purgeDue } from '../subscriptions/index.js';
import { purgeOldViews } from '../funnel/index.js';
import { purgeUnlinkedRecords } from './held.js';
import { purgeRejections } from './rejections.js';
import { deliverBatch, type PackageRenderer } from './deliver.js';
import { followUpBatch, wakeForNextFollowUp } from './followup.js';
import { QUEUES, bossDb, createBoss, failedNotifications } from './jobs.js';
import { matchBatch } from './match.js';
import { notifyQueued, notifyRecords } from './notify.js';

export interface ClaimEngine {
  /** Installs pg-boss; with workers, also runs the queues and the minute tick. Idempotent. */
  start(opts?: { workers?: boolean }): Promise<void>;
  stop(): Promise<void>;
  /** Wakes the match worker (after a feed), wherever it runs. A no-op before start(). */
  kick(): Promise<void>;
  /** The queue (pg-boss's schema) answers: /readyz asks it. */
  queueReachable(): Promise<boolean>;
  /** Patient messages that failed every retry (operators' dead letters), a page at a time. */
  failedNotifications(opts?: Parameters<typeof failedNotifications>[1]): ReturnType<typeof failedNotifications>;
  /** Sends a failed message again; false when no failed message has that job id. */
  retryNotification(jobId: string): Promise<boolean>;
  /** One transaction of matching; answers how many records it decided. */
  matchBatch(limit?: number): Promise<number>;
  /** One transaction of delivery; answers how many deliveries it attempted. */
  deliverBatch(limit?: number): Promise<number>;
  /** One transaction of fax follow-up; answers how many awaiting deliveries it asked about. */
  followUpBatch(limit?: number): Promise<number>;
  /** Sends the queued notifications (tests and the benchmark; workers do it on their own). */
  notifyQueued(limit?: number): Promise<number>;
  /** Every step until nothing is due at ctx.clock.now() (tests, benchmark), subscriptions' documents first. */
  drain(): Promise<{ documents: number; matched: number; delivered: number; followedUp: number; notified: number }>;
  readonly started: boolean;
}

export function createClaimEngine(ctx: AppContext, opts: { renderPackage?: PackageRenderer } = {}): ClaimEngine {
  let boss: PgBoss | undefined;
  let starting: Promise<void> | undefined;
  let workers = false;

  /**
   * Subscriptions whose signed documents are not made yet (their job lost, or sent before the engine started), a
   * batch at a time; one that fails is logged and left for its job's retries and the next tick.
   */
  const documentsSweep = async (batches = 1) => {
    let made = 0;
    for (let i = 0; i < batches; i++) {
      const ids = await pendingDocuments(ctx, 50);
      const before = made;
      for (const id of ids) {
        try {
          if (await makeDocuments(ctx, id)) made++;
        } catch (err) {
          ctx.log.warn({ err, insuApplyId: id }, 'subscription documents not made; retried later');
        }
      }
      if (ids.length < 50 || made === before) break;
    }
    return made;
  };

  const drainSteps = async () => {
    let matched = 0;
    let delivered = 0;
    let followedUp = 0;
    for (let n; (n = await matchBatch(ctx, boss)) > 0;) matched += n;
    for (let n; (n = await deliverBatch(ctx, boss, opts.renderPackage)) > 0;) delivered += n;
    for (let n; (n = await followUpBatch(ctx, boss)) > 0;) followedUp += n;
    return { matched, delivered, followedUp };
  };

  const engine: ClaimEngine = {
    get started() {
      return boss !== undefined;
    },
    async start({ workers: withWorkers = false } = {}) {
      starting ??= (async () => {
        boss = await createBoss(ctx.db, { schedule: withWorkers });
        // pg-boss retries its own maintenance and a failed job keeps its error in pgboss.job; say it in the log.
        boss.on('error', (err) => ctx.log.warn({ err }, 'pg-boss reported an error'));
        // Web processes send through it too (a subscription's documents job); a worker process runs the job.
        const b = boss;
        ctx.jobs.attach(async (name, data, o) => {
          await b.send(name, data, o?.db ? { db: bossDb(o.db) } : {});
        });
      })();
      await starting;
      if (withWorkers && !workers && boss) {
        workers = true;
        const b = boss;
        await b.work(QUEUES.match, { pollingIntervalSeconds: 1 }, async () => {
          while ((await matchBatch(ctx, b)) > 0);
          await b.send(QUEUES.deliver, {});
        });
        await b.work(QUEUES.deliver, { pollingIntervalSeconds: 1 }, async () => {
          while ((await deliverBatch(ctx, b, opts.renderPackage)) > 0);
        });
        await b.work(QUEUES.followUp, { pollingIntervalSeconds: 1 }, async () => {
          while ((await followUpBatch(ctx, b)) > 0);
          await wakeForNextFollowUp(ctx, b);
        });
        await b.work<{ recordId: number }>(
          QUEUES.notify,
          { pollingIntervalSeconds: 1, batchSize: 200 },
          async (jobs) => {
            await notifyRecords(
              ctx,
              jobs.map((j) => j.data.recordId),
            );
          },
        );
        await b.work<{ insuApplyId: string }>(
          DOCUMENTS_QUEUE,
          { pollingIntervalSeconds: 0.5, batchSize: 4 },
          async (jobs) => {
            await Promise.all(jobs.map((j) => makeDocuments(ctx, j.data.insuApplyId)));
          },
        );
        await b.work(QUEUES.tick, async () => {
          await documentsSweep();
          await drainSteps();
          // Housekeeping rides the same minute: cancelled subscriptions whose keeping period ended are deleted.
          await purgeDue(ctx.db, ctx.clock.now());
          // So are records from a hospital the patient never chose (held.ts), kept unlinked until then.
          await purgeUnlinkedRecords(ctx.db, ctx.clock.now());
          // And the feed's refused records, kept 90 days for the console (rejections.ts).
          await purgeRejections(ctx.db, ctx.clock.now());
          // And the funnel's visit marks after their day, and its counts past their keeping period.
          await purgeOldViews(ctx.db, ctx.clock.now());
          // And values still sealed with an old field key move to the current one, a few seconds' worth a minute.
          await rekeyTick(ctx);
        });
        await b.schedule(QUEUES.tick, '* * * * *');
        await b.send(QUEUES.match, {});
      }
    },
    async stop() {
      const b = boss;
      boss = undefined;
      starting = undefined;
      ctx.jobs.attach(undefined);
      workers = false;
      // Within the 10 s a process has after SIGTERM (docs/operations.md), with room to close the database.
      if (b) await b.stop({ graceful: true, close: false, wait: true, timeout: 8_000 });
    },
    async kick() {
      // A web process starts the engine without workers: the job it sends wakes a worker process.
      if (boss) await boss.send(QUEUES.match, {});
    },
    failedNotifications: (opts) => failedNotifications(ctx.db, opts),
    async retryNotification(jobId) {
      const failed = (await failedNotifications(ctx.db, { jobId })).total > 0;
      if (!failed) return false;
      if (!boss) await engine.start();
      await boss!.retry(QUEUES.notify, jobId);
      return true;
    },
    async queueReachable() {
      try {
        return (await boss?.getQueue(QUEUES.match)) != null;
      } catch {
        return false;
      }
    },
    matchBatch: (limit) => matchBatch(ctx, boss, limit),
    deliverBatch: (limit) => deliverBatch(ctx, boss, opts.renderPackage, limit),
    followUpBatch: (limit) => followUpBatch(ctx, boss, limit),
    notifyQueued: (limit) => notifyQueued(ctx, boss, limit),
    async drain() {
      const documents = await documentsSweep(Infinity);
      const { matched, delivered, followedUp } = await drainSteps();
      let notified = 0;
      for (let n; (n = await notifyQueued(ctx, boss)) > 0;) notified += n;
      return { documents, matched, delivered, followedUp, notified };
    },
  };
  return engine;
}
