// One query per reference call of spec §7: its key, fetcher and hook together (Bulletproof React habit).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, INSURANCES_PAGE_SIZE, type Code, type Hospital, type Insurer, type Terms } from '@auto-claim/contract';
import { api } from './client';

interface ListAnswer<T> {
  list: T[];
  total: number;
}

/** Reference data changes rarely: keep it for a while, never refetch on focus. */
const REFERENCE_STALE_MS = 10 * 60_000;

export const hospitalQuery = (hospitalCd: string) =>
  queryOptions({
    queryKey: ['hospital', hospitalCd],
    queryFn: ({ signal }) => api.get<Hospital>(API.hospital(hospitalCd), undefined, signal),
    staleTime: REFERENCE_STALE_MS,
    meta: { what: '병원 정보' },
  });
export const useHospital = (hospitalCd: string, enabled = true) => useQuery({ ...hospitalQuery(hospitalCd), enabled });

export const insurersQuery = queryOptions({
  queryKey: ['insurers'],
  queryFn: ({ signal }) =>
    api.get<ListAnswer<Insurer>>(API.insurances, { insuType: 'insu', page: 1, pageSize: INSURANCES_PAGE_SIZE }, signal),
  staleTime: REFERENCE_STALE_MS,
  meta: { what: '보험사 목록' },
});
export const useInsurers = () => useQuery(insurersQuery);

export const termsQuery = (version: 'v2' | 'v3', termsGroup: Terms['termsGroup'], insuCompCd?: string) =>
  queryOptions({
    queryKey: ['terms', version, termsGroup, insuCompCd ?? ''],
    queryFn: ({ signal }) =>
      api.get<ListAnswer<Terms>>(API.terms(version, termsGroup), insuCompCd ? { insuCompCd } : undefined, signal),
    staleTime: REFERENCE_STALE_MS,
    meta: { what: termsGroup === 'TELECOM' ? '통신사 약관' : '약관 목록' },
  });
export const useTerms = (version: 'v2' | 'v3', termsGroup: Terms['termsGroup'], insuCompCd?: string) =>
  useQuery(termsQuery(version, termsGroup, insuCompCd));

export const codesQuery = (codeCls: Code['codeCls']) =>
  queryOptions({
    queryKey: ['codes', codeCls],
    queryFn: ({ signal }) => api.get<ListAnswer<Code>>(API.codes, { codeCls }, signal),
    staleTime: REFERENCE_STALE_MS,
    meta: { what: codeCls === 'telecom_type' ? '통신사 목록' : codeCls === 'bank_cd' ? '은행 목록' : '직업 목록' },
  });
export const useCodes = (codeCls: Code['codeCls']) => useQuery(codesQuery(codeCls));
