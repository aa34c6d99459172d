// 병원: search by name or code, add a hospital, and open one (its details, keys and feed) from the list.
import { withParticle } from '@auto-claim/contract';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import type { OpsHospital } from '@auto-claim/contract/ops';
import { useHospitals } from '../api/hospitals';
import { DataTable } from '../shared/DataTable';
import { useFocusHeading } from '../shared/focus';
import { useListParams } from '../shared/list';
import { useMe, mayUse } from '../auth/session';
import { HospitalForm } from './HospitalForm';

const col = createColumnHelper<OpsHospital>();
const columns = [
  col.accessor('hospitalNm', {
    id: 'hospitalNm',
    header: '병원 이름',
    cell: (c) => <Link to={`/hospitals/${c.row.original.hospitalCd}`}>{c.getValue()}</Link>,
  }),
  col.accessor('hospitalCd', { id: 'hospitalCd', header: '병원 코드' }),
  col.accessor('hospitalType', { id: 'hospitalType', header: '종류' }),
  col.accessor('phone', { header: '전화', enableSorting: false }),
  col.accessor('autoClaimEnabled', {
    header: '자동청구',
    enableSorting: false,
    cell: (c) => (c.getValue() ? '사용' : '사용 안 함'),
  }),
];

export function Hospitals() {
  const heading = useFocusHeading();
  const me = useMe();
  const [params, update] = useListParams({ sort: 'hospitalNm', order: 'asc' });
  const list = useHospitals(params);
  const [q, setQ] = useState(String(params.q ?? ''));
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState<OpsHospital>();

  function search(e: FormEvent) {
    e.preventDefault();
    update({ q: q.trim() || undefined });
  }

  return (
    <>
      <h1 ref={heading} tabIndex={-1}>
        병원
      </h1>
      <p className="ops-lead">병원을 찾고, 추가하고, 병원마다 API 키와 기록 수신 현황을 봐요.</p>
      <form className="ops-filters" onSubmit={search} role="search" aria-label="병원 찾기">
        <label>
          이름 또는 코드
          <input value={q} onChange={(e) => setQ(e.target.value)} maxLength={100} />
        </label>
        <button type="submit">찾기</button>
        {mayUse(me.data, 'admin') && !adding && (
          <button type="button" className="ops-primary" onClick={() => setAdding(true)}>
            병원 추가
          </button>
        )}
      </form>
      {added && (
        <p role="status">
          {withParticle(`${added.hospitalNm}(${added.hospitalCd})`, '을/를')} 추가했어요.{' '}
          <Link to={`/hospitals/${added.hospitalCd}`}>API 키 발급하러 가기</Link>
        </p>
      )}
      {adding && (
        <section aria-labelledby="add-hospital" className="ops-panel">
          <h2 id="add-hospital">병원 추가</h2>
          <HospitalForm
            mode="create"
            onDone={(h) => {
              setAdding(false);
              setAdded(h);
            }}
            onCancel={() => setAdding(false)}
          />
        </section>
      )}
      <DataTable
        caption="병원 목록"
        columns={columns}
        page={list.data}
        params={params}
        onChange={update}
        rowId={(r) => r.hospitalCd}
        isLoading={list.isFetching}
        error={list.error}
        empty="찾는 병원이 없어요."
      />
    </>
  );
}
