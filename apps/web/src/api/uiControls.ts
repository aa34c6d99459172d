// GET /ui/insu/v1/claims/ui-controls?compCd=…&compType=INSU_PHOTO: an insurer's screen options (spec §3, §7).
// Items are { ctrlKey, ctrlVal } with ctrlVal a JSON text, read by the contract's readPhotoControls (shared with the
// server, so both agree on every default).
import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { API, IDCARD_TYPES, readPhotoControls, type IdcardType } from '@auto-claim/contract';
import { useClaimStore } from '../store/claim';
import { api } from './client';
import { t } from '../i18n/t';

export const photoControlsQuery = (compCd: string) =>
  queryOptions({
    queryKey: ['ui-controls', 'INSU_PHOTO', compCd],
    queryFn: async ({ signal }) => {
      const answer = await api.get<{ list: { ctrlKey: string; ctrlVal: string }[] }>(
        API.uiControls,
        { compCd, compType: 'INSU_PHOTO' },
        signal,
      );
      useClaimStore.getState().setRepository({ findUiControlVal: answer.list });
      return readPhotoControls(answer.list);
    },
    staleTime: 10 * 60_000,
    meta: { what: () => t('what.photoControls', '보험사 화면 설정') },
  });
export const usePhotoControls = (compCd: string) => useQuery({ ...photoControlsQuery(compCd), enabled: !!compCd });

/**
 * The ID types every chosen insurer takes (the server refuses a type one of them does not: subscriptions' rules), for
 * a patient who chose several insurers; with one insurer, that insurer's.
 */
export function useChosenPhotoTypes(codes: string[]) {
  const all = useQueries({ queries: codes.map((cd) => ({ ...photoControlsQuery(cd), enabled: !!cd })) });
  const isSuccess = all.length > 0 && all.every((q) => q.isSuccess);
  const types = isSuccess
    ? all
        .map((q) => q.data!.idPhotoTypes)
        .reduce<IdcardType[]>((acc, types) => acc.filter((x) => types.includes(x)), [...IDCARD_TYPES])
    : undefined;
  return {
    isSuccess,
    isPending: all.some((q) => q.isPending),
    isError: all.some((q) => q.isError),
    // The back number may be covered only when every insurer allows it.
    data: types ? { idPhotoTypes: types, maskBackNumber: all.every((q) => q.data!.maskBackNumber) } : undefined,
    refetch: () => Promise.all(all.map((q) => q.refetch())),
  };
}
