// A console list's state lives in the page's query string (page or cursor, size, sort, order and the list's filters),
// so a list can be bookmarked, shared with a colleague and survives a reload; the server pages, sorts and filters.
// What may not ride in a URL (a person search: a caller's name or phone) stays in the page's history state, which a
// change of page or filter keeps.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import type { CursorPage, Page } from '@auto-claim/contract/ops';
import { opsGet } from '../api/client';

export interface ListParams {
  /** The page of a list paged by number (the few that do not grow with use). */
  page: number;
  /** The page of a list paged by key: the nextCursor of the page before; absent on the first. */
  cursor?: string;
  size: number;
  sort?: string;
  order: 'asc' | 'desc';
  [filter: string]: string | number | undefined;
}

export function useListParams(defaults: { sort?: string; order?: 'asc' | 'desc'; size?: number } = {}) {
  const [search, setSearch] = useSearchParams();
  const state = useLocation().state as unknown;
  const params = useMemo<ListParams>(() => {
    const out: ListParams = {
      page: Math.max(1, Number(search.get('page')) || 1),
      cursor: search.get('cursor') ?? undefined,
      size: Number(search.get('size')) || defaults.size || 20,
      sort: search.get('sort') ?? defaults.sort,
      order:
        search.get('order') === 'asc' ? 'asc' : search.get('order') === 'desc' ? 'desc' : (defaults.order ?? 'desc'),
    };
    for (const [k, v] of search) if (!(k in out)) out[k] = v;
    return out;
  }, [search, defaults.size, defaults.sort, defaults.order]);
  /** Changes some parameters; any change but the page's own goes back to the first page. */
  const update = useCallback(
    (change: Partial<Record<string, string | number | undefined>>) => {
      setSearch(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(change)) {
            if (v === undefined || v === '') next.delete(k);
            else next.set(k, String(v));
          }
          if (!('page' in change)) next.delete('page');
          if (!('cursor' in change)) next.delete('cursor');
          return next;
        },
        { state },
      );
    },
    [setSearch, state],
  );
  return [params, update] as const;
}

/** A page by number, or by key: then it says whether its count stopped (capped) and where the next page begins. */
export type ListPage<Row> = Page<Row> & Partial<Pick<CursorPage<Row>, 'capped' | 'nextCursor'>>;

/** One page of a list from the server, the previous page kept on screen while the next one loads. */
export function useOpsList<Row>(path: string, params: ListParams) {
  return useQuery({
    queryKey: [path, params],
    queryFn: () => opsGet<ListPage<Row>>(path, params),
    placeholderData: keepPreviousData,
  });
}
