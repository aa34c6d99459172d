// The terms calls of spec §7 (GET /auth/rest/terms/{version}/{termsGroup}): their key, fetcher and hook.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, type Terms } from '@auto-claim/contract';
import { useClaimStore } from '../store/claim';
import { api } from './client';
import { REFERENCE_STALE_MS, type ListAnswer } from './reference';
import { t } from '../i18n/t';

/** Terms by group into the repository slice (spec §3): SERVICE → authTerms, TELECOM → telecomTerms, else terms. */
function keepTerms(group: Terms['termsGroup'], list: Terms[]) {
  const { repository, setRepository } = useClaimStore.getState();
  if (group === 'SERVICE') setRepository({ authTerms: list });
  else if (group === 'TELECOM') setRepository({ telecomTerms: list });
  else setRepository({ terms: [...repository.terms.filter((x) => x.termsGroup !== group), ...list] });
}

export const termsQuery = (version: 'v2' | 'v3', termsGroup: Terms['termsGroup'], insuCompCd?: string) =>
  queryOptions({
    queryKey: ['terms', version, termsGroup, insuCompCd ?? ''],
    queryFn: async ({ signal }) => {
      const answer = await api.get<ListAnswer<Terms>>(
        API.terms(version, termsGroup),
        insuCompCd ? { insuCompCd } : undefined,
        signal,
      );
      keepTerms(termsGroup, answer.list);
      return answer;
    },
    staleTime: REFERENCE_STALE_MS,
    meta: {
      what: () => (termsGroup === 'TELECOM' ? t('what.telecomTerms', '통신사 약관') : t('what.terms', '약관 목록')),
    },
  });
export const useTerms = (version: 'v2' | 'v3', termsGroup: Terms['termsGroup'], insuCompCd?: string) =>
  useQuery(termsQuery(version, termsGroup, insuCompCd));
