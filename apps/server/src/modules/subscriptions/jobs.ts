// The subscriptions' background work, registered with the jobs runtime (src/jobs/) through index.ts: the signed
// documents' queue and, every minute, the documents whose job was lost, the subscriptions past their keeping and the
// move of old rows' files to the blob store.
import type PgBoss from 'pg-boss';
import type { AppContext } from '../../context.js';
import { work, type JobModule } from '../../jobs/runtime.js';
import { purgeDue } from './repo.js';
import { DOCUMENTS_QUEUE, makeDocuments, pendingDocuments } from './documents.js';
import { deleteFiles, legacyFilesLeft, moveLegacyFiles } from './files.js';
import { hashGuardians, hashSubscriptionPhones } from './person-lookup.js';
import { adultNotices } from './child-notices.js';
import { purgeExpiredDrafts } from './drafts.js';
import { purgeSpentHandoffs } from './desk.js';

/** A subscription's signed documents (documents.ts, makeDocuments): idempotent, so retried freely. */
const DOCUMENTS: PgBoss.Queue = {
  name: DOCUMENTS_QUEUE,
  policy: 'standard',
  retryLimit: 5,
  retryDelay: 5,
  retryBackoff: true,
  expireInSeconds: 120,
};

/**
 * Subscriptions whose signed documents are not made yet (their job lost, or sent before the runtime started), a
 * batch at a time; one that fails is logged and left for its job's retries and the next tick.
 */
export async function documentsSweep(ctx: AppContext, batches = 1): Promise<number> {
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
}

/** The child case's daily notices of a child turning 19 (child-notices.ts): one run at a time. */
export const ADULT_NOTICES_QUEUE = 'subscriptions.adultNotices';
const ADULT_NOTICES: PgBoss.Queue = {
  name: ADULT_NOTICES_QUEUE,
  policy: 'stately',
  retryLimit: 3,
  retryDelay: 600,
  expireInSeconds: 1800,
};

export const subscriptionJobs = (ctx: AppContext): JobModule => ({
  queues: [DOCUMENTS, ADULT_NOTICES],
  async workers(boss) {
    await work<{ insuApplyId: string }>(
      boss,
      DOCUMENTS_QUEUE,
      { pollingIntervalSeconds: 0.5, batchSize: 4 },
      async (jobs) => {
        await Promise.all(jobs.map((j) => makeDocuments(ctx, j.data.insuApplyId)));
      },
    );
    await work(boss, ADULT_NOTICES_QUEUE, {}, async () => {
      const told = await adultNotices(ctx);
      ctx.log.info({ told }, 'children turning 19: guardians told');
    });
    // Daily at 10:00 KST (01:00 UTC), inside the hours patients' messages go out (NOTICE_HOURS_KST).
    await boss.schedule(ADULT_NOTICES_QUEUE, '0 1 * * *');
  },
  async everyMinute() {
    await documentsSweep(ctx);
    // Phones of subscriptions from before their lookup hash (migration 0039), a few batches a minute.
    await hashSubscriptionPhones(ctx);
    // Guardians of children enrolled before theirs (migration 0058).
    await hashGuardians(ctx);
  },
});

/**
 * Cancelled subscriptions whose keeping period ended are deleted, their files after them; after the claim engine's
 * minute (jobs/index.ts). Then a few batches of files still in rows written before the blob store (files.ts).
 */
export const subscriptionPurgeJobs = (ctx: AppContext): JobModule => ({
  async everyMinute() {
    await deleteFiles(ctx, await purgeDue(ctx.db, ctx.clock.now()));
    // Enrolment drafts past their 24 hours (drafts.ts).
    await purgeExpiredDrafts(ctx.db, ctx.clock.now());
    // Desk handoffs no subscription came through, a day past their expiry (desk.ts).
    await purgeSpentHandoffs(ctx.db, ctx.clock.now());
    await moveFilesTick(ctx);
  },
});

/** The move of files out of old rows, a few batches a minute; says in the log how many are left while any are. */
export async function moveFilesTick(ctx: AppContext) {
  try {
    const r = await moveLegacyFiles(ctx);
    if (r.moved || r.unreadable) {
      ctx.log.info({ ...r, left: await legacyFilesLeft(ctx.db) }, 'subscription files moved to the blob store');
    }
  } catch (err) {
    ctx.log.error({ err }, 'subscription files not moved to the blob store; tried again next minute');
  }
}
