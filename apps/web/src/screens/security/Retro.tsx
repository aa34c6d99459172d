// /security/retro: how many months of past treatments to claim (reg.retroMonth, 0–36). Claims lapse after three
// years (상법 §662), so 36 months is the most that can still be paid, and the default (ENROL_DEFAULTS). The service
// cannot know which visits she claimed herself: it says what happens then (the insurer refuses the double).
import { t as tNow, useT } from '../../i18n/t';
import { useClaimStore } from '../../store/claim';
import { useWizard } from '../../wizard/steps';
import { RETRO_MONTH_MAX } from '@auto-claim/contract';
import { BottomAction, ErrorSummary, StepProgress } from '../../wizard/WizardStep';
import { useRequiredChoice } from './parts/useRequiredChoice';
import { Emphasised, MARK } from './parts/Emphasised';
import { formatYmd, retroStart } from './parts/format';
import './parts/enrol.css';

const OPTIONS: { months: number; title(): string }[] = [
  { months: 0, title: () => tNow('retro.none', '지난 진료는 청구하지 않아요') },
  { months: 3, title: () => tNow('retro.months3', '최근 3개월') },
  { months: 6, title: () => tNow('retro.months6', '최근 6개월') },
  { months: 12, title: () => tNow('retro.year1', '최근 1년') },
  { months: 24, title: () => tNow('retro.year2', '최근 2년') },
  { months: RETRO_MONTH_MAX, title: () => tNow('retro.year3', '최근 3년 (최대)') },
];

export default function Retro() {
  const t = useT();
  const { next, progress } = useWizard('retro');
  const retroMonth = useClaimStore((s) => s.reg.retroMonth);
  const hospitalNm = useClaimStore((s) => s.repository.hospitalNm);

  const { error, attempt, onSubmit, clearError } = useRequiredChoice({
    answered: retroMonth !== null,
    message: t('retro.required', '지난 진료를 청구할 기간을 골라 주세요.'),
    next,
  });

  return (
    <form className="screen" noValidate onSubmit={onSubmit}>
      <StepProgress {...progress} />
      <ErrorSummary items={error ? [{ target: 'retro-0', message: error }] : []} attempt={attempt} />
      <fieldset
        className={`fieldset${error ? ' fieldset--invalid' : ''}`}
        aria-describedby={`retro-explain${error ? ' retro-error' : ''}`}
      >
        <legend>
          <h2 className="fieldset__lead">{t('retro.lead', '지난 진료비도 함께 청구할까요?')}</h2>
        </legend>
        <div className="explain" id="retro-explain">
          <p>
            {hospitalNm
              ? t('retro.explain.at', '{hospital}에서 예전에 받은 진료도 고른 기간만큼 한꺼번에 청구해 드려요.', {
                  hospital: hospitalNm,
                })
              : t('retro.explain', '예전에 받은 진료도 고른 기간만큼 한꺼번에 청구해 드려요.')}
          </p>
          <p>
            {t(
              'retro.double',
              '이미 직접 청구하신 진료가 섞여 있어도 괜찮아요. 보험사가 중복 청구로 보고 지급하지 않아서, 보험금을 두 번 받는 일은 없어요.',
            )}
          </p>
          <p>
            <Emphasised
              text={t('retro.lapse', '보험금은 {lapse} 그래서 최대 3년 전 진료까지 고를 수 있어요.', { lapse: MARK })}
              strong={t('retro.lapse.strong', '진료를 받은 날부터 3년이 지나면 청구할 수 없어요.')}
            />
          </p>
        </div>
        <p id="retro-error" className="field__error" aria-live="polite">
          {error ?? ''}
        </p>
        <ul className="options">
          {OPTIONS.map((o) => (
            <li key={o.months} className="option">
              <input
                id={`retro-${o.months}`}
                type="radio"
                name="retroMonth"
                value={o.months}
                checked={retroMonth === o.months}
                onChange={() => {
                  useClaimStore.getState().setReg({ retroMonth: o.months });
                  clearError();
                }}
              />
              <label htmlFor={`retro-${o.months}`} className="option__card">
                <span className="option__mark" aria-hidden="true" />
                <span className="option__text">
                  <span className="option__title">{o.title()}</span>
                  <span className="option__detail">
                    {o.months === 0
                      ? t('retro.none.detail', '오늘 이후 진료부터 청구해요.')
                      : t('retro.since', '{date} 이후 진료', { date: formatYmd(retroStart(o.months)) })}
                  </span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>

      <BottomAction>
        <button type="submit" className="btn btn--primary btn--block">
          {t('ui.next', '다음')}
        </button>
      </BottomAction>
    </form>
  );
}
