// Payout: the tables the payout module owns (docs/architecture.md, table ownership; migration 0062).
import type { CareSetting, PolicyGeneration } from '@auto-claim/contract';
import type { AdjudicationItem, PayoutEstimate } from '@auto-claim/contract';
import type { Kysely } from 'kysely';
import { own, type Handed } from '../../db/handle.js';

export interface PayoutTables {
  payoutEstimate: PayoutEstimateTable;
  payoutAdjudication: PayoutAdjudicationTable;
}

/** The handle payout code queries with: another owner's table does not compile. */
export type PayoutDb = Kysely<PayoutTables>;

/** The payout code's view of the context's connection (or of a handle handed over): its own tables only. */
export const payoutDb = (from: Handed): PayoutDb => own<PayoutTables>(from);

/**
 * A claim's estimate: made from its visits and her generation's rules when first shown, made again while the claim
 * waits if her generation changes, kept as it was once the insurer answered (the claim paid or rejected).
 */
export interface PayoutEstimateTable {
  /** The claims module's claim (on delete cascade: its retention purge takes this row too). */
  claimId: number;
  policyGeneration: PolicyGeneration;
  careSetting: CareSetting;
  amount: number;
  /** The contract's PayoutEstimate, as reckoned (amounts and the names of lines left out; no person). */
  detail: PayoutEstimate;
  madeAt: Date;
  /** When the insurer's answer reached us (the estimate as it then stood is the one set beside the answer). */
  answeredAt: Date | null;
}

/** The insurer's per-line adjudication of a paid or rejected claim (FHIR ClaimResponse.item), the latest answer's. */
export interface PayoutAdjudicationTable {
  claimId: number;
  insuCompCd: string;
  eventId: string;
  items: AdjudicationItem[];
  receivedAt: Date;
}
