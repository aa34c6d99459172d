// /security/expenses: the minimum claim amount (reg.minAmt), chosen in the choose-money modal (spec §2).
import { useRef, useState } from 'react';
import { particle } from '../../i18n/josa';
import { inSource, useT } from '../../i18n/t';
import { useClaimStore } from '../../store/claim';
import { useWizard } from '../../wizard/steps';
import { ChooseMoney, minAmtName } from './parts/ChooseMoney';
import { BottomAction, ErrorSummary, StepProgress } from '../../wizard/WizardStep';
import { useRequiredChoice } from './parts/useRequiredChoice';
import { Emphasised, MARK } from './parts/Emphasised';
import { term } from '../web/words';
import './parts/enrol.css';

export default function Expenses() {
  const t = useT();
  const { next, progress } = useWizard('expenses');
  const minAmt = useClaimStore((s) => s.reg.minAmt);
  const { setReg, setUi } = useClaimStore.getState();
  const [open, setOpen] = useState(false);
  const pickerRef = useRef<HTMLButtonElement>(null);

  const { error, attempt, onSubmit, clearError } = useRequiredChoice({
    answered: minAmt !== null,
    message: t('expenses.required', '청구할 최소 진료비를 골라 주세요.'),
    next,
  });

  return (
    <form className="screen" noValidate onSubmit={onSubmit}>
      <StepProgress {...progress} />
      <h2 className="screen__lead">{t('expenses.lead', '얼마 이상 나온 진료비부터 청구할까요?')}</h2>
      <ErrorSummary items={error ? [{ target: 'min-amt', message: error }] : []} attempt={attempt} />
      <div className="explain">
        <p>{t('expenses.explain', '병원에서 낸 진료비가 고른 금액 이상일 때만 보험사에 자동으로 청구해요.')}</p>
        <p>
          <Emphasised
            text={t(
              'expenses.deductible',
              '실손보험은 진료비에서 {deductible}{deductibleJosa} 빼고 보험금을 줘요. 그래서 진료비가 적으면 받을 보험금이 없을 수도 있어요.',
              // The particle follows the word before the parenthesis (공제금액(…)을).
              {
                deductible: MARK,
                deductibleJosa: particle(
                  inSource(() => term('deductible')),
                  '을/를',
                ),
              },
            )}
            strong={t('expenses.deductible.term', '{term}(보통 1만~3만 원)', { term: term('deductible') })}
          />
        </p>
      </div>

      <div className={`field${error ? ' field--invalid' : ''}`}>
        <span className="field__label" id="min-amt-label">
          {t('expenses.label', '청구할 최소 진료비')}
        </span>
        <button
          ref={pickerRef}
          id="min-amt"
          type="button"
          className={`picker${minAmt === null ? ' picker--empty' : ''}`}
          aria-haspopup="dialog"
          aria-labelledby="min-amt-label min-amt-value"
          aria-describedby={error ? 'min-amt-error' : undefined}
          aria-invalid={Boolean(error)}
          onClick={() => setOpen(true)}
        >
          <span id="min-amt-value">{minAmt === null ? t('expenses.choose', '금액 고르기') : minAmtName(minAmt)}</span>
          <span className="picker__chevron" aria-hidden="true">
            ▾
          </span>
        </button>
        <p id="min-amt-error" className="field__error" aria-live="polite">
          {error ?? ''}
        </p>
      </div>

      <ChooseMoney
        open={open}
        value={minAmt}
        onClose={() => setOpen(false)}
        onChoose={(o) => {
          setReg({ minAmt: o.value });
          setUi({ minAmtNm: o.title });
          clearError();
          setOpen(false);
          requestAnimationFrame(() => pickerRef.current?.focus());
        }}
      />

      <BottomAction>
        <button type="submit" className="btn btn--primary btn--block">
          {t('ui.next', '다음')}
        </button>
      </BottomAction>
    </form>
  );
}
