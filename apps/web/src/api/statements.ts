// Her monthly statement (README "The monthly statement"): one month's figures and a page of its visits by key.
import { useInfiniteQuery } from '@tanstack/react-query';
import { STATEMENT_API, type StatementAnswer } from '@auto-claim/contract';
import { api } from './client';

/** A month (YYYY-MM), or the month before this one when absent; pages follow the answer's `next`. */
export const useStatement = (month: string | undefined) =>
  useInfiniteQuery({
    queryKey: ['statement', month ?? 'last'],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      api.get<StatementAnswer>(
        STATEMENT_API.statement,
        { ...(month ? { month } : {}), ...(pageParam ? { after: pageParam } : {}) },
        signal,
      ),
    getNextPageParam: (last) => last.next ?? undefined,
    meta: { what: '월간 명세' },
  });
