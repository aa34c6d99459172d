// The console's view of a claim's payout (docs/payout-rules.md): the estimate and its reckoning, the insurer's answer
// beside it, and the insurer's per-line adjudication as it sent it.
import { z } from 'zod';
import { adjudicationItem } from '../claims.js';
import { pathParam } from '../paths.js';
import { claimPayout } from '../treats.js';

export const OPS_PAYOUT_API = {
  /** GET: the claim's estimate, the comparison and the adjudication (operator). */
  claimPayout: (claimId: number | string) => `/api/admin/claims/${pathParam('claimId', claimId)}/payout`,
} as const;

export const operatorClaimPayout = claimPayout.extend({
  claimId: z.number().int(),
  /** The insurer's items as it sent them; null: it sent none. */
  adjudication: z.array(adjudicationItem).nullable(),
});
export type OperatorClaimPayout = z.infer<typeof operatorClaimPayout>;
