// An accessible form field (Epic Stack habit): label, hint, aria-invalid, aria-describedby and a fixed-height
// error slot so the page does not jump when a message appears.
import { useId, type ReactNode } from 'react';
import { refusal } from '../i18n/refusals';
import { useT } from '../i18n/t';

export interface FieldRenderProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

export function Field({
  label,
  hint,
  error,
  optional,
  heading,
  id: idProp,
  children,
}: {
  /** A stable id for the input, so an error summary can link to it; generated when absent. */
  id?: string;
  label: ReactNode;
  /** One question per page (GOV.UK): the label is the page's heading. */
  heading?: boolean;
  hint?: ReactNode;
  error?: string | undefined;
  optional?: boolean;
  children: (props: FieldRenderProps) => ReactNode;
}) {
  const t = useT();
  const autoId = useId();
  const id = idProp ?? autoId;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  const labelEl = (
    <label className="field__label" htmlFor={id}>
      {label}
      {optional && <span className="field__optional"> {t('ui.optional', '(선택)')}</span>}
    </label>
  );
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      {heading ? <h2 className="field__heading">{labelEl}</h2> : labelEl}
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      <p id={errorId} className="field__error" aria-live="polite">
        {refusal(error) ?? ''}
      </p>
    </div>
  );
}
