// The claim search (README "Operator console"): hospital, insurer, visit or claim date, status, claim id; the patient
// masked. A claim's number opens it (timeline, documents, retry, answer, reveal).
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { CLAIM_STATUS_NM, CLAIM_STATUSES } from '@auto-claim/contract';
import { OPS_EXPORT_API, type OpsClaimRow } from '@auto-claim/contract/ops';
import { useClaims } from '../api/claims';
import { DataTable } from '../DataTable';
import { useFocusHeading } from '../focus';
import { formatDate, formatDateTime } from '../format';
import { useListParams } from '../list';

const won = (n: number) => `${n.toLocaleString('ko-KR')}원`;
const DELIVERY_NM = { pending: '보낼 예정', awaiting: '결과 기다림', sent: '보냄', dead: '보내지 못함' } as const;

const col = createColumnHelper<OpsClaimRow>();
const columns = [
  col.accessor('claimId', {
    id: 'claimId',
    header: '청구 번호',
    cell: (c) => <Link to={`/claims/${c.getValue()}`}>{c.getValue()}</Link>,
  }),
  col.accessor('hospitalNm', {
    header: '병원',
    enableSorting: false,
    cell: (c) => c.getValue() ?? c.row.original.hospitalCd,
  }),
  col.accessor('insuCompNm', {
    header: '보험사',
    enableSorting: false,
    cell: (c) => c.getValue() ?? c.row.original.insuCompCd,
  }),
  col.accessor((r) => `${r.patient.name} ${r.patient.phone ?? ''}`.trim(), {
    id: 'patient',
    header: '환자',
    enableSorting: false,
  }),
  col.accessor('visitDate', { id: 'visitDate', header: '진료일', cell: (c) => formatDate(c.getValue()) }),
  col.accessor('createdAt', { id: 'createdAt', header: '청구일', cell: (c) => formatDateTime(c.getValue()) }),
  col.accessor('amount', { id: 'amount', header: '금액', cell: (c) => won(c.getValue()) }),
  col.accessor('status', { id: 'status', header: '상태', cell: (c) => CLAIM_STATUS_NM[c.getValue()] }),
  col.accessor('delivery', {
    header: '전송',
    enableSorting: false,
    cell: (c) => {
      const d = c.getValue();
      return d ? `${d.channel === 'api' ? 'API' : '팩스'} · ${DELIVERY_NM[d.status]} · ${d.attempts}회` : '—';
    },
  }),
];

const FILTERS = ['claimId', 'hospitalCd', 'insuCompCd', 'from', 'to'] as const;

export function Claims() {
  const heading = useFocusHeading();
  const [params, update] = useListParams({ sort: 'createdAt', order: 'desc' });
  const list = useClaims(params);
  const [typed, setTyped] = useState<Record<string, string>>(() =>
    Object.fromEntries(FILTERS.map((k) => [k, String(params[k] ?? '')])),
  );
  const field = (k: (typeof FILTERS)[number]) => ({
    value: typed[k] ?? '',
    onChange: (e: { target: { value: string } }) => setTyped((t) => ({ ...t, [k]: e.target.value })),
  });

  function search(e: FormEvent) {
    e.preventDefault();
    update(Object.fromEntries(FILTERS.map((k) => [k, typed[k]?.trim() || undefined])));
  }

  return (
    <>
      <h1 ref={heading} tabIndex={-1}>
        청구
      </h1>
      <p className="ops-lead">환자는 가려서 보여요. 청구 번호를 누르면 타임라인과 문서를 볼 수 있어요.</p>
      <form className="ops-filters" onSubmit={search} role="search" aria-label="청구 찾기">
        <label>
          청구 번호
          <input {...field('claimId')} inputMode="numeric" maxLength={12} />
        </label>
        <label>
          병원 코드
          <input {...field('hospitalCd')} inputMode="numeric" maxLength={8} />
        </label>
        <label>
          보험사 코드
          <input {...field('insuCompCd')} maxLength={32} />
        </label>
        <label>
          상태
          <select value={String(params.status ?? '')} onChange={(e) => update({ status: e.target.value || undefined })}>
            <option value="">모두</option>
            {CLAIM_STATUSES.map((s) => (
              <option key={s} value={s}>
                {CLAIM_STATUS_NM[s]}
              </option>
            ))}
          </select>
        </label>
        <label>
          날짜 기준
          <select
            value={String(params.dateField ?? 'visit')}
            onChange={(e) => update({ dateField: e.target.value === 'visit' ? undefined : e.target.value })}
          >
            <option value="visit">진료일</option>
            <option value="claim">청구일</option>
          </select>
        </label>
        <label>
          시작일 (YYYYMMDD)
          <input {...field('from')} inputMode="numeric" maxLength={8} />
        </label>
        <label>
          종료일 (YYYYMMDD)
          <input {...field('to')} inputMode="numeric" maxLength={8} />
        </label>
        <button type="submit">찾기</button>
      </form>
      <DataTable
        caption="청구 목록"
        columns={columns}
        page={list.data}
        params={params}
        onChange={update}
        rowId={(r) => String(r.claimId)}
        isLoading={list.isFetching}
        error={list.error}
        empty="찾는 청구가 없어요."
        exportPath={OPS_EXPORT_API.claims}
      />
    </>
  );
}
