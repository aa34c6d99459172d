// The console's held records (docs/hospital-integration.md, "Matching"): records whose owner is in doubt, a page at a
// time, and the way out: released to the subscriber or set aside, each with a reason; either refetches the list.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { OPERATOR_API, type OperatorHeldRecord } from '@auto-claim/contract';
import { OPS_HELD_API, type HeldDecisionBody, type HeldRecordDetail } from '@auto-claim/contract/ops';
import { opsGet, opsSend } from './client';
import type { PersonQuery } from './claims';
import type { ListPage, ListParams } from '../shared/list';

/**
 * The held records: the plain GET, or with a caller's keys the POST search (recorded by the server, so asked once per
 * search and page, never again on a window's focus).
 */
export function useHeldRecords(params: ListParams, person?: PersonQuery) {
  const { page: _page, ...rest } = params;
  return useQuery({
    queryKey: person ? [OPERATOR_API.heldRecords, 'search', rest, person] : [OPERATOR_API.heldRecords, params],
    queryFn: () =>
      person
        ? opsSend<ListPage<OperatorHeldRecord>>('POST', OPS_HELD_API.search, { ...rest, ...person })
        : opsGet<ListPage<OperatorHeldRecord>>(OPERATOR_API.heldRecords, params),
    placeholderData: keepPreviousData,
    ...(person ? { staleTime: Infinity, refetchOnWindowFocus: false, retry: false } : {}),
  });
}

/** One held record beside its subscriber, unmasked (each viewing is recorded: asked once, never again on focus). */
export const useHeldRecord = (recordId: number) =>
  useQuery({
    queryKey: [OPS_HELD_API.detail(recordId)],
    queryFn: () => opsGet<HeldRecordDetail>(OPS_HELD_API.detail(recordId)),
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    retry: false,
  });

export type HeldDecision = 'release' | 'setAside';
export function useDecideHeld() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ recordId, decision, body }: { recordId: number; decision: HeldDecision; body: HeldDecisionBody }) =>
      opsSend<{ recordId: number; outcome: string }>('POST', OPS_HELD_API[decision](recordId), body),
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: [OPERATOR_API.heldRecords] });
      await client.invalidateQueries({ queryKey: ['ops', 'dashboard'] });
    },
  });
}
