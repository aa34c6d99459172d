// A hospital user's calls (README "Hospital users"): her month, its records and refused bundles; and the admin's call
// that makes a hospital user from the hospital's screen.
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import {
  DESK_API,
  HOSPITAL_PORTAL_API,
  type DeskHandoffCreated,
  type DeskHandoffList,
  hospitalUserCreateBody,
  signingKeyBody,
  type HospitalMonth,
  type SigningKeyList,
  type PortalRecord,
  type PortalRefusal,
} from '@auto-claim/contract/ops';
import { checked, opsGet, opsSend } from './client';
import { useOpsList, type ListParams } from '../shared/list';

export const useHospitalMonth = (month: string) =>
  useQuery({
    queryKey: [HOSPITAL_PORTAL_API.month, month],
    queryFn: () => opsGet<HospitalMonth>(HOSPITAL_PORTAL_API.month, { month }),
  });
export const usePortalRecords = (params: ListParams) => useOpsList<PortalRecord>(HOSPITAL_PORTAL_API.records, params);
export const usePortalRefusals = (params: ListParams) =>
  useOpsList<PortalRefusal>(HOSPITAL_PORTAL_API.refusals, params);

export function useCreateHospitalUser(hospitalCd: string) {
  return useMutation({
    mutationFn: (body: { loginId: string; alertPhone?: string }) => {
      checked(hospitalUserCreateBody, body);
      return opsSend<{ loginId: string; hospitalCd: string; initialPassword: string }>(
        'POST',
        HOSPITAL_PORTAL_API.users(hospitalCd),
        body,
      );
    },
  });
}

/** The keys her hospital signs its bundles with (fhir/ig/README.md, "Signing"). */
export const signingKeysQuery = queryOptions({
  queryKey: [HOSPITAL_PORTAL_API.signingKeys],
  queryFn: () => opsGet<SigningKeyList>(HOSPITAL_PORTAL_API.signingKeys),
});
export const useSigningKeys = () => useQuery(signingKeysQuery);
export const addSigningKey = (publicKey: string) =>
  opsSend<{ kid: string }>('POST', HOSPITAL_PORTAL_API.signingKeys, checked(signingKeyBody, { publicKey }));
export const revokeSigningKey = (kid: string) => opsSend<null>('DELETE', HOSPITAL_PORTAL_API.signingKey(kid));

/** The desk mode (README "A helper beside her"): a QR code for the patient's phone, and the desk's recent codes. */
export const deskHandoffsQuery = queryOptions({
  queryKey: [DESK_API.handoffs],
  queryFn: () => opsGet<DeskHandoffList>(DESK_API.handoffs),
});
export const useDeskHandoffs = () => useQuery({ ...deskHandoffsQuery, refetchInterval: 5000 });
export const createDeskHandoff = () => opsSend<DeskHandoffCreated>('POST', DESK_API.handoffs);
