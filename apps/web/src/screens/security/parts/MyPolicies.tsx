// 내 자동청구: when each insurer contract was taken out (its 실손 generation, docs/payout-rules.md), whose rules make each
// claim's expected amount; changed per insurer in a bottom sheet like the minimum amount's (one tap chooses and
// closes). "잘 모르겠어요" is a choice too: an insurer's answer may then name it ("보험사가 알려 줬어요").
import { useState } from 'react';
import { POLICY_GENERATION_NM, type PolicyGeneration, type SubscriptionSummary } from '@auto-claim/contract';
import { SlideBottom } from '../../../ui/SlideBottom';

type Insurer = SubscriptionSummary['insurers'][number];

const UNKNOWN = '잘 모르겠어요';
/** Newest first, the 3세대 with its 특약 (how most were sold) before the one without. */
const CHOICES: readonly PolicyGeneration[] = ['gen4', 'gen3', 'gen3_basic', 'gen2', 'gen1'];

export function MyPolicies({
  insurers,
  busy,
  onChoose,
}: {
  insurers: Insurer[];
  busy: boolean;
  onChoose(insurer: Insurer, generation: PolicyGeneration | null): void;
}) {
  const [open, setOpen] = useState<Insurer | null>(null);
  const choose = (g: PolicyGeneration | null) => {
    const i = open;
    setOpen(null);
    if (i && g !== i.policyGeneration) onChoose(i, g);
  };
  return (
    <section className="summary-card" aria-labelledby="policies-title">
      <h3 id="policies-title" className="summary-card__title">
        실손보험 가입 시기
      </h3>
      <p className="screen__sub">
        가입 시기에 따라 돌려받는 금액이 달라요. 진료마다 받을 금액을 이 기준으로 알려 드려요.
      </p>
      <ul className="options" aria-label="보험사별 가입 시기">
        {insurers.map((i) => (
          <li key={i.insuCompCd} className="hospital-row">
            <span className="hospital-row__name">
              {i.insuCompNm}
              <span className="hospital-row__date">
                {i.policyGeneration ? POLICY_GENERATION_NM[i.policyGeneration] : UNKNOWN}
                {i.policyGenerationBy === 'insurer' && ' · 보험사가 알려 줬어요'}
              </span>
            </span>
            <button type="button" className="link-button" onClick={() => setOpen(i)} disabled={busy}>
              변경<span className="visually-hidden"> {i.insuCompNm} 가입 시기</span>
            </button>
          </li>
        ))}
      </ul>
      <SlideBottom open={open !== null} onClose={() => setOpen(null)} title={`${open?.insuCompNm ?? ''} 가입 시기`}>
        <ul className="options">
          {[...CHOICES, null].map((g) => (
            <li key={g ?? 'unknown'} className="option">
              <button
                type="button"
                className="option__card option__card--button"
                aria-pressed={(open?.policyGeneration ?? null) === g}
                onClick={() => choose(g)}
              >
                <span className="option__mark" aria-hidden="true" />
                <span className="option__text">
                  <span className="option__title">{g ? POLICY_GENERATION_NM[g] : UNKNOWN}</span>
                  {!g && <span className="option__detail">보험사가 알려 주면 채워 둘게요.</span>}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </SlideBottom>
    </section>
  );
}
