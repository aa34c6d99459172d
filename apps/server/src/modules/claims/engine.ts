// The claim engine (README, claim engine; ADR 0003): pending treatment records → claims (match.ts, rules.ts) →
// deliveries to insurers (deliver.ts; a fax's outcome: followup.ts) → 알림톡 (notify.ts). The tables are the state: a record is 'pending' until
// matched, a delivery 'pending' until sent or dead, and every step takes its batch with SELECT … FOR UPDATE SKIP LOCKED
// inside one transaction, so any number of workers (and instances) share the work and a crash anywhere leaves each
// row either done or still to do. pg-boss (the jobs runtime, src/jobs/; queues in jobs.ts) wakes the workers, keeps
// the schedule, and carries the one notification per record.
import type PgBoss from 'pg-boss';
import type { AppContext } from '../../context.js';
import { work, type JobModule, type JobRuntime } from '../../jobs/runtime.js';
import { documentsSweep } from '../subscriptions/index.js';
import { purgeUnlinkedRecords } from './held.js';
import { purgeRejections } from './rejections.js';
import { purgeClosedClaims } from './retention.js';
import { foldDayCounts } from './counts.js';
import { deliverBatch, type PackageRenderer } from './deliver.js';
import { deliverNotices } from './notices.js';
import { renderPackage } from './documents.js';
import { followUpBatch, wakeForNextFollowUp } from './followup.js';
import { CLAIM_QUEUES, QUEUES, failedNotifications } from './jobs.js';
import { matchBatch } from './match.js';
import {
  lapseDecisions,
  notifyJobs,
  notifyQueued,
  queueDueAnswers,
  queueDueRecords,
  type NotifyJob,
} from './notify.js';
import { claimsDb } from './tables.js';
import { hashRecordPersons } from './person-lookup.js';

/** Every step until nothing is due (the minute tick's safety net, and drain()). */
async function drainSteps(ctx: AppContext, boss: PgBoss | undefined, render: PackageRenderer) {
  let matched = 0;
  let delivered = 0;
  let followedUp = 0;
  for (let n; (n = await matchBatch(ctx, boss)) > 0;) matched += n;
  for (let n; (n = await deliverBatch(ctx, boss, render)) > 0;) delivered += n;
  // Corrected and cancelled receipts of claims already sent, told to their insurers.
  while ((await deliverNotices(ctx)) > 0);
  for (let n; (n = await followUpBatch(ctx, boss)) > 0;) followedUp += n;
  // Held visits unanswered for 30 days: given up unsent, and she is told (held.ts, notify.ts).
  while ((await lapseDecisions(ctx)) > 0);
  // Insurer answers' messages that waited for the morning (quiet hours, notify.ts) and are due now.
  while ((await queueDueAnswers(ctx, boss)) > 0);
  // And records' messages that waited for the morning: the day's visits in one batch.
  while ((await queueDueRecords(ctx, boss)) > 0);
  return { matched, delivered, followedUp };
}

/** The engine's queues, workers and minute on the jobs runtime (jobs/index.ts composes it with the others). */
export const claimJobs = (ctx: AppContext): JobModule => ({
  queues: CLAIM_QUEUES,
  async workers(b) {
    await work(b, QUEUES.match, { pollingIntervalSeconds: 1 }, async () => {
      while ((await matchBatch(ctx, b)) > 0);
      await b.send(QUEUES.deliver, {});
    });
    await work(b, QUEUES.deliver, { pollingIntervalSeconds: 1 }, async () => {
      while ((await deliverBatch(ctx, b, renderPackage)) > 0);
    });
    await work(b, QUEUES.followUp, { pollingIntervalSeconds: 1 }, async () => {
      while ((await followUpBatch(ctx, b)) > 0);
      await wakeForNextFollowUp(ctx, b);
    });
    await work<NotifyJob>(b, QUEUES.notify, { pollingIntervalSeconds: 1, batchSize: 200 }, async (jobs) => {
      await notifyJobs(ctx, b, jobs);
    });
    // Whatever was fed while no worker ran.
    await b.send(QUEUES.match, {});
  },
  async everyMinute(b) {
    await drainSteps(ctx, b, renderPackage);
    // Records from a hospital the patient never chose (held.ts), kept unlinked until then.
    await purgeUnlinkedRecords(ctx.db, ctx.clock.now());
    // The feed's refused records, kept 90 days for the console (rejections.ts).
    await purgeRejections(ctx.db, ctx.clock.now());
    // Claims closed more than three years ago, with their history, delivery and files (retention.ts).
    await purgeClosedClaims(ctx, ctx.clock.now());
    // The dashboard's day counts take in the minute's changes (counts.ts).
    await foldDayCounts(ctx.db);
    // Names and birth dates of records from before their lookup hashes (migration 0039), a few batches a minute.
    await hashRecordPersons(ctx);
  },
});

export interface ClaimEngine {
  /** The jobs runtime's start (src/jobs/): installs pg-boss; with workers, also runs every module's workers and the
   * minute tick. Idempotent. */
  start(opts?: { workers?: boolean }): Promise<void>;
  /** The jobs runtime's stop. */
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

/** The least time between two wake-up jobs of one process. */
const WAKE_GAP_MS = 100;

/** The engine as the app sees it, on the jobs runtime (`jobs`) that carries its queues. */
export function createClaimEngine(ctx: AppContext, jobs: JobRuntime): ClaimEngine {
  // At most one wake-up job a WAKE_GAP_MS: a kick inside the gap after a send is covered by one more send at the gap's
  // end (its commit came before that send). A busy feed wakes the match worker ten times a second, not once per call,
  // and the worker matches everything pending whichever job woke it (docs/performance.md, "The FHIR feed").
  let lastWake = -Infinity;
  let trailing: NodeJS.Timeout | undefined;
  const wake = async () => {
    lastWake = performance.now();
    if (jobs.boss) await jobs.boss.send(QUEUES.match, {});
  };
  const engine: ClaimEngine = {
    get started() {
      return jobs.started;
    },
    start: (opts) => jobs.start(opts),
    stop: () => {
      clearTimeout(trailing);
      trailing = undefined;
      return jobs.stop();
    },
    async kick() {
      // A web process starts the runtime without workers: the job it sends wakes a worker process.
      if (!jobs.boss) return;
      const wait = lastWake + WAKE_GAP_MS - performance.now();
      if (wait <= 0 && !trailing) return wake();
      trailing ??= setTimeout(
        () => {
          trailing = undefined;
          // A send that fails (the runtime stopping) is the next kick's or the minute tick's to make up.
          wake().catch(() => undefined);
        },
        Math.max(0, wait),
      ).unref();
    },
    failedNotifications: (opts) => failedNotifications(claimsDb(ctx), opts),
    async retryNotification(jobId) {
      const failed = (await failedNotifications(claimsDb(ctx), { jobId })).total > 0;
      if (!failed) return false;
      if (!jobs.boss) await jobs.start();
      await jobs.boss!.retry(QUEUES.notify, jobId);
      return true;
    },
    queueReachable: () => jobs.reachable(),
    matchBatch: (limit) => matchBatch(ctx, jobs.boss, limit),
    deliverBatch: (limit) => deliverBatch(ctx, jobs.boss, renderPackage, limit),
    followUpBatch: (limit) => followUpBatch(ctx, jobs.boss, limit),
    notifyQueued: (limit) => notifyQueued(ctx, jobs.boss, limit),
    async drain() {
      const documents = await documentsSweep(ctx, Infinity);
      const { matched, delivered, followedUp } = await drainSteps(ctx, jobs.boss, renderPackage);
      let notified = 0;
      for (let n; (n = await notifyQueued(ctx, jobs.boss)) > 0;) notified += n;
      return { documents, matched, delivered, followedUp, notified };
    },
  };
  return engine;
}
