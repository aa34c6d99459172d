// A list of terms with 'agree to all' that a person can undo item by item, each term readable in full
// in a slide-bottom modal. Used for the service terms and the telecom terms.
import { useState } from 'react';
import type { Terms } from '@auto-claim/contract';
import { SlideBottom } from '../../ui';
import { TermsReading } from '../../ui/TermsReading';
import { useT } from '../../i18n/t';
import { titleOf } from './consentGroups';

export function TermsChecklist({
  terms,
  agreed,
  onChange,
  allLabel,
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
  const t = useT();
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
        <span>{allLabel ?? t('terms.allLabel', '약관에 모두 동의해요')}</span>
      </label>
      <ul className="terms__list">
        {terms.map((term) => (
          <li key={term.termsId} className="terms__item">
            <label className="terms__label">
              <input
                type="checkbox"
                className="check"
                checked={agreed.has(term.termsId)}
                onChange={(e) => toggle(term.termsId, e.target.checked)}
              />
              <span>
                <span className={term.required ? 'terms__req' : 'terms__opt'}>
                  {term.required ? t('consent.required', '(필수)') : t('ui.optional', '(선택)')}
                </span>{' '}
                <span lang="ko">{term.title}</span>
                {titleOf(term) && <span className="consent__ref">{titleOf(term)}</span>}
              </span>
            </label>
            <button
              type="button"
              className="terms__view"
              onClick={() => setReading(term)}
              aria-label={t('consent.viewFull', '{title} 전문 보기', { title: term.title })}
            >
              {t('consent.view', '보기')}
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
              {t('consent.agree', '동의하기')}
            </button>
          </>
        )}
      </SlideBottom>
    </div>
  );
}
