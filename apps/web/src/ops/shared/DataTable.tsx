// Every list of the console: a table on TanStack Table whose paging and sorting the server does (manual mode), with
// the state in the page's query string (list.ts). Sortable headers are buttons with aria-sort; the pager says where
// one is in Korean; loading, empty and error states are spoken, not only drawn. A list that grows with use pages by
// key (its answer has nextCursor): next goes to that cursor, previous back along the cursors this screen walked, and a
// count that stopped at 1,000 reads "1,000건 이상". A list given its export call offers the current filter as CSV.
import { useState } from 'react';
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { ExportButton } from './ExportButton';
import type { ListPage, ListParams } from './list';

interface Props<Row> {
  /** The table's name, read by screen readers (and shown as its caption). */
  caption: string;
  // Column value types differ per column.
  columns: ColumnDef<Row, any>[];
  page: ListPage<Row> | undefined;
  params: ListParams;
  onChange: (change: Partial<Record<string, string | number | undefined>>) => void;
  rowId: (row: Row) => string;
  isLoading: boolean;
  error: Error | null;
  empty: string;
  /** The list's export call (contract OPS_EXPORT_API): an "엑셀로 내려받기 (CSV)" button for the current filter. */
  exportPath?: string;
}

export function DataTable<Row>({
  caption,
  columns,
  page,
  params,
  onChange,
  rowId,
  isLoading,
  error,
  empty,
  exportPath,
}: Props<Row>) {
  const total = page?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / params.size));
  const byKey = page !== undefined && page.nextCursor !== undefined;
  // The cursors of the pages before this one, as this screen walked them ('' is the first page). A reload or a shared
  // link keeps the page but not the way back: previous then goes to the first page.
  const [trail, setTrail] = useState<{ at: string | undefined; before: string[] }>({ at: undefined, before: [] });
  const before = trail.at === params.cursor ? trail.before : params.cursor ? [''] : [];
  const next = () => {
    setTrail({ at: page?.nextCursor ?? undefined, before: [...before, params.cursor ?? ''] });
    onChange({ cursor: page?.nextCursor ?? undefined });
  };
  const previous = () => {
    const back = before.at(-1) || undefined;
    setTrail({ at: back, before: before.slice(0, -1) });
    onChange({ cursor: back });
  };
  const table = useReactTable({
    data: page?.list ?? [],
    columns,
    getRowId: rowId,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    pageCount: pages,
    state: {
      sorting: params.sort ? [{ id: params.sort, desc: params.order === 'desc' }] : [],
      pagination: { pageIndex: byKey ? before.length : params.page - 1, pageSize: params.size },
    },
  });
  const sortBy = (id: string) =>
    onChange({ sort: id, order: params.sort === id && params.order === 'desc' ? 'asc' : 'desc' });

  return (
    <div className="ops-table-wrap">
      {exportPath && (
        <ExportButton path={exportPath} params={params} total={page?.total} capped={page?.capped} name={caption} />
      )}
      <table className="ops-table" aria-busy={isLoading}>
        <caption>
          {caption}{' '}
          <span className="ops-muted">
            {page?.capped ? `(${total.toLocaleString('ko-KR')}건 이상)` : `(총 ${total.toLocaleString('ko-KR')}건)`}
          </span>
        </caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const label = flexRender(header.column.columnDef.header, header.getContext());
                const sorted = params.sort === header.column.id ? params.order : undefined;
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                  >
                    {header.column.getCanSort() ? (
                      <button type="button" className="ops-sort" onClick={() => sortBy(header.column.id)}>
                        {label}
                        <span aria-hidden="true">{sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ' ↕'}</span>
                      </button>
                    ) : (
                      label
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id}>
              {row.getVisibleCells().map((cell) => (
                <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p role="status" className="ops-table-state">
        {error ? (
          <span className="ops-error">{error.message}</span>
        ) : isLoading && !page ? (
          '불러오는 중이에요…'
        ) : total === 0 ? (
          empty
        ) : null}
      </p>
      <nav className="ops-pager" aria-label={`${caption} 쪽 이동`}>
        {byKey ? (
          <>
            <button type="button" disabled={!params.cursor} onClick={previous}>
              이전 쪽
            </button>
            <span aria-live="polite">
              {before.length + 1}
              {page.capped ? '' : ` / ${pages}`}쪽
            </span>
            <button type="button" disabled={!page.nextCursor} onClick={next}>
              다음 쪽
            </button>
          </>
        ) : (
          <>
            <button type="button" disabled={params.page <= 1} onClick={() => onChange({ page: params.page - 1 })}>
              이전 쪽
            </button>
            <span aria-live="polite">
              {params.page} / {pages}쪽
            </span>
            <button type="button" disabled={params.page >= pages} onClick={() => onChange({ page: params.page + 1 })}>
              다음 쪽
            </button>
          </>
        )}
        <label>
          한 쪽에{' '}
          <select value={params.size} onChange={(e) => onChange({ size: Number(e.target.value) })}>
            {[20, 50, 100].map((n) => (
              <option key={n} value={n}>
                {n}건
              </option>
            ))}
          </select>
        </label>
      </nav>
    </div>
  );
}
