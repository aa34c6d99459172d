// The resident number's back part as every screen asks it (the patient's own on /security/jumin, a child's on
// /security/childInfo): the front six shown from the birth date, seven digits masked while typed, and a button that
// shows them. One input, so both people's numbers are typed the same way.
import { useState, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from '../../../ui';
import { focusOnOpen } from '../../../ui/focusOnOpen';
import { useT } from '../../../i18n/t';

export function RrnBackField({
  id,
  label,
  hint,
  error,
  front,
  heading,
  field,
  known = '',
  autoFocus,
}: {
  id: string;
  label: ReactNode;
  hint: ReactNode;
  error: string | undefined;
  /** The birth date's YYMMDD, shown before the dash; empty until the birth date is known. */
  front: string;
  heading?: boolean;
  field: UseFormRegisterReturn;
  /** The first digit when it is already known (typed for the SMS verification): shown, and only six are typed. */
  known?: string;
  /** The screen's one question: the keyboard is up when she arrives, if the field is in view (ui/focusOnOpen). */
  autoFocus?: boolean;
}) {
  const t = useT();
  const [visible, setVisible] = useState(false);
  return (
    <>
      <Field id={id} heading={heading} label={label} hint={hint} error={error}>
        {(p) => (
          <div className="jumin">
            <span className="jumin__front" aria-hidden="true">
              {front || t('identity.birth', '생년월일')}
            </span>
            <span className="jumin__dash" aria-hidden="true">
              –
            </span>
            {known && (
              <span className="jumin__front" aria-hidden="true">
                {known}
              </span>
            )}
            <input
              {...p}
              {...field}
              className="input jumin__back"
              type={visible ? 'text' : 'password'}
              inputMode="numeric"
              autoComplete="off"
              autoCorrect="off"
              spellCheck={false}
              maxLength={known ? 6 : 7}
              ref={(el) => {
                field.ref(el);
                if (autoFocus) focusOnOpen(el);
              }}
              placeholder={known ? '●●●●●●' : '●●●●●●●'}
            />
          </div>
        )}
      </Field>
      <button
        type="button"
        className="btn btn--secondary jumin__toggle"
        aria-pressed={visible}
        onClick={() => setVisible((v) => !v)}
      >
        {visible ? t('rrn.hide', '입력한 숫자 가리기') : t('rrn.show', '입력한 숫자 보기')}
      </button>
    </>
  );
}
