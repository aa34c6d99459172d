// The access log (README "Operator console"): every operator action (who, when, from where, which patient and record,
// what, why), or the lines operators caused in patients' own access logs. Kept at least two years, never changed.
// Reading these pages is not itself written down, but an export is (with its filter and rows), and so is a search by
// what a caller says: the operators' record and the found patient's log both say so. Patients show masked.
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import {
  OPERATOR_ACTION,
  OPS_EXPORT_API,
  typedDate,
  type OperatorActionRow,
  type PatientAccessRow,
} from '@auto-claim/contract/ops';
import { useOperatorActions, usePatientAccess, usePatientAccessSearch } from '../api/accessLog';
import type { PersonQuery } from '../api/claims';
import { personOf, usePersonSearchRoute } from '../shared/back';
import { PersonSearch } from '../shared/PersonSearch';
import { DataTable } from '../shared/DataTable';
import { useFocusHeading } from '../shared/focus';
import { formatDateTime } from '../shared/format';
import { useListParams, type ListParams } from '../shared/list';

const claimLink = (id: number | null) => (id === null ? '—' : <Link to={`/claims/${id}`}>{id}</Link>);

const a = createColumnHelper<OperatorActionRow>();
const actionColumns = [
  a.accessor('at', { id: 'at', header: '언제', cell: (c) => formatDateTime(c.getValue()) }),
  a.accessor('loginId', { id: 'loginId', header: '누가' }),
  a.accessor('ip', { header: '어디서', enableSorting: false }),
  a.accessor('actionNm', { id: 'action', header: '무엇을' }),
  a.accessor('patient', { header: '환자', enableSorting: false, cell: (c) => c.getValue() ?? '—' }),
  a.accessor('claimId', { header: '청구', enableSorting: false, cell: (c) => claimLink(c.getValue()) }),
  a.accessor('recordId', { header: '진료 기록', enableSorting: false, cell: (c) => c.getValue() ?? '—' }),
  a.accessor((r) => r.reason ?? r.detail ?? r.target ?? '', {
    id: 'why',
    header: '이유·내용',
    enableSorting: false,
    cell: (c) => c.getValue() || '—',
  }),
];

const p = createColumnHelper<PatientAccessRow>();
const patientColumns = [
  p.accessor('at', { id: 'at', header: '언제', cell: (c) => formatDateTime(c.getValue()) }),
  p.accessor('actor', { header: '누가', enableSorting: false, cell: (c) => c.getValue().replace(/^operator:/, '') }),
  p.accessor('actionNm', { id: 'action', header: '무엇을' }),
  p.accessor('patient', { header: '환자', enableSorting: false, cell: (c) => c.getValue() ?? '—' }),
  p.accessor('claimId', { header: '청구', enableSorting: false, cell: (c) => claimLink(c.getValue()) }),
  p.accessor('detail', { header: '이유·내용', enableSorting: false, cell: (c) => c.getValue() ?? '—' }),
];

const FILTERS = ['loginId', 'claimId', 'recordId', 'from', 'to'] as const;

export function AccessLog() {
  const heading = useFocusHeading();
  const [params, update] = useListParams({ sort: 'at', order: 'desc' });
  const location = useLocation();
  // A person search (history state, never the URL) reads the patients' lines: theirs is the log that names them.
  const person = personOf(location.state);
  const personSearch = usePersonSearchRoute((q) => {
    q.delete('action');
    q.set('view', 'patients');
  });
  const patients = params.view === 'patients' || person !== undefined;
  const [typed, setTyped] = useState<Record<string, string>>(() =>
    Object.fromEntries(FILTERS.map((k) => [k, String(params[k] ?? '')])),
  );
  const field = (k: (typeof FILTERS)[number]) => ({
    value: typed[k] ?? '',
    onChange: (e: { target: { value: string } }) => setTyped((t) => ({ ...t, [k]: e.target.value })),
  });
  function search(e: FormEvent) {
    e.preventDefault();
    // Dates as people write them (2026.11.26, 2026-11-26, 20261126); one the parser cannot read goes as typed, and the
    // server's answer names it.
    const value = (k: (typeof FILTERS)[number]) => {
      const v = typed[k]?.trim() || undefined;
      return v && (k === 'from' || k === 'to') ? (typedDate(v) ?? v) : v;
    };
    update(Object.fromEntries(FILTERS.map((k) => [k, value(k)])));
  }

  return (
    <>
      <h1 ref={heading} tabIndex={-1}>
        접근 기록
      </h1>
      <p className="ops-lead">
        운영자가 한 일과 개인정보를 보거나 내려받은 기록이에요. 지우거나 고칠 수 없고 2년 이상 보관해요. 환자는 가려서
        보여요. 이 화면을 보는 것 자체는 따로 기록하지 않아요.
      </p>
      <PersonSearch what="접근 기록" person={person} {...personSearch} />
      <form className="ops-filters" onSubmit={search} role="search" aria-label="접근 기록 거르기">
        <label>
          기록
          <select
            value={patients ? 'patients' : 'actions'}
            onChange={(e) =>
              update({ view: e.target.value === 'patients' ? 'patients' : undefined, action: undefined })
            }
          >
            <option value="actions">운영자 작업 기록</option>
            <option value="patients">환자 열람 기록 (운영자가 남긴 줄)</option>
          </select>
        </label>
        <label>
          운영자 아이디
          <input {...field('loginId')} maxLength={100} />
        </label>
        {!patients && (
          <label>
            작업
            <select
              value={String(params.action ?? '')}
              onChange={(e) => update({ action: e.target.value || undefined })}
            >
              <option value="">모두</option>
              {Object.entries(OPERATOR_ACTION).map(([value, { nm: label }]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </label>
        )}
        <label>
          청구 번호
          <input {...field('claimId')} inputMode="numeric" maxLength={12} />
        </label>
        <label>
          진료 기록 번호
          <input {...field('recordId')} inputMode="numeric" maxLength={12} />
        </label>
        <label>
          시작일
          <input {...field('from')} placeholder="2026.11.26" maxLength={14} />
        </label>
        <label>
          종료일
          <input {...field('to')} placeholder="2026.11.26" maxLength={14} />
        </label>
        <button type="submit">검색</button>
      </form>
      {person ? (
        <PersonAccess params={params} update={update} person={person} />
      ) : patients ? (
        <PatientAccess params={params} update={update} />
      ) : (
        <Actions params={params} update={update} />
      )}
    </>
  );
}

type ListProps = { params: ListParams; update: ReturnType<typeof useListParams>[1] };
const query = ({ view: _view, ...rest }: ListParams) => rest as ListParams;

function Actions({ params, update }: ListProps) {
  const list = useOperatorActions(query(params));
  return (
    <DataTable
      caption="운영자 작업 기록"
      columns={actionColumns}
      page={list.data}
      params={params}
      onChange={update}
      rowId={(r) => r.id}
      isLoading={list.isFetching}
      error={list.error}
      empty="찾는 기록이 없어요."
      exportPath={OPS_EXPORT_API.operatorActions}
    />
  );
}

function PatientAccess({ params, update }: ListProps) {
  const { action: _action, ...rest } = query(params);
  const list = usePatientAccess(rest as ListParams);
  return (
    <DataTable
      caption="환자 열람 기록 중 운영자가 남긴 줄"
      columns={patientColumns}
      page={list.data}
      params={params}
      onChange={update}
      rowId={(r) => String(r.id)}
      isLoading={list.isFetching}
      error={list.error}
      empty="찾는 기록이 없어요."
      exportPath={OPS_EXPORT_API.patientAccess}
    />
  );
}

function PersonAccess({ params, update, person }: ListProps & { person: PersonQuery }) {
  const { action: _action, ...rest } = query(params);
  const list = usePatientAccessSearch(rest as ListParams, person);
  return (
    <DataTable
      caption="찾은 환자의 열람 기록 중 운영자가 남긴 줄"
      columns={patientColumns}
      page={list.data}
      params={params}
      onChange={update}
      rowId={(r) => String(r.id)}
      isLoading={list.isFetching}
      error={list.error}
      empty="말씀하신 내용과 맞는 환자의 기록이 없어요."
    />
  );
}
