// The estimate and the answer in words: each sentence read as a person would say it (docs/payout-rules.md).
import { describe, expect, it } from 'vitest';
import { compareAnswer, explainEstimate } from './payout-explain.js';
import { PAYOUT_RULES, estimateClaimOf, estimatePayout } from './payout-rules.js';

const clinic4 = () => estimatePayout({ coveredCopay: 15_300, uncovered: 24_700 }, PAYOUT_RULES.gen4, 'clinic');
const common = { insurerCount: 1, insurerNm: '삼성화재', phone: '1588-5114' };

describe('explainEstimate', () => {
  it('says the 4세대 clinic visit as a person would', () => {
    expect(explainEstimate(clinic4())).toEqual([
      '급여 본인부담 15,300원에서 공제 10,000원을 빼면 5,300원이에요.',
      '비급여 24,700원은 공제 30,000원보다 적어서 받을 금액이 없어요.',
      '그래서 예상 금액은 5,300원이에요.',
    ]);
  });

  it('says when the rate is more than the fixed deductible, and a limit', () => {
    const e = estimatePayout({ coveredCopay: 400_000, uncovered: 0 }, PAYOUT_RULES.gen4, 'hospital');
    expect(explainEstimate(e)).toEqual([
      '급여 본인부담 400,000원에서 자기부담 20%인 80,000원을 빼면 320,000원이에요.',
      '20%가 공제 10,000원보다 많아서 그만큼 빼요.',
      '한 번에 받을 수 있는 한도가 200,000원이라서 그만큼만 받아요.',
      '그래서 예상 금액은 200,000원이에요.',
    ]);
  });

  it('names what is not covered, and a stay', () => {
    const lines = [
      { name: '도수치료', category: 'rehab', copay: 0, fullCopay: 0, uncovered: 100_000 },
      { name: '진단서', category: 'certificate', copay: 0, fullCopay: 0, uncovered: 20_000 },
    ];
    const basic = estimatePayout({ coveredCopay: 0, uncovered: 120_000, lines }, PAYOUT_RULES.gen3_basic, 'clinic');
    expect(explainEstimate(basic)).toEqual([
      '도수치료 100,000원은 도수치료·주사·MRI 특약이 없어서 받을 수 없어요.',
      '진단서 20,000원은 진료비가 아니라서 실손보험에서 받을 수 없어요.',
      '그래서 이번 진료는 받을 금액이 없을 것 같아요.',
    ]);
    const stay = estimatePayout({ coveredCopay: 500_000, uncovered: 500_000 }, PAYOUT_RULES.gen3, 'inpatient');
    expect(explainEstimate(stay)[0]).toBe(
      '입원 급여 본인부담과 비급여를 합친 1,000,000원에서 자기부담 급여 10%·비급여 20%인 150,000원을 빼면 850,000원이에요.',
    );
  });

  it('takes a 4세대 clinic and its pharmacy as one 통원; a 3세대 one as two', () => {
    const visits = [
      { receipt: { coveredCopay: 8_000, uncovered: 0 }, careSetting: 'clinic' as const },
      { receipt: { coveredCopay: 6_000, uncovered: 0 }, careSetting: 'pharmacy' as const },
    ];
    expect(estimateClaimOf(visits, PAYOUT_RULES.gen4).amount).toBe(4_000);
    const gen3 = estimateClaimOf(visits, PAYOUT_RULES.gen3);
    expect(gen3.amount).toBe(0);
    expect(explainEstimate(gen3)).toEqual([
      '급여 본인부담 8,000원은 공제 10,000원보다 적어서 받을 금액이 없어요.',
      '약국 급여 본인부담 6,000원은 공제 8,000원보다 적어서 받을 금액이 없어요.',
      '그래서 이번 진료는 받을 금액이 없을 것 같아요.',
    ]);
  });
});

describe('compareAnswer', () => {
  it('the same amount: 예상과 같아요', () => {
    const c = compareAnswer({ estimate: clinic4(), paid: 5_300, ...common });
    expect(c.verdict).toBe('same');
    expect(c.sentences).toEqual(['예상한 금액 5,300원을 보험사가 그대로 지급했어요.']);
  });

  it('less, with the insurer’s adjudication: names its larger deductible', () => {
    const c = compareAnswer({
      estimate: clinic4(),
      paid: 3_300,
      items: [
        {
          itemSequence: 1,
          adjudication: [
            { category: 'submitted', amount: 15_300 },
            { category: 'eligible', amount: 15_300 },
            { category: 'deductible', amount: 12_000 },
            { category: 'benefit', amount: 3_300 },
          ],
          reasonCode: 'deductible',
        },
        {
          itemSequence: 2,
          adjudication: [
            { category: 'submitted', amount: 24_700 },
            { category: 'eligible', amount: 24_700 },
            { category: 'deductible', amount: 24_700 },
            { category: 'benefit', amount: 0 },
          ],
        },
      ],
      ...common,
    });
    // Ours took 10,000 + 24,700 off; theirs 12,000 + 24,700: 2,000 more.
    expect(c.verdict).toBe('less');
    expect(c.differences).toEqual([
      { kind: 'deductible', amount: 2_000, text: '보험사가 공제금액을 예상보다 2,000원 더 뺐어요.' },
    ]);
    expect(c.sentences[0]).toBe('예상 5,300원보다 2,000원 적은 3,300원을 받았어요.');
  });

  it('less, an item not covered', () => {
    const e = estimatePayout({ coveredCopay: 0, uncovered: 100_000 }, PAYOUT_RULES.gen4, 'clinic');
    const c = compareAnswer({
      estimate: e,
      paid: 0,
      items: [
        {
          adjudication: [
            { category: 'submitted', amount: 100_000 },
            { category: 'eligible', amount: 0 },
            { category: 'benefit', amount: 0 },
          ],
          reasonCode: 'not_covered',
          reason: '미용 목적 시술',
        },
      ],
      ...common,
    });
    expect(c.verdict).toBe('less');
    expect(c.differences.map((d) => d.kind)).toEqual(['not_covered']);
    expect(c.differences[0]!.text).toBe('보험사가 미용 목적 시술 100,000원을 보장하지 않는 항목으로 봤어요.');
  });

  it('less, half of it with two insurers: 비례보상', () => {
    const c = compareAnswer({ estimate: clinic4(), paid: 2_650, ...common, insurerCount: 2 });
    expect(c.verdict).toBe('less');
    expect(c.differences.map((d) => d.kind)).toEqual(['proportional']);
  });

  it('less, as another generation would pay: names it', () => {
    const visits = [{ receipt: { coveredCopay: 20_000, uncovered: 30_000 }, careSetting: 'clinic' as const }];
    const e = estimateClaimOf(visits, PAYOUT_RULES.gen3);
    expect(e.amount).toBe(40_000);
    // 4세대: 20,000 − 10,000 + 30,000 − 30,000 = 10,000.
    const c = compareAnswer({ estimate: e, paid: 10_000, visits, ...common });
    expect(c.verdict).toBe('less');
    expect(c.differences[0]!.text).toContain('가입하신 보험이 4세대라면 딱 맞는 금액이에요.');
  });

  it('less, and nothing explains it: what to ask, and where', () => {
    const c = compareAnswer({ estimate: clinic4(), paid: 1_000, ...common });
    expect(c.verdict).toBe('unexplained');
    expect(c.unexplained).toBe(4_300);
    expect(c.ask).toMatchObject({ insurerNm: '삼성화재', phone: '1588-5114' });
    expect(c.sentences.at(-2)).toBe('4,300원은 왜 빠졌는지 저희가 알 수 없어요.');
    expect(c.sentences.at(-1)).toBe(
      '삼성화재 고객센터(1588-5114)에 전화해서 청구하신 진료에서 공제금액과 자기부담금을 얼마씩 뺐는지, 보장하지 않은 항목이 있는지 물어보세요.',
    );
  });

  it('more: said plainly', () => {
    expect(compareAnswer({ estimate: clinic4(), paid: 6_000, ...common }).verdict).toBe('more');
  });
});

describe('compareAnswer, the insurer’s items matched by line', () => {
  it('compares only the parts the items cover: one item on the 급여 line names its larger deductible', () => {
    const c = compareAnswer({
      estimate: clinic4(),
      paid: 3_300,
      items: [
        {
          itemSequence: 1,
          adjudication: [
            { category: 'submitted', amount: 15_300 },
            { category: 'deductible', amount: 12_000 },
            { category: 'benefit', amount: 3_300 },
          ],
        },
      ],
      ...common,
    });
    expect(c.verdict).toBe('less');
    expect(c.differences).toEqual([
      { kind: 'deductible', amount: 2_000, text: '보험사가 공제금액을 예상보다 2,000원 더 뺐어요.' },
    ]);
  });
});
