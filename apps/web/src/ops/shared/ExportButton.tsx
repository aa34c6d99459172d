// "엑셀로 내려받기 (CSV)" on every list that grows with use (README "Operator console", "Exports"): the list's current
// filter and sort, every row of it (not only the page on screen), as a CSV file Excel opens with its Korean intact.
// It says how many rows will go out where the list knows ("1,000건 이상" when its count stopped), speaks while it
// downloads and says what it saved or why it could not.
import { withParticle } from '@auto-claim/contract';
import { useState } from 'react';
import { OpsError, opsExport } from '../api/client';
import type { ListParams } from './list';

/** The list's filter and sort as the export's body: its paging is not part of it (an export starts at the first row). */
export function exportFilter(params: ListParams) {
  const { page: _page, cursor: _cursor, size: _size, ...filter } = params;
  return Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined && v !== ''));
}

interface Props {
  /** The list's export call (contract OPS_EXPORT_API). */
  path: string;
  params: ListParams;
  /** How many rows the filter matches as the list counted them, and whether the count stopped. */
  total: number | undefined;
  capped: boolean | undefined;
  /** The list's name, for the button's accessible description and the file's fallback name. */
  name: string;
}

export function ExportButton({ path, params, total, capped, name }: Props) {
  const [state, setState] = useState<{ busy: boolean; message?: string; error?: string }>({ busy: false });
  const count =
    total === undefined
      ? undefined
      : capped
        ? `${total.toLocaleString('ko-KR')}건 이상`
        : `${total.toLocaleString('ko-KR')}건`;
  const hintId = `export-hint-${path.replace(/\W+/g, '-')}`;

  async function download() {
    setState({ busy: true, message: `${withParticle(name, '을/를')} 내려받는 중이에요…` });
    try {
      const file = await opsExport(path, exportFilter(params), `${name}.csv`);
      setState({ busy: false, message: `${file} 파일로 내려받았어요.` });
    } catch (e) {
      setState({
        busy: false,
        error: e instanceof OpsError ? e.message : '내려받지 못했어요. 잠시 후 다시 해 주세요.',
      });
    }
  }

  return (
    <div className="ops-export">
      <button type="button" onClick={download} disabled={state.busy} aria-describedby={hintId}>
        {state.busy ? '내려받는 중…' : '엑셀로 내려받기 (CSV)'}
      </button>
      <span id={hintId} className="ops-muted">
        {count === undefined ? '지금 필터의 모든 행' : `지금 필터의 ${count}`}을 내려받아요. 환자는 가려서 나가고,
        내려받기는 기록에 남아요.
      </span>
      {/* A live region of its own, not a second role=status: the list's own state line stays the page's one status. */}
      <p aria-live="polite" className="ops-export-state">
        {state.error ? <span className="ops-error">{state.error}</span> : state.message}
      </p>
    </div>
  );
}
