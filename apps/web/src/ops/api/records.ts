// The console's held records (docs/hospital-integration.md, "Matching"): records whose owner is in doubt, a page at a
// time.
import { OPERATOR_API, type OperatorHeldRecord } from '@auto-claim/contract';
import { useOpsList, type ListParams } from '../list';

export const useHeldRecords = (params: ListParams) => useOpsList<OperatorHeldRecord>(OPERATOR_API.heldRecords, params);
