// Claims that could not be delivered (README "Operator console"), with their error: the one dead-letter list with the
// claim's columns.
import { Link } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { DELIVERY_CHANNEL_NM } from '@auto-claim/contract';
import { OPS_EXPORT_API, type BulkAnswer, type DeadLetterRow } from '@auto-claim/contract/ops';
import { claimDeadLetters } from '../api/claims';
import { DeadLetterList } from './DeadLetterList';

const col = createColumnHelper<DeadLetterRow>();
const columns = [
  col.accessor('claimId', {
    id: 'claimId',
    header: '청구 번호',
    cell: (c) => <Link to={`/claims/${c.getValue()}`}>{c.getValue()}</Link>,
  }),
  col.accessor('insuCompNm', {
    header: '보험사',
    enableSorting: false,
    cell: (c) => `${c.getValue() ?? c.row.original.insuCompCd} (${DELIVERY_CHANNEL_NM[c.row.original.channel]})`,
  }),
  col.accessor((r) => `${r.patient.name} ${r.patient.phone ?? ''}`.trim(), {
    id: 'patient',
    header: '환자',
    enableSorting: false,
  }),
];

export function DeadLetters() {
  return (
    <DeadLetterList
      calls={claimDeadLetters}
      title="보내지 못한 청구"
      lead={
        <>
          보험사에 끝내 보내지 못한 청구예요. 다시 보내거나, 다른 방법으로 처리했으면 메모와 함께 처리 완료로 표시해요.
          환자에게 보내지 못한 알림톡·문자는 <Link to="/notifications/dead-letters">보내지 못한 알림톡</Link>에 있어요.
        </>
      }
      noun="청구"
      rowName={(r) => `청구 ${r.claimId}`}
      idOf={(r) => r.claimId}
      resultName={(a, i) => `청구 ${(a as BulkAnswer).results[i]!.claimId}`}
      columns={columns}
      attemptsSortable
      empty="보내지 못한 청구가 없어요."
      exportPath={OPS_EXPORT_API.deadLetters}
    />
  );
}
