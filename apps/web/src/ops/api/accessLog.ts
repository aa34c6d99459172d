// The console's access log calls (README "Operator console"): the operators' own record and the lines operators caused
// in patients' access logs, a page at a time.
import { OPS_CLAIMS_API, type OperatorActionRow, type PatientAccessRow } from '@auto-claim/contract/ops';
import { useOpsList, type ListParams } from '../list';

export const useOperatorActions = (params: ListParams) =>
  useOpsList<OperatorActionRow>(OPS_CLAIMS_API.operatorActions, params);
export const usePatientAccess = (params: ListParams) =>
  useOpsList<PatientAccessRow>(OPS_CLAIMS_API.patientAccess, params);
