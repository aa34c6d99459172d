// One live subscription per insured resident number (subscription_live_rrn; README "Children: a guardian claims for a
// child", "Limits"): whoever is refused because another live subscription holds the insured person (a second
// guardian enrolling the same child, a guardian and the person herself) leaves a dispute for the operators, who decide
// whose subscription stays. Keeping the claimant's ends the holder's (end_reason dispute) and tells both; the claimant
// then enrols again (the refused call's photo and signature were never kept). One open row per RRN and claimant.
import type { z } from 'zod';
import { CANCELLED_PURGE_DAYS, maskName, type GuardianRel } from '@auto-claim/contract';
import type { InsuredDispute, insuredDisputesQuery } from '@auto-claim/contract/ops';
import type { AppContext } from '../../context.js';
import type { Handle } from '../../db/handle.js';
import { keysetPage } from '../../db/page.js';
import { AppError } from '../../http/problem.js';
import { childrenByIds } from './children.js';
import { personOf } from './person.js';
import { cancelIn } from './repo.js';
import { subscriptionsDb } from './tables.js';

/** Who was refused: the person herself, or a guardian for a child (encrypted in insured_dispute.claimant_enc). */
export interface DisputeClaimant {
  kind: 'self' | 'child';
  insuredNm: string;
  guardianNm: string | null;
  guardianRel: GuardianRel | null;
  /** Where to tell her the ruling. */
  userTel: string;
}

/** Writes the dispute (once while open); a failure here never hides the refusal the caller is about to answer. */
export async function recordDispute(
  ctx: AppContext,
  d: { rrnHmac: string; holderInsuApplyId: string; claimantCiHmac: string; claimant: DisputeClaimant },
) {
  try {
    await subscriptionsDb(ctx.db)
      .insertInto('insuredDispute')
      .values({
        rrnHmac: d.rrnHmac,
        holderInsuApplyId: d.holderInsuApplyId,
        claimantCiHmac: d.claimantCiHmac,
        claimantEnc: ctx.crypto.encryptJson(d.claimant),
        createdAt: ctx.clock.now(),
      })
      .onConflict((oc) => oc.columns(['rrnHmac', 'claimantCiHmac']).where('status', '=', 'open').doNothing())
      .execute();
  } catch (err) {
    ctx.log.warn({ reason: (err as Error).name }, 'a dispute over an insured person was not recorded');
  }
}

const DISPUTE_COLUMNS = [
  'd.id',
  'd.status',
  'd.holderInsuApplyId',
  'd.claimantEnc',
  'd.kept',
  'd.resolvedBy',
  'd.resolvedAt',
  'd.createdAt',
  's.personEnc',
  's.guardianEnc',
  's.createdAt as holderSince',
] as const;

const disputes = (handle: Handle) =>
  subscriptionsDb(handle)
    .selectFrom('insuredDispute as d')
    .innerJoin('subscription as s', 's.insuApplyId', 'd.holderInsuApplyId');

type DisputeRow = Awaited<ReturnType<ReturnType<ReturnType<typeof disputes>['select']>['executeTakeFirstOrThrow']>>;

async function toDisputes(ctx: AppContext, handle: Handle, rows: DisputeRow[]): Promise<InsuredDispute[]> {
  const children = await childrenByIds(
    ctx,
    handle,
    rows.map((r) => r.holderInsuApplyId as string),
  );
  return rows.map((r) => {
    const c = ctx.crypto.decryptJson<DisputeClaimant>(r.claimantEnc as string);
    const child = children.get(r.holderInsuApplyId as string);
    return {
      disputeId: Number(r.id),
      status: r.status as 'open' | 'resolved',
      holder: {
        kind: child ? 'child' : 'self',
        insuApplyId: r.holderInsuApplyId as string,
        insuredNmMasked: maskName(personOf(ctx, r.personEnc as string).userNm),
        guardianNmMasked: child ? maskName(child.guardian.userNm) : null,
        guardianRel: child?.guardianRel ?? null,
        relationStatus: child?.relationStatus ?? null,
        since: new Date(r.holderSince as Date).toISOString(),
      },
      claimant: {
        kind: c.kind,
        insuredNmMasked: maskName(c.insuredNm),
        guardianNmMasked: c.guardianNm ? maskName(c.guardianNm) : null,
        guardianRel: c.guardianRel,
      },
      createdAt: new Date(r.createdAt as Date).toISOString(),
      kept: (r.kept as 'holder' | 'claimant' | null) ?? null,
      resolvedAt: r.resolvedAt ? new Date(r.resolvedAt as Date).toISOString() : null,
      resolvedBy: (r.resolvedBy as string | null) ?? null,
    };
  });
}

/** A page of disputes by key (insured_dispute_list: status, created_at, id). */
export async function disputePage(ctx: AppContext, q: z.output<typeof insuredDisputesQuery>) {
  const { rows, ...page } = await keysetPage(
    ctx.db,
    disputes(ctx.db).where('d.status', '=', q.status).select(DISPUTE_COLUMNS),
    q,
    { by: 'd.createdAt', id: 'd.id' },
  );
  return { ...page, list: await toDisputes(ctx, ctx.db, rows as DisputeRow[]) };
}

export const DISPUTE_NOT_FOUND = () => new AppError('DISPUTE_NOT_FOUND', '그런 번호의 가입 분쟁이 없어요.');

/**
 * Resolves one open dispute in the caller's transaction: marks it, and answers what the caller needs to end the
 * holder's subscription (kept claimant) and to tell both. Already resolved: DISPUTE_RESOLVED.
 */
export async function markDisputeResolved(
  ctx: AppContext,
  handle: Handle,
  disputeId: number,
  kept: 'holder' | 'claimant',
  by: string,
  now: Date,
) {
  const db = subscriptionsDb(handle);
  const row = await db
    .selectFrom('insuredDispute')
    .select(['id', 'status', 'holderInsuApplyId', 'claimantEnc', 'claimantCiHmac'])
    .where('id', '=', disputeId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw DISPUTE_NOT_FOUND();
  if (row.status !== 'open')
    throw new AppError('DISPUTE_RESOLVED', '이미 처리한 가입 분쟁이에요. 화면을 새로 고쳐 주세요.');
  await db
    .updateTable('insuredDispute')
    .set({ status: 'resolved', kept, resolvedBy: by, resolvedAt: now })
    .where('id', '=', disputeId)
    .execute();
  return {
    holderInsuApplyId: row.holderInsuApplyId,
    claimantCiHmac: row.claimantCiHmac,
    claimant: ctx.crypto.decryptJson<DisputeClaimant>(row.claimantEnc),
  };
}

/** One dispute as the console shows it. */
export async function disputeById(ctx: AppContext, disputeId: number): Promise<InsuredDispute> {
  const row = await disputes(ctx.db).where('d.id', '=', disputeId).select(DISPUTE_COLUMNS).executeTakeFirst();
  if (!row) throw DISPUTE_NOT_FOUND();
  return (await toDisputes(ctx, ctx.db, [row as DisputeRow]))[0]!;
}

/** Ends the holder's subscription by an operator's ruling, in the caller's transaction; answers its files' blob ids. */
export const cancelForDispute = (_ctx: AppContext, handle: Handle, insuApplyId: string, now: Date) =>
  cancelIn(handle, insuApplyId, now, new Date(now.getTime() + CANCELLED_PURGE_DAYS * 86_400_000), 'dispute');
