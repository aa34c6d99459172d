// The money words a patient reads, in one place (README "Claim engine": the history explains each claim): each term means one
// thing on every screen (the history, the enrolment's minimum amount, the choose-money sheet) and in every message.
// 본인부담금 is the patient's share of the 건강보험-covered bill, never the 실손 deductible (that is 공제금액);
// 청구 금액 is what was asked of the insurer, never what it paid (that is 지급액, "받은 보험금").

export interface MoneyTerm {
  /** The word as it is shown. */
  term: string;
  /** One plain sentence a patient understands (해요체). */
  meaning: string;
}

export const MONEY_TERMS = {
  /** What the patient paid the hospital for the visit: 본인부담금 + 비급여 (the record's totalPaid). */
  totalPaid: {
    term: '낸 진료비',
    meaning: '병원에서 이 진료로 낸 돈 전부예요. 본인부담금과 비급여를 더한 금액이에요.',
  },
  /** 급여 본인부담금: the patient's share of what 건강보험 covers (the record's coveredCopay). */
  coveredSelf: { term: '본인부담금', meaning: '건강보험이 적용된 진료비 가운데 내가 낸 몫이에요.' },
  /** 비급여: what 건강보험 does not cover at all (the record's uncovered). */
  uncovered: { term: '비급여', meaning: '건강보험이 적용되지 않아 내가 모두 낸 진료비예요.' },
  /** What was claimed from the insurer (the claim's amount): not money received. */
  claimAmt: { term: '청구 금액', meaning: '보험사에 보험금을 달라고 청구한 진료비예요. 받은 보험금이 아니에요.' },
  /** What her policy's rules should pay of the claim (the payout module's estimate, docs/payout-rules.md). */
  estimate: {
    term: '예상 금액',
    meaning: '가입하신 실손보험의 규칙으로 미리 셈해 본 보험금이에요. 실제 금액은 보험사가 심사해서 정해요.',
  },
  /** 지급: the insurer paid; 지급액 is what it paid (the claim's paidAmount). */
  paid: { term: '받은 보험금', meaning: '보험사가 심사하고 내 계좌로 준(지급한) 돈이에요.' },
  /** 공제금액: what 실손 insurance keeps back from every claim, by the policy. */
  deductible: {
    term: '공제금액',
    meaning: '실손보험이 보험금을 줄 때 진료비에서 빼는 금액이에요. 가입한 상품에 따라 보통 1만~3만 원이에요.',
  },
} as const satisfies Record<string, MoneyTerm>;

export type MoneyTermKey = keyof typeof MONEY_TERMS;

/** The word of a term, as shown: `moneyTerm('claimAmt')` → '청구 금액'. */
export const moneyTerm = (key: MoneyTermKey): string => MONEY_TERMS[key].term;
