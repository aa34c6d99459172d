// The console's operator accounts (admins; README "Operator console"): the list, adding one (checked with the
// contract's schema first), the role, unlocking, resetting the second factor and disabling. After a change the list
// is fetched again (operatorsChanged).
import type { QueryClient } from '@tanstack/react-query';
import {
  OPS_AUTH_API,
  operatorCreateBody,
  operatorRoleBody,
  type OperatorRoleName,
  type OperatorRow,
} from '@auto-claim/contract/ops';
import { checked, opsSend } from '../api';
import { useOpsList, type ListParams } from '../list';

const at = (path: string, loginId: string) => path.replace(':loginId', encodeURIComponent(loginId));

export const useOperators = (params: ListParams) => useOpsList<OperatorRow>(OPS_AUTH_API.operators, params);
export const operatorsChanged = (client: QueryClient) =>
  client.invalidateQueries({ queryKey: [OPS_AUTH_API.operators] });

export const createOperator = (body: { loginId: string; role: OperatorRoleName; password?: string }) =>
  opsSend<{ loginId: string; initialPassword?: string }>(
    'POST',
    OPS_AUTH_API.operators,
    checked(operatorCreateBody, body),
  );
export const setOperatorRole = (loginId: string, role: OperatorRoleName) =>
  opsSend('PUT', at(OPS_AUTH_API.operatorRole, loginId), checked(operatorRoleBody, { role }));
export const unlockOperator = (loginId: string) => opsSend('POST', at(OPS_AUTH_API.operatorUnlock, loginId));
export const resetOperatorSecondFactor = (loginId: string) =>
  opsSend('POST', at(OPS_AUTH_API.operatorSecondFactorReset, loginId));
export const disableOperator = (loginId: string) => opsSend('POST', at(OPS_AUTH_API.operatorDisable, loginId));
