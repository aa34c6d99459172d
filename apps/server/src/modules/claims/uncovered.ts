// Her rule "비급여는 보내기 전에 물어봐 주세요" (README "Her rules for what is sent"): whether a visit's 비급여 is worth
// claiming, in one place. The figures are the contract's payout rules' (payout-rules.ts, docs/payout-rules.md): what
// her generation's rules pay of the visit's 비급여 (estimatePayout), and what that benefit would add to next year's
// premium under the 4세대 비급여 할인·할증 steps (nonCoveredPremiumEffect); this file only turns them into the
// question's default and its two figures.
import {
  PAYOUT_RULES,
  careSettingOf,
  estimatePayout,
  nonCoveredPremiumEffect,
  type PolicyGeneration,
} from '@auto-claim/contract';
import type { Handle } from '../../db/handle.js';
import { policyGenerationsOf } from '../subscriptions/index.js';
import type { VisitType } from './tables.js';

export interface UncoveredAdvice {
  /** What claiming the visit's 비급여 would pay (원), an estimate by her generation's rules. */
  expectedPayout: number;
  /** What that would add to her next year's premium (원), an estimate; 0 where her generation has no such steps. */
  premiumEffect: number;
  /** Her policy's default: ask first, because claiming would cost more next year than it pays now. */
  askByDefault: boolean;
}

/**
 * The advice for one visit. `generation` null (not known yet): the 4세대 rules, whose deductible is the highest, give
 * what it would pay, no premium effect is claimed and nothing is asked by default (only her own rule asks). `paidBefore`: the 비급여 benefit
 * already paid in the year that counts (0: this would be the first, the case that loses the discount). `hospitalType`:
 * the hospital's 종별, for the care setting ('' reads an outpatient visit as a clinic's).
 */
export function adviseUncovered(v: {
  generation: PolicyGeneration | null;
  visitType: VisitType;
  coveredCopay: number;
  uncovered: number;
  paidBefore?: number;
  hospitalType?: string;
}): UncoveredAdvice {
  if (v.uncovered <= 0) return { expectedPayout: 0, premiumEffect: 0, askByDefault: false };
  const rules = PAYOUT_RULES[v.generation ?? 'gen4'];
  const estimate = estimatePayout(
    { coveredCopay: v.coveredCopay, uncovered: v.uncovered },
    rules,
    careSettingOf(v.hospitalType ?? '', v.visitType),
  );
  if (!rules.nonCoveredPremiumSteps || v.generation === null) {
    return { expectedPayout: estimate.nonCoveredBenefit, premiumEffect: 0, askByDefault: false };
  }
  const effect = nonCoveredPremiumEffect({ paidBefore: v.paidBefore ?? 0, benefit: estimate.nonCoveredBenefit });
  return {
    expectedPayout: estimate.nonCoveredBenefit,
    premiumEffect: Math.max(0, effect.yearlyPremiumRise),
    askByDefault: !effect.worthClaiming && effect.yearlyPremiumRise > 0,
  };
}

/**
 * Her policy's generation for each subscription, as the advice reads it: the one place it is asked. A subscription
 * whose insurers are of several generations is advised as its 4세대 one when it has one (that policy's premium is the
 * one a 비급여 claim moves), else as any one known. The generation is kept per insurer contract
 * (subscription_insurer.policy_generation, read through the subscriptions module's policyGenerationsOf); none known:
 * only her own rule asks.
 */
export async function generationsOf(
  handle: Handle,
  insuApplyIds: readonly string[],
): Promise<Map<string, PolicyGeneration | null>> {
  const known = await policyGenerationsOf(
    handle,
    insuApplyIds.map((insuApplyId) => ({ insuApplyId, insuCompCd: '' })),
  );
  const out = new Map<string, PolicyGeneration | null>();
  for (const id of insuApplyIds) {
    const mine = [...known].filter(([key]) => key.startsWith(`${id}:`)).map(([, g]) => g);
    out.set(id, mine.includes('gen4') ? 'gen4' : (mine[0] ?? null));
  }
  return out;
}
