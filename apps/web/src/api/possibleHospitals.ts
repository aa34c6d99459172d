// GET /ui/insu/v1/claims/hospitals?autoClaimYn=Y: the hospitals that offer automatic claims, sorted by name (spec §4).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, type Hospital } from '@auto-claim/contract';
import { useClaimStore } from '../store/claim';
import { api } from './client';
import { t } from '../i18n/t';

const byName = (a: Hospital, b: Hospital) => a.hospitalNm.localeCompare(b.hospitalNm, 'ko');

export const possibleHospitalsQuery = queryOptions({
  queryKey: ['hospitals', 'autoClaim'],
  queryFn: async ({ signal }) => {
    const answer = await api.get<{ list: Hospital[]; total: number }>(API.hospitals, { autoClaimYn: 'Y' }, signal);
    // The server sorts too; the order is the spec's rule, so the screen does not depend on it.
    const sorted = [...answer.list].sort(byName);
    useClaimStore.getState().setRepository({ possibleHospitals: sorted });
    return sorted;
  },
  staleTime: 10 * 60_000,
  meta: { what: () => t('what.possibleHospitals', '자동청구 병원 목록') },
});
export const usePossibleHospitals = () => useQuery(possibleHospitalsQuery);
