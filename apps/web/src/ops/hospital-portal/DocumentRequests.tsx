// What insurers asked of the hospital (README "Documents an insurer asks for"), for a hospital user whose EMR runs no
// kit: each open request (the receipt number and visit date find the patient in her EMR; the patient's name masked)
// with a PDF upload that sends it to the insurer at once; and the requests answered. Her hospital's only: the server
// reads the hospital from her account.
import { useId, useMemo, useState } from 'react';
import { createColumnHelper } from '@tanstack/react-table';
import { DOCUMENT_REQUEST_STATE_NM, MAX_REQUESTED_DOCUMENT_BYTES, REQUESTED_DOCUMENT_NM } from '@auto-claim/contract';
import type { DocumentRequestRow } from '@auto-claim/contract/ops';
import { OpsError } from '../api/client';
import { useAnswerDocumentRequest, usePortalDocumentRequests } from '../api/documentRequests';
import { DataTable } from '../shared/DataTable';
import { useFocusHeading } from '../shared/focus';
import { formatDate, formatDateTime } from '../shared/format';
import { useListParams } from '../shared/list';
import { ViewTabs } from '../shared/ViewTabs';

const col = createColumnHelper<DocumentRequestRow>();

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(new Error('파일을 읽지 못했어요. 다시 골라 주세요.'));
    r.readAsDataURL(file);
  });

/** One request's upload: a PDF chosen, then sent; what went wrong said beside it. */
function Upload({ row, onSent }: { row: DocumentRequestRow; onSent: (text: string) => void }) {
  const id = useId();
  const answer = useAnswerDocumentRequest();
  const [file, setFile] = useState<File>();
  const [problem, setProblem] = useState<string>();
  const paper = REQUESTED_DOCUMENT_NM[row.document];

  async function send() {
    setProblem(undefined);
    if (!file) return setProblem('보낼 PDF 파일을 골라 주세요.');
    if (file.size > MAX_REQUESTED_DOCUMENT_BYTES) {
      return setProblem(`파일이 너무 커요. ${MAX_REQUESTED_DOCUMENT_BYTES / 1024 / 1024}MB까지 보낼 수 있어요.`);
    }
    try {
      const pdf = (await readAsDataUrl(file)).replace(/^data:[^;,]*;/, 'data:application/pdf;');
      await answer.mutateAsync({ requestId: row.requestId, pdf });
      onSent(`영수증 ${row.receiptNo}의 ${paper}를 ${row.insuCompNm}에 보냈어요.`);
    } catch (e) {
      const p = e instanceof OpsError ? e.problem : undefined;
      setProblem(p?.errors?.[0]?.message ?? p?.detail ?? (e as Error).message);
    }
  }

  return (
    <div className="ops-upload">
      <label htmlFor={`${id}-file`}>
        {paper} PDF<span className="ops-visually-hidden"> (영수증 {row.receiptNo})</span>
      </label>
      <input
        id={`${id}-file`}
        type="file"
        accept="application/pdf,.pdf"
        aria-describedby={problem ? `${id}-problem` : undefined}
        aria-invalid={problem ? true : undefined}
        onChange={(e) => setFile(e.target.files?.[0])}
      />
      <button type="button" onClick={() => void send()} disabled={answer.isPending}>
        {answer.isPending ? '보내는 중…' : '보내기'}
        <span className="ops-visually-hidden">
          {' '}
          (영수증 {row.receiptNo} {paper})
        </span>
      </button>
      {problem && (
        <p id={`${id}-problem`} role="alert" className="ops-error">
          {problem}
        </p>
      )}
    </div>
  );
}

export function DocumentRequestsScreen() {
  const heading = useFocusHeading();
  const [params, update] = useListParams({ sort: 'askedAt', order: 'asc' });
  const view = params.view === 'answered' ? 'answered' : 'open';
  const list = usePortalDocumentRequests({ ...params, view });
  const [notice, setNotice] = useState<string>();

  // One column for an open request (what is asked, and its upload under it), two for an answered one: a table of seven
  // narrow columns does not read on a phone.
  const columns = useMemo(
    () => [
      col.accessor('askedAt', {
        id: 'askedAt',
        header: view === 'open' ? '요청과 PDF 보내기' : '요청',
        cell: (c) => {
          const r = c.row.original;
          return (
            <div className="ops-stack">
              <strong>{REQUESTED_DOCUMENT_NM[r.document]}</strong>
              <span>영수증 {r.receiptNo}</span>
              <span>
                진료일 {formatDate(r.visitDate)} · 환자 {r.patient}
              </span>
              <span className="ops-muted">
                {r.insuCompNm} 요청 · {formatDateTime(c.getValue())}
              </span>
              {view === 'open' && <Upload row={r} onSent={setNotice} />}
            </div>
          );
        },
      }),
      ...(view === 'open'
        ? []
        : [
            col.accessor('state', {
              header: '처리',
              enableSorting: false,
              cell: (c) => (
                <div className="ops-stack">
                  <span>{DOCUMENT_REQUEST_STATE_NM[c.getValue()]}</span>
                  {c.row.original.receivedAt && (
                    <span className="ops-muted">보낸 때 {formatDateTime(c.row.original.receivedAt)}</span>
                  )}
                </div>
              ),
            }),
          ]),
    ],
    [view],
  );

  return (
    <>
      <h1 ref={heading} tabIndex={-1}>
        보험사가 요청한 서류
      </h1>
      <p className="ops-lead">
        보험사가 환자의 청구를 심사하려고 병원 서류를 요청했어요. 영수증 번호와 진료일로 환자를 찾아 서류를 PDF로 올리면
        바로 보험사로 보내요. 환자는 따로 할 일이 없어요.
      </p>
      <ViewTabs
        label="요청 보기"
        value={view}
        views={[
          ['open', '보낼 서류'],
          ['answered', '보낸 서류'],
        ]}
        onChange={(v) => update({ view: v, cursor: undefined })}
      />
      <p role="status" aria-live="polite">
        {notice}
      </p>
      <DataTable
        caption={view === 'open' ? '보낼 서류 (오래된 요청부터)' : '보낸 서류'}
        columns={columns}
        page={list.data}
        params={{ ...params, view }}
        onChange={update}
        rowId={(r) => r.requestId}
        isLoading={list.isFetching}
        error={list.error}
        empty={view === 'open' ? '지금 보낼 서류가 없어요.' : '아직 보낸 서류가 없어요.'}
      />
    </>
  );
}
