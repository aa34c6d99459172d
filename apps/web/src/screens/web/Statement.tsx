// /web/statement (ours; README "The monthly statement"): her month in one page, opened from the month's message (a
// link session of its own) or after SMS verification: how many visits, which were claimed, what was paid and what
// still waits, each visit not claimed with the reason in words, and what her insurers paid her this year. Another
// month is a tap away; a long month loads more by key.
import { useState } from 'react';
import { Link } from 'react-router';
import { APP_BASE, type StatementAnswer } from '@auto-claim/contract';
import { ApiError } from '../../api/client';
import { useStatement } from '../../api/statements';
import { currentLang, t as tNow, useT } from '../../i18n/t';
import { Checking, NeedAuth } from './NeedAuth';
import { useLinkSession } from './useLinkSession';
import { visitDay, won } from './treatFormat';
import { NOT_CLAIMED_REASON, NOT_CLAIMED_REASON_SHORT, STATEMENT_STATE, VISIT_TYPE } from './words';
import './treat.css';
import './statement.css';

export default function Statement() {
  const session = useLinkSession('statement');
  if (session.state === 'checking') return <Checking />;
  if (session.state === 'needAuth') return <NeedAuth reason={session.reason} back="/web/statement" />;
  return <Month />;
}

/** "2026년 7월", "July 2026". */
const monthNm = (month: string) =>
  currentLang() === 'ko'
    ? tNow('statement.month', '{year}년 {month}월', {
        year: Number(month.slice(0, 4)),
        month: Number(month.slice(5, 7)),
      })
    : new Intl.DateTimeFormat(currentLang(), { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(
        new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 1)),
      );
const failedText = () => tNow('statement.failed', '월간 명세를 불러오지 못했어요. 잠시 후 다시 시도해 주세요.');
/** The month `by` months from `month` (YYYY-MM). */
const shift = (month: string, by: number) => {
  const d = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1 + by, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
};

function Month() {
  const t = useT();
  const [month, setMonth] = useState<string | undefined>(undefined);
  const q = useStatement(month);
  if (q.isPending) {
    return (
      <div className="screen" aria-busy="true">
        <p role="status" className="visually-hidden">
          {t('statement.loading', '명세를 불러오고 있어요')}
        </p>
        <div className="skeleton skeleton--list" />
      </div>
    );
  }
  if (q.isError) {
    return (
      <div className="screen">
        <p role="alert">{q.error instanceof ApiError ? q.error.detail : failedText()}</p>
      </div>
    );
  }
  const first = q.data;
  const shown = first.month;
  return (
    <div className="screen st">
      <h2 className="st-title" aria-live="polite">
        {t('statement.title', '{month} 명세', { month: monthNm(shown) })}
      </h2>
      <nav className="st-months" aria-label={t('statement.months', '다른 달 보기')}>
        <button type="button" className="btn btn--secondary" onClick={() => setMonth(shift(shown, -1))}>
          {t('statement.prev', '이전 달')}
        </button>
        <button type="button" className="btn btn--secondary" onClick={() => setMonth(shift(shown, 1))}>
          {t('statement.next', '다음 달')}
        </button>
      </nav>
      <Summary s={first} />
      <section aria-labelledby="st-visits-title" className="st-visits">
        <h3 id="st-visits-title" className="st-subtitle">
          {t('statement.visits', '진료별로 볼게요')}
        </h3>
        {first.list.length === 0 ? (
          <p className="tr-empty">{t('statement.none', '이 달에 병원에서 받은 진료가 없어요.')}</p>
        ) : (
          <Visits page={first} month={shown} />
        )}
      </section>
      <Link className="btn btn--primary btn--block" to={`${APP_BASE}/web/treat`}>
        {t('statement.allVisits', '진료 내역 전체 보기')}
      </Link>
    </div>
  );
}

/** One page of the month's visits; its "더 보기" opens the next page below it (by key). */
function Visits({ page, month }: { page: StatementAnswer; month: string }) {
  const t = useT();
  const [more, setMore] = useState(false);
  return (
    <>
      <ul className="st-list">
        {page.list.map((v) => (
          <li key={v.treatId} className="st-item">
            <p className="st-item__when">
              {visitDay(v.treatDate)} <span className="tr-visit__type">{VISIT_TYPE[v.visitType]()}</span>
            </p>
            <p className="st-item__where">
              {v.hospitalNm} ·{' '}
              <span className="st-nowrap">{t('statement.paid', '낸 돈 {amount}', { amount: won(v.paidAmt) })}</span>
            </p>
            <p className={`st-state st-state--${v.state}`}>
              {STATEMENT_STATE[v.state]()}
              {v.receivedAmt !== null ? ` ${won(v.receivedAmt)}` : ''}
            </p>
            {v.notClaimedReason && <p className="st-item__why">{NOT_CLAIMED_REASON[v.notClaimedReason]()}</p>}
          </li>
        ))}
      </ul>
      {page.next &&
        (more ? (
          <NextVisits month={month} after={page.next} />
        ) : (
          <button type="button" className="btn btn--secondary btn--block" onClick={() => setMore(true)}>
            {t('statement.more', '더 보기')}
          </button>
        ))}
    </>
  );
}

function NextVisits({ month, after }: { month: string; after: string }) {
  const t = useT();
  const q = useStatement(month, after);
  if (q.isPending) return <p role="status">{t('statement.loadingMore', '더 불러오고 있어요')}</p>;
  if (q.isError) return <p role="alert">{failedText()}</p>;
  return <Visits page={q.data} month={month} />;
}

function Summary({ s }: { s: StatementAnswer }) {
  const t = useT();
  const count = (n: number) => t('statement.count', '{count}건', { count: n });
  const f = s.figures;
  const notClaimed = f.notClaimed.reduce((n, r) => n + r.count, 0);
  return (
    <section className="st-summary" aria-labelledby="st-summary-title">
      <h3 id="st-summary-title" className="visually-hidden">
        {t('statement.summary', '한눈에 보기')}
      </h3>
      <p className="st-year">
        {t('statement.year', '{year}년에 받은 보험금은 모두 {amount}이에요.', {
          year: s.year,
          amount: won(f.receivedThisYear),
        })}
      </p>
      <dl className="st-figures">
        <div>
          <dt>{t('statement.figure.visits', '병원 진료')}</dt>
          <dd>{count(f.visits)}</dd>
        </div>
        <div>
          <dt>{t('statement.figure.claimed', '보험사에 청구')}</dt>
          <dd>{count(f.claimed)}</dd>
        </div>
        <div>
          <dt>{STATEMENT_STATE.paid()}</dt>
          <dd>
            {count(f.paid)} · {won(f.paidAmount)}
          </dd>
        </div>
        <div>
          <dt>{STATEMENT_STATE.waiting()}</dt>
          <dd>{count(f.waiting)}</dd>
        </div>
        {f.rejected > 0 && (
          <div>
            <dt>{STATEMENT_STATE.rejected()}</dt>
            <dd>{count(f.rejected)}</dd>
          </div>
        )}
        <div>
          <dt>{STATEMENT_STATE.not_claimed()}</dt>
          <dd>{count(notClaimed)}</dd>
        </div>
      </dl>
      {notClaimed > 0 && (
        <>
          <p className="st-why-title">{t('statement.why', '청구하지 않은 이유')}</p>
          <ul className="st-why">
            {f.notClaimed.map((r) => (
              <li key={r.reason}>
                {t('statement.why.line', '{reason} {count}건', {
                  reason: NOT_CLAIMED_REASON_SHORT[r.reason](),
                  count: r.count,
                })}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
