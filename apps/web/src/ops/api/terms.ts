// The console's terms calls (README "Operator console"): every version per group, publishing a new one (checked with
// the contract's schema first), how many subscribers must agree again and who they are.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  OPS_TERMS_API,
  publishTermsBody,
  type ReagreeCount,
  type ReagreeRow,
  type TermsVersion,
} from '@auto-claim/contract/ops';
import { checked, opsGet, opsSend } from '../api';
import { useOpsList, type ListParams } from '../list';

export const useTermsVersions = (params: ListParams) => useOpsList<TermsVersion>(OPS_TERMS_API.terms, params);
export const useReagreeList = (params: ListParams) => useOpsList<ReagreeRow>(OPS_TERMS_API.reagree, params);

export const reagreeCountQuery = queryOptions({
  queryKey: [OPS_TERMS_API.reagreeCount],
  queryFn: () => opsGet<ReagreeCount>(OPS_TERMS_API.reagreeCount),
});
export const useReagreeCount = () => useQuery(reagreeCountQuery);

/** Publishes a version; the list and the count of who must agree again are fetched again. */
export function usePublishTerms() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: unknown) =>
      opsSend<{ version: string; effectiveDate: string }>('POST', OPS_TERMS_API.terms, checked(publishTermsBody, body)),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: [OPS_TERMS_API.terms] });
      void client.invalidateQueries({ queryKey: reagreeCountQuery.queryKey });
    },
  });
}
