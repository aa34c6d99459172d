// Patient messages (알림톡 with its SMS fallback) that failed every retry (README "Operator console"): one per
// treatment record; the one dead-letter list with the message's columns. Exported as CSV like the others (README
// "Exports").
import { Link } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { OPS_EXPORT_API, type JobBulkAnswer, type NotificationDeadLetterRow } from '@auto-claim/contract/ops';
import { notificationDeadLetters } from '../api/claims';
import { DeadLetterList } from './DeadLetterList';

const col = createColumnHelper<NotificationDeadLetterRow>();
const columns = [col.accessor('recordId', { header: '진료 기록 번호', enableSorting: false })];

export function NotificationDeadLetters() {
  return (
    <DeadLetterList
      calls={notificationDeadLetters}
      title="보내지 못한 알림톡"
      lead={
        <>
          환자에게 알림톡과 문자 모두 끝내 보내지 못한 알림이에요. 다시 보내거나, 전화 등으로 알렸으면 메모와 함께 처리
          완료로 표시해요. 보험사에 보내지 못한 청구는 <Link to="/dead-letters">보내지 못한 청구</Link>에 있어요.
        </>
      }
      noun="알림"
      rowName={(r) => `기록 ${r.recordId}의 알림`}
      idOf={(r) => r.jobId}
      resultName={(a, i, rows) => {
        const row = rows.find((r) => r.jobId === (a as JobBulkAnswer).results[i]!.jobId);
        return row ? `기록 ${row.recordId}` : '알림';
      }}
      columns={columns}
      attemptsSortable={false}
      retryLabel={(r) => `기록 ${r.recordId}의 알림 다시 보내기`}
      empty="보내지 못한 알림이 없어요."
      exportPath={OPS_EXPORT_API.notificationDeadLetters}
    />
  );
}
