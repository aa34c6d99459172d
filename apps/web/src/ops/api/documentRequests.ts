// Papers insurers asked of hospitals (README "Documents an insurer asks for"): the hospital user's list and her upload
// of a PDF, and the operators' list of every request with its age.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { documentAnswerBody, type DocumentAnswer } from '@auto-claim/contract';
import { DOCUMENT_REQUEST_API, type DocumentRequestRow } from '@auto-claim/contract/ops';
import { checked, opsSend } from './client';
import { useOpsList, type ListParams } from '../shared/list';

export const usePortalDocumentRequests = (params: ListParams) =>
  useOpsList<DocumentRequestRow>(DOCUMENT_REQUEST_API.portal, params);
export const useConsoleDocumentRequests = (params: ListParams) =>
  useOpsList<DocumentRequestRow>(DOCUMENT_REQUEST_API.console, params);

export function useAnswerDocumentRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ requestId, pdf }: { requestId: string; pdf: string }) => {
      checked(documentAnswerBody, { pdf });
      return opsSend<DocumentAnswer>('POST', DOCUMENT_REQUEST_API.portalDocument(requestId), { pdf });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: [DOCUMENT_REQUEST_API.portal] }),
  });
}
