// /security/email: an optional e-mail address (userEmail), marked (선택); empty is a valid answer.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { optionalEmail } from '@auto-claim/contract';
import { refusal } from '../../i18n/refusals';
import { useT } from '../../i18n/t';
import { useClaimStore } from '../../store/claim';
import { Field } from '../../ui/Field';
import { useWizard } from '../../wizard/steps';
import { BottomAction, ErrorSummary, StepProgress } from '../../wizard/WizardStep';
import './parts/enrol.css';

const emailForm = z.object({ userEmail: optionalEmail.default('') });
type EmailInput = z.input<typeof emailForm>;
type EmailValues = z.output<typeof emailForm>;

export default function Email() {
  const t = useT();
  const { next, progress } = useWizard('email');
  const userEmail = useClaimStore((s) => s.reg.userEmail);
  const setReg = useClaimStore((s) => s.setReg);
  const [attempt, setAttempt] = useState(0);
  const form = useForm<EmailInput, unknown, EmailValues>({
    resolver: zodResolver(emailForm),
    shouldFocusError: false,
    defaultValues: { userEmail },
  });
  // The contract refuses in Korean; shown in her language (refusals.ts).
  const error = refusal(form.formState.errors.userEmail?.message);
  const value = form.watch('userEmail') ?? '';

  return (
    <form
      className="screen"
      noValidate
      onSubmit={form.handleSubmit(
        (v) => {
          setReg({ userEmail: (v.userEmail ?? '').trim() });
          next();
        },
        () => setAttempt((n) => n + 1),
      )}
    >
      <StepProgress {...progress} />
      <ErrorSummary items={error ? [{ target: 'f-userEmail', message: error }] : []} attempt={attempt} />
      <Field
        id="f-userEmail"
        heading
        label={t('email.label', '이메일 주소')}
        optional
        hint={t('email.hint', '청구 결과를 이메일로도 알려 드려요. 없으면 비워 두고 다음으로 넘어가도 괜찮아요.')}
        error={error}
      >
        {(p) => (
          <input
            {...p}
            {...form.register('userEmail')}
            className="input"
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="off"
            spellCheck={false}
            placeholder="name@example.com"
          />
        )}
      </Field>
      <BottomAction>
        <button type="submit" className="btn btn--primary btn--block">
          {value.trim() ? t('ui.next', '다음') : t('email.skip', '이메일 없이 다음')}
        </button>
      </BottomAction>
    </form>
  );
}
