// The console's terms calls (README "Operator console"): every version per group, publishing a new one (checked with
// the contract's schema first) after its preview, a scheduled version read whole, corrected or withdrawn, how many
// subscribers must agree again and who they are.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  OPS_TERMS_API,
  correctTermsBody,
  opsTermsVersionPath,
  previewTermsBody,
  publishTermsBody,
  type TermsPreview,
  type TermsVersionWhole,
  type ReagreeCount,
  type ReagreeRow,
  type TermsVersion,
} from '@auto-claim/contract/ops';
import { checked, opsGet, opsSend } from './client';
import { useOpsList, type ListParams } from '../shared/list';

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

/** What publishing (or correcting) would do, nothing written: the facts the confirmation names. */
export const usePreviewTerms = () =>
  useMutation({
    mutationFn: (body: unknown) =>
      opsSend<TermsPreview>('POST', OPS_TERMS_API.preview, checked(previewTermsBody, body)),
  });

/** One version with its text (to correct a scheduled one). */
export const termsVersionQuery = (termsId: string, version: string) =>
  queryOptions({
    queryKey: [OPS_TERMS_API.terms, termsId, version],
    queryFn: () => opsGet<TermsVersionWhole>(opsTermsVersionPath(termsId, version)),
  });

/** A scheduled version corrected (`body`) or withdrawn (no body); the list and the count are fetched again. */
export function useChangeScheduledTerms() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ termsId, version, body }: { termsId: string; version: string; body?: unknown }) =>
      body === undefined
        ? opsSend<{ version: string; effectiveDate: string }>('DELETE', opsTermsVersionPath(termsId, version))
        : opsSend<{ version: string; effectiveDate: string }>(
            'PUT',
            opsTermsVersionPath(termsId, version),
            checked(correctTermsBody, body),
          ),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: [OPS_TERMS_API.terms] });
      void client.invalidateQueries({ queryKey: reagreeCountQuery.queryKey });
    },
  });
}
