// The estimate and the insurer's answer in words (docs/payout-rules.md): what the patient reads on her history and the
// operator on the claim, as a person would say it ("급여 본인부담 15,300원에서 공제 10,000원을 빼면 5,300원이에요."),
// never a formula. Each sentence is a catalog message (i18n/messages.ts PAYOUT_…) with its arguments (a PayoutSentence):
// the server writes them in Korean into its answers, as before, and beside them as lines that the history screen says
// in the language she reads (payout-sentences.ts). Pure: the tests read them aloud.
import {
  PAYOUT_RULES,
  estimateClaimOf,
  type AmountKind,
  type ClaimVisit,
  type EstimatePart,
  type PayoutEstimate,
} from './payout-rules.js';
import { messageIn } from './i18n/index.js';
import { SOURCE_LANG } from './i18n/langs.js';
import {
  PAYOUT_CALL,
  PAYOUT_CALL_CENTRE,
  PAYOUT_DIFFERENCE,
  PAYOUT_ESTIMATE,
  PAYOUT_ESTIMATE_NONE,
  PAYOUT_EXCLUDED,
  PAYOUT_GENERATION,
  PAYOUT_LESS,
  PAYOUT_MORE,
  PAYOUT_MORE_NOTE,
  PAYOUT_PART_ALL,
  PAYOUT_PART_BELOW,
  PAYOUT_PART_BELOW_RATE,
  PAYOUT_PART_FIXED,
  PAYOUT_PART_LIMIT,
  PAYOUT_PART_RATE,
  PAYOUT_PART_RATE_OVER_FIXED,
  PAYOUT_PHARMACY_JOINS,
  PAYOUT_QUESTION,
  PAYOUT_RATE,
  PAYOUT_SAME,
  PAYOUT_UNEXPLAINED,
  PAYOUT_UNKNOWN_GENERATION,
  PAYOUT_WHAT,
  type MessageDescriptor,
} from './i18n/messages.js';
import { wordPayoutSentence } from './payout-sentences.js';
import type { PayoutSentence, PayoutPhrase } from './treats.js';
import {
  POLICY_GENERATIONS,
  type AdjudicationCategory,
  type AdjudicationReason,
  type PayoutDifference,
  type PayoutVerdict,
  type PolicyGeneration,
} from './vocabulary.js';

const won = (n: number) => ({ won: n });
const pct = (rate: number) => ({ pct: rate });
const line = (m: MessageDescriptor, values: PayoutSentence['values'] = {}): PayoutSentence => ({ id: m.id, values });
const phrase = (m: MessageDescriptor, values: PayoutPhrase['values'] = {}): PayoutPhrase => ({ id: m.id, values });

/** A line in Korean, as the server writes it into its answers (and the tests read it). */
export const koreanOf = (l: PayoutSentence) =>
  wordPayoutSentence(l, SOURCE_LANG, (id, values) => messageIn(SOURCE_LANG, { id, message: '' }, values));

/** The words for a part's amounts: 급여 본인부담, 비급여, both, or the 3대 비급여. */
function amountsNm(p: EstimatePart): PayoutPhrase {
  const kinds = (Object.keys(p.amounts) as AmountKind[]).filter((k) => (p.amounts[k] ?? 0) > 0);
  const values = { setting: p.careSetting, base: won(p.base) };
  if (kinds.length === 1 && kinds[0] === 'covered') return phrase(PAYOUT_WHAT.covered, values);
  if (kinds.length === 1 && kinds[0] === 'special') return phrase(PAYOUT_WHAT.special, values);
  if (!kinds.includes('covered')) return phrase(PAYOUT_WHAT.uncovered, values);
  return phrase(PAYOUT_WHAT.both, values);
}

/** The rates of a part as said: '20%', or '급여 10%·비급여 20%' where they differ. */
function ratesNm(p: EstimatePart, generation: PolicyGeneration): PayoutSentence['values'][string] {
  const rules = PAYOUT_RULES[generation];
  const part = rules.parts.find((x) => (Object.keys(p.amounts) as AmountKind[]).every((k) => x.holds.includes(k)));
  const rateOf = (k: AmountKind) =>
    p.careSetting === 'inpatient' ? (rules.inpatient.copayRate[k] ?? 0) : (part?.copayRate[k] ?? 0);
  const kinds = (Object.keys(p.amounts) as AmountKind[]).filter((k) => (p.amounts[k] ?? 0) > 0);
  const rates = [...new Set(kinds.map(rateOf))];
  if (rates.length === 1) return pct(rates[0]!);
  return { list: kinds.map((k) => phrase(PAYOUT_RATE[k], { rate: pct(rateOf(k)) })) };
}

/** One part said in a sentence or two. */
function partSentences(p: EstimatePart, generation: PolicyGeneration): PayoutSentence[] {
  const what = amountsNm(p);
  const taken = { what, deductible: won(p.deductible), rest: won(p.base - p.deductible) };
  const out: PayoutSentence[] = [];
  if (p.careSetting === 'inpatient') {
    if (p.deductible === 0) out.push(line(PAYOUT_PART_ALL, { what }));
    else out.push(line(PAYOUT_PART_RATE, { ...taken, rates: ratesNm(p, generation) }));
  } else if (p.belowDeductible) {
    out.push(
      p.fixedDeductible >= p.rateDeductible
        ? line(PAYOUT_PART_BELOW, { what, fixed: won(p.fixedDeductible) })
        : line(PAYOUT_PART_BELOW_RATE, { what }),
    );
  } else if (p.rateDeductible > p.fixedDeductible) {
    out.push(line(PAYOUT_PART_RATE, { ...taken, rates: ratesNm(p, generation) }));
    if (p.fixedDeductible > 0)
      out.push(line(PAYOUT_PART_RATE_OVER_FIXED, { rates: ratesNm(p, generation), fixed: won(p.fixedDeductible) }));
  } else {
    out.push(line(PAYOUT_PART_FIXED, taken));
  }
  if (p.limitedTo !== null) out.push(line(PAYOUT_PART_LIMIT, { limit: won(p.limitedTo) }));
  return out;
}

/**
 * The estimate in sentences, as catalog messages: each part, what is not covered, then the amount (explainEstimate
 * says them in Korean; the history screen in her language).
 */
export function estimateLines(e: PayoutEstimate): PayoutSentence[] {
  const out: PayoutSentence[] = [];
  for (const p of e.parts) if (p.base > 0) out.push(...partSentences(p, e.generation));
  for (const x of e.excluded) out.push(line(PAYOUT_EXCLUDED[x.reason], { name: x.name, amount: won(x.amount) }));
  out.push(e.amount > 0 ? line(PAYOUT_ESTIMATE, { amount: won(e.amount) }) : line(PAYOUT_ESTIMATE_NONE));
  if (PAYOUT_RULES[e.generation].pharmacyJoinsVisit && e.careSetting === 'pharmacy')
    out.push(line(PAYOUT_PHARMACY_JOINS));
  return out;
}

/** The estimate in Korean sentences. */
export const explainEstimate = (e: PayoutEstimate): string[] => estimateLines(e).map(koreanOf);

/** The sentence when her generation is not known (no estimate can be made), and in Korean. */
export const UNKNOWN_GENERATION_LINE = line(PAYOUT_UNKNOWN_GENERATION);
export const UNKNOWN_GENERATION_NOTE = koreanOf(UNKNOWN_GENERATION_LINE);

/** One adjudicated item of an insurer's answer (insurerAnswerBody's items, as kept). */
export interface AdjudicatedItem {
  itemSequence?: number | null;
  adjudication: readonly { category: AdjudicationCategory; amount: number }[];
  reasonCode?: AdjudicationReason | null;
  reason?: string | null;
}

export interface NamedDifference {
  kind: PayoutDifference;
  /** 원 the difference accounts for. */
  amount: number;
  /** One sentence as the patient reads it (in Korean). */
  text: string;
}

export interface AnswerComparison {
  verdict: PayoutVerdict;
  estimate: number;
  paid: number;
  /** One sentence that says it plainly. */
  headline: string;
  differences: NamedDifference[];
  /** 원 of the gap nothing explains (0 unless verdict is unexplained). */
  unexplained: number;
  /** What to ask the insurer, and where, when something is not explained. */
  ask: { insurerNm: string; phone: string | null; question: string } | null;
  /** All of it in sentences, headline first (in Korean). */
  sentences: string[];
  /** The sentences as catalog messages, to be said in her language. */
  lines: PayoutSentence[];
}

/** Differences under this many 원 are rounding (원 미만 절사 in each insurer's own arithmetic), not a difference. */
const ROUNDING = 10;

const sumOf = (items: readonly AdjudicatedItem[], c: AdjudicationCategory) =>
  items.reduce((s, i) => s + i.adjudication.filter((a) => a.category === c).reduce((t, a) => t + a.amount, 0), 0);

/** A difference found, with its sentence as a catalog message (said in Korean as NamedDifference's text). */
interface Found {
  kind: PayoutDifference;
  amount: number;
  line: PayoutSentence;
}
const difference = (kind: PayoutDifference, amount: number, line: PayoutSentence): Found => ({ kind, amount, line });

/** The differences an insurer's adjudication names: its reason codes, its deductible and co-pay against ours. */
function fromItems(e: PayoutEstimate, items: readonly AdjudicatedItem[], gap: number): Found[] {
  const out: Found[] = [];
  const byReason = (r: AdjudicationReason) => items.filter((i) => i.reasonCode === r);
  // Not covered: what the insurer found not eligible of what was submitted, beyond what the estimate already left out.
  const notEligible = items.reduce((s, i) => {
    const sub = sumOf([i], 'submitted');
    const has = i.adjudication.some((a) => a.category === 'eligible');
    return s + (has ? Math.max(0, sub - sumOf([i], 'eligible')) : i.reasonCode === 'not_covered' ? sub : 0);
  }, 0);
  const alreadyOut = e.excluded.reduce((s, x) => s + x.amount, 0);
  const notCovered = Math.max(0, notEligible - alreadyOut);
  if (notCovered > 0) {
    const names = byReason('not_covered')
      .map((i) => i.reason)
      .filter((x): x is string => Boolean(x));
    out.push(
      difference(
        'not_covered',
        notCovered,
        names.length
          ? line(PAYOUT_DIFFERENCE.notCoveredNamed, { names: names.join(', '), amount: won(notCovered) })
          : line(PAYOUT_DIFFERENCE.notCovered, { amount: won(notCovered) }),
      ),
    );
  }
  // Matched by line where the items say which (itemSequence): only the parts they cover are compared.
  const kindOf = (i: AdjudicatedItem) => (i.itemSequence ? (e.lineKinds?.[i.itemSequence - 1] ?? null) : null);
  const matched = items.every((i) => kindOf(i) !== null);
  const covered = new Set(items.map(kindOf));
  const compared = matched
    ? e.parts.filter((p) => Object.keys(p.amounts).some((k) => covered.has(k as AmountKind)))
    : e.parts;
  const ourDeductible = compared.reduce((s, p) => s + p.deductible, 0);
  const theirDeductible = sumOf(items, 'deductible');
  const theirCopay = sumOf(items, 'copay');
  if (theirDeductible + theirCopay > ourDeductible) {
    const more = theirDeductible + theirCopay - ourDeductible;
    if (theirCopay > 0 && theirCopay >= theirDeductible)
      out.push(difference('copay_rate', more, line(PAYOUT_DIFFERENCE.copayRate, { amount: won(more) })));
    else out.push(difference('deductible', more, line(PAYOUT_DIFFERENCE.deductible, { amount: won(more) })));
  }
  for (const kind of ['limit', 'proportional'] as const) {
    const its = byReason(kind);
    if (its.length === 0) continue;
    const explained = out.reduce((s, d) => s + d.amount, 0);
    const amount = Math.max(0, gap - explained);
    if (amount === 0) continue;
    out.push(difference(kind, amount, line(PAYOUT_DIFFERENCE[kind], { amount: won(amount) })));
  }
  return out;
}

/**
 * The insurer's paid amount set beside the estimate: the same, more, or less with each difference named (from the
 * insurer's adjudication when it sent one; otherwise what her other insurers or another generation's rules would
 * explain), and what is left unexplained with what to ask the insurer.
 */
export function compareAnswer(input: {
  estimate: PayoutEstimate;
  paid: number;
  items?: readonly AdjudicatedItem[] | null;
  /** The visits the estimate was made of: another generation's rules are tried on them. */
  visits?: readonly ClaimVisit[];
  /** How many 실손 insurers her subscription claims at (비례보상 between them). */
  insurerCount: number;
  insurerNm: string;
  phone: string | null;
}): AnswerComparison {
  const { estimate: e, paid } = input;
  const gap = e.amount - paid;
  const base = { estimate: e.amount, paid, differences: [] as NamedDifference[], unexplained: 0, ask: null };
  const said = (lines: PayoutSentence[]) => ({ headline: koreanOf(lines[0]!), sentences: lines.map(koreanOf), lines });
  if (Math.abs(gap) < ROUNDING) return { ...base, verdict: 'same', ...said([line(PAYOUT_SAME, { paid: won(paid) })]) };
  if (gap < 0) {
    return { ...base, verdict: 'more', ...said([line(PAYOUT_MORE, { more: won(-gap) }), line(PAYOUT_MORE_NOTE)]) };
  }
  let found: Found[] = [];
  if (input.items?.length) found = fromItems(e, input.items, gap);
  else if (input.insurerCount > 1 && Math.abs(Math.round(e.amount / input.insurerCount) - paid) < ROUNDING) {
    found = [
      difference(
        'proportional',
        gap,
        line(PAYOUT_DIFFERENCE.proportionalCount, { count: input.insurerCount, amount: won(gap) }),
      ),
    ];
  } else if (input.visits?.length) {
    // Her rules may be another generation's: the one that gives exactly this amount is named (docs/payout-rules.md).
    const other = POLICY_GENERATIONS.filter((g) => g !== e.generation).find(
      (g) => Math.abs(estimateClaimOf(input.visits!, PAYOUT_RULES[g]).amount - paid) < ROUNDING,
    );
    if (other) {
      found = [
        difference(
          'copay_rate',
          gap,
          line(PAYOUT_DIFFERENCE.generation, { generation: phrase(PAYOUT_GENERATION[other]) }),
        ),
      ];
    }
  }
  const differences = found.map((d) => ({ kind: d.kind, amount: d.amount, text: koreanOf(d.line) }));
  const explained = found.reduce((s, d) => s + d.amount, 0);
  const unexplained = Math.max(0, gap - explained);
  const lessBy = line(PAYOUT_LESS, { estimate: won(e.amount), gap: won(gap), paid: won(paid) });
  const named = [lessBy, ...found.map((d) => d.line)];
  if (unexplained < ROUNDING) return { ...base, verdict: 'less', differences, ...said(named) };
  const question = phrase(PAYOUT_QUESTION);
  const ask = { insurerNm: input.insurerNm, phone: input.phone, question: koreanOf(question) };
  const where = input.phone
    ? phrase(PAYOUT_CALL_CENTRE.phone, { insurer: input.insurerNm, phone: input.phone })
    : phrase(PAYOUT_CALL_CENTRE.none, { insurer: input.insurerNm });
  return {
    ...base,
    verdict: 'unexplained',
    differences,
    unexplained,
    ask,
    ...said([...named, line(PAYOUT_UNEXPLAINED, { amount: won(unexplained) }), line(PAYOUT_CALL, { where, question })]),
  };
}
