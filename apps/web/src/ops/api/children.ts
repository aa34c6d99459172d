// The console's child-case calls (README "A parent enrols her children"; contract OPS_CHILD_API): the queue of relation
// documents, one document with the names entered and its file, the decision (confirm, or refuse with the reason the
// parent reads), and the disputes over whose subscription an insured person is. Each call's key, fetcher and hook.
import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  OPS_CHILD_API,
  type DisputeResolveBody,
  type InsuredDispute,
  type RelationDocumentDetail,
  type RelationDocumentRow,
  type RelationRefuseBody,
} from '@auto-claim/contract/ops';
import { opsBlob, opsGet, opsSend } from '../api';
import { useOpsList, type ListParams } from '../list';

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

/** The document's file as an object URL for the page (revoked when the screen closes); nothing rides in a link. */
export function useRelationFile(docId: string, enabled: boolean) {
  const file = useQuery({
    queryKey: [OPS_CHILD_API.relationDocuments, 'file', docId],
    queryFn: () => opsBlob(OPS_CHILD_API.relationDocumentFile(docId)),
    enabled,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    retry: false,
  });
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!file.data) return;
    const made = URL.createObjectURL(file.data);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file.data]);
  return { url, type: file.data?.type, error: file.error, isPending: file.isPending && enabled };
}

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
