// One query per reference call of spec §7: its key, fetcher and hook together (Bulletproof React habit). The terms
// (terms.ts) and the code lists (codes.ts) have their own modules: the landing needs neither (first screen's JS budget).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, INSURANCES_PAGE_SIZE, type Hospital, type Insurer } from '@auto-claim/contract';
import { useClaimStore } from '../store/claim';
import { api } from './client';
import { t } from '../i18n/t';

export interface ListAnswer<T> {
  list: T[];
  total: number;
}

/** Reference data changes rarely: keep it for a while, never refetch on focus. */
export const REFERENCE_STALE_MS = 10 * 60_000;

export const hospitalQuery = (hospitalCd: string) =>
  queryOptions({
    queryKey: ['hospital', hospitalCd],
    queryFn: ({ signal }) => api.get<Hospital>(API.hospital(hospitalCd), undefined, signal),
    staleTime: REFERENCE_STALE_MS,
    meta: { what: () => t('what.hospital', '병원 정보') },
  });
export const useHospital = (hospitalCd: string, enabled = true) => useQuery({ ...hospitalQuery(hospitalCd), enabled });

export const insurersQuery = queryOptions({
  queryKey: ['insurers'],
  queryFn: async ({ signal }) => {
    const answer = await api.get<ListAnswer<Insurer>>(
      API.insurances,
      { insuType: 'insu', page: 1, pageSize: INSURANCES_PAGE_SIZE },
      signal,
    );
    useClaimStore.getState().setRepository({ insuCompanys: answer.list });
    return answer;
  },
  staleTime: REFERENCE_STALE_MS,
  meta: { what: () => t('what.insurers', '보험사 목록') },
});
export const useInsurers = () => useQuery(insurersQuery);
