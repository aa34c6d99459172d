// Worked examples of each generation's rules (docs/payout-rules.md, "Worked examples"): each figure computed by hand from
// the clause its row cites, so a changed figure in PAYOUT_RULES fails here with the example that shows it.
import { describe, expect, it } from 'vitest';
import {
  NON_COVERED_PREMIUM_STEPS,
  PAYOUT_RULES,
  careSettingOf,
  estimatePayout,
  nonCoveredPremiumEffect,
  type PayoutLine,
} from './payout-rules.js';
import { POLICY_GENERATIONS } from './vocabulary.js';

const line = (category: string, copay: number, uncovered: number, name = category): PayoutLine => ({
  name,
  category,
  copay,
  fullCopay: 0,
  uncovered,
});

describe('the rules table', () => {
  it('has one row per generation, each citing where its figures come from', () => {
    expect(Object.keys(PAYOUT_RULES).sort()).toEqual([...POLICY_GENERATIONS].sort());
    for (const g of POLICY_GENERATIONS) {
      const r = PAYOUT_RULES[g];
      expect(r.generation).toBe(g);
      expect(r.citations.length).toBeGreaterThan(0);
      for (const c of r.citations) {
        expect(c.source).not.toBe('');
        expect(c.clause).not.toBe('');
        // An uncertain figure says what is uncertain, or is covered by another citation of the row that does.
        if (!c.certain) expect(r.citations.some((x) => x.note)).toBe(true);
      }
    }
  });

  it('follows one period after another, the newest still sold', () => {
    const order = ['gen1', 'gen2', 'gen3', 'gen4'] as const;
    for (let i = 1; i < order.length; i++) {
      const [y, m] = PAYOUT_RULES[order[i - 1]!].soldUntil!.split('-').map(Number);
      const next = m === 12 ? `${y! + 1}-01` : `${y}-${String(m! + 1).padStart(2, '0')}`;
      expect(PAYOUT_RULES[order[i]!].soldFrom).toBe(next);
    }
    expect(PAYOUT_RULES.gen4.soldUntil).toBeNull();
  });
});

describe('4세대 (표준약관 2021. 7.)', () => {
  const rules = PAYOUT_RULES.gen4;

  it('a clinic visit: 급여 15,300원 less 1만원, 비급여 24,700원 under its 3만원: 5,300원', () => {
    const e = estimatePayout({ coveredCopay: 15_300, uncovered: 24_700 }, rules, 'clinic');
    expect(e.amount).toBe(5_300);
    expect(e.basis).toBe('receipt');
    expect(e.parts[0]).toMatchObject({
      base: 15_300,
      fixedDeductible: 10_000,
      rateDeductible: 3_060,
      deductible: 10_000,
    });
    expect(e.parts[1]).toMatchObject({ base: 24_700, deductible: 24_700, belowDeductible: true, benefit: 0 });
    expect(e.nonCoveredBenefit).toBe(0);
  });

  it('a 상급종합병원 visit: the 20 % and 30 % shares are larger than 2만원 and 3만원', () => {
    const e = estimatePayout({ coveredCopay: 150_000, uncovered: 200_000 }, rules, 'general');
    expect(e.parts.map((p) => p.deductible)).toEqual([30_000, 60_000]);
    expect(e.amount).toBe(120_000 + 140_000);
    expect(e.nonCoveredBenefit).toBe(140_000);
  });

  it('a 병원 visit pays at most 20만원 a part', () => {
    const e = estimatePayout({ coveredCopay: 400_000, uncovered: 0 }, rules, 'hospital');
    expect(e.parts[0]).toMatchObject({ deductible: 80_000, limitedTo: 200_000, benefit: 200_000 });
    expect(e.amount).toBe(200_000);
  });

  it('a stay: 20 % of 급여 and 30 % of 비급여, no fixed deductible', () => {
    const e = estimatePayout({ coveredCopay: 1_000_000, uncovered: 2_000_000 }, rules, 'inpatient');
    expect(e.amount).toBe(800_000 + 1_400_000);
  });

  it('the 3대 비급여 and a certificate from the lines: the first paid as 비급여, the second never', () => {
    const e = estimatePayout(
      {
        coveredCopay: 0,
        uncovered: 0,
        lines: [
          line('consult', 5_000, 0),
          line('rehab', 0, 100_000, '도수치료'),
          line('certificate', 0, 20_000, '진단서'),
        ],
      },
      rules,
      'clinic',
    );
    expect(e.basis).toBe('lines');
    expect(e.parts[0]).toMatchObject({ base: 5_000, benefit: 0, belowDeductible: true });
    expect(e.parts[1]).toMatchObject({ amounts: { special: 100_000 }, deductible: 30_000, benefit: 70_000 });
    expect(e.excluded).toEqual([{ name: '진단서', amount: 20_000, reason: 'certificate' }]);
    expect(e.amount).toBe(70_000);
  });
});

describe('3세대 (표준약관 2017. 4.)', () => {
  it('a clinic visit: one deductible off 급여 and 비급여 together, 1만원 being more than 10 % + 20 %', () => {
    const e = estimatePayout({ coveredCopay: 20_000, uncovered: 30_000 }, PAYOUT_RULES.gen3, 'clinic');
    expect(e.parts[0]).toMatchObject({ base: 50_000, rateDeductible: 8_000, deductible: 10_000 });
    expect(e.amount).toBe(40_000);
  });

  it('a 종합병원 visit: 10 % + 20 % is more than 2만원', () => {
    const e = estimatePayout({ coveredCopay: 100_000, uncovered: 200_000 }, PAYOUT_RULES.gen3, 'general');
    expect(e.parts[0]).toMatchObject({ rateDeductible: 50_000, deductible: 50_000, benefit: 250_000, limitedTo: null });
  });

  it('a pharmacy: 8천원 off the 처방조제', () => {
    expect(estimatePayout({ coveredCopay: 12_000, uncovered: 0 }, PAYOUT_RULES.gen3, 'pharmacy').amount).toBe(4_000);
  });

  it('도수치료 with the 특약: 30 % is more than 2만원; without it, not covered', () => {
    const receipt = { coveredCopay: 0, uncovered: 100_000, lines: [line('rehab', 0, 100_000, '도수치료')] };
    const withRider = estimatePayout(receipt, PAYOUT_RULES.gen3, 'clinic');
    expect(withRider.parts[1]).toMatchObject({ deductible: 30_000, benefit: 70_000 });
    expect(withRider.amount).toBe(70_000);
    const basic = estimatePayout(receipt, PAYOUT_RULES.gen3_basic, 'clinic');
    expect(basic.amount).toBe(0);
    expect(basic.excluded).toEqual([{ name: '도수치료', amount: 100_000, reason: 'not_covered' }]);
  });

  it('a stay: 10 % of 급여, 20 % of 비급여', () => {
    expect(estimatePayout({ coveredCopay: 500_000, uncovered: 500_000 }, PAYOUT_RULES.gen3, 'inpatient').amount).toBe(
      450_000 + 400_000,
    );
  });
});

describe('2세대 (표준약관 2009. 10.)', () => {
  it('a 병원 visit: 1만5천원 off the whole, whatever the share', () => {
    const e = estimatePayout({ coveredCopay: 10_000, uncovered: 20_000 }, PAYOUT_RULES.gen2, 'hospital');
    expect(e.amount).toBe(15_000);
  });

  it('a pharmacy: 8천원, up to 5만원', () => {
    expect(estimatePayout({ coveredCopay: 12_000, uncovered: 0 }, PAYOUT_RULES.gen2, 'pharmacy').amount).toBe(4_000);
    expect(estimatePayout({ coveredCopay: 90_000, uncovered: 0 }, PAYOUT_RULES.gen2, 'pharmacy').amount).toBe(50_000);
  });

  it('a clinic visit under its 1만원: nothing', () => {
    const e = estimatePayout({ coveredCopay: 6_000, uncovered: 0 }, PAYOUT_RULES.gen2, 'clinic');
    expect(e.amount).toBe(0);
    expect(e.parts[0]!.belowDeductible).toBe(true);
  });
});

describe('1세대 (손해보험 약관)', () => {
  it('a clinic visit: 5천원 off, the rest paid in full', () => {
    expect(estimatePayout({ coveredCopay: 7_000, uncovered: 5_000 }, PAYOUT_RULES.gen1, 'clinic').amount).toBe(7_000);
  });
  it('a stay: paid in full', () => {
    expect(estimatePayout({ coveredCopay: 300_000, uncovered: 0 }, PAYOUT_RULES.gen1, 'inpatient').amount).toBe(
      300_000,
    );
  });
});

describe('4세대 비급여 보험료 할인·할증', () => {
  it('has the five steps the regulator published, without a gap', () => {
    expect(NON_COVERED_PREMIUM_STEPS.map((s) => s.change)).toEqual([-0.05, 0, 1, 2, 3]);
    for (let i = 1; i < NON_COVERED_PREMIUM_STEPS.length; i++)
      expect(NON_COVERED_PREMIUM_STEPS[i]!.from).toBe(NON_COVERED_PREMIUM_STEPS[i - 1]!.below);
  });

  it('a first small 비급여 claim loses the discount: worth it only above the discount lost', () => {
    const small = nonCoveredPremiumEffect({ paidBefore: 0, benefit: 4_000, monthlyPremium: 7_500 });
    expect(small).toMatchObject({ stepBefore: 1, stepAfter: 2, yearlyPremiumRise: 4_500, worthClaiming: false });
    expect(nonCoveredPremiumEffect({ paidBefore: 0, benefit: 5_000, monthlyPremium: 7_500 }).worthClaiming).toBe(true);
  });

  it('a second claim in step 2 costs nothing more', () => {
    expect(nonCoveredPremiumEffect({ paidBefore: 50_000, benefit: 3_000, monthlyPremium: 7_500 })).toMatchObject({
      stepBefore: 2,
      stepAfter: 2,
      yearlyPremiumRise: 0,
      worthClaiming: true,
    });
  });

  it('1,300,000원 in a year doubles a 7,500원 premium to 15,000원 (step 3)', () => {
    const e = nonCoveredPremiumEffect({ paidBefore: 900_000, benefit: 400_000, monthlyPremium: 7_500 });
    expect(e).toMatchObject({ stepBefore: 2, stepAfter: 3, changeAfter: 1, yearlyPremiumRise: 90_000 });
    expect(7_500 * (1 + e.changeAfter)).toBe(15_000);
  });

  it('without her premium, says it assumed one', () => {
    expect(nonCoveredPremiumEffect({ paidBefore: 0, benefit: 1_000 }).premiumAssumed).toBe(true);
  });
});

describe('careSettingOf', () => {
  it('reads the hospital’s 종별 and the visit type', () => {
    expect(careSettingOf('의원', '외래')).toBe('clinic');
    expect(careSettingOf('치과의원', '외래')).toBe('clinic');
    expect(careSettingOf('병원', '외래')).toBe('hospital');
    expect(careSettingOf('한방병원', '외래')).toBe('hospital');
    expect(careSettingOf('종합병원', '외래')).toBe('general');
    expect(careSettingOf('상급종합병원', '외래')).toBe('general');
    expect(careSettingOf('종합병원', '입원')).toBe('inpatient');
    expect(careSettingOf('약국', '약국')).toBe('pharmacy');
    expect(careSettingOf('의원', 'pharmacy')).toBe('pharmacy');
  });
});
