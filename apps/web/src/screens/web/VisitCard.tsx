// One visit on /web/treat: when and where, what was paid, its claims, or why it was not claimed and a way to claim it;
// and the glossary of the money words these cards use.
import { useEffect, useRef } from 'react';
import type { TreatVisit } from '@auto-claim/contract';
import { useT } from '../../i18n/t';
import { won, visitDay } from './treatFormat';
import { ClaimRow } from './ClaimRow';
import { MONEY_TERM, NOT_CLAIMED_REASON, VISIT_TYPE, term } from './words';

/** The money words of this screen, each explained (the contract's glossary: one meaning on every screen). */
export function Glossary() {
  const t = useT();
  const keys = ['totalPaid', 'coveredSelf', 'uncovered', 'claimAmt', 'paid', 'deductible'] as const;
  return (
    <details className="tr-glossary">
      <summary>{t('glossary.title', '금액 용어 풀이')}</summary>
      <dl>
        {keys.map((k) => (
          <div key={k}>
            <dt>{MONEY_TERM[k]().term}</dt>
            <dd>{MONEY_TERM[k]().meaning}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

export function VisitCard({
  visit,
  onClaim,
  busy,
  idRequestedBy,
  focused = false,
}: {
  visit: TreatVisit;
  onClaim(v: TreatVisit): void;
  busy: boolean;
  /** Insurers with an open ID-copy request. */
  idRequestedBy: Set<string>;
  /** The visit the message's link was about: shown first in view, and focused. */
  focused?: boolean;
}) {
  const t = useT();
  const titleId = `visit-${visit.treatId}`;
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!focused) return;
    ref.current?.scrollIntoView({ block: 'start' });
    ref.current?.focus({ preventScroll: true });
  }, [focused]);
  return (
    <li className={`tr-visit${focused ? ' tr-visit--focus' : ''}`}>
      <article aria-labelledby={titleId} ref={ref} tabIndex={focused ? -1 : undefined}>
        <h3 id={titleId} className="tr-visit__title">
          {visitDay(visit.treatDate)} <span className="tr-visit__type">{VISIT_TYPE[visit.visitType]()}</span>
        </h3>
        <p className="tr-visit__where">
          {visit.hospitalNm}
          {visit.deptNm && ` · ${visit.deptNm}`}
        </p>
        <dl className="tr-amounts">
          <div>
            <dt>{term('totalPaid')}</dt>
            <dd className="tr-amounts__total">{won(visit.paidAmt)}</dd>
          </div>
          <div>
            <dt>{term('coveredSelf')}</dt>
            <dd>{won(visit.coveredSelfAmt)}</dd>
          </div>
          <div>
            <dt>{term('uncovered')}</dt>
            <dd>{won(visit.uncoveredAmt)}</dd>
          </div>
        </dl>
        {visit.claims.length > 0 ? (
          <ul className="tr-claims" aria-label={t('visit.claims', '청구한 보험사')}>
            {visit.claims.map((c) => (
              <ClaimRow
                key={c.claimId}
                claim={c}
                visit={visit}
                idRequested={c.status === 'documents_requested' && idRequestedBy.has(c.insuCompCd)}
              />
            ))}
          </ul>
        ) : (
          <p className="tr-visit__none">
            <span className="tr-badge tr-badge--none">{t('visit.notClaimed', '청구 안 함')}</span>{' '}
            {visit.notClaimedReason ? NOT_CLAIMED_REASON[visit.notClaimedReason]() : ''}
          </p>
        )}
        {visit.canClaim && (
          <button
            type="button"
            className="btn btn--secondary btn--block tr-visit__claim"
            onClick={() => onClaim(visit)}
            disabled={busy}
          >
            {visit.claims.length > 0
              ? t('visit.claimRest', '남은 보험사에도 청구하기')
              : t('visit.claim', '이 진료 청구하기')}
          </button>
        )}
      </article>
    </li>
  );
}
