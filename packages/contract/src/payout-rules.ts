// Her policy's rules (docs/payout-rules.md): what each 실손의료보험 generation pays of a visit, in one table, each row
// citing the 표준약관 (보험업감독업무시행세칙 별표15) version or the regulator's publication its figures come from, and
// the pure arithmetic that turns a visit's lines (or its receipt's two totals) into an expected amount. Shared by the
// server (the estimate kept beside each claim) and the browser (nothing here is fetched). No zod: the patient app reads
// this on her history, which must not bring the schemas along (as limits.ts, vocabulary.ts).
import { CARE_SETTINGS, type CareSetting, type PolicyGeneration } from './vocabulary.js';

/** Where a figure comes from: the publication, and whether the figure is settled (false: see docs/payout-rules.md). */
export interface RuleCitation {
  /** e.g. '실손의료보험 표준약관 (보험업감독업무시행세칙 별표15), 2021. 7. 1. 시행' */
  source: string;
  /** The clause or table of it the figures are read from. */
  clause: string;
  /** False where the publication leaves it to each insurer's own terms or we could not confirm the figure. */
  certain: boolean;
  /** What is uncertain, said once (docs/payout-rules.md repeats it). */
  note?: string;
}

/** The 통원 공제 of one part: a fixed amount per visit by care setting, or the rate's share if that is more. */
export interface OutpatientDeductible {
  /** 원 per visit (통원 1회) by where it was; pharmacy is the 처방조제 1건. */
  fixed: Record<Exclude<CareSetting, 'inpatient'>, number>;
  /** True: the deductible is the larger of the fixed amount and the 자기부담률's share (3세대, 4세대). */
  orRate: boolean;
}

/**
 * One part of a visit a generation pays by its own rule: 4세대 pays 급여 and 비급여 apart, each with its own
 * deductible; 2세대 and 3세대 take one deductible off 급여 본인부담 and 비급여 together; 3세대's 특약 takes its own.
 */
export interface PayoutPart {
  /** Which of the visit's amounts the part holds. */
  holds: readonly AmountKind[];
  /** 자기부담률 of each amount it holds (0.2 = 20 %). */
  copayRate: Partial<Record<AmountKind, number>>;
  outpatient: OutpatientDeductible;
  /** The most paid per visit (통원 1회당 한도), by care setting; null: the insurer's contract amount decides. */
  perVisitLimit: { visit: number; pharmacy: number } | null;
}

/** A visit's amounts as the policy tells them apart: 급여 본인부담, 비급여, and the 3대 비급여 (special). */
export const AMOUNT_KINDS = ['covered', 'uncovered', 'special'] as const;
export type AmountKind = (typeof AMOUNT_KINDS)[number];

export interface GenerationRules {
  generation: PolicyGeneration;
  /** The first month a policy of this generation was sold (YYYY-MM), and the last (null: still sold). */
  soldFrom: string | null;
  soldUntil: string | null;
  /** The parts, each paid by its own deductible; an amount kind no part holds is not covered (보장 제외). */
  parts: readonly PayoutPart[];
  /** 입원: 자기부담률 per amount (no fixed deductible), the yearly self-pay cap and the yearly limit. */
  inpatient: {
    copayRate: Partial<Record<AmountKind, number>>;
    /** 자기부담금 연간 한도 (원): above it, the insurer pays the rest; null: none. */
    yearlyCopayCap: number | null;
    /** 입원 보상한도 (원, a year or a stay as the row says); null: the contract's amount. */
    limit: number | null;
  };
  /** 4세대 비급여 보험료 할인·할증: true when this generation's 비급여 특약 premium follows NON_COVERED_PREMIUM_STEPS. */
  nonCoveredPremiumSteps: boolean;
  citations: readonly RuleCitation[];
}

const SAME = (n: number) => ({ clinic: n, hospital: n, general: n, pharmacy: n });
const COVERED_AND_UNCOVERED = ['covered', 'uncovered'] as const;
const ALL = ['covered', 'uncovered', 'special'] as const;
const STANDARD_2009 = '실손의료보험 표준약관 (보험업감독업무시행세칙 별표15), 2009. 10. 1. 시행';
const STANDARD_2017 = '실손의료보험 표준약관 (보험업감독업무시행세칙 별표15), 2017. 4. 1. 시행';
const STANDARD_2021 = '실손의료보험 표준약관 (보험업감독업무시행세칙 별표15), 2021. 7. 1. 시행';

/**
 * The rules of each generation: ONE table (docs/payout-rules.md prints it with its sources). Figures are the
 * 표준약관's for the plan most sold where it offers two (2세대, 3세대: 선택형, 급여 10 %·비급여 20 %); where a figure
 * was each insurer's own (1세대) or a plan choice, its citation says so and `certain` is false.
 */
export const PAYOUT_RULES: Readonly<Record<PolicyGeneration, GenerationRules>> = {
  gen1: {
    generation: 'gen1',
    soldFrom: null,
    soldUntil: '2009-09',
    parts: [
      {
        holds: ALL,
        copayRate: {},
        // 손해보험 1세대 통원: 1회당 5천원 공제, 한도 (흔히 10만원) 안에서 전액.
        outpatient: { fixed: SAME(5_000), orRate: false },
        perVisitLimit: { visit: 100_000, pharmacy: 100_000 },
      },
    ],
    inpatient: { copayRate: {}, yearlyCopayCap: null, limit: 100_000_000 },
    nonCoveredPremiumSteps: false,
    citations: [
      {
        source: '표준약관 이전: 각 보험회사의 실손의료비 약관 (손해보험 상품 기준)',
        clause: '통원의료비 1회당 공제 5천원, 입원의료비 본인부담 없이 한도 안에서 전액',
        certain: false,
        note: '1세대는 표준약관이 없어 회사와 상품마다 달라요. 생명보험 상품은 입원 80% 보상, 통원 한도와 공제도 달라요.',
      },
      {
        source: '금융감독원 보도자료, 「실손의료보험 표준화」 (2009)',
        clause: '표준화 이전 상품의 보장 비교 (손해보험 입원 100%, 생명보험 80%)',
        certain: false,
      },
    ],
  },
  gen2: {
    generation: 'gen2',
    soldFrom: '2009-10',
    soldUntil: '2017-03',
    parts: [
      {
        holds: ALL,
        copayRate: { covered: 0.1, uncovered: 0.2, special: 0.2 },
        outpatient: { fixed: { clinic: 10_000, hospital: 15_000, general: 20_000, pharmacy: 8_000 }, orRate: false },
        perVisitLimit: { visit: 250_000, pharmacy: 50_000 },
      },
    ],
    inpatient: {
      copayRate: { covered: 0.1, uncovered: 0.2, special: 0.2 },
      yearlyCopayCap: 2_000_000,
      limit: 50_000_000,
    },
    nonCoveredPremiumSteps: false,
    citations: [
      {
        source: STANDARD_2009,
        clause:
          '통원: 외래 1회당 의원 1만원, 병원 1만5천원, 종합전문요양기관·종합병원 2만원, 처방조제 1건당 8천원 공제; 외래 25만원·처방조제 5만원 한도; 입원 자기부담 10% (연간 200만원 한도), 5천만원 한도',
        certain: true,
      },
      {
        source: '실손의료보험 표준약관 개정 (2013. 1. 1., 2015. 9. 1. 시행)',
        clause: '표준형 자기부담 20%, 선택형 급여 10%·비급여 20%; 통원 공제는 고정금액과 자기부담률 중 큰 금액',
        certain: false,
        note: '2013년 이후 가입분은 자기부담률(10% 또는 20%)과 통원 공제 방식이 가입 시기와 선택한 형에 따라 달라요. 여기서는 2009년 표준약관의 고정 공제를 써요.',
      },
    ],
  },
  gen3: {
    generation: 'gen3',
    soldFrom: '2017-04',
    soldUntil: '2021-06',
    parts: [
      {
        holds: COVERED_AND_UNCOVERED,
        copayRate: { covered: 0.1, uncovered: 0.2 },
        outpatient: { fixed: { clinic: 10_000, hospital: 15_000, general: 20_000, pharmacy: 8_000 }, orRate: true },
        perVisitLimit: { visit: 250_000, pharmacy: 50_000 },
      },
      {
        holds: ['special'],
        copayRate: { special: 0.3 },
        outpatient: { fixed: SAME(20_000), orRate: true },
        perVisitLimit: null,
      },
    ],
    inpatient: {
      copayRate: { covered: 0.1, uncovered: 0.2, special: 0.3 },
      yearlyCopayCap: 2_000_000,
      limit: 50_000_000,
    },
    nonCoveredPremiumSteps: false,
    citations: [
      {
        source: STANDARD_2017,
        clause:
          '기본형: 급여 10%(선택) 또는 20%, 비급여 20% 자기부담; 통원 공제 1만원(의원)·1만5천원(병원)·2만원(종합병원·상급종합병원)과 자기부담률 중 큰 금액, 처방조제 8천원과 자기부담률 중 큰 금액',
        certain: true,
      },
      {
        source: STANDARD_2017,
        clause:
          '특별약관 (도수치료·체외충격파치료·증식치료, 비급여 주사료, 비급여 MRI): 자기부담 30%, 1회당 2만원과 30% 중 큰 금액 공제; 연간 한도 350만원·50회, 250만원·50회, 300만원',
        certain: true,
      },
      {
        source: '금융위원회·금융감독원 보도자료, 「실손의료보험 상품구조 개편」 (2016)',
        clause: '기본형 + 3개 특약 구조, 2017년 4월 판매',
        certain: false,
        note: '급여 자기부담률은 10%와 20% 중 가입 때 고른 형을 따라요. 여기서는 많이 팔린 10%를 써요.',
      },
    ],
  },
  gen3_basic: {
    generation: 'gen3_basic',
    soldFrom: '2017-04',
    soldUntil: '2021-06',
    parts: [
      {
        holds: COVERED_AND_UNCOVERED,
        copayRate: { covered: 0.1, uncovered: 0.2 },
        outpatient: { fixed: { clinic: 10_000, hospital: 15_000, general: 20_000, pharmacy: 8_000 }, orRate: true },
        perVisitLimit: { visit: 250_000, pharmacy: 50_000 },
      },
    ],
    inpatient: { copayRate: { covered: 0.1, uncovered: 0.2 }, yearlyCopayCap: 2_000_000, limit: 50_000_000 },
    nonCoveredPremiumSteps: false,
    citations: [
      {
        source: STANDARD_2017,
        clause: '기본형만: 3대 비급여(도수치료·체외충격파·증식치료, 비급여 주사료, 비급여 MRI)는 보상하지 않음',
        certain: true,
      },
    ],
  },
  gen4: {
    generation: 'gen4',
    soldFrom: '2021-07',
    soldUntil: null,
    parts: [
      {
        holds: ['covered'],
        copayRate: { covered: 0.2 },
        outpatient: { fixed: { clinic: 10_000, hospital: 10_000, general: 20_000, pharmacy: 10_000 }, orRate: true },
        perVisitLimit: { visit: 200_000, pharmacy: 200_000 },
      },
      {
        holds: ['uncovered', 'special'],
        copayRate: { uncovered: 0.3, special: 0.3 },
        outpatient: { fixed: SAME(30_000), orRate: true },
        perVisitLimit: { visit: 200_000, pharmacy: 200_000 },
      },
    ],
    inpatient: {
      copayRate: { covered: 0.2, uncovered: 0.3, special: 0.3 },
      yearlyCopayCap: 2_000_000,
      limit: 50_000_000,
    },
    nonCoveredPremiumSteps: true,
    citations: [
      {
        source: STANDARD_2021,
        clause:
          '급여(주계약): 자기부담 20%, 통원 1회당(외래·처방조제 합산) 1만원(상급종합병원·종합병원 2만원)과 20% 중 큰 금액 공제, 회당 20만원 한도',
        certain: true,
      },
      {
        source: STANDARD_2021,
        clause: '비급여(특약): 자기부담 30%, 통원 1회당 3만원과 30% 중 큰 금액 공제, 회당 20만원 한도',
        certain: true,
      },
      {
        source: '금융위원회·금융감독원 보도자료, 「실손의료보험 구조 개편」 (2020. 12.)',
        clause: '급여 20%·비급여 30% 자기부담, 비급여 보험료 차등제 (2024. 7. 시행)',
        certain: true,
        note: '외래와 같은 날 처방조제는 한 번의 통원으로 합쳐 공제해요. 따로 청구된 약국 영수증은 여기서 1만원 공제로 셈해요.',
      },
    ],
  },
};

/**
 * 4세대 비급여 보험료 할인·할증 (금융위원회·금융감독원 보도자료, 2024. 6., 2024. 7. 1. 시행): by the 비급여 보험금
 * paid in the year before renewal, next year's 비급여 특약 premium is discounted (none paid) or raised by these rates.
 * The discount is about 5 % (the regulator says "5% 내외": it is set each year from what the raises bring in).
 * Not raised: 산정특례 대상 질환 (암·심장·뇌혈관·희귀난치 등) and 노인장기요양 1·2등급 (docs/payout-rules.md).
 */
export const NON_COVERED_PREMIUM_STEPS = [
  { step: 1, from: 0, below: 1, change: -0.05 },
  { step: 2, from: 1, below: 1_000_000, change: 0 },
  { step: 3, from: 1_000_000, below: 1_500_000, change: 1 },
  { step: 4, from: 1_500_000, below: 3_000_000, change: 2 },
  { step: 5, from: 3_000_000, below: Number.POSITIVE_INFINITY, change: 3 },
] as const;

/**
 * A monthly 4세대 비급여 특약 premium to reckon with when hers is not known: an assumption (docs/payout-rules.md), not
 * a published figure; it varies with age and insurer (a few thousand won a month for most).
 */
export const ASSUMED_NON_COVERED_MONTHLY_PREMIUM = 7_500;

export interface NonCoveredPremiumEffect {
  /** The step (1–5) by what was paid before this claim, and after it. */
  stepBefore: number;
  stepAfter: number;
  /** next year's 비급여 특약 premium change at each step (−0.05 = 5 % discount, 1 = doubled). */
  changeBefore: number;
  changeAfter: number;
  /** How much more next year's premium would be (원, a year) if this claim is paid; 0 when the step stays. */
  yearlyPremiumRise: number;
  /** What the claim would pay of 비급여 (원). */
  benefit: number;
  /** True when the claim pays more than it would add to next year's premium. */
  worthClaiming: boolean;
  /** Whether the monthly premium was hers or ASSUMED_NON_COVERED_MONTHLY_PREMIUM. */
  premiumAssumed: boolean;
}

const stepOf = (paid: number) => NON_COVERED_PREMIUM_STEPS.find((s) => paid >= s.from && paid < s.below)!;

/**
 * What a 비급여 claim does to next year's premium under 4세대's steps: `paidBefore` is the 비급여 보험금 already paid
 * in the year that counts, `benefit` what this claim would pay of 비급여 (estimatePayout's uncovered parts),
 * `monthlyPremium` her 비급여 특약 premium (unknown: the assumption above). Used to ask before sending a small 비급여.
 */
export function nonCoveredPremiumEffect(input: {
  paidBefore: number;
  benefit: number;
  monthlyPremium?: number | null;
}): NonCoveredPremiumEffect {
  const before = stepOf(Math.max(0, input.paidBefore));
  const after = stepOf(Math.max(0, input.paidBefore) + Math.max(0, input.benefit));
  const premiumAssumed = input.monthlyPremium === undefined || input.monthlyPremium === null;
  const monthly = premiumAssumed ? ASSUMED_NON_COVERED_MONTHLY_PREMIUM : input.monthlyPremium!;
  const yearlyPremiumRise = Math.round(monthly * 12 * (after.change - before.change));
  return {
    stepBefore: before.step,
    stepAfter: after.step,
    changeBefore: before.change,
    changeAfter: after.change,
    yearlyPremiumRise,
    benefit: input.benefit,
    worthClaiming: input.benefit > yearlyPremiumRise,
    premiumAssumed,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The estimate.

/** What the estimate reads of a 세부산정내역 line (intake's VisitLine has these and more). */
export interface PayoutLine {
  name: string;
  category: string;
  copay: number;
  fullCopay: number;
  uncovered: number;
}

/** A visit as the estimate reads it: its lines when the hospital sent them, else the receipt's two totals. */
export interface PayoutReceipt {
  coveredCopay: number;
  uncovered: number;
  lines?: readonly PayoutLine[] | null;
}

/** The receipt's rows no generation pays: 제증명수수료 (표준약관 "보상하지 않는 사항": 진료와 무관한 비용). */
const EXCLUDED_CATEGORIES: ReadonlySet<string> = new Set(['certificate']);
/**
 * The receipt rows whose 비급여 is a 3대 비급여 (3세대 특약; 4세대 비급여 특약 counts them too): 도수치료·체외충격파·
 * 증식치료 (재활 및 물리치료료), 비급여 주사료, 비급여 MRI. Read from the line's receipt row, so a 비급여 재활 line
 * other than those three is counted with them: the estimate says it is an estimate.
 */
const SPECIAL_CATEGORIES: ReadonlySet<string> = new Set(['rehab', 'injection-service', 'injection-drug', 'mri']);

/** One amount of the visit excluded from every part: what and how much. */
export interface ExcludedAmount {
  name: string;
  amount: number;
  /** certificate: not care (제증명); not_covered: her generation covers no such amount (3세대 기본형's 3대 비급여). */
  reason: 'certificate' | 'not_covered';
}

export interface EstimatePart {
  /** The amounts of the part, by kind (원). */
  amounts: Partial<Record<AmountKind, number>>;
  /** Their sum. */
  base: number;
  /** The fixed deductible of this setting (0 for a stay). */
  fixedDeductible: number;
  /** The 자기부담률's share of the base (원). */
  rateDeductible: number;
  /** What was taken off: the larger of the two, or the one that applies, never more than the base. */
  deductible: number;
  /** True when the deductible is larger than the base (nothing paid). */
  belowDeductible: boolean;
  /** The per-visit limit applied, when the rest was above it. */
  limitedTo: number | null;
  /** What this part pays. */
  benefit: number;
}

export interface PayoutEstimate {
  generation: PolicyGeneration;
  careSetting: CareSetting;
  /** From the 세부산정내역 lines, or the receipt's two totals. */
  basis: 'lines' | 'receipt';
  parts: EstimatePart[];
  excluded: ExcludedAmount[];
  /** The expected amount (원): the sum of the parts' benefits. */
  amount: number;
  /** Of which 비급여 (uncovered and special): what nonCoveredPremiumEffect weighs. */
  nonCoveredBenefit: number;
}

/** The visit's amounts by kind, and what none of her parts holds. */
function amountsOf(receipt: PayoutReceipt, rules: GenerationRules) {
  const amounts: Record<AmountKind, number> = { covered: 0, uncovered: 0, special: 0 };
  const excluded: ExcludedAmount[] = [];
  const held = new Set(rules.parts.flatMap((p) => p.holds));
  const lines = receipt.lines ?? [];
  if (lines.length === 0) {
    amounts.covered = receipt.coveredCopay;
    amounts.uncovered = receipt.uncovered;
    return { amounts, excluded, basis: 'receipt' as const };
  }
  for (const l of lines) {
    const covered = l.copay + l.fullCopay;
    if (EXCLUDED_CATEGORIES.has(l.category)) {
      if (covered + l.uncovered > 0)
        excluded.push({ name: l.name, amount: covered + l.uncovered, reason: 'certificate' });
      continue;
    }
    amounts.covered += covered;
    if (l.uncovered === 0) continue;
    if (!SPECIAL_CATEGORIES.has(l.category)) amounts.uncovered += l.uncovered;
    else if (held.has('special')) amounts.special += l.uncovered;
    else excluded.push({ name: l.name, amount: l.uncovered, reason: 'not_covered' });
  }
  return { amounts, excluded, basis: 'lines' as const };
}

/**
 * What her generation's rules pay of a visit: each part's amounts, less its deductible (통원: the fixed amount of the
 * care setting, or the 자기부담률's share where that is larger; 입원: the 자기부담률's share), up to the per-visit limit.
 * Yearly limits and caps are not applied (one claim does not know the others): the estimate says it is one.
 */
export function estimatePayout(
  receipt: PayoutReceipt,
  rules: GenerationRules,
  careSetting: CareSetting,
): PayoutEstimate {
  if (!CARE_SETTINGS.includes(careSetting)) throw new Error(`unknown care setting ${careSetting}`);
  const { amounts, excluded, basis } = amountsOf(receipt, rules);
  const parts: EstimatePart[] = rules.parts.map((p) => {
    const own: Partial<Record<AmountKind, number>> = {};
    let base = 0;
    let rateShare = 0;
    for (const k of p.holds) {
      if (amounts[k] === 0) continue;
      own[k] = amounts[k];
      base += amounts[k];
      const rate = careSetting === 'inpatient' ? (rules.inpatient.copayRate[k] ?? 0) : (p.copayRate[k] ?? 0);
      rateShare += amounts[k] * rate;
    }
    // 원 미만 절사 of the rate's share, as the insurers' statements show it.
    const rateDeductible = Math.floor(rateShare + 1e-9);
    let fixedDeductible = 0;
    let deductible: number;
    if (careSetting === 'inpatient') deductible = rateDeductible;
    else {
      fixedDeductible = p.outpatient.fixed[careSetting];
      deductible = p.outpatient.orRate ? Math.max(fixedDeductible, rateDeductible) : fixedDeductible;
    }
    const belowDeductible = base > 0 && deductible >= base;
    let benefit = Math.max(0, base - deductible);
    let limitedTo: number | null = null;
    if (careSetting !== 'inpatient' && p.perVisitLimit) {
      const limit = careSetting === 'pharmacy' ? p.perVisitLimit.pharmacy : p.perVisitLimit.visit;
      if (benefit > limit) {
        benefit = limit;
        limitedTo = limit;
      }
    }
    return {
      amounts: own,
      base,
      fixedDeductible,
      rateDeductible,
      deductible: Math.min(deductible, base),
      belowDeductible,
      limitedTo,
      benefit,
    };
  });
  const amount = parts.reduce((s, p) => s + p.benefit, 0);
  // 비급여's share of a part that also holds 급여 (2세대, 3세대) is its share of the part's benefit.
  const nonCoveredBenefit = parts.reduce((s, p) => {
    if (p.base === 0) return s;
    const nonCovered = (p.amounts.uncovered ?? 0) + (p.amounts.special ?? 0);
    return s + Math.floor((p.benefit * nonCovered) / p.base);
  }, 0);
  return { generation: rules.generation, careSetting, basis, parts, excluded, amount, nonCoveredBenefit };
}

/**
 * Where a visit was, from the hospital's 종별 (reference data: '의원', '병원', '종합병원', '상급종합병원', '치과의원',
 * '한방병원', '요양병원', '약국' …) and the record's visit type ('외래', '입원', '약국').
 */
export function careSettingOf(hospitalType: string, visitType: string): CareSetting {
  if (visitType === '입원' || visitType === 'inpatient') return 'inpatient';
  if (visitType === '약국' || visitType === 'pharmacy' || hospitalType.includes('약국')) return 'pharmacy';
  if (hospitalType.includes('종합')) return 'general';
  if (hospitalType.includes('병원')) return 'hospital';
  return 'clinic';
}
