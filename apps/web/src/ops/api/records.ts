// The console's held records (docs/hospital-integration.md, "Matching"): records whose owner is in doubt, a page at a
// time, and the way out: released to the subscriber or set aside, each with a reason; either refetches the list.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OPERATOR_API, type OperatorHeldRecord } from '@auto-claim/contract';
import { OPS_HELD_API, type HeldDecisionBody } from '@auto-claim/contract/ops';
import { opsSend } from '../api';
import { useOpsList, type ListParams } from '../list';

export const useHeldRecords = (params: ListParams) => useOpsList<OperatorHeldRecord>(OPERATOR_API.heldRecords, params);

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
