// The console's access log calls (README "Operator console"): the operators' own record and the lines operators caused
// in patients' access logs, a page at a time, and those lines of the patients a caller's words find.
import { OPS_CLAIMS_API, type OperatorActionRow, type PatientAccessRow } from '@auto-claim/contract/ops';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { opsSend } from './client';
import { useOpsList, type ListPage, type ListParams } from '../shared/list';
import type { PersonQuery } from './claims';

export const useOperatorActions = (params: ListParams) =>
  useOpsList<OperatorActionRow>(OPS_CLAIMS_API.operatorActions, params);
export const usePatientAccess = (params: ListParams) =>
  useOpsList<PatientAccessRow>(OPS_CLAIMS_API.patientAccess, params);

/**
 * The patients' access-log lines of the patients a caller's words find: a POST (recorded by the server), asked once
 * per search and page, never again on a window's focus.
 */
export function usePatientAccessSearch(params: ListParams, person: PersonQuery) {
  const { page: _page, ...rest } = params;
  return useQuery({
    queryKey: [OPS_CLAIMS_API.patientAccessSearch, rest, person],
    queryFn: () =>
      opsSend<ListPage<PatientAccessRow>>('POST', OPS_CLAIMS_API.patientAccessSearch, { ...rest, ...person }),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
  });
}
