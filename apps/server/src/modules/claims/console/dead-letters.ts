// The dead letters the console deals with (README "Operator console"): claims the engine gave up sending and patient
// messages that failed every retry, each sent again or closed with a note and answered alone; every change is written
// to the operators' record in the same transaction (modules/audit).
import type { BulkAnswer, CursorPage, DeadLetterRow, JobBulkAnswer } from '@auto-claim/contract/ops';
import type { z } from 'zod';
import type { deadLettersQuery } from '@auto-claim/contract/ops';
import { sql } from 'kysely';
import type { AppContext } from '../../../context.js';
import { keysetPage } from '../../../db/page.js';
import { AppError, notFound } from '../../../http/problem.js';
import { recordOperatorAction } from '../../audit/index.js';
import { retryDeadLetter, type By } from './actions.js';
import type { ClaimEngine } from '../engine.js';
import { claimsTransaction, claimsDb } from '../tables.js';
import { maskedPatients, namesOf } from './patients.js';

const iso = (d: Date | string) => new Date(d).toISOString();
const NOT_FOUND = () => notFound('청구를 찾을 수 없어요.', 'CLAIM_NOT_FOUND');

// Each sort on a key of the delivery, so that a page walks one of its partial indexes (migration 0035) and joins only
// the rows it shows: sorting by the claim's updated_at read the whole claim table.
const DEAD_SORT = { failedAt: 'd.deadAt', claimId: 'd.claimId', attempts: 'd.attempts' } as const;

/**
 * The claims' dead letters: those still to deal with by default, or those closed with a note. The page and its
 * capped count read claim_delivery alone, on one of its partial indexes of dead deliveries (migration 0035); the
 * claim and record of the page's rows are looked up after (a join in the paged query let the planner walk the claim
 * table's index in step with the deliveries').
 */
export async function deadLetterPage(
  ctx: AppContext,
  q: z.output<typeof deadLettersQuery>,
): Promise<CursorPage<DeadLetterRow>> {
  let base = claimsDb(ctx).selectFrom('claimDelivery as d').where('d.status', '=', 'dead');
  if (q.handled === 'false') base = base.where('d.handledAt', 'is', null);
  if (q.handled === 'true') base = base.where('d.handledAt', 'is not', null);
  if (q.insuCompCd) base = base.where('d.insuCompCd', '=', q.insuCompCd);
  const { rows, ...page } = await keysetPage(
    ctx.db,
    base.select([
      'd.claimId',
      'd.insuCompCd',
      'd.channel',
      'd.attempts',
      'd.lastError',
      'd.handledAt',
      'd.handledBy',
      'd.handledNote',
      'd.deadAt',
    ]),
    q,
    { by: DEAD_SORT[q.sort ?? 'failedAt'], id: 'd.id' },
  );
  const claims = rows.length
    ? await claimsDb(ctx)
        .selectFrom('claim as c')
        .innerJoin('treatmentRecord as r', 'r.id', 'c.recordId')
        .select(['c.id', 'c.updatedAt', 'c.insuApplyId', 'c.hospitalCd', 'r.personEnc'])
        .where(
          'c.id',
          'in',
          rows.map((r) => r.claimId),
        )
        .execute()
    : [];
  const claimOf = new Map(claims.map((c) => [Number(c.id), c]));
  const joined = rows.map((r) => ({ ...r, claim: claimOf.get(Number(r.claimId))! }));
  const names = await namesOf(
    ctx.db,
    [],
    rows.map((r) => r.insuCompCd),
  );
  const patients = await maskedPatients(
    ctx,
    joined.map((r) => r.claim),
  );
  return {
    ...page,
    list: joined.map((r, i) => ({
      claimId: Number(r.claimId),
      insuCompCd: r.insuCompCd,
      insuCompNm: names.insurer.get(r.insuCompCd) ?? null,
      hospitalCd: r.claim.hospitalCd,
      channel: r.channel,
      attempts: r.attempts,
      lastError: r.lastError,
      failedAt: iso(r.deadAt ?? r.claim.updatedAt),
      patient: patients[i]!.patient,
      handled: r.handledAt && r.handledBy ? { at: iso(r.handledAt), by: r.handledBy, note: r.handledNote ?? '' } : null,
    })),
  };
}

/** Each id answered alone: one that cannot be retried says why, and the others go on. */
async function eachOf(ids: number[], act: (id: number) => Promise<void>): Promise<BulkAnswer> {
  const results: BulkAnswer['results'] = [];
  for (const claimId of [...new Set(ids)]) {
    try {
      await act(claimId);
      results.push({ claimId, ok: true, code: null, detail: null });
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      results.push({ claimId, ok: false, code: e.code, detail: e.detail });
    }
  }
  return { results };
}

export const retryMany = (ctx: AppContext, ids: number[], by: By) => eachOf(ids, (id) => retryDeadLetter(ctx, id, by));

/** Closes dead letters with a note: they leave the list and stay findable (handled=true); a retry reopens them. */
export const markHandled = (ctx: AppContext, ids: number[], note: string, by: By) =>
  eachOf(ids, async (claimId) => {
    const now = ctx.clock.now();
    await claimsTransaction(ctx).execute(async (tx) => {
      const d = await tx
        .updateTable('claimDelivery')
        .set({ handledAt: now, handledBy: by.loginId, handledNote: note })
        .where('claimId', '=', claimId)
        .where('status', '=', 'dead')
        .where('handledAt', 'is', null)
        .returning(['claimId'])
        .executeTakeFirst();
      if (!d) {
        const c = await tx
          .selectFrom('claim as c')
          .leftJoin('claimDelivery as d', 'd.claimId', 'c.id')
          .select(['d.status', 'd.handledAt'])
          .where('c.id', '=', claimId)
          .executeTakeFirst();
        if (!c) throw NOT_FOUND();
        if (c.status === 'dead') throw new AppError('DEAD_LETTER_HANDLED', '이미 처리 완료로 표시한 청구예요.');
        throw new AppError('CLAIM_NOT_DEAD', '보내지 못한 청구만 처리 완료로 표시할 수 있어요.');
      }
      const c = await tx.selectFrom('claim').select('ciHmac').where('id', '=', claimId).executeTakeFirstOrThrow();
      await recordOperatorAction(
        tx,
        { ...by, action: 'dead_letter_handled', ciHmac: c.ciHmac, claimId, detail: note },
        now,
      );
    });
  });

/** A failed patient message sent again, in the operators' record; false when it is not one that failed every retry. */
export async function retryNotification(ctx: AppContext, engine: ClaimEngine, jobId: string, by: By) {
  if (!(await engine.retryNotification(jobId))) return false;
  await recordOperatorAction(ctx.db, { ...by, action: 'notification_retried', target: jobId }, ctx.clock.now());
  return true;
}

/** Failed patient messages sent again, each answered. */
export async function retryNotifications(
  ctx: AppContext,
  engine: ClaimEngine,
  jobIds: string[],
  by: By,
): Promise<JobBulkAnswer> {
  const results: JobBulkAnswer['results'] = [];
  for (const jobId of [...new Set(jobIds)]) {
    if (!(await retryNotification(ctx, engine, jobId, by))) {
      results.push({
        jobId,
        ok: false,
        code: 'NOTIFICATION_NOT_DEAD',
        detail: '끝내 보내지 못한 알림만 다시 보낼 수 있어요.',
      });
      continue;
    }
    results.push({ jobId, ok: true, code: null, detail: null });
  }
  return { results };
}

/** Failed patient messages closed with a note, for this failure only: one that fails again after a retry is new. */
export async function markNotificationsHandled(
  ctx: AppContext,
  engine: ClaimEngine,
  jobIds: string[],
  note: string,
  by: By,
): Promise<JobBulkAnswer> {
  const results: JobBulkAnswer['results'] = [];
  for (const jobId of [...new Set(jobIds)]) {
    const [failed] = (await engine.failedNotifications({ jobId })).list;
    if (!failed) {
      results.push({
        jobId,
        ok: false,
        code: 'NOTIFICATION_NOT_DEAD',
        detail: '끝내 보내지 못한 알림만 처리 완료로 표시할 수 있어요.',
      });
      continue;
    }
    if (failed.handled) {
      results.push({ jobId, ok: false, code: 'DEAD_LETTER_HANDLED', detail: '이미 처리 완료로 표시한 알림이에요.' });
      continue;
    }
    const now = ctx.clock.now();
    await claimsTransaction(ctx).execute(async (tx) => {
      // The job's own completed_on, to the microsecond (a JavaScript date would lose them and never match again).
      await sql`insert into notification_handled (job_id, failed_at, note, handled_by, handled_at)
        select id::text, completed_on, ${note}, ${by.loginId}, ${now} from pgboss.job where id = ${jobId}::uuid
        on conflict (job_id) do update set failed_at = excluded.failed_at, note = excluded.note,
          handled_by = excluded.handled_by, handled_at = excluded.handled_at`.execute(tx);
      await recordOperatorAction(
        tx,
        { ...by, action: 'dead_letter_handled', recordId: failed.recordId, target: jobId, detail: note },
        now,
      );
    });
    results.push({ jobId, ok: true, code: null, detail: null });
  }
  return { results };
}
