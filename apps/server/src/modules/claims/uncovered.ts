// Her rule "비급여는 보내기 전에 물어봐 주세요" (README "Her rules for what is sent"): whether a visit's 비급여 is worth
// claiming, in one place. The figures (what the claim would pay by her policy's rules, what claiming its 비급여 may
// add to next year's premium under the 4세대 비급여 할증) are the contract's payout rules' (payout-rules.ts); this
// file only turns them into the question's default and its two figures.
import type { VisitType } from './tables.js';

/** Her policy's generation, as the subscription records it (null: not known yet). */
export type PolicyGeneration = string | null;

export interface UncoveredAdvice {
  /** What the claim would pay for this visit (원), an estimate. */
  expectedPayout: number;
  /** What claiming its 비급여 may add to her next year's premium (원), an estimate; 0 outside 4세대. */
  premiumEffect: number;
  /** Her policy's default: ask first, because claiming would cost more next year than it pays now. */
  askByDefault: boolean;
}

/**
 * Until the payout rules are in the contract: the 4세대 outpatient 비급여 공제 (the larger of 30,000원 and 30 %) and the
 * discount a year without 비급여 benefit keeps, as a flat amount. Replaced by estimatePayout and
 * nonCoveredPremiumEffect (payout-rules.ts).
 */
const GEN4_UNCOVERED_DEDUCTIBLE = 30_000;
const GEN4_UNCOVERED_COPAY_RATE = 0.3;
const GEN4_NO_CLAIM_DISCOUNT = 12_000;

export function adviseUncovered(v: {
  generation: PolicyGeneration;
  visitType: VisitType;
  coveredCopay: number;
  uncovered: number;
}): UncoveredAdvice {
  if (v.uncovered <= 0) return { expectedPayout: 0, premiumEffect: 0, askByDefault: false };
  const fourth = v.generation === '4';
  const deductible = Math.max(GEN4_UNCOVERED_DEDUCTIBLE, Math.ceil(v.uncovered * GEN4_UNCOVERED_COPAY_RATE));
  const expectedPayout = Math.max(0, v.uncovered - deductible);
  const premiumEffect = fourth && expectedPayout > 0 ? GEN4_NO_CLAIM_DISCOUNT : 0;
  return { expectedPayout, premiumEffect, askByDefault: fourth && premiumEffect > expectedPayout };
}
