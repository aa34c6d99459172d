// Patient messages (알림톡 with its SMS fallback) that failed every retry (README "Operator console"): one per
// treatment record. Send one or many again, or close them with a note; the same shape as the claims' dead letters.
import { useState } from 'react';
import { Link } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { useQueryClient } from '@tanstack/react-query';
import { OPERATOR_API } from '@auto-claim/contract';
import { OPS_CLAIMS_API, type JobBulkAnswer, type NotificationDeadLetterRow } from '@auto-claim/contract/ops';
import { opsSend } from '../api';
import { DataTable } from '../DataTable';
import { useFocusHeading } from '../focus';
import { formatDateTime } from '../format';
import { useListParams, useOpsList } from '../list';
import { HandledDialog, summarize } from './DeadLetters';

const col = createColumnHelper<NotificationDeadLetterRow>();

export function NotificationDeadLetters() {
  const heading = useFocusHeading();
  const client = useQueryClient();
  const [params, update] = useListParams({ sort: 'failedAt', order: 'desc' });
  const list = useOpsList<NotificationDeadLetterRow>(OPERATOR_API.notificationDeadLetters, params);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [message, setMessage] = useState('');
  const rows = list.data?.list ?? [];
  const nameOf = (a: JobBulkAnswer) => (i: number) => {
    const row = rows.find((r) => r.jobId === a.results[i]!.jobId);
    return row ? `기록 ${row.recordId}` : '알림';
  };
  const refresh = async () => {
    setSelected(new Set());
    await client.invalidateQueries({ queryKey: [OPERATOR_API.notificationDeadLetters] });
  };
  const retry = async (jobIds: string[]) => {
    try {
      const a = await opsSend<JobBulkAnswer>('POST', OPS_CLAIMS_API.notificationsRetry, { jobIds });
      setMessage(summarize(a, '다시 보내도록 했어요', nameOf(a)));
    } catch (e) {
      setMessage(e instanceof Error ? e.message : '다시 보내지 못했어요.');
    }
    await refresh();
  };
  const handled = async (note: string) => {
    const a = await opsSend<JobBulkAnswer>('POST', OPS_CLAIMS_API.notificationsHandled, {
      jobIds: [...selected],
      note,
    });
    setMessage(summarize(a, '처리 완료로 표시했어요', nameOf(a)));
    await refresh();
  };

  const columns = [
    col.display({
      id: 'select',
      header: () => (
        <input
          type="checkbox"
          aria-label="이 쪽의 알림 모두 선택"
          checked={rows.length > 0 && rows.every((r) => selected.has(r.jobId))}
          onChange={(e) => setSelected(e.target.checked ? new Set(rows.map((r) => r.jobId)) : new Set())}
        />
      ),
      cell: (c) => (
        <input
          type="checkbox"
          aria-label={`기록 ${c.row.original.recordId}의 알림 선택`}
          checked={selected.has(c.row.original.jobId)}
          onChange={(e) =>
            setSelected((s) => {
              const next = new Set(s);
              if (e.target.checked) next.add(c.row.original.jobId);
              else next.delete(c.row.original.jobId);
              return next;
            })
          }
        />
      ),
    }),
    col.accessor('recordId', { header: '진료 기록 번호', enableSorting: false }),
    col.accessor('lastError', { header: '오류', enableSorting: false, cell: (c) => c.getValue() ?? '—' }),
    col.accessor('attempts', { header: '시도', enableSorting: false }),
    col.accessor('failedAt', { id: 'failedAt', header: '실패 시각', cell: (c) => formatDateTime(c.getValue()) }),
    col.accessor('handled', {
      header: '처리',
      enableSorting: false,
      cell: (c) => {
        const h = c.getValue();
        return h ? (
          `${h.by}: ${h.note}`
        ) : (
          <button
            type="button"
            aria-label={`기록 ${c.row.original.recordId}의 알림 다시 보내기`}
            onClick={() => retry([c.row.original.jobId])}
          >
            다시 보내기
          </button>
        );
      },
    }),
  ];

  return (
    <>
      <h1 ref={heading} tabIndex={-1}>
        보내지 못한 알림톡
      </h1>
      <p className="ops-lead">
        환자에게 알림톡과 문자 모두 끝내 보내지 못한 알림이에요. 다시 보내거나, 전화 등으로 알렸으면 메모와 함께 처리
        완료로 표시해요. 보험사에 보내지 못한 청구는 <Link to="/dead-letters">보내지 못한 청구</Link>에 있어요.
      </p>
      <form
        className="ops-filters"
        role="search"
        aria-label="보내지 못한 알림 찾기"
        onSubmit={(e) => e.preventDefault()}
      >
        <label>
          보기
          <select value={String(params.handled ?? 'false')} onChange={(e) => update({ handled: e.target.value })}>
            <option value="false">처리할 것</option>
            <option value="true">처리 완료</option>
            <option value="all">모두</option>
          </select>
        </label>
      </form>
      <div className="ops-actions">
        <button
          type="button"
          className="ops-primary"
          disabled={selected.size === 0}
          onClick={() => retry([...selected])}
        >
          선택한 {selected.size}건 다시 보내기
        </button>
        <HandledDialog count={selected.size} onSubmit={handled} />
      </div>
      <p role="status" aria-live="polite">
        {message}
      </p>
      <DataTable
        caption="보내지 못한 알림톡"
        columns={columns}
        page={list.data}
        params={params}
        onChange={update}
        rowId={(r) => r.jobId}
        isLoading={list.isFetching}
        error={list.error}
        empty="보내지 못한 알림이 없어요."
      />
    </>
  );
}
