// A hospital's month (README "Hospital users"): its counts from the claim engine's day rollup and the intake's refusal
// index, its records and refused bundles a page at a time, and the same records as the month's CSV.
import { HELD_OUTCOMES, type RecordOutcome } from '@auto-claim/contract';
import { portalOutcomeOf, refusalRuleNm, type HospitalMonth, type PortalRefusal } from '@auto-claim/contract/ops';
import type { AppContext } from '../../context.js';
import type { KeysetPaging } from '../../db/page.js';
import { hospitalMonthCounts, monthBounds } from '../claims/index.js';
import { refusalCount, refusalPage } from '../intake/index.js';
import { hospitalsByCode } from '../reference/index.js';

/** The smallest value at or above the fraction `p` of a histogram (days → claims), or null when it is empty. */
export function percentileOf(histogram: Map<number, number>, p: number): number | null {
  const total = [...histogram.values()].reduce((a, b) => a + b, 0);
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil(p * total));
  let seen = 0;
  for (const [days, n] of [...histogram.entries()].sort((a, b) => a[0] - b[0])) {
    seen += n;
    if (seen >= rank) return days;
  }
  return null;
}

const HELD: readonly string[] = HELD_OUTCOMES;

export async function hospitalMonth(ctx: AppContext, hospitalCd: string, month: string): Promise<HospitalMonth> {
  const [counts, refused, [hospital]] = await Promise.all([
    hospitalMonthCounts(ctx.db, hospitalCd, month),
    refusalCount(ctx.db, hospitalCd, monthBounds(month)),
    hospitalsByCode(ctx.db, [hospitalCd]),
  ]);
  const records = { received: 0, claimed: 0, held: 0, setAside: 0, notClaimed: 0, pending: 0 };
  const held: { outcome: RecordOutcome; n: number }[] = [];
  const notClaimed: { outcome: RecordOutcome; n: number }[] = [];
  for (const [outcome, n] of counts.records) {
    records.received += n;
    const group = portalOutcomeOf(outcome);
    if (group === 'claimed') records.claimed += n;
    else if (group === 'set_aside') records.setAside += n;
    else if (group === 'pending') records.pending += n;
    else if (group === 'held') records.held += n;
    else records.notClaimed += n;
    if (HELD.includes(outcome)) held.push({ outcome, n });
    else if (group === 'not_claimed') notClaimed.push({ outcome, n });
  }
  const claims = [...counts.lag.values()].reduce((a, b) => a + b, 0);
  return {
    hospitalCd,
    hospitalNm: hospital?.hospitalNm ?? hospitalCd,
    month,
    records,
    held: held.sort((a, b) => b.n - a.n),
    notClaimed: notClaimed.sort((a, b) => b.n - a.n),
    refusedBundles: refused,
    answers: [...counts.answers].map(([answer, n]) => ({ answer, n })).sort((a, b) => a.answer.localeCompare(b.answer)),
    visitToClaim: {
      claims,
      medianDays: percentileOf(counts.lag, 0.5),
      p90Days: percentileOf(counts.lag, 0.9),
    },
  };
}

/** The month's refused bundles, each issue with its element and the rule's Korean (no value was kept to quote). */
export async function hospitalMonthRefusals(
  ctx: AppContext,
  hospitalCd: string,
  month: string,
  q: KeysetPaging,
): Promise<{ list: PortalRefusal[]; total: number; capped: boolean; nextCursor: string | null }> {
  const page = await refusalPage(ctx.db, hospitalCd, monthBounds(month), q);
  return {
    ...page,
    list: page.list.map((r) => ({
      ...r,
      issues: r.issues.map((i) => ({ ...i, text: refusalRuleNm(i.rule) })),
    })),
  };
}
