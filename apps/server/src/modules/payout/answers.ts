// An insurer's answer, as the payout module keeps what it says of the amount (docs/providers/insurer-api.md,
// "Per-line adjudication"): its per-line adjudication, the generation of her contract when she did not know it, and the
// estimate as it stood, kept as the one set beside the answer. The claims module calls this through the port app.ts
// hands it (claims sits below payout), in the answer's own transaction.
import type { AdjudicationItem, InsurerAnswerBody } from '@auto-claim/contract';
import type { Handle } from '../../db/handle.js';
import { claimById } from '../claims/index.js';
import { fillPolicyGeneration } from '../subscriptions/index.js';
import { payoutsOf } from './estimates.js';
import { payoutDb } from './tables.js';

/** What the claims module hands over of an answer it applied. */
export interface PayoutAnswer {
  claimId: number;
  insuCompCd: string;
  eventId: string;
  answer: InsurerAnswerBody['answer'];
  items?: AdjudicationItem[];
  policyGeneration?: InsurerAnswerBody['policyGeneration'];
}

/** The port the claims module calls for every insurer answer it applied (in its transaction). */
export type AnswerPort = (tx: Handle, a: PayoutAnswer, now: Date) => Promise<void>;

export const recordPayoutAnswer: AnswerPort = async (tx, a, now) => {
  if (a.policyGeneration) {
    const claim = await claimById(tx, a.claimId);
    if (claim?.insuApplyId)
      await fillPolicyGeneration(tx, { insuApplyId: claim.insuApplyId, insuCompCd: a.insuCompCd }, a.policyGeneration);
  }
  if (a.items?.length) {
    const row = {
      claimId: a.claimId,
      insuCompCd: a.insuCompCd,
      eventId: a.eventId,
      items: JSON.stringify(a.items) as unknown as AdjudicationItem[],
      receivedAt: now,
    };
    await payoutDb(tx)
      .insertInto('payoutAdjudication')
      .values(row)
      .onConflict((oc) => oc.column('claimId').doUpdateSet({ eventId: row.eventId, items: row.items, receivedAt: now }))
      .execute();
  }
  // The estimate she could read before the answer is the one the answer is set beside: kept as final now.
  if (a.answer === 'paid' || a.answer === 'rejected')
    await payoutsOf(tx, [a.claimId], now, { answeredNow: new Set([a.claimId]) });
};
