// Her monthly statement (README "The monthly statement"): one month's figures and a page of its visits by key.
// One query per page (the page's `after`), not an infinite query: its machinery would join the shared framework
// chunk the landing loads.
import { useQuery } from '@tanstack/react-query';
import { STATEMENT_API, type StatementAnswer } from '@auto-claim/contract';
import { api } from './client';
import { t } from '../i18n/t';

/** A month (YYYY-MM), or the month before this one when absent; `after`: the page after the previous one's `next`. */
export const useStatement = (month: string | undefined, after?: string) =>
  useQuery({
    queryKey: ['statement', month ?? 'last', after ?? ''],
    queryFn: ({ signal }) =>
      api.get<StatementAnswer>(
        STATEMENT_API.statement,
        { ...(month ? { month } : {}), ...(after ? { after } : {}) },
        signal,
      ),
    meta: { what: () => t('what.statement', '월간 명세') },
  });
