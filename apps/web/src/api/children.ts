// The child case's calls (README "A parent enrols her children"; contract CHILD_API): the guardian's children, and the
// relation document for one of them. The enrolment itself is the spec's subscription POST with `child`
// (subscriptions.ts), a child's history the treats call with her insuApplyId (treats.ts).
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  CHILD_API,
  type ChildSubscription,
  type ChildrenAnswer,
  type RelationDocumentBody,
} from '@auto-claim/contract';
import { api, ApiError } from './client';
import { t } from '../i18n/t';

export const childrenQuery = queryOptions({
  queryKey: ['children'],
  queryFn: ({ signal }) => api.get<ChildrenAnswer>(CHILD_API.children, undefined, signal),
  meta: { what: () => t('what.children', '자녀 가입 정보') },
});
export const useChildren = (enabled = true) => useQuery({ ...childrenQuery, enabled });

/** POST CHILD_API.relationDocument: resolves with the child as she is now, or the refusal (never rejects for HTTP). */
export async function sendRelationDocument(
  insuApplyId: string,
  body: RelationDocumentBody,
): Promise<ChildSubscription | ApiError> {
  try {
    return await api.post<ChildSubscription>(CHILD_API.relationDocument(insuApplyId), body);
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
}
