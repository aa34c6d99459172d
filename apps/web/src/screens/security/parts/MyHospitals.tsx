// My subscription's hospitals: each with the day it joined and a way to take it out, and a way to add this hospital
// (the landing's) or, in inner mode, more of them.
import type { SubscriptionSummary } from '@auto-claim/contract';
import { useT } from '../../../i18n/t';
import { formatDate } from './format';

type Hospital = SubscriptionSummary['hospitals'][number];

export function MyHospitals({
  hospitals,
  busy,
  addThisNm,
  inner,
  onRemove,
  onAddThis,
  onAddMore,
}: {
  hospitals: Hospital[];
  busy: boolean;
  /** The landing's hospital, when it can be added: its name. */
  addThisNm: string | null;
  inner: boolean;
  onRemove(h: Hospital): void;
  onAddThis(): void;
  onAddMore(): void;
}) {
  const t = useT();
  return (
    <section className="summary-card" aria-labelledby="hospitals-title">
      <h3 id="hospitals-title" className="summary-card__title">
        {t('mine.hospitals', '자동청구 병원')}
      </h3>
      <ul className="options" aria-label={t('mine.hospitals.list', '가입한 병원')}>
        {hospitals.map((h) => (
          <li key={h.hospitalCd} className="hospital-row">
            <span className="hospital-row__name">
              {h.hospitalNm}
              <span className="hospital-row__date">
                {t('mine.hospital.since', '{day} 가입', { day: formatDate(new Date(h.subscribedAt)) })}
              </span>
            </span>
            <button
              type="button"
              className="link-button link-button--danger"
              onClick={() => onRemove(h)}
              disabled={busy}
            >
              {t('mine.removeHospital.confirm', '빼기')}
              <span className="visually-hidden"> {h.hospitalNm}</span>
            </button>
          </li>
        ))}
      </ul>
      {addThisNm !== null && (
        <button type="button" className="btn btn--secondary btn--block" onClick={onAddThis} disabled={busy}>
          {t('mine.addThis', '{hospital}도 자동청구하기', { hospital: addThisNm })}
        </button>
      )}
      {inner && (
        <button type="button" className="btn btn--secondary btn--block" onClick={onAddMore}>
          {t('mine.addMore', '병원 추가하기')}
        </button>
      )}
    </section>
  );
}
