// The console's insurer calls (README "Operator console"): the list, one insurer, its settings (checked with the
// contract's schema first), a test delivery, and the changes of destination waiting for a second admin.
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  OPS_INSURERS_API,
  insurerUpdateBody,
  type DestinationChange,
  type OpsInsurer,
  type TestDeliveryResult,
} from '@auto-claim/contract/ops';
import { checked, opsGet, opsPoll, opsSend } from './client';
import { useOpsList, type ListParams } from '../shared/list';

export const useInsurers = (params: ListParams) => useOpsList<OpsInsurer>(OPS_INSURERS_API.list, params);

export const insurerQuery = (insuCompCd: string) =>
  queryOptions({
    queryKey: [OPS_INSURERS_API.one(insuCompCd)],
    queryFn: () => opsGet<OpsInsurer>(OPS_INSURERS_API.one(insuCompCd)),
  });
export const useInsurer = (insuCompCd: string) => useQuery(insurerQuery(insuCompCd));

export const pendingChangesQuery = queryOptions({
  queryKey: [OPS_INSURERS_API.pendingChanges],
  queryFn: () => opsPoll<{ list: DestinationChange[] }>(OPS_INSURERS_API.pendingChanges),
});
/** The waiting changes, asked again every minute so a change made elsewhere shows without a reload. */
export const usePendingChanges = (enabled: boolean) =>
  useQuery({ ...pendingChangesQuery, enabled, refetchInterval: 60_000 });

/** An insurer as it now is: kept, and the list and the waiting changes fetched again. */
export function insurerChanged(client: QueryClient, next: OpsInsurer) {
  client.setQueryData(insurerQuery(next.insuCompCd).queryKey, next);
  void client.invalidateQueries({ queryKey: [OPS_INSURERS_API.list] });
  void client.invalidateQueries({ queryKey: pendingChangesQuery.queryKey });
}

export function useSaveInsurer(insuCompCd: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => {
      checked(insurerUpdateBody, body);
      return opsSend<OpsInsurer>('PUT', OPS_INSURERS_API.one(insuCompCd), body);
    },
    onSuccess: (next) => insurerChanged(client, next),
  });
}

/** Approve or reject a waiting change (its asker's reject withdraws it). */
export const decideChange = (decision: 'approve' | 'reject', changeId: string) =>
  opsSend<OpsInsurer>('POST', OPS_INSURERS_API[decision](changeId));
export const testDelivery = (insuCompCd: string) =>
  opsSend<TestDeliveryResult>('POST', OPS_INSURERS_API.testDelivery(insuCompCd));
