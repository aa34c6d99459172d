// GET /ui/insu/v1/claims/ui-controls?compCd=…&compType=INSU_PHOTO: an insurer's screen options (spec §3, §7).
// Items are { ctrlKey, ctrlVal } with ctrlVal a JSON text; this file is the one place that reads them.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, type IdcardType } from '@auto-claim/contract';
import { api } from './client';

const ALL_TYPES: IdcardType[] = ['ic', 'dl', 'pp'];

export interface PhotoControls {
  /** ID_PHOTO_USE {"use": boolean}: whether this insurer wants a photo of the ID document. */
  idPhotoUse: boolean;
  /** ID_PHOTO_TYPES ["ic","dl","pp"]: which documents it accepts; all three when not said. */
  idPhotoTypes: IdcardType[];
  /** ID_PHOTO_GUIDE {"maskBackNumber": boolean}: the RRN's back part may be covered in the photo. */
  maskBackNumber: boolean;
}

function parseJson(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function readPhotoControls(items: { ctrlKey: string; ctrlVal: string }[]): PhotoControls {
  const val = (key: string) => parseJson(items.find((i) => i.ctrlKey === key)?.ctrlVal);
  const use = val('ID_PHOTO_USE') as { use?: unknown } | undefined;
  const types = val('ID_PHOTO_TYPES');
  const guide = val('ID_PHOTO_GUIDE') as { maskBackNumber?: unknown } | undefined;
  const listed = Array.isArray(types) ? ALL_TYPES.filter((t) => types.includes(t)) : [];
  return {
    // No option means the usual case: a photo is asked for.
    idPhotoUse: typeof use?.use === 'boolean' ? use.use : true,
    idPhotoTypes: listed.length > 0 ? listed : ALL_TYPES,
    maskBackNumber: guide?.maskBackNumber === true,
  };
}

export const photoControlsQuery = (compCd: string) =>
  queryOptions({
    queryKey: ['ui-controls', 'INSU_PHOTO', compCd],
    queryFn: async ({ signal }) => {
      const answer = await api.get<{ list: { ctrlKey: string; ctrlVal: string }[] }>(
        API.uiControls,
        { compCd, compType: 'INSU_PHOTO' },
        signal,
      );
      return readPhotoControls(answer.list);
    },
    staleTime: 10 * 60_000,
    meta: { what: '보험사 화면 설정' },
  });
export const usePhotoControls = (compCd: string) => useQuery({ ...photoControlsQuery(compCd), enabled: !!compCd });
