// Fax follow-up: a fax is accepted by its gateway first (delivery 'awaiting', the receipt number in external_ref) and
// its outcome arrives minutes later. Due awaiting deliveries → the provider's outcomeOf → delivered: sent (the claim
// reached the insurer); failed and worth retrying: pending again with backoff (the next send is a new fax, counted);
// failed for good, too many attempts, or no outcome for a day: dead, a letter operators see. One transaction per
// batch, rows taken FOR UPDATE SKIP LOCKED like every step, so a crash leaves each delivery awaiting or decided.
import { sql } from 'kysely';
import type PgBoss from 'pg-boss';
import { MAX_DELIVERY_ATTEMPTS } from '@auto-claim/contract';
import type { AppContext } from '../../context.js';
import type { FaxOutcome } from '../../providers/delivery/types.js';
import { mapLimited } from '../../providers/delivery/map-limited.js';
import { logDelivered, recordAttempts, setStatus } from './deliver.js';
import { QUEUES } from './jobs.js';
import { faxOutcomePollMs } from './common.js';
import { FAX_OUTCOME_GIVE_UP_MS, retryDelayMs } from './rules.js';
import { claimsDb, claimsTransaction } from './tables.js';

/** Awaiting deliveries asked about per transaction (each is one call to the gateway). */
export const FOLLOW_UP_BATCH = 100;

const NO_OUTCOME = '팩스 전송 결과를 24시간 동안 받지 못했어요';

export async function followUpBatch(
  ctx: AppContext,
  boss: PgBoss | undefined,
  limit = FOLLOW_UP_BATCH,
): Promise<number> {
  const now = ctx.clock.now();
  const retries: Date[] = [];
  const count = await claimsTransaction(ctx).execute(async (tx) => {
    const due = await tx
      .selectFrom('claimDelivery as d')
      .innerJoin('claim as c', 'c.id', 'd.claimId')
      .select(['d.id', 'd.claimId', 'd.insuCompCd', 'd.channel', 'd.externalRef', 'd.attempts', 'd.sentAt', 'c.ciHmac'])
      .where('d.status', '=', 'awaiting')
      .where('d.nextAttemptAt', '<=', now)
      .orderBy('d.nextAttemptAt')
      .orderBy('d.id')
      .limit(limit)
      .forUpdate('d')
      .skipLocked()
      .execute();
    if (due.length === 0) return 0;

    const provider = ctx.providers.delivery;
    const outcomes = await mapLimited(due, 8, async (d): Promise<FaxOutcome> => {
      if (!provider.outcomeOf || !d.externalRef) return { state: 'pending' };
      try {
        return await provider.outcomeOf({ channel: d.channel, externalRef: d.externalRef });
      } catch (e) {
        // Not knowing is not a failure of the fax: ask again next time.
        ctx.log.warn({ err: e, insuCompCd: d.insuCompCd }, 'fax outcome could not be read; asked again later');
        return { state: 'pending' };
      }
    });

    const delivered: typeof due = [];
    const waiting: number[] = [];
    // known: the gateway said the fax failed (the next send is a new fax); otherwise we never heard, and a resend keeps
    // the same request number, so a gateway that did send it keeps one.
    const failed: { id: number; claimId: number; error: string; dead: boolean; next: Date; known: boolean }[] = [];
    due.forEach((d, i) => {
      const o = outcomes[i]!;
      if (o.state === 'delivered') delivered.push(d);
      else if (o.state === 'failed') {
        const dead = !o.retryable || d.attempts >= MAX_DELIVERY_ATTEMPTS;
        const next = new Date(now.getTime() + retryDelayMs(d.attempts));
        failed.push({ id: d.id, claimId: d.claimId, error: o.error.slice(0, 500), dead, next, known: true });
        if (!dead) retries.push(next);
      } else if (d.sentAt && now.getTime() - new Date(d.sentAt).getTime() >= FAX_OUTCOME_GIVE_UP_MS) {
        // Sending it again could fax it twice: an operator looks at it instead.
        failed.push({ id: d.id, claimId: d.claimId, error: NO_OUTCOME, dead: true, next: now, known: false });
      } else waiting.push(d.id);
    });

    await recordAttempts(
      tx,
      [
        ...delivered.map((d) => ({
          deliveryId: d.id,
          claimId: d.claimId,
          attempt: d.attempts,
          channel: d.channel,
          outcome: 'delivered' as const,
          externalRef: d.externalRef,
        })),
        ...failed.map((f) => {
          const d = due.find((x) => x.id === f.id)!;
          return {
            deliveryId: f.id,
            claimId: f.claimId,
            attempt: d.attempts,
            channel: d.channel,
            outcome: f.dead ? ('dead' as const) : ('failed' as const),
            error: f.error,
            externalRef: d.externalRef,
          };
        }),
      ],
      now,
    );
    if (delivered.length) {
      await tx
        .updateTable('claimDelivery')
        .set({ status: 'sent', sentAt: now, lastError: null })
        .where(
          'id',
          'in',
          delivered.map((d) => d.id),
        )
        .execute();
      await logDelivered(
        tx,
        delivered.map((d) => ({ ...d, ref: d.externalRef })),
        now,
      );
    }
    if (waiting.length) {
      await tx
        .updateTable('claimDelivery')
        .set({ nextAttemptAt: new Date(now.getTime() + faxOutcomePollMs(ctx)) })
        .where('id', 'in', waiting)
        .execute();
    }
    if (failed.length) {
      await sql`
        update claim_delivery as d
        set status = case when v.dead then 'dead' else 'pending' end,
            dead_at = case when v.dead then ${now}::timestamptz else d.dead_at end,
            failed_outcomes = d.failed_outcomes + case when v.known then 1 else 0 end,
            last_error = v.error, next_attempt_at = v.next
        from (select unnest(${failed.map((f) => f.id)}::bigint[]) as id,
                     unnest(${failed.map((f) => f.error)}::text[]) as error,
                     unnest(${failed.map((f) => f.dead)}::boolean[]) as dead,
                     unnest(${failed.map((f) => f.next)}::timestamptz[]) as next,
                     unnest(${failed.map((f) => f.known)}::boolean[]) as known) as v
        where d.id = v.id`.execute(tx);
    }
    // The claim was 'claimed' while its fax waited: it is sent now, failed when dead, and stays claimed for a retry.
    await setStatus(
      tx,
      [
        ...delivered.map((d) => ({ claimId: d.claimId, status: 'sent' as const, reason: null })),
        ...failed.flatMap((f) => (f.dead ? [{ claimId: f.claimId, status: 'failed' as const, reason: f.error }] : [])),
      ],
      'engine',
      now,
    );
    return due.length;
  });
  if (boss && retries.length) {
    const at = new Date(Math.min(...retries.map((d) => d.getTime())));
    await boss.send(QUEUES.deliver, {}, { startAfter: at, singletonKey: `at:${at.toISOString()}` });
  }
  return count;
}

/**
 * Wakes the follow-up again when the next awaiting fax is due, so its outcome is asked about on time and not only on
 * the minute tick (the poll may be shorter than a minute). Called after each follow-up job; one such wake-up is queued
 * at a time (the queue is stately, keyed 'waiting'), so the chain never multiplies, and it ends when nothing awaits.
 */
export async function wakeForNextFollowUp(ctx: AppContext, boss: PgBoss) {
  const next = await claimsDb(ctx)
    .selectFrom('claimDelivery')
    .select((eb) => eb.fn.min('nextAttemptAt').as('at'))
    .where('status', '=', 'awaiting')
    .executeTakeFirst();
  if (!next?.at) return;
  // Not sooner than a second: a fax due now but locked by another worker's batch is not asked about in a tight loop.
  const at = Math.max(new Date(next.at).getTime(), Date.now() + 1000);
  await boss.send(QUEUES.followUp, {}, { startAfter: new Date(at), singletonKey: 'waiting' });
}
