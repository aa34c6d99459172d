// The claim search (README "Operator console"): by what a caller says (name, phone, birth date, receipt number: a POST,
// kept in history state, never in the URL), and filters by hospital and insurer (pickers by name), visit or claim
// date (typed as people write them), status, claim id; the patient masked. A claim's number opens it (timeline,
// documents, retry, answer, reveal), and its "← 청구 목록" comes back to this very page.
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { CLAIM_STATUS_NM, CLAIM_STATUSES, DELIVERY_CHANNEL_NM, DELIVERY_STATE_NM } from '@auto-claim/contract';
import {
  OPS_EXPORT_API,
  TYPED_DATE_MESSAGE,
  searchedWith,
  typedDate,
  type OpsClaimRow,
} from '@auto-claim/contract/ops';
import { useClaimList } from '../api/claims';
import { personOf, type ClaimsBack, usePersonSearchRoute } from '../shared/back';
import { HospitalPicker, InsurerPicker } from '../shared/Picker';
import { PERSON_FIELDS, PersonSearch } from '../shared/PersonSearch';
import { DataTable } from '../shared/DataTable';
import { useFocusHeading } from '../shared/focus';
import { formatDate, formatDateTime } from '../shared/format';
import { useListParams } from '../shared/list';

const won = (n: number) => `${n.toLocaleString('ko-KR')}원`;

const col = createColumnHelper<OpsClaimRow>();
const columns = [
  col.accessor('claimId', {
    id: 'claimId',
    header: '청구 번호',
    cell: (c) => <ClaimLink claimId={c.getValue()} />,
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
      return d ? `${DELIVERY_CHANNEL_NM[d.channel]} · ${DELIVERY_STATE_NM[d.status]} · ${d.attempts}회` : '—';
    },
  }),
];

/** A claim's number opens it; the list's place (filters, cursor, a person search) goes along for "← 청구 목록". */
function ClaimLink({ claimId }: { claimId: number }) {
  const location = useLocation();
  const back: ClaimsBack = { search: location.search, person: personOf(location.state) };
  return (
    <Link to={`/claims/${claimId}`} state={{ back }}>
      {claimId}
    </Link>
  );
}

type TextFilter = 'claimId' | 'from' | 'to';

export function Claims() {
  const heading = useFocusHeading();
  const location = useLocation();
  const [params, update] = useListParams({ sort: 'createdAt', order: 'desc' });
  const person = personOf(location.state);
  const personSearch = usePersonSearchRoute();
  const list = useClaimList(params, person);
  const [typed, setTyped] = useState<Record<string, string>>(() => ({
    claimId: String(params.claimId ?? ''),
    from: params.from ? formatDate(String(params.from)) : '',
    to: params.to ? formatDate(String(params.to)) : '',
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const field = (k: TextFilter) => ({
    value: typed[k] ?? '',
    'aria-invalid': errors[k] ? true : undefined,
    'aria-describedby': errors[k] ? `claims-${k}-error` : undefined,
    onChange: (e: { target: { value: string } }) => setTyped((t) => ({ ...t, [k]: e.target.value })),
  });
  const errorOf = (k: string) =>
    errors[k] ? (
      <span id={`claims-${k}-error`} className="ops-error ops-field-error">
        {errors[k]}
      </span>
    ) : null;
  const firstRow = list.data?.list[0];

  function search(e: FormEvent) {
    e.preventDefault();
    const dates: Record<string, string | undefined> = {};
    const bad: Record<string, string> = {};
    for (const k of ['from', 'to'] as const) {
      const v = typed[k]?.trim();
      if (!v) continue;
      const d = typedDate(v);
      if (d) dates[k] = d;
      else bad[k] = TYPED_DATE_MESSAGE;
    }
    const claimId = typed.claimId?.trim();
    if (claimId && !/^\d{1,12}$/.test(claimId)) bad.claimId = '청구 번호는 숫자예요.';
    setErrors(bad);
    if (Object.keys(bad).length) return;
    update({ claimId: claimId || undefined, from: dates.from, to: dates.to });
  }

  return (
    <>
      <h1 ref={heading} tabIndex={-1}>
        청구
      </h1>
      <p className="ops-lead">환자는 가려서 보여요. 청구 번호를 누르면 타임라인과 문서를 볼 수 있어요.</p>
      <PersonSearch what="청구" person={person} {...personSearch} />
      <form className="ops-filters" onSubmit={search} role="search" aria-label="청구 거르기">
        <label>
          청구 번호
          <input {...field('claimId')} inputMode="numeric" maxLength={12} />
          {errorOf('claimId')}
        </label>
        <HospitalPicker
          value={String(params.hospitalCd ?? '')}
          valueName={firstRow?.hospitalCd === params.hospitalCd ? (firstRow?.hospitalNm ?? undefined) : undefined}
          onPick={(hospitalCd) => update({ hospitalCd })}
        />
        <InsurerPicker
          value={String(params.insuCompCd ?? '')}
          valueName={firstRow?.insuCompCd === params.insuCompCd ? (firstRow?.insuCompNm ?? undefined) : undefined}
          onPick={(insuCompCd) => update({ insuCompCd })}
        />
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
          시작일
          <input {...field('from')} placeholder="2026.11.26" maxLength={14} />
          {errorOf('from')}
        </label>
        <label>
          종료일
          <input {...field('to')} placeholder="2026.11.26" maxLength={14} />
          {errorOf('to')}
        </label>
        <button type="submit">거르기</button>
      </form>
      {person && (
        <p role="status" className="ops-person-status">
          {searchedWith(PERSON_FIELDS.filter((k) => person[k]))} 찾은 청구예요.
        </p>
      )}
      <DataTable
        caption="청구 목록"
        columns={columns}
        page={list.data}
        params={params}
        onChange={update}
        rowId={(r) => String(r.claimId)}
        isLoading={list.isFetching}
        error={list.error}
        empty={person ? '말씀하신 내용과 맞는 청구가 없어요.' : '찾는 청구가 없어요.'}
        exportPath={OPS_EXPORT_API.claims}
      />
    </>
  );
}
