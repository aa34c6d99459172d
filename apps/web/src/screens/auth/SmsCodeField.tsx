// The SMS code box with its countdown (spec §7 Auth: 6 digits, valid 3 minutes): one field for the sign-in screen
// (CertInput) and the step-up sheet, so both read, announce and expire the same way.
import type { RefObject } from 'react';
import { focusOnOpen } from '../../ui/focusOnOpen';
import { useT } from '../../i18n/t';

const mmss = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;

export function SmsCodeField({
  id,
  value,
  onChange,
  error,
  left,
  inputRef,
  autoFocus,
}: {
  id: string;
  value: string;
  onChange: (code: string) => void;
  error: string | undefined;
  /** Seconds until the code expires. */
  left: number;
  inputRef?: RefObject<HTMLInputElement | null>;
  /** The screen's one question: focused as it opens when in view (ui/focusOnOpen), never scrolled to. */
  autoFocus?: boolean;
}) {
  const t = useT();
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {t('cert.code', '인증번호')}
      </label>
      <div className="code-row">
        <input
          id={id}
          ref={(el) => {
            if (inputRef) inputRef.current = el;
            if (autoFocus) focusOnOpen(el);
          }}
          className="input code-input"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={9}
          placeholder={t('cert.code.placeholder', '6자리 숫자')}
          aria-invalid={Boolean(error)}
          aria-describedby={`${id}-timer ${id}-error`}
        />
        <span
          id={`${id}-timer`}
          className={`code-timer${left < 30 ? ' code-timer--low' : ''}`}
          role="timer"
          aria-label={t('cert.timeLeft', '남은 시간 {time}', { time: mmss(left) })}
        >
          {mmss(left)}
        </span>
      </div>
      <p id={`${id}-error`} className="field__error" role={error ? 'alert' : undefined}>
        {error ?? (left === 0 ? t('cert.expired', '인증 시간이 지났어요. 인증번호를 다시 받아 주세요.') : '')}
      </p>
    </div>
  );
}
