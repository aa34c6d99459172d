// The claim service's patient calls (spec §7 "Claim service"): the 알림톡 link's exchange, the treatment history, claiming
// visits by hand (v1 one, v2 several receipts) and ID copies. Each call's key, fetcher and hook together.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  API,
  type IdCardSubmitAnswer,
  type IdCardSubmitBody,
  type IdCardsAnswer,
  type LinkExchangeAnswer,
  type LinkPurpose,
  type TreatClaimAnswer,
  type TreatConfirmAnswer,
  type TreatsAnswer,
  type TreatsClaimAnswerV2,
} from '@auto-claim/contract';
import { api } from './client';

export const exchangeLink = (token: string, purpose: LinkPurpose) =>
  api.post<LinkExchangeAnswer>(API.linkExchange, { token, purpose });

export const treatsQuery = queryOptions({
  queryKey: ['treats'],
  queryFn: ({ signal }) => api.get<TreatsAnswer>(API.treats, undefined, signal),
  meta: { what: '진료 내역' },
});
export const useTreats = (enabled: boolean) => useQuery({ ...treatsQuery, enabled });

/** Claims one visit (idempotent); the history is fetched again so the new claims and the access log show. */
export function useClaimTreat() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { treatId: string; insuCompCds?: string[] }) => api.post<TreatClaimAnswer>(API.treats, body),
    onSuccess: () => client.invalidateQueries({ queryKey: treatsQuery.queryKey }),
  });
}

/** The patient's answer about a visit held until they say it is theirs; the history is fetched again. */
export function useConfirmTreat() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { treatId: string; mine: boolean }) => api.post<TreatConfirmAnswer>(API.treatsConfirm, body),
    onSuccess: () => client.invalidateQueries({ queryKey: treatsQuery.queryKey }),
  });
}

/** Claims several visits in one go (multi-receipt). */
export function useClaimTreats() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { treatIds: string[]; insuCompCds?: string[] }) =>
      api.post<TreatsClaimAnswerV2>(API.treatsV2, body),
    onSuccess: () => client.invalidateQueries({ queryKey: treatsQuery.queryKey }),
  });
}

export const idCardsQuery = queryOptions({
  queryKey: ['idCards'],
  queryFn: ({ signal }) => api.get<IdCardsAnswer>(API.idCards, undefined, signal),
  meta: { what: '신분증 제출 요청' },
});
export const useIdCards = (enabled: boolean) => useQuery({ ...idCardsQuery, enabled });

export function useSubmitIdCard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: IdCardSubmitBody) => api.post<IdCardSubmitAnswer>(API.idCards, body),
    onSuccess: () => client.invalidateQueries({ queryKey: idCardsQuery.queryKey }),
  });
}
