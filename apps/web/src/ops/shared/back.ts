// The way back from a claim to the list it was opened from (README "Operator console"): the list's query string
// (filters, sort, cursor: no personal data) and a person search, which rides only in history state.
import { useLocation, useNavigate } from 'react-router';
import type { PersonQuery } from '../api/claims';

export interface ClaimsBack {
  search: string;
  person: PersonQuery | undefined;
}

const KEYS = ['name', 'phone', 'birthDate', 'receiptNo'] as const;

/** The person search in a page's history state, if any (anything else there is ignored). */
export function personOf(state: unknown): PersonQuery | undefined {
  const p = (state as { person?: unknown } | null)?.person;
  if (!p || typeof p !== 'object') return undefined;
  const out: PersonQuery = {};
  for (const k of KEYS) {
    const v = (p as Record<string, unknown>)[k];
    if (typeof v === 'string' && v) out[k] = v;
  }
  return Object.keys(out).length ? out : undefined;
}

/** Where a claim's "← 청구 목록" goes: the list as it was, or the plain list. */
export function backOf(state: unknown): ClaimsBack {
  const b = (state as { back?: Partial<ClaimsBack> } | null)?.back;
  const search = typeof b?.search === 'string' && b.search.startsWith('?') ? b.search : '';
  return { search, person: personOf(b) };
}

/**
 * A list screen's person search: the keys found ride in history state (never the URL), and the list starts again from
 * its first page; `adjust` sets what else that screen's query needs for a person (the access log's patients view).
 */
export function usePersonSearchRoute(adjust?: (query: URLSearchParams) => void) {
  const location = useLocation();
  const navigate = useNavigate();
  return {
    onFind: (keys: PersonQuery) => {
      const next = new URLSearchParams(location.search);
      next.delete('cursor');
      adjust?.(next);
      void navigate({ search: next.toString() }, { state: { person: keys } });
    },
    onClear: () => void navigate({ search: location.search }, { state: null }),
  };
}
