// 다시 동의해야 하는 가입자 (operator and up): subscribers who agreed to an older version of a required term now in
// effect, masked (홍*동, 010-****-5678), paged on the server.
import { createColumnHelper } from '@tanstack/react-table';
import type { ReagreeRow } from '@auto-claim/contract/ops';
import { useReagreeList } from '../api/terms';
import { DataTable } from '../shared/DataTable';
import { useFocusHeading } from '../shared/focus';
import { formatDateTime } from '../shared/format';
import { useListParams } from '../shared/list';

const col = createColumnHelper<ReagreeRow>();
const columns = [
  col.accessor('subscribedAt', { id: 'subscribedAt', header: '가입 시각', cell: (c) => formatDateTime(c.getValue()) }),
  col.accessor('insuApplyId', { header: '가입 번호', enableSorting: false }),
  col.accessor('userNm', { header: '이름', enableSorting: false }),
  col.accessor('userTel', { header: '휴대폰', enableSorting: false }),
  col.accessor('termsIds', { header: '다시 동의할 약관', enableSorting: false, cell: (c) => c.getValue().join(', ') }),
];

export function TermsReagree() {
  const heading = useFocusHeading();
  const [params, update] = useListParams({ sort: 'subscribedAt', order: 'desc' });
  const list = useReagreeList(params);
  return (
    <>
      <h1 ref={heading} tabIndex={-1}>
        다시 동의해야 하는 가입자
      </h1>
      <p className="ops-lead">
        새 버전이 시행되기 전에 가입해 지난 버전에 동의한 가입자예요. 이름과 번호는 가려서 보여요.
      </p>
      <DataTable
        caption="다시 동의해야 하는 가입자"
        columns={columns}
        page={list.data}
        params={params}
        onChange={update}
        rowId={(r) => r.insuApplyId}
        isLoading={list.isFetching}
        error={list.error}
        empty="다시 동의해야 하는 가입자가 없어요."
      />
    </>
  );
}
