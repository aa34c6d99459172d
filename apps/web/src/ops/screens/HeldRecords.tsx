// Records held because whose they are is in doubt (docs/hospital-integration.md, "Matching"): never claimed or shown
// to anyone until decided. The pattern of every console list: filters in a form, the table (DataTable), the state in
// the address.
import { useState, type FormEvent } from 'react';
import { createColumnHelper } from '@tanstack/react-table';
import type { OperatorHeldRecord } from '@auto-claim/contract';
import { HELD_REASON_NM, OPS_EXPORT_API } from '@auto-claim/contract/ops';
import { DataTable } from '../DataTable';
import { useFocusHeading } from '../focus';
import { formatDate, formatDateTime } from '../format';
import { useListParams } from '../list';
import { useHeldRecords } from '../api/records';

const col = createColumnHelper<OperatorHeldRecord>();
const columns = [
  col.accessor('receivedAt', { id: 'receivedAt', header: '받은 시각', cell: (c) => formatDateTime(c.getValue()) }),
  col.accessor('hospitalCd', { id: 'hospitalCd', header: '병원 코드' }),
  col.accessor('receiptNo', { header: '영수증 번호', enableSorting: false }),
  col.accessor('visitDate', { id: 'visitDate', header: '진료일', cell: (c) => formatDate(c.getValue()) }),
  col.accessor('reason', { header: '사유', enableSorting: false, cell: (c) => HELD_REASON_NM[c.getValue()] }),
  col.accessor('insuApplyId', { header: '겹친 가입', enableSorting: false, cell: (c) => c.getValue() ?? '—' }),
  col.accessor('decidedAt', {
    header: '처리',
    enableSorting: false,
    cell: (c) => (c.getValue() ? formatDateTime(c.getValue()!) : '기다리는 중'),
  }),
];

export function HeldRecords() {
  const heading = useFocusHeading();
  const [params, update] = useListParams({ sort: 'receivedAt', order: 'desc' });
  const list = useHeldRecords(params);
  const [hospitalCd, setHospitalCd] = useState(String(params.hospitalCd ?? ''));

  function search(e: FormEvent) {
    e.preventDefault();
    update({ hospitalCd: hospitalCd.trim() || undefined });
  }

  return (
    <>
      <h1 ref={heading} tabIndex={-1}>
        확인이 필요한 기록
      </h1>
      <p className="ops-lead">
        이름·생년월일이 가입자와 다르거나 환자가 본인 진료가 아니라고 한 기록이에요. 청구하지 않고 누구에게도 보여 주지
        않아요.
      </p>
      <form className="ops-filters" onSubmit={search} role="search" aria-label="기록 찾기">
        <label>
          사유
          <select value={String(params.reason ?? '')} onChange={(e) => update({ reason: e.target.value || undefined })}>
            <option value="">모두</option>
            {Object.entries(HELD_REASON_NM).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label>
          병원 코드
          <input value={hospitalCd} onChange={(e) => setHospitalCd(e.target.value)} inputMode="numeric" maxLength={8} />
        </label>
        <button type="submit">찾기</button>
      </form>
      <DataTable
        caption="확인이 필요한 기록"
        columns={columns}
        page={list.data}
        params={params}
        onChange={update}
        rowId={(r) => String(r.recordId)}
        isLoading={list.isFetching}
        error={list.error}
        empty="확인이 필요한 기록이 없어요."
        exportPath={OPS_EXPORT_API.heldRecords}
      />
    </>
  );
}
