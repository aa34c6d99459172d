// 대시보드 (viewer and up): counts only, never a person. Claims by status, deliveries by channel and outcome, dead
// letters, the relation documents awaiting review, the oldest waiting job, enrolments and the visits that reached each enrolment step, for today, 7 and 30 days.
// Each count of a list an operator may open opens that list, filtered to what it counts (README "Operator console").
import { type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CLAIM_STATUS_NM, DELIVERY_CHANNEL_NM, DELIVERY_STATE_NM, addMonths } from '@auto-claim/contract';
import { DASHBOARD_PERIODS, DASHBOARD_PERIOD_NM, type PeriodCounts } from '@auto-claim/contract/ops';
import { useDashboard } from '../api/dashboard';
import { useFocusHeading } from '../shared/focus';
import { formatDate, formatDateTime } from '../shared/format';
import { mayUse, useMe } from '../auth/session';

/** The first day (YYYYMMDD, Korea) a period counts from: today, the 7 days or the 30 days that end today. */
const PERIOD_DAYS: Record<string, number> = { today: 1, d7: 7, d30: 30 };
const periodFrom = (today: string, period: string) => addMonths(today, 0, 1 - (PERIOD_DAYS[period] ?? 1));

/** The claim list filtered to what a dashboard count counts: the status, claimed within the period (Korea days). */
const claimsListOf = (today: string, period: string, status: string) =>
  `/claims?${new URLSearchParams({ status, dateField: 'claim', from: periodFrom(today, period), to: today }).toString()}`;

const n = (v: number) => v.toLocaleString('ko-KR');
/** A count's code as the vocabulary names it (the code itself if the vocabulary has no such word). */
const nmOf = (names: Record<string, string>, code: string) => names[code] ?? code;

function age(seconds: number | null) {
  if (seconds === null) return '기다리는 작업 없음';
  if (seconds < 60) return `${seconds}초`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)}분`;
  return `${Math.floor(seconds / 3600)}시간 ${Math.floor((seconds % 3600) / 60)}분`;
}

function CountsTable({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: string[];
  rows: { key: string; cells: string[]; counts: PeriodCounts; linkOf?: (period: string) => string }[];
}) {
  return (
    <div className="ops-table-wrap">
      <table className="ops-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
            {DASHBOARD_PERIODS.map((p) => (
              <th key={p} scope="col" className="num">
                {DASHBOARD_PERIOD_NM[p]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && (
            <tr>
              <td colSpan={head.length + DASHBOARD_PERIODS.length}>아직 없어요.</td>
            </tr>
          )}
          {rows.map((r) => (
            <tr key={r.key}>
              {r.cells.map((c, i) =>
                i === 0 ? (
                  <th key={i} scope="row">
                    {c}
                  </th>
                ) : (
                  <td key={i}>{c}</td>
                ),
              )}
              {DASHBOARD_PERIODS.map((p) => (
                <td key={p} className="num">
                  {r.linkOf ? (
                    <Link
                      to={r.linkOf(p)}
                      aria-label={`${r.cells.join(' ')} ${DASHBOARD_PERIOD_NM[p]} ${n(r.counts[p])}건 목록 보기`}
                    >
                      {n(r.counts[p])}
                    </Link>
                  ) : (
                    n(r.counts[p])
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const heldTotal = (h: { identity_mismatch: number; rrn_unconfirmed: number; not_patients: number }) =>
  h.identity_mismatch + h.rrn_unconfirmed + h.not_patients;

export function Dashboard() {
  const heading = useFocusHeading();
  const [params, setParams] = useSearchParams();
  const hospitalCd = params.get('hospitalCd') ?? '';
  const query = useDashboard(hospitalCd);
  const d = query.data;
  // Lists are the operator's: a viewer reads the counts without links to screens it may not open.
  const lists = mayUse(useMe().data, 'operator');
  const tile = (to: string, text: ReactNode) => (lists ? <Link to={to}>{text}</Link> : text);
  return (
    <>
      <h1 ref={heading} tabIndex={-1}>
        대시보드
      </h1>
      {query.isError && (
        <p role="alert" className="ops-error">
          {(query.error as Error).message}
        </p>
      )}
      {!d && !query.isError && <p role="status">불러오는 중이에요.</p>}
      {d && (
        <>
          <p className="ops-lead">
            오늘은 {formatDate(d.today)} (한국 날짜)이고, 7일과 30일은 오늘을 포함해요. 개인정보 없이 건수만 보여요.
          </p>
          <dl className="ops-stats">
            <div>
              <dt>보내지 못한 청구</dt>
              <dd>{tile('/dead-letters', `${n(d.deadLetters.claims)}건`)}</dd>
            </div>
            <div>
              <dt>보내지 못한 알림톡·문자</dt>
              <dd>{tile('/notifications/dead-letters', `${n(d.deadLetters.notifications)}건`)}</dd>
            </div>
            <div>
              <dt>확인이 필요한 기록</dt>
              <dd>
                {tile('/records/held', `${n(heldTotal(d.held))}건`)}
                <span className="ops-muted ops-stat-detail">
                  이름·생년월일 다름 {n(d.held.identity_mismatch)} · 주민번호 확인 전 {n(d.held.rrn_unconfirmed)} ·
                  환자가 아니라고 함 {n(d.held.not_patients)}
                </span>
              </dd>
            </div>
            <div>
              <dt>검토를 기다리는 관계 서류</dt>
              <dd>
                {tile('/relation-documents', `${n(d.relationDocuments.pending)}건`)}
                {d.relationDocuments.oldestPendingAt && (
                  <span className="ops-muted ops-stat-detail">
                    가장 오래된 서류 {formatDateTime(d.relationDocuments.oldestPendingAt)} 제출
                  </span>
                )}
              </dd>
            </div>
            <div>
              <dt>가장 오래 기다린 작업</dt>
              <dd>{age(d.oldestQueuedJobSeconds)}</dd>
            </div>
            {DASHBOARD_PERIODS.map((p) => (
              <div key={p}>
                <dt>새 가입 ({DASHBOARD_PERIOD_NM[p]})</dt>
                <dd>{n(d.enrolments[p])}명</dd>
              </div>
            ))}
          </dl>
          <CountsTable
            caption="청구 (만든 날 기준, 지금 상태별)"
            head={['상태']}
            rows={d.claims.map((c) => ({
              key: c.status,
              cells: [CLAIM_STATUS_NM[c.status as keyof typeof CLAIM_STATUS_NM] ?? c.status],
              counts: c,
              ...(lists ? { linkOf: (p: string) => claimsListOf(d.today, p, c.status) } : {}),
            }))}
          />
          <CountsTable
            caption="전송 (채널과 결과별)"
            head={['채널', '결과']}
            rows={d.deliveries.map((x) => ({
              key: `${x.channel}-${x.status}`,
              cells: [nmOf(DELIVERY_CHANNEL_NM, x.channel), nmOf(DELIVERY_STATE_NM, x.status)],
              counts: x,
            }))}
          />
          <form
            className="ops-filters"
            role="search"
            aria-label="병원별 단계 보기"
            onSubmit={(e) => {
              e.preventDefault();
              const v = String(new FormData(e.currentTarget).get('hospitalCd') ?? '').trim();
              setParams(v ? { hospitalCd: v } : {});
            }}
          >
            <label>
              병원 코드 (비우면 전체)
              <input name="hospitalCd" inputMode="numeric" defaultValue={hospitalCd} maxLength={8} />
            </label>
            <button type="submit">단계별 이탈 보기</button>
          </form>
          <CountsTable
            caption={`가입 단계별 방문 수${hospitalCd ? ` (병원 ${hospitalCd})` : ''}`}
            head={['단계']}
            rows={d.funnel.map((f) => ({ key: f.step, cells: [f.title], counts: f }))}
          />
        </>
      )}
    </>
  );
}
