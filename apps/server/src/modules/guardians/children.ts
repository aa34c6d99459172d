// The guardian's children as she reads them (GET CHILD_API.children): each child's subscription from the
// subscriptions module, with the last relation document she uploaded for it and the operator's decision.
import {
  GUARDIAN_REL_NM,
  RELATION_STATUS_NM,
  childCalled,
  type ChildrenAnswer,
  type ChildSubscription,
} from '@auto-claim/contract';
import type { AppContext } from '../../context.js';
import { own } from '../../db/handle.js';
import type { Patient } from '../../security/session.js';
import { childDetails, childrenOfGuardian, type ChildRow } from '../subscriptions/index.js';
import type { GuardiansTables } from './tables.js';

/** The newest document of each subscription (relation_document_subscription: insu_apply_id, id). */
export async function latestDocuments(ctx: AppContext, insuApplyIds: string[]) {
  if (insuApplyIds.length === 0) return new Map<string, LatestDocument>();
  const rows = await own<GuardiansTables>(ctx.db)
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

/** One child as her guardian reads her. */
export async function childView(
  ctx: AppContext,
  row: ChildRow,
  doc: LatestDocument | undefined,
): Promise<ChildSubscription> {
  const details = await childDetails(ctx, row);
  return {
    insuApplyId: row.insuApplyId,
    subsStatus: row.status,
    userNm: row.child.userNm,
    calledNm: childCalled(row.child.userNm),
    birthday: row.child.birthday,
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
    adultOn: row.adultOn,
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

/** GET CHILD_API.children: the session's person's children, live first. */
export async function childrenOf(ctx: AppContext, guardian: Patient): Promise<ChildrenAnswer> {
  const rows = await childrenOfGuardian(ctx, ctx.db, guardian.ciHmac);
  const docs = await latestDocuments(
    ctx,
    rows.map((r) => r.insuApplyId),
  );
  const list = await Promise.all(rows.map((r) => childView(ctx, r, docs.get(r.insuApplyId))));
  return { list, total: list.length };
}
