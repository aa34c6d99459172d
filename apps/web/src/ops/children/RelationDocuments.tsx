// 가족관계 서류 확인 (operator and up; README "A parent enrols her children"): the relation documents parents sent for
// their children, the longest waiting first, paged by key like every console list. A row is masked; opening it shows
// the document beside the names entered (recorded as a look, RelationDocument.tsx), where it is confirmed or refused.
import { useMemo } from 'react';
import { Link } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { GUARDIAN_REL_NM, RELATION_DOCUMENT_STATUS_NM, RELATION_DOC_TYPE_NM } from '@auto-claim/contract';
import type { RelationDocumentRow } from '@auto-claim/contract/ops';
import { useRelationDocuments } from '../api/children';
import { DataTable } from '../shared/DataTable';
import { useFocusHeading } from '../shared/focus';
import { formatDate, formatDateTime } from '../shared/format';
import { useListParams } from '../shared/list';

const col = createColumnHelper<RelationDocumentRow>();

export function RelationDocuments() {
  const heading = useFocusHeading();
  const [params, update] = useListParams({ sort: 'submittedAt', order: 'asc' });
  const status = String(params.status ?? 'pending');
  const list = useRelationDocuments(params);

  const columns = useMemo(
    () => [
      col.accessor('submittedAt', {
        id: 'submittedAt',
        header: '받은 시각',
        cell: (c) => formatDateTime(c.getValue()),
      }),
      col.accessor('childNmMasked', { header: '자녀', enableSorting: false }),
      col.accessor('guardianNmMasked', {
        header: '보호자 (관계)',
        enableSorting: false,
        cell: (c) => `${c.getValue()} (${GUARDIAN_REL_NM[c.row.original.guardianRel]})`,
      }),
      col.accessor('docType', {
        header: '서류',
        enableSorting: false,
        cell: (c) => RELATION_DOC_TYPE_NM[c.getValue()],
      }),
      col.accessor('issueDate', {
        header: '발급일',
        enableSorting: false,
        cell: (c) => (
          <>
            {formatDate(c.getValue())}
            {c.row.original.issueDateStale && <strong className="ops-warn"> (3개월 지남)</strong>}
          </>
        ),
      }),
      col.accessor('status', {
        header: '상태',
        enableSorting: false,
        cell: (c) => RELATION_DOCUMENT_STATUS_NM[c.getValue()],
      }),
      col.display({
        id: 'open',
        header: '서류',
        cell: (c) => (
          <Link className="ops-nowrap" to={`/relation-documents/${c.row.original.docId}`}>
            {c.row.original.status === 'pending' ? '확인하기' : '보기'}
            <span className="ops-visually-hidden">
              {' '}
              ({c.row.original.childNmMasked}, {formatDateTime(c.row.original.submittedAt)})
            </span>
          </Link>
        ),
      }),
    ],
    [],
  );

  return (
    <>
      <h1 ref={heading} tabIndex={-1}>
        가족관계 서류 확인
      </h1>
      <p className="ops-lead">
        보호자가 자녀를 자동청구에 가입시키며 올린 가족관계증명서·주민등록등본이에요. 확인하기 전에는 그 자녀의 진료를
        청구하지 않아요. 오래 기다린 서류가 위에 있어요.
      </p>
      <form className="ops-filters" role="search" aria-label="서류 찾기" onSubmit={(e) => e.preventDefault()}>
        <label>
          상태
          <select
            value={status}
            onChange={(e) => update({ status: e.target.value === 'pending' ? undefined : e.target.value })}
          >
            {Object.entries(RELATION_DOCUMENT_STATUS_NM).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
      </form>
      <DataTable
        caption="가족관계 서류"
        columns={columns}
        page={list.data}
        params={params}
        onChange={update}
        rowId={(r) => String(r.docId)}
        isLoading={list.isFetching}
        error={list.error}
        empty={status === 'pending' ? '확인할 서류가 없어요.' : '서류가 없어요.'}
      />
    </>
  );
}
