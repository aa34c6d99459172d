// The console's hospital calls (README "Operator console"): the list, one hospital with its feed and refused records,
// adding and editing (checked with the contract's schemas first), and its API keys (issue, rotate, revoke).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { OPERATOR_API } from '@auto-claim/contract';
import {
  OPS_HOSPITALS_API,
  hospitalCreateBody,
  hospitalKeyRotateBody,
  hospitalUpdateBody,
  type FeedRejection,
  type HospitalFeed,
  type OpsHospital,
  type OpsHospitalKey,
} from '@auto-claim/contract/ops';
import { checked, opsGet, opsSend } from './client';
import { useOpsList, type ListParams } from '../shared/list';

export const useHospitals = (params: ListParams) => useOpsList<OpsHospital>(OPS_HOSPITALS_API.list, params);
export const useFeedRejections = (hospitalCd: string, params: ListParams) =>
  useOpsList<FeedRejection>(OPS_HOSPITALS_API.rejections(hospitalCd), params);

export const hospitalQuery = (hospitalCd: string) =>
  queryOptions({
    queryKey: [OPS_HOSPITALS_API.one(hospitalCd)],
    queryFn: () => opsGet<OpsHospital>(OPS_HOSPITALS_API.one(hospitalCd)),
  });
export const useHospital = (hospitalCd: string) => useQuery(hospitalQuery(hospitalCd));
export const useHospitalFeed = (hospitalCd: string) =>
  useQuery({
    queryKey: [OPS_HOSPITALS_API.feed(hospitalCd)],
    queryFn: () => opsGet<HospitalFeed>(OPS_HOSPITALS_API.feed(hospitalCd)),
  });

/** Adds a hospital (with its code) or edits one; the list is fetched again and the hospital's own answer kept. */
export function useSaveHospital(editing: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => {
      if (editing === undefined) {
        checked(hospitalCreateBody, body);
        return opsSend<OpsHospital>('POST', OPS_HOSPITALS_API.list, body);
      }
      checked(hospitalUpdateBody, body);
      return opsSend<OpsHospital>('PUT', OPS_HOSPITALS_API.one(editing), body);
    },
    onSuccess: (saved) => {
      client.setQueryData(hospitalQuery(saved.hospitalCd).queryKey, saved);
      void client.invalidateQueries({ queryKey: [OPS_HOSPITALS_API.list] });
    },
  });
}

type Issued = { keyId: number; apiKey: string };
export const hospitalKeysQuery = (hospitalCd: string) =>
  queryOptions({
    queryKey: [OPERATOR_API.hospitalApiKeys(hospitalCd)],
    queryFn: () => opsGet<{ list: OpsHospitalKey[] }>(OPERATOR_API.hospitalApiKeys(hospitalCd)),
  });
export const useHospitalKeys = (hospitalCd: string) => useQuery(hospitalKeysQuery(hospitalCd));
export const issueHospitalKey = (hospitalCd: string) =>
  opsSend<Issued>('POST', OPERATOR_API.hospitalApiKeys(hospitalCd), {});
export const rotateHospitalKey = (hospitalCd: string, keyId: number, overlapHours: number) =>
  opsSend<Issued>(
    'POST',
    OPS_HOSPITALS_API.keyRotate(hospitalCd, keyId),
    checked(hospitalKeyRotateBody, { overlapHours }),
  );
export const revokeHospitalKey = (hospitalCd: string, keyId: number) =>
  opsSend('POST', OPERATOR_API.hospitalApiKeyRevoke(hospitalCd, keyId));
