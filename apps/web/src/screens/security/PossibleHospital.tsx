// /security/possibleHospital (inner mode): the hospitals that offer automatic claims, sorted by name (spec §4);
// the patient may pick several at once, kept in reg.multiSubscrib.
import { useState, type FormEvent } from 'react';
import { usePossibleHospitals } from '../../api/possibleHospitals';
import { useT } from '../../i18n/t';
import { useClaimStore } from '../../store/claim';
import { useWizard } from '../../wizard/steps';
import { BottomAction, ErrorSummary, LoadError, StepProgress } from '../../wizard/WizardStep';
import './wizard-1.css';

export default function PossibleHospital() {
  const t = useT();
  const { next, progress } = useWizard('possibleHospital');
  const hospitals = usePossibleHospitals();
  const chosen = useClaimStore((s) => s.reg.multiSubscrib);
  const setReg = useClaimStore((s) => s.setReg);
  const [error, setError] = useState<string>();
  const [attempt, setAttempt] = useState(0);

  const toggle = (hospitalCd: string, on: boolean) => {
    const set = new Set(chosen);
    if (on) set.add(hospitalCd);
    else set.delete(hospitalCd);
    // In the list's order, so the summary reads the same way.
    const order = (hospitals.data ?? []).map((h) => h.hospitalCd);
    setReg({ multiSubscrib: order.filter((cd) => set.has(cd)) });
    setError(undefined);
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const known = new Set((hospitals.data ?? []).map((h) => h.hospitalCd));
    const valid = chosen.filter((cd) => known.has(cd));
    if (valid.length === 0) {
      setError(t('possibleHospital.required', '자동청구를 신청할 병원을 한 곳 이상 골라 주세요.'));
      setAttempt((n) => n + 1);
      return;
    }
    setReg({ multiSubscrib: valid });
    next();
  };

  return (
    <form className="screen" noValidate onSubmit={onSubmit}>
      <StepProgress {...progress} />
      <ErrorSummary items={error ? [{ target: 'hospital-0', message: error }] : []} attempt={attempt} />
      <fieldset
        className={`wz-fieldset${error ? ' wz-invalid' : ''}`}
        aria-describedby={`hospitals-hint${error ? ' hospitals-error' : ''}`}
      >
        <legend>
          <h2 className="wz-legend">{t('possibleHospital.legend', '자동청구를 신청할 병원을 골라 주세요')}</h2>
        </legend>
        <p id="hospitals-hint" className="field__hint">
          {t(
            'possibleHospital.hint',
            '여러 곳을 함께 고를 수 있어요. 고른 병원에서 진료를 받으면 보험금이 자동으로 청구돼요.',
          )}
        </p>
        {hospitals.isPending && (
          <div
            className="skeleton skeleton--list"
            aria-label={t('possibleHospital.loading', '병원 목록을 불러오고 있어요')}
          />
        )}
        {hospitals.isError && (
          <LoadError
            message={t(
              'possibleHospital.loadError',
              '자동청구 병원 목록을 불러오지 못했어요. 잠시 후 다시 시도해 주세요.',
            )}
            onRetry={() => void hospitals.refetch()}
          />
        )}
        {hospitals.isSuccess && hospitals.data.length === 0 && (
          <p className="wz-empty">{t('possibleHospital.none', '지금은 자동청구를 신청할 수 있는 병원이 없어요.')}</p>
        )}
        {hospitals.isSuccess && (
          <ul className="wz-options">
            {hospitals.data.map((h, i) => (
              <li key={h.hospitalCd}>
                <label className="wz-option">
                  <input
                    id={`hospital-${i}`}
                    type="checkbox"
                    checked={chosen.includes(h.hospitalCd)}
                    onChange={(e) => toggle(h.hospitalCd, e.target.checked)}
                  />
                  <span className="wz-option__text">
                    <span className="wz-option__title">{h.hospitalNm}</span>
                    <span className="wz-option__detail">{h.address}</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
        <p id="hospitals-error" className="field__error" aria-live="polite">
          {error ?? ''}
        </p>
      </fieldset>
      <BottomAction>
        <button type="submit" className="btn btn--primary btn--block">
          {chosen.length > 0
            ? t('possibleHospital.next', '{count, plural, other {#곳}} 선택하고 다음', { count: chosen.length })
            : t('ui.next', '다음')}
        </button>
      </BottomAction>
    </form>
  );
}
