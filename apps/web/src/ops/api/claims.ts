// The console's claim calls (README "Operator console"): the search, one claim with its timeline, retry, the insurer's
// answer by hand, the reveal and the PDF package, the dead letters and the failed patient messages. Each call's key,
// fetcher and hook together, as the patient app's api/treats.ts; ops/api/client.ts stays the one transport.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { OPERATOR_API } from '@auto-claim/contract';
import {
  OPS_CLAIMS_API,
  OPS_PAYOUT_API,
  type BulkAnswer,
  type DeadLetterRow,
  type JobBulkAnswer,
  type NotificationDeadLetterRow,
  type OpsClaimDetail,
  type OpsClaimRow,
  type OperatorClaimPayout,
  type ReleaseBody,
  type RevealAnswer,
} from '@auto-claim/contract/ops';
import type { z } from 'zod';
import type { opsClaimStatusBody } from '@auto-claim/contract/ops';
import { opsDownload, opsGet, opsSend } from './client';
import { useOpsList, type ListPage, type ListParams } from '../shared/list';
import { ALERTS_KEY } from './alerts';

export const useClaims = (params: ListParams) => useOpsList<OpsClaimRow>(OPS_CLAIMS_API.claims, params);

/** What a caller said (contract ops/search.ts), normalised: kept in memory and history state, never in a URL. */
export type PersonQuery = Partial<Record<'name' | 'phone' | 'birthDate' | 'receiptNo', string>>;

/**
 * The claim list: the plain GET, or with a person's keys the POST search (recorded by the server, so it is asked once
 * per search and page, never again on a window's focus).
 */
export function useClaimList(params: ListParams, person: PersonQuery | undefined) {
  const { page: _page, ...rest } = params;
  return useQuery({
    queryKey: person ? [OPS_CLAIMS_API.claimsSearch, rest, person] : [OPS_CLAIMS_API.claims, params],
    queryFn: () =>
      person
        ? opsSend<ListPage<OpsClaimRow>>('POST', OPS_CLAIMS_API.claimsSearch, { ...rest, ...person })
        : opsGet<ListPage<OpsClaimRow>>(OPS_CLAIMS_API.claims, params),
    placeholderData: keepPreviousData,
    ...(person ? { staleTime: Infinity, refetchOnWindowFocus: false, retry: false } : {}),
  });
}

export const claimQuery = (claimId: number | string) =>
  queryOptions({
    queryKey: [OPERATOR_API.claim(claimId)],
    queryFn: () => opsGet<OpsClaimDetail>(OPERATOR_API.claim(claimId)),
  });
export const useClaim = (claimId: number | string) => useQuery(claimQuery(claimId));

/** The claim's estimate beside the insurer's answer (docs/payout-rules.md); asked again when the claim's answer changes. */
export const useClaimPayout = (claimId: number | string, answer: string) =>
  useQuery({
    queryKey: [OPS_PAYOUT_API.claimPayout(claimId), answer],
    queryFn: () => opsGet<OperatorClaimPayout>(OPS_PAYOUT_API.claimPayout(claimId)),
  });

/** A call that answers the claim as it now is: the answer replaces the cached claim. */
function useClaimChange<Body>(claimId: number | string, send: (body: Body) => Promise<OpsClaimDetail>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (claim) => {
      client.setQueryData(claimQuery(claimId).queryKey, claim);
      // A retried or answered claim may leave the dead letters: the banner above counts them.
      void client.invalidateQueries({ queryKey: ALERTS_KEY });
    },
  });
}
export const useRetryClaim = (claimId: number | string) =>
  useClaimChange<void>(claimId, () => opsSend<OpsClaimDetail>('POST', OPERATOR_API.claimRetry(claimId), {}));
export const useRecordInsurerAnswer = (claimId: number | string) =>
  useClaimChange<z.output<typeof opsClaimStatusBody>>(claimId, (body) =>
    opsSend<OpsClaimDetail>('POST', OPERATOR_API.claimStatus(claimId), body),
  );

/** A note: the answer is the claim with the note in its timeline. */
export const useAddClaimNote = (claimId: number | string) =>
  useClaimChange<{ note: string }>(claimId, (body) =>
    opsSend<OpsClaimDetail>('POST', OPS_CLAIMS_API.claimNotes(claimId), body),
  );

/** A release of the patient's data is written to the claim's timeline: the claim is fetched again after it. */
export function useRevealPatient(claimId: number | string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReleaseBody) => opsSend<RevealAnswer>('POST', OPS_CLAIMS_API.claimReveal(claimId), body),
    onSuccess: () => client.invalidateQueries({ queryKey: claimQuery(claimId).queryKey }),
  });
}
export function useDownloadPackage(claimId: number | string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReleaseBody) => opsDownload(OPERATOR_API.claimPackage(claimId), body, `claim-${claimId}.pdf`),
    onSuccess: () => client.invalidateQueries({ queryKey: claimQuery(claimId).queryKey }),
  });
}

/** A dead-letter list's calls: its page, retry many, close many with a note; a change fetches the list again. */
export interface DeadLetterCalls<Row, Id, Answer> {
  useList: (params: ListParams) => ReturnType<typeof useOpsList<Row>>;
  useRetry: () => ReturnType<typeof useMutation<Answer, Error, Id[]>>;
  useHandled: () => ReturnType<typeof useMutation<Answer, Error, { ids: Id[]; note: string }>>;
}
function deadLetterCalls<Row, Id, Answer>(
  path: string,
  retry: (ids: Id[]) => Promise<Answer>,
  handled: (ids: Id[], note: string) => Promise<Answer>,
): DeadLetterCalls<Row, Id, Answer> {
  const useChange = <V>(send: (v: V) => Promise<Answer>) => {
    const client = useQueryClient();
    return useMutation({
      mutationFn: send,
      // The list and the alert banner above every screen, which counts the same dead letters.
      onSettled: () =>
        Promise.all([
          client.invalidateQueries({ queryKey: [path] }),
          client.invalidateQueries({ queryKey: ALERTS_KEY }),
        ]),
    });
  };
  return {
    useList: (params) => useOpsList<Row>(path, params),
    useRetry: () => useChange(retry),
    useHandled: () => useChange(({ ids, note }: { ids: Id[]; note: string }) => handled(ids, note)),
  };
}

export const claimDeadLetters = deadLetterCalls<DeadLetterRow, number, BulkAnswer>(
  OPERATOR_API.deadLetters,
  (claimIds) => opsSend<BulkAnswer>('POST', OPS_CLAIMS_API.deadLettersRetry, { claimIds }),
  (claimIds, note) => opsSend<BulkAnswer>('POST', OPS_CLAIMS_API.deadLettersHandled, { claimIds, note }),
);
export const notificationDeadLetters = deadLetterCalls<NotificationDeadLetterRow, string, JobBulkAnswer>(
  OPERATOR_API.notificationDeadLetters,
  (jobIds) => opsSend<JobBulkAnswer>('POST', OPS_CLAIMS_API.notificationsRetry, { jobIds }),
  (jobIds, note) => opsSend<JobBulkAnswer>('POST', OPS_CLAIMS_API.notificationsHandled, { jobIds, note }),
);
