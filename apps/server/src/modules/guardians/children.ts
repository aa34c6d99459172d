// The guardian's children as she reads them (GET CHILD_API.children): each child's subscription from the
// subscriptions module, with the last relation document she uploaded for it and the operator's decision.
import {
  GUARDIAN_REL_NM,
  RELATION_STATUS_NM,
  childCalled,
  maskName,
  type ChildrenAnswer,
  type ChildSubscription,
} from '@auto-claim/contract';
import type { AppContext } from '../../context.js';

import type { Patient } from '../../security/session.js';
import { childDetails, childrenOfGuardian, type ChildRow } from '../subscriptions/index.js';
import { guardiansDb } from './tables.js';

/** The newest document of each subscription (relation_document_subscription: insu_apply_id, id). */
export async function latestDocuments(ctx: AppContext, insuApplyIds: string[]) {
  if (insuApplyIds.length === 0) return new Map<string, LatestDocument>();
  const rows = await guardiansDb(ctx.db)
    .selectFrom('relationDocument')
    .select(['insuApplyId', 'docType', 'issueDate', 'status', 'submittedAt', 'decidedAt', 'refuseReasonEnc'])
    .distinctOn('insuApplyId')
    .where('insuApplyId', 'in', insuApplyIds)
    .orderBy('insuApplyId')
    .orderBy('id', 'desc')
    .execute();
  return new Map(rows.map((r) => [r.insuApplyId, r]));
}
type LatestDocument = {
  docType: 'family' | 'resident';
  issueDate: string;
  status: 'pending' | 'confirmed' | 'refused';
  submittedAt: Date;
  decidedAt: Date | null;
  refuseReasonEnc: string | null;
};

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/**
 * One child as her guardian reads her. `masked` (a link session: whoever the 알림톡 reached, before an SMS step-up):
 * her name masked (김*민, also as messages would call her), no birth date, nor her 19th birthday, which gives it away.
 */
export async function childView(
  ctx: AppContext,
  row: ChildRow,
  doc: LatestDocument | undefined,
  masked = false,
): Promise<ChildSubscription> {
  const details = await childDetails(ctx, row);
  return {
    insuApplyId: row.insuApplyId,
    subsStatus: row.status,
    userNm: masked ? maskName(row.child.userNm) : row.child.userNm,
    calledNm: masked ? maskName(row.child.userNm) : childCalled(row.child.userNm),
    birthday: masked ? '' : row.child.birthday,
    sex: row.child.sex,
    guardianRel: row.guardianRel,
    guardianRelNm: GUARDIAN_REL_NM[row.guardianRel],
    relation: {
      status: row.relationStatus,
      statusNm: RELATION_STATUS_NM[row.relationStatus],
      docType: doc?.docType ?? null,
      issueDate: doc?.issueDate ?? null,
      submittedAt: iso(doc?.submittedAt ?? null),
      decidedAt: iso(doc?.decidedAt ?? null),
      refuseReason: doc?.status === 'refused' && doc.refuseReasonEnc ? ctx.crypto.decrypt(doc.refuseReasonEnc) : null,
    },
    adultOn: masked ? '' : row.adultOn,
    grownUp: details.grownUp,
    insurers: details.insurers,
    hospitals: details.hospitals,
    bankAccountMasked: row.bankAccountLast4 ? `****${row.bankAccountLast4}` : '',
    bankAccountRel: row.bankAccountRel ?? '',
    createdAt: row.createdAt.toISOString(),
    cancelledAt: iso(row.cancelledAt),
    endReason: row.endReason,
  };
}

/** GET CHILD_API.children: the session's person's children, live first; masked to a link session (childView). */
export async function childrenOf(ctx: AppContext, guardian: Patient): Promise<ChildrenAnswer> {
  const rows = await childrenOfGuardian(ctx, ctx.db, guardian.ciHmac);
  const docs = await latestDocuments(
    ctx,
    rows.map((r) => r.insuApplyId),
  );
  const masked = guardian.scope === 'link';
  const list = await Promise.all(rows.map((r) => childView(ctx, r, docs.get(r.insuApplyId), masked)));
  return { list, total: list.length };
}
