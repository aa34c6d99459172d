// Papers insurers asked of hospitals, for operators (README "Documents an insurer asks for"): every open request with
// how many days it has waited (oldest first), or the answered ones with when the hospital answered and whether the
// insurer has it; the patient masked, the claim one click away, a hospital's only when its code is given.
import { useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { DOCUMENT_REQUEST_PATIENT_DAYS, DOCUMENT_REQUEST_STATE_NM, REQUESTED_DOCUMENT_NM } from '@auto-claim/contract';
import type { DocumentRequestRow } from '@auto-claim/contract/ops';
import { useConsoleDocumentRequests } from '../api/documentRequests';
import { DataTable } from '../shared/DataTable';
import { useFocusHeading } from '../shared/focus';
import { formatDate, formatDateTime } from '../shared/format';
import { useListParams } from '../shared/list';
import { ViewTabs } from '../shared/ViewTabs';

const col = createColumnHelper<DocumentRequestRow>();

export function DocumentRequests() {
  const heading = useFocusHeading();
  const [params, update] = useListParams({ sort: 'askedAt', order: 'asc' });
  const view = params.view === 'answered' ? 'answered' : 'open';
  const list = useConsoleDocumentRequests({ ...params, view });
  const [hospitalCd, setHospitalCd] = useState(String(params.hospitalCd ?? ''));

  // Two columns, each a stack: a table of ten narrow columns does not read on a phone.
  const columns = useMemo(
    () => [
      col.accessor('askedAt', {
        id: 'askedAt',
        header: '요청',
        cell: (c) => {
          const r = c.row.original;
          return (
            <div className="ops-stack">
              <strong>
                {REQUESTED_DOCUMENT_NM[r.document]} · {r.hospitalNm}
              </strong>
              <span>
                {r.insuCompNm} 요청 · {formatDateTime(c.getValue())}
              </span>
              <span>영수증 {r.receiptNo}</span>
              <span className="ops-muted">
                진료일 {formatDate(r.visitDate)} · 환자 {r.patient}
              </span>
            </div>
          );
        },
      }),
      col.accessor('state', {
        header: '상태',
        enableSorting: false,
        cell: (c) => {
          const r = c.row.original;
          return (
            <div className="ops-stack">
              <strong>{view === 'open' ? `${r.ageDays}일째 기다려요` : `${r.ageDays}일 만에 답했어요`}</strong>
              <span>{DOCUMENT_REQUEST_STATE_NM[c.getValue()]}</span>
              {r.patientToldAt && <span className="ops-muted">환자에게 안내함 {formatDateTime(r.patientToldAt)}</span>}
              {r.deliveryError && <span className="ops-error">{r.deliveryError}</span>}
              <Link to={`/claims/${r.claimId}`}>청구 {r.claimId}</Link>
            </div>
          );
        },
      }),
    ],
    [view],
  );

  function search(e: FormEvent) {
    e.preventDefault();
    update({ hospitalCd: hospitalCd.trim() || undefined, cursor: undefined });
  }

  return (
    <>
      <h1 ref={heading} tabIndex={-1}>
        병원에 요청한 서류
      </h1>
      <p className="ops-lead">
        보험사가 요청한 진단서·세부내역서·처방전·입퇴원확인서를 병원에 대신 요청했어요. 병원이 PDF를 보내면 바로
        보험사로 보내요. {DOCUMENT_REQUEST_PATIENT_DAYS}일이 지나도 오지 않으면 환자에게 한 번 알려요.
      </p>
      <ViewTabs
        label="요청 보기"
        value={view}
        views={[
          ['open', '답을 기다리는 요청'],
          ['answered', '병원이 답한 요청'],
        ]}
        onChange={(v) => update({ view: v, cursor: undefined })}
      />
      <form className="ops-filters" role="search" aria-label="병원으로 찾기" onSubmit={search}>
        <label>
          요양기관 기호
          <input
            name="hospitalCd"
            inputMode="numeric"
            value={hospitalCd}
            onChange={(e) => setHospitalCd(e.target.value)}
            placeholder="8자리"
          />
        </label>
        <button type="submit">찾기</button>
      </form>
      <DataTable
        caption={view === 'open' ? '답을 기다리는 요청 (오래된 것부터)' : '병원이 답한 요청'}
        columns={columns}
        page={list.data}
        params={{ ...params, view }}
        onChange={update}
        rowId={(r) => r.requestId}
        isLoading={list.isFetching}
        error={list.error}
        empty={view === 'open' ? '답을 기다리는 요청이 없어요.' : '병원이 답한 요청이 없어요.'}
      />
    </>
  );
}
