// A list of terms with 'agree to all' that a person can undo item by item, each term readable in full
// in a slide-bottom modal. Used for the service terms and the telecom terms.
import { useState } from 'react';
import type { Terms } from '@auto-claim/contract';
import { SlideBottom } from '../../ui';
import { TermsReading } from '../../ui/TermsReading';

export function TermsChecklist({
  terms,
  agreed,
  onChange,
  allLabel = '약관에 모두 동의해요',
  invalid,
  describedBy,
  allInputId,
}: {
  terms: Terms[];
  agreed: ReadonlySet<string>;
  onChange(next: Set<string>): void;
  allLabel?: string;
  invalid?: boolean;
  describedBy?: string;
  /** An id for the 'agree to all' checkbox, so an error summary can link to it. */
  allInputId?: string;
}) {
  const [reading, setReading] = useState<Terms | null>(null);
  const all = terms.length > 0 && terms.every((t) => agreed.has(t.termsId));
  const toggle = (id: string, on: boolean) => {
    const next = new Set(agreed);
    if (on) next.add(id);
    else next.delete(id);
    onChange(next);
  };

  return (
    <div className="terms" aria-invalid={invalid || undefined} aria-describedby={describedBy}>
      <label className="terms__all">
        <input
          id={allInputId}
          type="checkbox"
          className="check"
          checked={all}
          onChange={(e) => onChange(e.target.checked ? new Set(terms.map((t) => t.termsId)) : new Set())}
        />
        <span>{allLabel}</span>
      </label>
      <ul className="terms__list">
        {terms.map((t) => (
          <li key={t.termsId} className="terms__item">
            <label className="terms__label">
              <input
                type="checkbox"
                className="check"
                checked={agreed.has(t.termsId)}
                onChange={(e) => toggle(t.termsId, e.target.checked)}
              />
              <span>
                <span className={t.required ? 'terms__req' : 'terms__opt'}>{t.required ? '(필수)' : '(선택)'}</span>{' '}
                {t.title}
              </span>
            </label>
            <button
              type="button"
              className="terms__view"
              onClick={() => setReading(t)}
              aria-label={`${t.title} 전문 보기`}
            >
              보기
            </button>
          </li>
        ))}
      </ul>
      <SlideBottom open={reading !== null} onClose={() => setReading(null)} title={reading?.title ?? ''}>
        {reading && (
          <>
            <TermsReading terms={reading} />
            <button
              type="button"
              className="btn btn--primary btn--block"
              onClick={() => {
                toggle(reading.termsId, true);
                setReading(null);
              }}
            >
              동의하기
            </button>
          </>
        )}
      </SlideBottom>
    </div>
  );
}
