// The estimate and the insurer's answer in words (docs/payout-rules.md): what the patient reads on her history and the
// operator on the claim, as a person would say it ("급여 본인부담 15,300원에서 공제 10,000원을 빼면 5,300원이에요."),
// never a formula. Pure: the server writes these sentences into its answers, the tests read them aloud.
import {
  PAYOUT_RULES,
  estimateClaimOf,
  type AmountKind,
  type ClaimVisit,
  type EstimatePart,
  type PayoutEstimate,
} from './payout-rules.js';
import {
  POLICY_GENERATIONS,
  POLICY_GENERATION_SHORT_NM,
  type AdjudicationCategory,
  type AdjudicationReason,
  type PayoutDifference,
  type PayoutVerdict,
  type PolicyGeneration,
} from './vocabulary.js';

/** 15300 → '15,300원'. */
export const wonNm = (n: number) => `${n.toLocaleString('ko-KR')}원`;
const pct = (rate: number) => `${Math.round(rate * 100)}%`;

/** The words for a part's amounts: 급여 본인부담, 비급여, both, or the 3대 비급여. */
function amountsNm(p: EstimatePart): string {
  const kinds = (Object.keys(p.amounts) as AmountKind[]).filter((k) => (p.amounts[k] ?? 0) > 0);
  const place = p.careSetting === 'pharmacy' ? '약국 ' : p.careSetting === 'inpatient' ? '입원 ' : '';
  if (kinds.length === 1 && kinds[0] === 'covered') return `${place}급여 본인부담 ${wonNm(p.base)}`;
  if (kinds.length === 1 && kinds[0] === 'special') return `${place}도수치료·주사·MRI 비급여 ${wonNm(p.base)}`;
  if (!kinds.includes('covered')) return `${place}비급여 ${wonNm(p.base)}`;
  return `${place}급여 본인부담과 비급여를 합친 ${wonNm(p.base)}`;
}

/** The rates of a part as said: '20%', or '급여 10%·비급여 20%' where they differ. */
function ratesNm(p: EstimatePart, generation: PolicyGeneration): string {
  const rules = PAYOUT_RULES[generation];
  const part = rules.parts.find((x) => (Object.keys(p.amounts) as AmountKind[]).every((k) => x.holds.includes(k)));
  const rateOf = (k: AmountKind) =>
    p.careSetting === 'inpatient' ? (rules.inpatient.copayRate[k] ?? 0) : (part?.copayRate[k] ?? 0);
  const kinds = (Object.keys(p.amounts) as AmountKind[]).filter((k) => (p.amounts[k] ?? 0) > 0);
  const rates = [...new Set(kinds.map(rateOf))];
  if (rates.length === 1) return pct(rates[0]!);
  const kindNm: Record<AmountKind, string> = { covered: '급여', uncovered: '비급여', special: '3대 비급여' };
  return kinds.map((k) => `${kindNm[k]} ${pct(rateOf(k))}`).join('·');
}

/** One part said in a sentence or two. */
function partSentences(p: EstimatePart, generation: PolicyGeneration): string[] {
  const what = amountsNm(p);
  const out: string[] = [];
  if (p.careSetting === 'inpatient') {
    if (p.deductible === 0) out.push(`${what}은 모두 받을 수 있어요.`);
    else
      out.push(
        `${what}에서 자기부담 ${ratesNm(p, generation)}인 ${wonNm(p.deductible)}을 빼면 ${wonNm(p.base - p.deductible)}이에요.`,
      );
  } else if (p.belowDeductible) {
    const by = p.fixedDeductible >= p.rateDeductible ? `공제 ${wonNm(p.fixedDeductible)}` : '공제';
    out.push(`${what}은 ${by}보다 적어서 받을 금액이 없어요.`);
  } else if (p.rateDeductible > p.fixedDeductible) {
    out.push(
      `${what}에서 자기부담 ${ratesNm(p, generation)}인 ${wonNm(p.deductible)}을 빼면 ${wonNm(p.base - p.deductible)}이에요.`,
    );
    if (p.fixedDeductible > 0)
      out.push(`${ratesNm(p, generation)}가 공제 ${wonNm(p.fixedDeductible)}보다 많아서 그만큼 빼요.`);
  } else {
    out.push(`${what}에서 공제 ${wonNm(p.deductible)}을 빼면 ${wonNm(p.base - p.deductible)}이에요.`);
  }
  if (p.limitedTo !== null) out.push(`한 번에 받을 수 있는 한도가 ${wonNm(p.limitedTo)}이라서 그만큼만 받아요.`);
  return out;
}

/**
 * The estimate in sentences: each part, what is not covered, then the amount. `generation` null: her generation is
 * not known, and the sentences say how to tell it.
 */
export function explainEstimate(e: PayoutEstimate): string[] {
  const out: string[] = [];
  for (const p of e.parts) if (p.base > 0) out.push(...partSentences(p, e.generation));
  for (const x of e.excluded) {
    out.push(
      x.reason === 'certificate'
        ? `${x.name} ${wonNm(x.amount)}은 진료비가 아니라서 실손보험에서 받을 수 없어요.`
        : `${x.name} ${wonNm(x.amount)}은 도수치료·주사·MRI 특약이 없어서 받을 수 없어요.`,
    );
  }
  out.push(
    e.amount > 0 ? `그래서 예상 금액은 ${wonNm(e.amount)}이에요.` : '그래서 이번 진료는 받을 금액이 없을 것 같아요.',
  );
  if (PAYOUT_RULES[e.generation].pharmacyJoinsVisit && e.careSetting === 'pharmacy')
    out.push('같은 날 병원 진료와 함께 청구되면 공제를 한 번만 빼서 조금 더 받을 수도 있어요.');
  return out;
}

/** The sentence when her generation is not known (no estimate can be made). */
export const UNKNOWN_GENERATION_NOTE =
  '실손보험에 언제 가입하셨는지 알려 주시면 받을 금액을 미리 알려 드릴게요. 내 자동청구 관리의 "실손보험 가입 시기"에서 골라 주세요.';

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
  /** One sentence as the patient reads it. */
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
  /** All of it in sentences, headline first. */
  sentences: string[];
}

/** Differences under this many 원 are rounding (원 미만 절사 in each insurer's own arithmetic), not a difference. */
const ROUNDING = 10;

const sumOf = (items: readonly AdjudicatedItem[], c: AdjudicationCategory) =>
  items.reduce((s, i) => s + i.adjudication.filter((a) => a.category === c).reduce((t, a) => t + a.amount, 0), 0);

/** The differences an insurer's adjudication names: its reason codes, its deductible and co-pay against ours. */
function fromItems(e: PayoutEstimate, items: readonly AdjudicatedItem[], gap: number): NamedDifference[] {
  const out: NamedDifference[] = [];
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
    out.push({
      kind: 'not_covered',
      amount: notCovered,
      text: `보험사가 ${names.length ? names.join(', ') + ' ' : ''}${wonNm(notCovered)}을 보장하지 않는 항목으로 봤어요.`,
    });
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
      out.push({
        kind: 'copay_rate',
        amount: more,
        text: `보험사가 자기부담금으로 ${wonNm(more)}을 예상보다 더 뺐어요. 가입하신 상품의 자기부담률이 예상보다 높을 수 있어요.`,
      });
    else
      out.push({
        kind: 'deductible',
        amount: more,
        text: `보험사가 공제금액을 예상보다 ${wonNm(more)} 더 뺐어요.`,
      });
  }
  for (const kind of ['limit', 'proportional'] as const) {
    const its = byReason(kind);
    if (its.length === 0) continue;
    const explained = out.reduce((s, d) => s + d.amount, 0);
    const amount = Math.max(0, gap - explained);
    if (amount === 0) continue;
    out.push({
      kind,
      amount,
      text:
        kind === 'limit'
          ? `보장 한도를 넘은 ${wonNm(amount)}은 지급되지 않았어요.`
          : `실손보험이 여러 곳이라 보험사끼리 나눠서 지급했어요(비례보상). ${wonNm(amount)}은 다른 보험사 몫이에요.`,
    });
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
  if (Math.abs(gap) < ROUNDING) {
    const headline = `예상한 금액 ${wonNm(paid)}을 보험사가 그대로 지급했어요.`;
    return { ...base, verdict: 'same', headline, sentences: [headline] };
  }
  if (gap < 0) {
    const headline = `예상보다 ${wonNm(-gap)} 더 받았어요.`;
    const sentences = [headline, '보험사가 예상보다 넉넉하게 셈했어요. 따로 하실 일은 없어요.'];
    return { ...base, verdict: 'more', headline, sentences };
  }
  let differences: NamedDifference[] = [];
  if (input.items?.length) differences = fromItems(e, input.items, gap);
  else if (input.insurerCount > 1 && Math.abs(Math.round(e.amount / input.insurerCount) - paid) < ROUNDING) {
    differences = [
      {
        kind: 'proportional',
        amount: gap,
        text: `실손보험이 ${input.insurerCount}곳이라 보험사끼리 나눠서 지급해요(비례보상). 나머지 ${wonNm(gap)}은 다른 보험사에서 받아요.`,
      },
    ];
  } else if (input.visits?.length) {
    // Her rules may be another generation's: the one that gives exactly this amount is named (docs/payout-rules.md).
    const other = POLICY_GENERATIONS.filter((g) => g !== e.generation).find(
      (g) => Math.abs(estimateClaimOf(input.visits!, PAYOUT_RULES[g]).amount - paid) < ROUNDING,
    );
    if (other) {
      differences = [
        {
          kind: 'copay_rate',
          amount: gap,
          text: `가입하신 보험이 ${POLICY_GENERATION_SHORT_NM[other]}라면 딱 맞는 금액이에요. 그 세대의 공제와 자기부담률로 셈하면 이 금액이 나와요. 내 자동청구에서 가입 시기를 확인해 주세요.`,
        },
      ];
    }
  }
  const explained = differences.reduce((s, d) => s + d.amount, 0);
  const unexplained = Math.max(0, gap - explained);
  const lessBy = `예상 ${wonNm(e.amount)}보다 ${wonNm(gap)} 적은 ${wonNm(paid)}을 받았어요.`;
  if (unexplained < ROUNDING) {
    return {
      ...base,
      verdict: 'less',
      headline: lessBy,
      differences,
      sentences: [lessBy, ...differences.map((d) => d.text)],
    };
  }
  const question = `청구하신 진료에서 공제금액과 자기부담금을 얼마씩 뺐는지, 보장하지 않은 항목이 있는지 물어보세요.`;
  const ask = { insurerNm: input.insurerNm, phone: input.phone, question };
  const where = input.phone ? `${input.insurerNm} 고객센터(${input.phone})` : `${input.insurerNm} 고객센터`;
  return {
    ...base,
    verdict: 'unexplained',
    headline: lessBy,
    differences,
    unexplained,
    ask,
    sentences: [
      lessBy,
      ...differences.map((d) => d.text),
      `${wonNm(unexplained)}은 왜 빠졌는지 저희가 알 수 없어요.`,
      `${where}에 전화해서 ${question}`,
    ],
  };
}
