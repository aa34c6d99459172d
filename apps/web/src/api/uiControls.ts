// GET /ui/insu/v1/claims/ui-controls?compCd=…&compType=INSU_PHOTO: an insurer's screen options (spec §3, §7).
// Items are { ctrlKey, ctrlVal } with ctrlVal a JSON text, read by the contract's readPhotoControls (shared with the
// server, so both agree on every default).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, readPhotoControls } from '@auto-claim/contract';
import { useClaimStore } from '../store/claim';
import { api } from './client';

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
    meta: { what: '보험사 화면 설정' },
  });
export const usePhotoControls = (compCd: string) => useQuery({ ...photoControlsQuery(compCd), enabled: !!compCd });
