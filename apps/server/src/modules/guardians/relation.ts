// The relation document a guardian uploads for a child.
import type { ChildSubscription, RelationDocumentBody } from '@auto-claim/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/problem.js';
import type { Patient } from '../../security/session.js';

export async function uploadRelationDocument(
  _ctx: AppContext,
  _guardian: Patient,
  _insuApplyId: string,
  _body: RelationDocumentBody,
): Promise<ChildSubscription> {
  throw new AppError('CHILD_NOT_FOUND', '자녀 가입 정보를 찾을 수 없어요.');
}
