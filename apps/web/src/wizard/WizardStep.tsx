// The frame every wizard screen shares: the progress line, an error summary that takes focus and links to each field
// (GOV.UK), and the sticky bottom action. Screens compose these; the wizard's order stays in steps.ts.
import { useEffect, useRef, type ReactNode } from 'react';
import { childCalled } from '@auto-claim/contract';
import { currentLang, useT } from '../i18n/t';
import { useClaimStore } from '../store/claim';
import './wizard.css';

/** "5단계 중 2단계 · 보험사 선택" with a bar; the numbers come from useWizard(step).progress (steps.ts PHASES). */
export function StepProgress({ index, total, name }: { index: number; total: number; name?: string }) {
  // A parent enrolling her child reads whose enrolment every question is for (README "A parent enrols her children").
  const child = useClaimStore((s) => (s.ui.insured === 'child' ? s.child.person.userNm : ''));
  const t = useT();
  if (index < 1 || total < 1) return null;
  const pct = Math.round((index / total) * 100);
  return (
    <div className="wz-progress">
      <p className="wz-progress__text">
        <span className="visually-hidden">{t('wizard.progress.hidden', '자동청구 신청')} </span>
        {t('wizard.progress', '{total}단계 중 {index}단계', { total, index })}
        {name && <span className="wz-progress__name"> · {name}</span>}
      </p>
      <div className="wz-progress__bar" aria-hidden="true">
        <span style={{ width: `${pct}%` }} />
      </div>
      {child && (
        <p className="wz-progress__who">
          {t('wizard.forChild', '{child}의 자동청구를 신청하고 있어요', {
            // 지민이's 이 is Korean only: in another language the child's name as entered.
            child: currentLang() === 'ko' ? childCalled(child) : child,
          })}
        </p>
      )}
    </div>
  );
}

export interface SummaryItem {
  /** The id of the element to focus (the input, or the first input of a group). */
  target: string;
  /** The same words as the inline error. */
  message: string;
}

/**
 * The error summary: shown when a submit finds errors, focused on every such submit (`attempt` changes),
 * each item a link that moves focus to its field.
 */
export function ErrorSummary({ items, attempt }: { items: SummaryItem[]; attempt: number }) {
  const ref = useRef<HTMLDivElement>(null);
  const t = useT();
  const shown = items.length > 0;
  useEffect(() => {
    if (shown && attempt > 0) ref.current?.focus();
  }, [attempt, shown]);
  if (!shown) return null;
  return (
    <div className="error-summary" ref={ref} tabIndex={-1} role="alert" aria-labelledby="error-summary-title">
      <h2 id="error-summary-title">{t('wizard.errorSummary', '입력한 내용을 확인해 주세요')}</h2>
      <ul>
        {items.map((it) => (
          <li key={it.target + it.message}>
            <a
              href={`#${it.target}`}
              onClick={(e) => {
                e.preventDefault();
                const el = document.getElementById(it.target);
                el?.focus();
                el?.scrollIntoView({ block: 'center' });
              }}
            >
              {it.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The sticky action at the bottom of a wizard screen. */
export function BottomAction({ children }: { children: ReactNode }) {
  return <div className="bottom-action">{children}</div>;
}

/** A load failure with a retry (spec §8: names what could not be loaded). */
export function LoadError({ message, onRetry }: { message: string; onRetry(): void }) {
  const t = useT();
  return (
    <div className="load-error" role="alert">
      <p>{message}</p>
      <button type="button" className="btn btn--secondary" onClick={onRetry}>
        {t('landing.loadError.retry', '다시 불러오기')}
      </button>
    </div>
  );
}
