// GET /ui/insu/v1/claims/banks: the banks a payout can go to (KFTC codes).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, type Bank } from '@auto-claim/contract';
import { api } from './client';
import { t } from '../i18n/t';

export const banksQuery = queryOptions({
  queryKey: ['banks'],
  queryFn: ({ signal }) => api.get<{ list: Bank[]; total: number }>(API.banks, undefined, signal),
  staleTime: 10 * 60_000,
  meta: { what: () => t('what.banks', '은행 목록') },
});
export const useBanks = () => useQuery(banksQuery);
