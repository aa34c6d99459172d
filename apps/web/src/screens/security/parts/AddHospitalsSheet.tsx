// My subscription, inner mode: further auto-claim hospitals picked from those that take it (v2 add-hospital).
import { useState } from 'react';
import { usePossibleHospitals } from '../../../api/possibleHospitals';
import { useT } from '../../../i18n/t';
import { SlideBottom } from '../../../ui/SlideBottom';

/** Inner mode: pick further auto-claim hospitals (v2 add-hospital with a hospitals list). */
export function AddHospitalsSheet({
  open,
  subscribed,
  onClose,
  onAdd,
  busy,
}: {
  open: boolean;
  subscribed: Set<string>;
  onClose(): void;
  onAdd(codes: string[]): void;
  busy: boolean;
}) {
  const t = useT();
  const hospitals = usePossibleHospitals();
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [error, setError] = useState<string>();
  const list = (hospitals.data ?? []).filter((h) => !subscribed.has(h.hospitalCd));
  return (
    <SlideBottom open={open} onClose={onClose} title={t('addHospitals.title', '병원 추가하기')}>
      <fieldset className="wz-fieldset" aria-describedby={error ? 'add-hospitals-error' : undefined}>
        <legend className="visually-hidden">{t('addHospitals.legend', '추가할 병원')}</legend>
        {list.length === 0 && <p>{t('addHospitals.none', '더 추가할 수 있는 병원이 없어요.')}</p>}
        {list.map((h) => (
          <label key={h.hospitalCd} className="wz-option">
            <input
              type="checkbox"
              checked={chosen.has(h.hospitalCd)}
              onChange={(e) => {
                const next = new Set(chosen);
                if (e.target.checked) next.add(h.hospitalCd);
                else next.delete(h.hospitalCd);
                setChosen(next);
                setError(undefined);
              }}
            />
            <span className="wz-option__text">
              <span className="wz-option__title">{h.hospitalNm}</span>
              <span className="wz-option__detail">{h.address}</span>
            </span>
          </label>
        ))}
        <p id="add-hospitals-error" className="field__error" aria-live="polite">
          {error ?? ''}
        </p>
      </fieldset>
      <button
        type="button"
        className="btn btn--primary btn--block"
        disabled={busy}
        onClick={() =>
          chosen.size
            ? onAdd([...chosen])
            : setError(t('addHospitals.required', '추가할 병원을 한 곳 이상 골라 주세요.'))
        }
      >
        {t('addHospitals.add', '추가하기')}
      </button>
    </SlideBottom>
  );
}
