// Her rules for what is sent (README "Her rules for what is sent"), on 내 자동청구 beside the minimum amount: ask
// before a 비급여 is sent, and a batch day on which the month's claims go together.
import { useId } from 'react';
import type { SubscriptionChangeBody, SubscriptionSummary } from '@auto-claim/contract';

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
  const askId = useId();
  const dayId = useId();
  const hintId = useId();
  return (
    <section className="stack" aria-labelledby="rules-title">
      <h3 id="rules-title" className="summary-card__title">
        보내는 규칙
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
              e.target.checked ? '비급여가 있으면 보내기 전에 물어볼게요.' : '비급여도 바로 보낼게요.',
            )
          }
        />
        <span>비급여는 보내기 전에 물어봐 주세요</span>
      </label>
      <p id={hintId} className="screen__sub">
        {sub.askUncovered === null
          ? '정하지 않으면, 4세대 실손보험은 비급여를 청구했을 때 내년 보험료가 받는 돈보다 더 오를 것 같을 때만 물어봐요.'
          : '물어볼 때는 받을 돈과 오를 수 있는 보험료를 함께 알려 드려요.'}
      </p>
      <label className="field" htmlFor={dayId}>
        <span className="field__label">청구 보내는 날</span>
        <select
          id={dayId}
          className="input"
          value={sub.batchDay ?? ''}
          disabled={busy}
          onChange={(e) => {
            const day = e.target.value ? Number(e.target.value) : null;
            onChange(
              { batchDay: day },
              day ? `이제 매달 ${day}일에 모아서 보낼게요.` : '이제 진료 기록이 오는 대로 바로 보낼게요.',
            );
          }}
        >
          <option value="">바로바로 보내기</option>
          {DAYS.map((d) => (
            <option key={d} value={d}>
              매달 {d}일에 모아서 보내기
            </option>
          ))}
        </select>
      </label>
    </section>
  );
}
