// The console's operator accounts (admins; README "Operator console"): the list, adding one (checked with the
// contract's schema first), the role, unlocking, resetting the second factor and disabling. After a change the list
// is fetched again (operatorsChanged).
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import {
  OPS_AUTH_API,
  type AccountChange,
  operatorCreateBody,
  operatorRoleBody,
  type OperatorRoleName,
  type OperatorRow,
} from '@auto-claim/contract/ops';
import { checked, opsPoll, opsSend } from './client';
import { useOpsList, type ListParams } from '../shared/list';

const at = (path: string, loginId: string) => path.replace(':loginId', encodeURIComponent(loginId));

export const useOperators = (params: ListParams) => useOpsList<OperatorRow>(OPS_AUTH_API.operators, params);
export const accountChangesQuery = queryOptions({
  queryKey: [OPS_AUTH_API.accountChanges],
  queryFn: () => opsPoll<{ list: AccountChange[] }>(OPS_AUTH_API.accountChanges),
});
/** Admin-account changes (waiting, held, lately decided), asked again every minute so each step shows to every admin. */
export const useAccountChanges = (enabled: boolean) =>
  useQuery({ ...accountChangesQuery, enabled, refetchInterval: 60_000 });

export const operatorsChanged = (client: QueryClient) =>
  Promise.all([
    client.invalidateQueries({ queryKey: [OPS_AUTH_API.operators] }),
    client.invalidateQueries({ queryKey: accountChangesQuery.queryKey }),
  ]);

/** Approve or refuse an admin-account change (its asker's refusal withdraws it). */
export const decideAccountChange = (decision: 'approve' | 'refuse', changeId: string) =>
  opsSend<{ change: AccountChange }>(
    'POST',
    (decision === 'approve' ? OPS_AUTH_API.accountChangeApprove : OPS_AUTH_API.accountChangeRefuse).replace(
      ':changeId',
      encodeURIComponent(changeId),
    ),
  );

export const createOperator = (body: { loginId: string; role: OperatorRoleName; password?: string }) =>
  opsSend<{ loginId: string; initialPassword?: string; pendingChange?: AccountChange }>(
    'POST',
    OPS_AUTH_API.operators,
    checked(operatorCreateBody, body),
  );
type OperatorAnswer = { operator: OperatorRow; pendingChange?: AccountChange };
export const setOperatorRole = (loginId: string, role: OperatorRoleName) =>
  opsSend<OperatorAnswer>('PUT', at(OPS_AUTH_API.operatorRole, loginId), checked(operatorRoleBody, { role }));
export const unlockOperator = (loginId: string) => opsSend('POST', at(OPS_AUTH_API.operatorUnlock, loginId));
export const resetOperatorSecondFactor = (loginId: string) =>
  opsSend<OperatorAnswer>('POST', at(OPS_AUTH_API.operatorSecondFactorReset, loginId));
export const disableOperator = (loginId: string) => opsSend('POST', at(OPS_AUTH_API.operatorDisable, loginId));
