// The power of attorney (위임장) and consent (동의서) as PDF from the server (contract documentBody): before submission
// with the reg fields the document shows, after it with insuApplyId alone.
import { API, type DocumentBody } from '@auto-claim/contract';
import type { ClaimState } from '../store/claim';
import { api } from './client';
import { childOf } from './subscriptions';

export type DocumentKind = 'commission' | 'agree';

export function documentBodyOf({
  reg,
  ui,
  child,
}: Pick<ClaimState, 'reg'> & Partial<Pick<ClaimState, 'ui' | 'child'>>): DocumentBody {
  if (reg.insuApplyId) return { insuApplyId: reg.insuApplyId };
  return {
    hospitalCd: reg.hospitalCd,
    multiSubscrib: reg.multiSubscrib,
    insuCompCd: reg.insuCompCd || undefined,
    insuCompCds: reg.insuCompCds.length ? reg.insuCompCds : undefined,
    userIdno2: reg.userIdno2,
    userPostNo: reg.userPostNo,
    userAddr: reg.userAddr,
    userAddrDetail: reg.userAddrDetail,
    retroMonth: reg.retroMonth ?? undefined,
    signImg: reg.signImg,
    signTypedNm: reg.signTypedNm,
    // A child's documents name her as the person whose records are asked for, and the parent as 법정대리인.
    ...(ui?.insured === 'child' && child ? { child: childOf(child) } : {}),
  };
}

export const fetchDocumentPdf = (kind: DocumentKind, body: DocumentBody) =>
  api.postForBlob(kind === 'commission' ? API.documentCommission : API.documentAgree, body);
