// GET /ui/insu/v1/codes/clss: the code lists (telecoms, banks, occupations): their key, fetcher and hook.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, type Code } from '@auto-claim/contract';
import { api } from './client';
import { REFERENCE_STALE_MS, type ListAnswer } from './reference';
import { t } from '../i18n/t';

export const codesQuery = (codeCls: Code['codeCls']) =>
  queryOptions({
    queryKey: ['codes', codeCls],
    queryFn: ({ signal }) => api.get<ListAnswer<Code>>(API.codes, { codeCls }, signal),
    staleTime: REFERENCE_STALE_MS,
    meta: {
      what: () =>
        codeCls === 'telecom_type'
          ? t('what.telecoms', '통신사 목록')
          : codeCls === 'bank_cd'
            ? t('what.banks', '은행 목록')
            : t('what.jobs', '직업 목록'),
    },
  });
export const useCodes = (codeCls: Code['codeCls']) => useQuery(codesQuery(codeCls));
