// Dead letters (README "Operator console"): claims that could not be delivered, with their error, and patient
// messages that failed every retry. Retry one or many, or close them with a note: closed ones leave the list and are
// found with the "처리 완료" filter; a retry that fails again is a new letter.
import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { useQueryClient } from '@tanstack/react-query';
import { OPERATOR_API } from '@auto-claim/contract';
import { OPS_CLAIMS_API, type BulkAnswer, type DeadLetterRow } from '@auto-claim/contract/ops';
import { OpsError, opsSend } from '../api';
import { DataTable } from '../DataTable';
import { useFocusHeading } from '../focus';
import { formatDateTime } from '../format';
import { useListParams, useOpsList } from '../list';

/** "2건을 다시 보내도록 했어요. 1건은 못 했어요: 청구 12 (…)" */
export function summarize(
  answer: { results: { ok: boolean; detail: string | null }[] },
  did: string,
  nameOf: (i: number) => string,
) {
  const ok = answer.results.filter((r) => r.ok).length;
  const bad = answer.results.flatMap((r, i) => (r.ok ? [] : [`${nameOf(i)} (${r.detail})`]));
  return [ok ? `${ok}건을 ${did}.` : '', bad.length ? `${bad.length}건은 못 했어요: ${bad.join(', ')}` : '']
    .filter(Boolean)
    .join(' ');
}

const col = createColumnHelper<DeadLetterRow>();

export function DeadLetters() {
  const heading = useFocusHeading();
  const client = useQueryClient();
  const [params, update] = useListParams({ sort: 'failedAt', order: 'desc' });
  const list = useOpsList<DeadLetterRow>(OPERATOR_API.deadLetters, params);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [message, setMessage] = useState('');
  const rows = list.data?.list ?? [];
  const toggle = (id: number, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const refresh = async () => {
    setSelected(new Set());
    await client.invalidateQueries({ queryKey: [OPERATOR_API.deadLetters] });
  };
  const retry = async (claimIds: number[]) => {
    try {
      const a = await opsSend<BulkAnswer>('POST', OPS_CLAIMS_API.deadLettersRetry, { claimIds });
      setMessage(summarize(a, '다시 보내도록 했어요', (i) => `청구 ${a.results[i]!.claimId}`));
    } catch (e) {
      setMessage(e instanceof Error ? e.message : '다시 보내지 못했어요.');
    }
    await refresh();
  };
  const handled = async (note: string) => {
    const a = await opsSend<BulkAnswer>('POST', OPS_CLAIMS_API.deadLettersHandled, { claimIds: [...selected], note });
    setMessage(summarize(a, '처리 완료로 표시했어요', (i) => `청구 ${a.results[i]!.claimId}`));
    await refresh();
  };

  const columns = [
    col.display({
      id: 'select',
      header: () => (
        <input
          type="checkbox"
          aria-label="이 쪽의 청구 모두 선택"
          checked={rows.length > 0 && rows.every((r) => selected.has(r.claimId))}
          onChange={(e) => setSelected(e.target.checked ? new Set(rows.map((r) => r.claimId)) : new Set())}
        />
      ),
      cell: (c) => (
        <input
          type="checkbox"
          aria-label={`청구 ${c.row.original.claimId} 선택`}
          checked={selected.has(c.row.original.claimId)}
          onChange={(e) => toggle(c.row.original.claimId, e.target.checked)}
        />
      ),
    }),
    col.accessor('claimId', {
      id: 'claimId',
      header: '청구 번호',
      cell: (c) => <Link to={`/claims/${c.getValue()}`}>{c.getValue()}</Link>,
    }),
    col.accessor('insuCompNm', {
      header: '보험사',
      enableSorting: false,
      cell: (c) =>
        `${c.getValue() ?? c.row.original.insuCompCd} (${c.row.original.channel === 'api' ? 'API' : '팩스'})`,
    }),
    col.accessor((r) => `${r.patient.name} ${r.patient.phone ?? ''}`.trim(), {
      id: 'patient',
      header: '환자',
      enableSorting: false,
    }),
    col.accessor('lastError', { header: '오류', enableSorting: false, cell: (c) => c.getValue() ?? '—' }),
    col.accessor('attempts', { id: 'attempts', header: '시도' }),
    col.accessor('failedAt', { id: 'failedAt', header: '실패 시각', cell: (c) => formatDateTime(c.getValue()) }),
    col.accessor('handled', {
      header: '처리',
      enableSorting: false,
      cell: (c) => {
        const h = c.getValue();
        return h ? (
          `${h.by}: ${h.note}`
        ) : (
          <button type="button" onClick={() => retry([c.row.original.claimId])}>
            다시 보내기
          </button>
        );
      },
    }),
  ];

  return (
    <>
      <h1 ref={heading} tabIndex={-1}>
        보내지 못한 청구
      </h1>
      <p className="ops-lead">
        보험사에 끝내 보내지 못한 청구예요. 다시 보내거나, 다른 방법으로 처리했으면 메모와 함께 처리 완료로 표시해요.
        환자에게 보내지 못한 알림톡·문자는 <Link to="/notifications/dead-letters">보내지 못한 알림톡</Link>에 있어요.
      </p>
      <form
        className="ops-filters"
        role="search"
        aria-label="보내지 못한 청구 찾기"
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
        caption="보내지 못한 청구"
        columns={columns}
        page={list.data}
        params={params}
        onChange={update}
        rowId={(r) => String(r.claimId)}
        isLoading={list.isFetching}
        error={list.error}
        empty="보내지 못한 청구가 없어요."
      />
    </>
  );
}

/** The note dialog for closing the selected letters. */
export function HandledDialog({ count, onSubmit }: { count: number; onSubmit: (note: string) => Promise<void> }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string>();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await onSubmit(note);
      dialog.current?.close();
      setNote('');
      setError(undefined);
    } catch (err) {
      setError(err instanceof OpsError ? (err.fieldMessage('note') ?? err.message) : '처리하지 못했어요.');
    }
  };
  return (
    <>
      <button type="button" disabled={count === 0} onClick={() => dialog.current?.showModal()}>
        선택한 {count}건 처리 완료로 표시
      </button>
      <dialog ref={dialog} aria-labelledby="handled-h">
        <h2 id="handled-h">처리 완료로 표시</h2>
        <form onSubmit={submit} noValidate>
          <label htmlFor="handled-note">어떻게 처리했는지</label>
          <textarea
            id="handled-note"
            value={note}
            maxLength={500}
            onChange={(e) => setNote(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'handled-err' : undefined}
          />
          {error && (
            <p id="handled-err" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="ops-primary">
            표시하기
          </button>
          <button type="button" onClick={() => dialog.current?.close()}>
            취소
          </button>
        </form>
      </dialog>
    </>
  );
}
