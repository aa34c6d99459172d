// A dead-letter list (README "Operator console"): what could not be delivered, with its error. Retry one or many, or
// close them with a note: closed ones leave the list and are found with the "처리 완료" filter; a retry that fails again
// is a new letter. The claims' and the patient messages' screens are this one list with their own columns.
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { OpsError } from '../api/client';
import type { DeadLetterCalls } from '../api/claims';
import { DataTable } from '../shared/DataTable';
import { useFocusHeading } from '../shared/focus';
import { formatDateTime } from '../shared/format';
import { useListParams } from '../shared/list';

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

interface Letter {
  lastError: string | null;
  attempts: number;
  failedAt: string;
  handled: { by: string; note: string } | null;
}
interface Answer {
  results: { ok: boolean; detail: string | null }[];
}

export interface DeadLetterListProps<Row extends Letter, Id extends string | number> {
  calls: DeadLetterCalls<Row, Id, Answer>;
  title: string;
  lead: ReactNode;
  /** What one row is called: "청구" for all of them in labels, and each row's own name ("청구 12"). */
  noun: string;
  rowName: (row: Row) => string;
  idOf: (row: Row) => Id;
  /** An answer's i-th result named for the message (the rows on screen help). */
  resultName: (answer: Answer, i: number, rows: Row[]) => string;
  /** The list's own columns between the check box and the common error, attempts, time and action columns. */
  // Column value types differ per column.
  columns: ColumnDef<Row, any>[];
  /** Whether attempts sort on the server. */
  attemptsSortable: boolean;
  /** The retry button's own name per row, where "다시 보내기" alone would be ambiguous. */
  retryLabel?: (row: Row) => string;
  empty: string;
  /** The list's export call (contract OPS_EXPORT_API). */
  exportPath?: string;
}

export function DeadLetterList<Row extends Letter, Id extends string | number>(p: DeadLetterListProps<Row, Id>) {
  const heading = useFocusHeading();
  const [params, update] = useListParams({ sort: 'failedAt', order: 'desc' });
  const list = p.calls.useList(params);
  const retryMany = p.calls.useRetry();
  const handleMany = p.calls.useHandled();
  const [selected, setSelected] = useState<Set<Id>>(new Set());
  const [message, setMessage] = useState('');
  const rows = list.data?.list ?? [];
  const toggle = (id: Id, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const retry = async (ids: Id[]) => {
    try {
      const a = await retryMany.mutateAsync(ids);
      setMessage(summarize(a, '다시 보내도록 했어요', (i) => p.resultName(a, i, rows)));
    } catch (e) {
      setMessage(e instanceof Error ? e.message : '다시 보내지 못했어요.');
    }
    setSelected(new Set());
  };
  const handled = async (note: string) => {
    const a = await handleMany.mutateAsync({ ids: [...selected], note });
    setMessage(summarize(a, '처리 완료로 표시했어요', (i) => p.resultName(a, i, rows)));
    setSelected(new Set());
  };

  const col = createColumnHelper<Row>();
  const columns = [
    col.display({
      id: 'select',
      header: () => (
        <input
          type="checkbox"
          aria-label={`이 쪽의 ${p.noun} 모두 선택`}
          checked={rows.length > 0 && rows.every((r) => selected.has(p.idOf(r)))}
          onChange={(e) => setSelected(e.target.checked ? new Set(rows.map(p.idOf)) : new Set())}
        />
      ),
      cell: (c) => (
        <input
          type="checkbox"
          aria-label={`${p.rowName(c.row.original)} 선택`}
          checked={selected.has(p.idOf(c.row.original))}
          onChange={(e) => toggle(p.idOf(c.row.original), e.target.checked)}
        />
      ),
    }),
    ...p.columns,
    col.accessor((r) => r.lastError ?? '—', { id: 'lastError', header: '오류', enableSorting: false }),
    col.accessor((r) => r.attempts, { id: 'attempts', header: '시도', enableSorting: p.attemptsSortable }),
    col.accessor((r) => r.failedAt, { id: 'failedAt', header: '실패 시각', cell: (c) => formatDateTime(c.getValue()) }),
    col.display({
      id: 'handled',
      header: '처리',
      cell: (c) => {
        const h = c.row.original.handled;
        return h ? (
          `${h.by}: ${h.note}`
        ) : (
          <button
            type="button"
            aria-label={p.retryLabel?.(c.row.original)}
            onClick={() => retry([p.idOf(c.row.original)])}
          >
            다시 보내기
          </button>
        );
      },
    }),
  ] as ColumnDef<Row, any>[];

  return (
    <>
      <h1 ref={heading} tabIndex={-1}>
        {p.title}
      </h1>
      <p className="ops-lead">{p.lead}</p>
      <form
        className="ops-filters"
        role="search"
        aria-label={`보내지 못한 ${p.noun} 찾기`}
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
        caption={p.title}
        columns={columns}
        page={list.data}
        params={params}
        onChange={update}
        rowId={(r) => String(p.idOf(r))}
        isLoading={list.isFetching}
        error={list.error}
        empty={p.empty}
        exportPath={p.exportPath}
      />
    </>
  );
}

/** The note dialog for closing the selected letters. */
function HandledDialog({ count, onSubmit }: { count: number; onSubmit: (note: string) => Promise<void> }) {
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
