// A hospital user's one screen (README "Hospital users"): her hospital's month, picked with a month field: what her
// feed brought and what became of it (claimed, held and why, set aside, not claimed and why), the bundles refused with
// each issue's element (FHIRPath) and what is wrong, the insurers' answers, and the days from visit to claim; the
// records below, patients masked, a page at a time, and the month as CSV. Every number is her hospital's only: the
// server reads the hospital from her account.
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { CLAIM_STATUS_NM, INSURER_ANSWER_NM, KST_OFFSET_MS } from '@auto-claim/contract';
import {
  HOSPITAL_PORTAL_API,
  PORTAL_OUTCOME_NM,
  RECORD_WHY_NM,
  portalOutcomeOf,
  type PortalRecord,
  type PortalRefusal,
} from '@auto-claim/contract/ops';
import { useHospitalMonth, usePortalRecords, usePortalRefusals } from '../api/hospitalPortal';
import { DataTable } from '../shared/DataTable';
import { useFocusHeading } from '../shared/focus';
import { formatDate, formatDateTime } from '../shared/format';
import { useListParams, type ListParams } from '../shared/list';
import { SigningKeys } from './SigningKeys';

const n = (x: number) => x.toLocaleString('ko-KR');
/** This month in Korea, YYYY-MM. */
export const thisMonth = (now = new Date()) => new Date(now.getTime() + KST_OFFSET_MS).toISOString().slice(0, 7);
const monthNm = (m: string) => `${m.slice(0, 4)}년 ${Number(m.slice(5))}월`;
/** The 24 months up to this one (newest first), and the one asked for if it is older (a shared link). */
export function recentMonths(asked: string, now = new Date()) {
  const [y, m] = thisMonth(now).split('-').map(Number) as [number, number];
  const out = Array.from({ length: 24 }, (_, i) => {
    const d = new Date(Date.UTC(y, m - 1 - i, 1));
    return d.toISOString().slice(0, 7);
  });
  return out.includes(asked) ? out : [...out, asked];
}
const days = (d: number | null) => (d === null ? '—' : `${n(d)}일`);

const rec = createColumnHelper<PortalRecord>();
const ref = createColumnHelper<PortalRefusal>();

const recordColumns = [
  rec.accessor('receivedAt', { id: 'receivedAt', header: '받은 시각', cell: (c) => formatDateTime(c.getValue()) }),
  rec.accessor('receiptNo', { header: '영수증 번호', enableSorting: false }),
  rec.accessor('visitDate', { header: '진료일', enableSorting: false, cell: (c) => formatDate(c.getValue()) }),
  rec.accessor('patient', { header: '환자 (가림)', enableSorting: false }),
  rec.accessor('outcome', {
    header: '처리 결과',
    enableSorting: false,
    cell: (c) => (
      <>
        {PORTAL_OUTCOME_NM[portalOutcomeOf(c.getValue())]}
        {RECORD_WHY_NM[c.getValue()] && (
          <span className="ops-muted ops-stat-detail">{RECORD_WHY_NM[c.getValue()]}</span>
        )}
      </>
    ),
  }),
  rec.display({
    id: 'claims',
    header: '청구 · 보험사 답',
    cell: (c) =>
      c.row.original.claims.length === 0 ? (
        '—'
      ) : (
        <ul className="ops-plain-list">
          {c.row.original.claims.map((x) => (
            <li key={x.insuCompCd}>
              {x.insuCompNm}: {CLAIM_STATUS_NM[x.status]}
              {x.answer && ` (${INSURER_ANSWER_NM[x.answer]})`}
            </li>
          ))}
        </ul>
      ),
  }),
];

const refusalColumns = [
  ref.accessor('at', { id: 'at', header: '받은 시각', cell: (c) => formatDateTime(c.getValue()) }),
  ref.accessor('receiptNo', {
    header: '영수증 번호',
    enableSorting: false,
    cell: (c) => c.getValue() ?? '(읽지 못함)',
  }),
  ref.display({
    id: 'issues',
    header: '문제 (항목 경로와 설명)',
    cell: (c) => (
      <ul className="ops-plain-list">
        {c.row.original.issues.map((i, k) => (
          <li key={k}>
            <code>{i.expression || 'Bundle'}</code> — {i.text}
          </li>
        ))}
      </ul>
    ),
  }),
];

export function HospitalMonthScreen() {
  const heading = useFocusHeading();
  const [search, setSearch] = useSearchParams();
  const month = /^\d{4}-\d{2}$/.test(search.get('month') ?? '') ? search.get('month')! : thisMonth();
  const summary = useHospitalMonth(month);
  const [listParams, update] = useListParams({ sort: 'receivedAt', order: 'desc' });
  const recordParams: ListParams = { ...listParams, month };
  const records = usePortalRecords(recordParams);
  // The refused bundles page in the screen's own state: the query string holds the records' page.
  const [refusalParams, setRefusalParams] = useState<ListParams>({ page: 1, size: 20, order: 'desc', sort: 'at' });
  const refusalQuery = useMemo(() => ({ ...refusalParams, month }), [refusalParams, month]);
  const refusals = usePortalRefusals(refusalQuery);
  const m = summary.data;

  return (
    <>
      <h1 ref={heading} tabIndex={-1}>
        {m ? `${m.hospitalNm} 진료 기록 전송 현황` : '우리 병원 진료 기록 전송 현황'}
      </h1>
      <form className="ops-filters" role="search" aria-label="달 고르기" onSubmit={(e) => e.preventDefault()}>
        <label>
          조회할 달
          <select name="month" value={month} onChange={(e) => setSearch({ month: e.target.value })}>
            {recentMonths(month).map((m) => (
              <option key={m} value={m}>
                {monthNm(m)}
              </option>
            ))}
          </select>
        </label>
      </form>
      {summary.isError && (
        <p role="alert" className="ops-error">
          {(summary.error as Error).message}
        </p>
      )}
      {!m && !summary.isError && <p role="status">불러오는 중이에요.</p>}
      {m && (
        <>
          <p className="ops-lead">
            {monthNm(m.month)}에 병원에서 보낸 진료 기록과 그 처리 결과예요 (한국 시각 기준). 환자 이름은 가려서 보여요.
          </p>
          <dl className="ops-stats">
            <div>
              <dt>받은 기록</dt>
              <dd>{n(m.records.received)}건</dd>
            </div>
            <div>
              <dt>청구함</dt>
              <dd>{n(m.records.claimed)}건</dd>
            </div>
            <div>
              <dt>보류 (확인 중)</dt>
              <dd>
                {n(m.records.held)}건
                {m.held.map((h) => (
                  <span key={h.outcome} className="ops-muted ops-stat-detail">
                    {RECORD_WHY_NM[h.outcome]} {n(h.n)}
                  </span>
                ))}
              </dd>
            </div>
            <div>
              <dt>제외함</dt>
              <dd>{n(m.records.setAside)}건</dd>
            </div>
            <div>
              <dt>청구 대상 아님</dt>
              <dd>
                {n(m.records.notClaimed)}건
                {m.notClaimed.map((h) => (
                  <span key={h.outcome} className="ops-muted ops-stat-detail">
                    {RECORD_WHY_NM[h.outcome] ?? h.outcome} {n(h.n)}
                  </span>
                ))}
              </dd>
            </div>
            <div>
              <dt>거절된 번들</dt>
              <dd>{n(m.refusedBundles)}건</dd>
            </div>
            <div>
              <dt>진료일부터 청구까지</dt>
              <dd>
                중앙값 {days(m.visitToClaim.medianDays)}
                <span className="ops-muted ops-stat-detail">
                  90% {days(m.visitToClaim.p90Days)} · 청구 {n(m.visitToClaim.claims)}건
                </span>
              </dd>
            </div>
          </dl>
          <table className="ops-table">
            <caption>보험사 답 (그 달에 받은 것, 종류별)</caption>
            <thead>
              <tr>
                <th scope="col">답</th>
                <th scope="col">건수</th>
              </tr>
            </thead>
            <tbody>
              {m.answers.length === 0 ? (
                <tr>
                  <td colSpan={2}>그 달에 받은 보험사 답이 없어요.</td>
                </tr>
              ) : (
                m.answers.map((a) => (
                  <tr key={a.answer}>
                    <td>{INSURER_ANSWER_NM[a.answer]}</td>
                    <td>{n(a.n)}건</td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </>
      )}
      <h2>거절된 번들</h2>
      <DataTable
        caption={`${monthNm(month)}에 거절된 번들`}
        columns={refusalColumns}
        page={refusals.data}
        params={refusalParams}
        onChange={(change) => setRefusalParams((p) => ({ ...p, ...change }) as ListParams)}
        rowId={(r) => String(r.id)}
        isLoading={refusals.isFetching}
        error={refusals.error}
        empty="그 달에 거절된 번들이 없어요."
      />
      <h2>받은 진료 기록</h2>
      <DataTable
        caption={`${monthNm(month)}에 받은 진료 기록`}
        columns={recordColumns}
        page={records.data}
        params={recordParams}
        onChange={update}
        rowId={(r) => String(r.recordId)}
        isLoading={records.isFetching}
        error={records.error}
        empty="그 달에 받은 진료 기록이 없어요."
        exportPath={HOSPITAL_PORTAL_API.export}
      />
      <SigningKeys />
    </>
  );
}
