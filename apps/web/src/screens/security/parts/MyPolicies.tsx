// 내 자동청구: when each insurer contract was taken out (its 실손 generation, docs/payout-rules.md), whose rules make each
// claim's expected amount; changed per insurer in a bottom sheet like the minimum amount's (one tap chooses and
// closes). "잘 모르겠어요" is a choice too: an insurer's answer may then name it ("보험사가 알려 줬어요").
import { useState } from 'react';
import type { PolicyGeneration, SubscriptionSummary } from '@auto-claim/contract';
import { useT } from '../../../i18n/t';
import { SlideBottom } from '../../../ui/SlideBottom';
import { POLICY_GENERATION } from '../../web/words';

type Insurer = SubscriptionSummary['insurers'][number];

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
  const t = useT();
  const unknown = t('insuChoose.when.unknown', '잘 모르겠어요');
  const [open, setOpen] = useState<Insurer | null>(null);
  const choose = (g: PolicyGeneration | null) => {
    const i = open;
    setOpen(null);
    if (i && g !== i.policyGeneration) onChoose(i, g);
  };
  return (
    <section className="summary-card" aria-labelledby="policies-title">
      <h3 id="policies-title" className="summary-card__title">
        {t('mine.policies', '실손보험 가입 시기')}
      </h3>
      <p className="screen__sub">
        {t(
          'mine.policies.text',
          '가입 시기에 따라 돌려받는 금액이 달라요. 진료마다 받을 금액을 이 기준으로 알려 드려요.',
        )}
      </p>
      <ul className="options" aria-label={t('mine.policies.list', '보험사별 가입 시기')}>
        {insurers.map((i) => (
          <li key={i.insuCompCd} className="hospital-row">
            <span className="hospital-row__name">
              {i.insuCompNm}
              <span className="hospital-row__date">
                {i.policyGeneration ? POLICY_GENERATION[i.policyGeneration]() : unknown}
                {i.policyGenerationBy === 'insurer' && ` · ${t('mine.policies.byInsurer', '보험사가 알려 줬어요')}`}
              </span>
            </span>
            <button type="button" className="link-button" onClick={() => setOpen(i)} disabled={busy}>
              {t('mine.change', '변경')}
              <span className="visually-hidden">
                {' '}
                {t('mine.policy.when', '{insurer} 가입 시기', { insurer: i.insuCompNm })}
              </span>
            </button>
          </li>
        ))}
      </ul>
      <SlideBottom
        open={open !== null}
        onClose={() => setOpen(null)}
        title={t('mine.policy.when', '{insurer} 가입 시기', { insurer: open?.insuCompNm ?? '' })}
      >
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
                  <span className="option__title">{g ? POLICY_GENERATION[g]() : unknown}</span>
                  {!g && (
                    <span className="option__detail">
                      {t('mine.policies.later', '보험사가 알려 주면 채워 둘게요.')}
                    </span>
                  )}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </SlideBottom>
    </section>
  );
}
