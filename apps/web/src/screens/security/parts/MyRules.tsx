// Her rules for what is sent (README "Her rules for what is sent"), on 내 자동청구 beside the minimum amount: ask
// before a 비급여 is sent, and a batch day on which the month's claims go together.
import { useId } from 'react';
import type { SubscriptionChangeBody, SubscriptionSummary } from '@auto-claim/contract';
import { useT } from '../../../i18n/t';

const DAYS = Array.from({ length: 28 }, (_, i) => i + 1);

export function MyRules({
  sub,
  busy,
  onChange,
}: {
  sub: SubscriptionSummary;
  busy: boolean;
  onChange(body: SubscriptionChangeBody, done: string): void;
}) {
  const t = useT();
  const askId = useId();
  const dayId = useId();
  const hintId = useId();
  return (
    <section className="stack" aria-labelledby="rules-title">
      <h3 id="rules-title" className="summary-card__title">
        {t('rules.title', '보내는 규칙')}
      </h3>
      <label className="terms__all" htmlFor={askId}>
        <input
          id={askId}
          type="checkbox"
          className="check"
          checked={sub.askUncovered === true}
          disabled={busy}
          aria-describedby={hintId}
          onChange={(e) =>
            onChange(
              { askUncovered: e.target.checked },
              e.target.checked
                ? t('rules.ask.on', '비급여가 있으면 보내기 전에 물어볼게요.')
                : t('rules.ask.off', '비급여도 바로 보낼게요.'),
            )
          }
        />
        <span>{t('rules.ask', '비급여는 보내기 전에 물어봐 주세요')}</span>
      </label>
      <p id={hintId} className="screen__sub">
        {sub.askUncovered === null
          ? t(
              'rules.ask.default',
              '정하지 않으면, 4세대 실손보험은 비급여를 청구했을 때 내년 보험료가 받는 돈보다 더 오를 것 같을 때만 물어봐요.',
            )
          : t('rules.ask.hint', '물어볼 때는 받을 돈과 오를 수 있는 보험료를 함께 알려 드려요.')}
      </p>
      <label className="field" htmlFor={dayId}>
        <span className="field__label">{t('rules.day', '청구 보내는 날')}</span>
        <select
          id={dayId}
          className="input"
          value={sub.batchDay ?? ''}
          disabled={busy}
          onChange={(e) => {
            const day = e.target.value ? Number(e.target.value) : null;
            onChange(
              { batchDay: day },
              day
                ? t('rules.day.done', '이제 매달 {day}일에 모아서 보낼게요.', { day })
                : t('rules.day.now.done', '이제 진료 기록이 오는 대로 바로 보낼게요.'),
            );
          }}
        >
          <option value="">{t('rules.day.now', '바로바로 보내기')}</option>
          {DAYS.map((d) => (
            <option key={d} value={d}>
              {t('rules.day.option', '매달 {day}일에 모아서 보내기', { day: d })}
            </option>
          ))}
        </select>
      </label>
    </section>
  );
}
