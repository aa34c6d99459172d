// The console's child-case calls (README "A parent enrols her children"; contract OPS_CHILD_API): the queue of relation
// documents, one document with the names entered and its file, the decision (confirm, or refuse with the reason the
// parent reads), and the disputes over whose subscription an insured person is. Each call's key, fetcher and hook.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  OPS_CHILD_API,
  type DisputeResolveBody,
  type InsuredDispute,
  type RelationDocumentDetail,
  type RelationDocumentRow,
  type RelationRefuseBody,
} from '@auto-claim/contract/ops';
import { opsGet, opsSend } from './client';
import { useOpsList, type ListParams } from '../shared/list';

export const useRelationDocuments = (params: ListParams) =>
  useOpsList<RelationDocumentRow>(OPS_CHILD_API.relationDocuments, params);

/** One document opened (recorded by the server, as a reveal): asked once, never again on a window's focus. */
export const useRelationDocument = (docId: string) =>
  useQuery({
    queryKey: [OPS_CHILD_API.relationDocuments, 'one', docId],
    queryFn: () => opsGet<RelationDocumentDetail>(OPS_CHILD_API.relationDocument(docId)),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
  });

export type RelationDecision = { kind: 'confirm'; note?: string } | ({ kind: 'refuse' } & RelationRefuseBody);
export function useDecideRelation(docId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (d: RelationDecision) =>
      d.kind === 'confirm'
        ? opsSend<RelationDocumentDetail>(
            'POST',
            OPS_CHILD_API.relationDocumentConfirm(docId),
            d.note ? { note: d.note } : {},
          )
        : opsSend<RelationDocumentDetail>('POST', OPS_CHILD_API.relationDocumentRefuse(docId), { reason: d.reason }),
    onSuccess: (answer) => client.setQueryData([OPS_CHILD_API.relationDocuments, 'one', docId], answer),
    onSettled: async () => {
      // The queue's pages only: opening the document again would be recorded as another look.
      await client.invalidateQueries({
        predicate: (q) => q.queryKey[0] === OPS_CHILD_API.relationDocuments && typeof q.queryKey[1] === 'object',
      });
      await client.invalidateQueries({ queryKey: ['ops', 'dashboard'] });
    },
  });
}

export const useInsuredDisputes = (params: ListParams) =>
  useOpsList<InsuredDispute>(OPS_CHILD_API.insuredDisputes, params);
export function useResolveDispute() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ disputeId, body }: { disputeId: number; body: DisputeResolveBody }) =>
      opsSend<InsuredDispute>('POST', OPS_CHILD_API.insuredDisputeResolve(disputeId), body),
    onSettled: () => client.invalidateQueries({ queryKey: [OPS_CHILD_API.insuredDisputes] }),
  });
}
