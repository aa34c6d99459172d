// The claim service's patient calls (spec §7 "Claim service"): the 알림톡 link's exchange, the treatment history, claiming
// visits by hand (v1 one, v2 several receipts) and ID copies. Each call's key, fetcher and hook together.
import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
  type Lang,
} from '@auto-claim/contract';
import { api } from './client';
import { t, useLang } from '../i18n/t';

export const exchangeLink = (token: string, purpose: LinkPurpose) =>
  api.post<LinkExchangeAnswer>(API.linkExchange, { token, purpose });

/**
 * The patient's own history, or (insuApplyId, ours) that of a child she is the guardian of (README "A parent enrols
 * her children"): the same answer, one person's at a time.
 */
export const treatsQuery = (lang: Lang, insuApplyId?: string) =>
  queryOptions({
    // In her language too: the server words the access log's lines in it, so a switch asks again.
    queryKey: ['treats', insuApplyId ?? 'self', lang],
    queryFn: ({ signal }) =>
      api.get<TreatsAnswer>(API.treats, insuApplyId ? { insuApplyId } : undefined, signal, { 'Accept-Language': lang }),
    // Meanwhile the same person's history stays on the screen, in the words it came in.
    placeholderData: (previous, query) => (query?.queryKey[1] === (insuApplyId ?? 'self') ? previous : undefined),
    meta: { what: () => t('what.treats', '진료 내역') },
  });
export const useTreats = (enabled: boolean, insuApplyId?: string) =>
  useQuery({ ...treatsQuery(useLang(), insuApplyId), enabled });
/**
 * Her older visits, a page at a time after the first answer's `nextCursor`, fetched only once she asks for them
 * (`enabled`). Under the same key prefix, so a claim refetches them too.
 */
export const useOlderTreats = (firstCursor: string, enabled: boolean, insuApplyId?: string) =>
  useInfiniteQuery({
    queryKey: ['treats', insuApplyId ?? 'self', 'older', firstCursor],
    initialPageParam: firstCursor,
    queryFn: ({ pageParam, signal }) =>
      api.get<TreatsAnswer>(API.treats, { cursor: pageParam, ...(insuApplyId ? { insuApplyId } : {}) }, signal),
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    enabled,
    meta: { what: () => t('what.olderTreats', '이전 진료 내역') },
  });
/** Every person's history is fetched again after a change (a claim shows in its own history and access log). */
const TREATS = ['treats'];

/** Claims one visit (idempotent); the history is fetched again so the new claims and the access log show. */
export function useClaimTreat() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { treatId: string; insuCompCds?: string[]; insuApplyId?: string }) =>
      api.post<TreatClaimAnswer>(API.treats, body),
    onSuccess: () => client.invalidateQueries({ queryKey: TREATS }),
  });
}

/**
 * The patient's answer about a held visit: is it hers (mine), or, held by her 비급여 rule, shall it be sent (send); the
 * history is fetched again.
 */
export function useConfirmTreat() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { treatId: string } & ({ mine: boolean } | { send: boolean })) =>
      api.post<TreatConfirmAnswer>(API.treatsConfirm, body),
    onSuccess: () => client.invalidateQueries({ queryKey: TREATS }),
  });
}

/** Claims several visits in one go (multi-receipt). */
export function useClaimTreats() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { treatIds: string[]; insuCompCds?: string[]; insuApplyId?: string }) =>
      api.post<TreatsClaimAnswerV2>(API.treatsV2, body),
    onSuccess: () => client.invalidateQueries({ queryKey: TREATS }),
  });
}

export const idCardsQuery = queryOptions({
  queryKey: ['idCards'],
  queryFn: ({ signal }) => api.get<IdCardsAnswer>(API.idCards, undefined, signal),
  meta: { what: () => t('what.idCards', '신분증 제출 요청') },
});
export const useIdCards = (enabled: boolean) => useQuery({ ...idCardsQuery, enabled });

export function useSubmitIdCard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: IdCardSubmitBody) => api.post<IdCardSubmitAnswer>(API.idCards, body),
    onSuccess: () => client.invalidateQueries({ queryKey: idCardsQuery.queryKey }),
  });
}
