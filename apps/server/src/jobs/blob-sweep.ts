// The daily orphan sweep of the blob store (ADR 0006; docs/architecture.md, "Blobs"): a blob that no owner's row names
// is deleted once it is older than the grace period. Every module that keeps files in the store answers for its own
// rows here (its index.ts's `namedBlobs`); one left out of OWNERS would see its files swept, so a new owner goes in
// that list with its first blob.
import type PgBoss from 'pg-boss';
import { sweepOrphans, type SweepResult } from '../blobs/index.js';
import type { AppContext } from '../context.js';
import type { Handle } from '../db/handle.js';
import { namedBlobs as claimBlobs } from '../modules/claims/index.js';
import { namedBlobs as hospitalDocumentBlobs } from '../modules/docrequests/index.js';
import { namedBlobs as relationBlobs } from '../modules/guardians/index.js';
import { namedBlobs as subscriptionBlobs } from '../modules/subscriptions/index.js';
import { namedBlobs as treatBlobs } from '../modules/treats/index.js';
import { work, type JobModule } from './runtime.js';

/** Every owner of blobs: of these ids, the ones its rows name. */
const OWNERS: ((handle: Handle, blobIds: string[]) => Promise<ReadonlySet<string>>)[] = [
  subscriptionBlobs,
  claimBlobs,
  treatBlobs,
  relationBlobs,
  hospitalDocumentBlobs,
];

/**
 * Longer than any transaction that puts a blob before its row commits (an enrolment, the move of old rows' files):
 * a day, so that a blob whose row is still on its way is never taken for an orphan.
 */
export const SWEEP_GRACE_MS = 24 * 60 * 60_000;

export const BLOB_SWEEP_QUEUE = 'blobs.sweep';

const SWEEP: PgBoss.Queue = { name: BLOB_SWEEP_QUEUE, policy: 'stately', retryLimit: 2, expireInSeconds: 3600 };

/** One sweep; `now` is the wall clock the store's write times are in (not the app's clock). */
export async function sweepBlobs(
  ctx: Pick<AppContext, 'db' | 'blobs'>,
  opts: { now?: Date; graceMs?: number; dryRun?: boolean } = {},
): Promise<SweepResult> {
  const { now = new Date(), graceMs = SWEEP_GRACE_MS, dryRun } = opts;
  return sweepOrphans(ctx.blobs, {
    async named(blobIds) {
      const sets = await Promise.all(OWNERS.map((named) => named(ctx.db, blobIds)));
      return new Set(sets.flatMap((s) => [...s]));
    },
    writtenBefore: new Date(now.getTime() - graceMs),
    dryRun,
  });
}

/** Once a day, at 04:17 KST (19:17 UTC), in one worker (a stately queue holds one at a time). */
export const blobSweepJobs = (ctx: AppContext): JobModule => ({
  queues: [SWEEP],
  async workers(boss) {
    await work(boss, BLOB_SWEEP_QUEUE, {}, async () => {
      const r = await sweepBlobs(ctx);
      ctx.log.info({ ...r }, 'blob store swept for orphans');
    });
    await boss.schedule(BLOB_SWEEP_QUEUE, '17 19 * * *');
  },
});
