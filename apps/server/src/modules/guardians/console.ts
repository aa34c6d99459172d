// The operators' queue of relation documents.
import type { z } from 'zod';
import type {
  RelationDocumentDetail,
  RelationDocumentsPage,
  RelationRefuseBody,
  relationConfirmBody,
  relationDocumentsQuery,
} from '@auto-claim/contract/ops';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/problem.js';
import type { byOperator } from '../audit/index.js';

type By = ReturnType<typeof byOperator>;
const NOT_FOUND = () => new AppError('RELATION_DOCUMENT_NOT_FOUND', '서류를 찾을 수 없어요.');

export async function relationQueue(
  _ctx: AppContext,
  _q: z.output<typeof relationDocumentsQuery>,
): Promise<RelationDocumentsPage> {
  return { list: [], total: 0, capped: false, nextCursor: null };
}
export async function openRelationDocument(_ctx: AppContext, _docId: number, _by: By): Promise<RelationDocumentDetail> {
  throw NOT_FOUND();
}
export async function relationDocumentFile(
  _ctx: AppContext,
  _docId: number,
  _by: By,
): Promise<{ bytes: Buffer; contentType: string; extension: string }> {
  throw NOT_FOUND();
}
export async function confirmRelation(
  _ctx: AppContext,
  _docId: number,
  _body: z.output<typeof relationConfirmBody>,
  _by: By,
): Promise<RelationDocumentDetail> {
  throw NOT_FOUND();
}
export async function refuseRelation(
  _ctx: AppContext,
  _docId: number,
  _body: RelationRefuseBody,
  _by: By,
): Promise<RelationDocumentDetail> {
  throw NOT_FOUND();
}
