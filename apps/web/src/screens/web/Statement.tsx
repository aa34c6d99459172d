// /web/statement (ours; README "The monthly statement"): her month in one page, opened from the month's message (a
// link session of its own) or after SMS verification: how many visits, which were claimed, what was paid and what
// still waits, each visit not claimed with the reason in words, and what her insurers paid her this year. Another
// month is a tap away; a long month loads more by key.
import { useState } from 'react';
import { Link } from 'react-router';
import {
  APP_BASE,
  NOT_CLAIMED_REASON_NM,
  NOT_CLAIMED_REASON_SHORT_NM,
  STATEMENT_STATE_NM,
  VISIT_TYPE_NM,
  type StatementAnswer,
} from '@auto-claim/contract';
import { ApiError } from '../../api/client';
import { loadFailedMessage } from '../../api/queryClient';
import { useStatement } from '../../api/statements';
import { Checking, NeedAuth } from './NeedAuth';
import { useLinkSession } from './useLinkSession';
import { visitDay, won } from './treatFormat';
import './treat.css';
import './statement.css';

export default function Statement() {
  const session = useLinkSession('statement');
  if (session.state === 'checking') return <Checking />;
  if (session.state === 'needAuth') return <NeedAuth reason={session.reason} back="/web/statement" />;
  return <Month />;
}

const monthNm = (month: string) => `${Number(month.slice(0, 4))}년 ${Number(month.slice(5, 7))}월`;
/** The month `by` months from `month` (YYYY-MM). */
const shift = (month: string, by: number) => {
  const d = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1 + by, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
};

function Month() {
  const [month, setMonth] = useState<string | undefined>(undefined);
  const q = useStatement(month);
  if (q.isPending) {
    return (
      <div className="screen" aria-busy="true">
        <p role="status" className="visually-hidden">
          명세를 불러오고 있어요
        </p>
        <div className="skeleton skeleton--list" />
      </div>
    );
  }
  if (q.isError) {
    return (
      <div className="screen">
        <p role="alert">{q.error instanceof ApiError ? q.error.detail : loadFailedMessage('월간 명세')}</p>
      </div>
    );
  }
  const first = q.data;
  const shown = first.month;
  return (
    <div className="screen st">
      <h2 className="st-title" aria-live="polite">
        {monthNm(shown)} 명세
      </h2>
      <nav className="st-months" aria-label="다른 달 보기">
        <button type="button" className="btn btn--secondary" onClick={() => setMonth(shift(shown, -1))}>
          이전 달
        </button>
        <button type="button" className="btn btn--secondary" onClick={() => setMonth(shift(shown, 1))}>
          다음 달
        </button>
      </nav>
      <Summary s={first} />
      <section aria-labelledby="st-visits-title" className="st-visits">
        <h3 id="st-visits-title" className="st-subtitle">
          진료별로 볼게요
        </h3>
        {first.list.length === 0 ? (
          <p className="tr-empty">이 달에 병원에서 받은 진료가 없어요.</p>
        ) : (
          <Visits page={first} month={shown} />
        )}
      </section>
      <Link className="btn btn--primary btn--block" to={`${APP_BASE}/web/treat`}>
        진료 내역 전체 보기
      </Link>
    </div>
  );
}

/** One page of the month's visits; its "더 보기" opens the next page below it (by key). */
function Visits({ page, month }: { page: StatementAnswer; month: string }) {
  const [more, setMore] = useState(false);
  return (
    <>
      <ul className="st-list">
        {page.list.map((v) => (
          <li key={v.treatId} className="st-item">
            <p className="st-item__when">
              {visitDay(v.treatDate)} <span className="tr-visit__type">{VISIT_TYPE_NM[v.visitType]}</span>
            </p>
            <p className="st-item__where">
              {v.hospitalNm} · <span className="st-nowrap">낸 돈 {won(v.paidAmt)}</span>
            </p>
            <p className={`st-state st-state--${v.state}`}>
              {STATEMENT_STATE_NM[v.state]}
              {v.receivedAmt !== null ? ` ${won(v.receivedAmt)}` : ''}
            </p>
            {v.notClaimedReason && <p className="st-item__why">{NOT_CLAIMED_REASON_NM[v.notClaimedReason]}</p>}
          </li>
        ))}
      </ul>
      {page.next &&
        (more ? (
          <NextVisits month={month} after={page.next} />
        ) : (
          <button type="button" className="btn btn--secondary btn--block" onClick={() => setMore(true)}>
            더 보기
          </button>
        ))}
    </>
  );
}

function NextVisits({ month, after }: { month: string; after: string }) {
  const q = useStatement(month, after);
  if (q.isPending) return <p role="status">더 불러오고 있어요</p>;
  if (q.isError) return <p role="alert">{loadFailedMessage('월간 명세')}</p>;
  return <Visits page={q.data} month={month} />;
}

function Summary({ s }: { s: StatementAnswer }) {
  const f = s.figures;
  const notClaimed = f.notClaimed.reduce((n, r) => n + r.count, 0);
  return (
    <section className="st-summary" aria-labelledby="st-summary-title">
      <h3 id="st-summary-title" className="visually-hidden">
        한눈에 보기
      </h3>
      <p className="st-year">
        {s.year}년에 받은 보험금은 모두 <strong>{won(f.receivedThisYear)}</strong>이에요.
      </p>
      <dl className="st-figures">
        <div>
          <dt>병원 진료</dt>
          <dd>{f.visits}건</dd>
        </div>
        <div>
          <dt>보험사에 청구</dt>
          <dd>{f.claimed}건</dd>
        </div>
        <div>
          <dt>{STATEMENT_STATE_NM.paid}</dt>
          <dd>
            {f.paid}건 · {won(f.paidAmount)}
          </dd>
        </div>
        <div>
          <dt>{STATEMENT_STATE_NM.waiting}</dt>
          <dd>{f.waiting}건</dd>
        </div>
        {f.rejected > 0 && (
          <div>
            <dt>{STATEMENT_STATE_NM.rejected}</dt>
            <dd>{f.rejected}건</dd>
          </div>
        )}
        <div>
          <dt>{STATEMENT_STATE_NM.not_claimed}</dt>
          <dd>{notClaimed}건</dd>
        </div>
      </dl>
      {notClaimed > 0 && (
        <>
          <p className="st-why-title">청구하지 않은 이유</p>
          <ul className="st-why">
            {f.notClaimed.map((r) => (
              <li key={r.reason}>
                {NOT_CLAIMED_REASON_SHORT_NM[r.reason]} {r.count}건
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
