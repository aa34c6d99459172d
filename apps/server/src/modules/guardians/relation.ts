// The relation document a guardian uploads for a child (POST CHILD_API.relationDocument; README "Children: a guardian
// claims for a child"): a 가족관계증명서 or 주민등록등본 issued within RELATION_DOCUMENT_MAX_AGE_MONTHS, as a photo (checked
// and re-encoded: no EXIF, no GPS) or the PDF 정부24 gives (checked to be one, kept as sent), encrypted in the blob
// store. The child's relation is then pending: her records stay held until an operator confirms it (console.ts).
import { PDFDocument } from 'pdf-lib';
import {
  CHILD_PROBLEMS,
  MAX_RELATION_DOCUMENT_BYTES,
  relationIssueDateProblem,
  type ChildSubscription,
  type RelationDocumentBody,
} from '@auto-claim/contract';
import type { AppContext } from '../../context.js';
import { own } from '../../db/handle.js';
import { AppError } from '../../http/problem.js';
import { checkImage, dataUrlBytes, reencodeDocumentPhoto } from '../../images/index.js';
import type { Patient } from '../../security/session.js';
import { childOfGuardian, setRelationStatus } from '../subscriptions/index.js';
import { childView, latestDocuments } from './children.js';
import { deleteDocument, putDocument } from './files.js';
import type { GuardiansTables } from './tables.js';

const FIELD = 'file';
/** A document of more pages than this is not a 가족관계증명서. */
const MAX_PDF_PAGES = 10;

const invalidFile = (message: string) => new AppError('VALIDATION_FAILED', message, [{ field: FIELD, message }]);

/** The file's bytes as kept, and what they are. */
async function checkedFile(dataUrl: string): Promise<{ bytes: Buffer; contentType: 'image/jpeg' | 'application/pdf' }> {
  if (!dataUrl.startsWith('data:application/pdf;')) {
    const img = await checkImage(dataUrl, {
      field: FIELD,
      what: '서류 사진',
      maxBytes: MAX_RELATION_DOCUMENT_BYTES,
      allow: ['jpeg', 'png'],
    });
    return { bytes: await reencodeDocumentPhoto(img, FIELD), contentType: 'image/jpeg' };
  }
  const bytes = dataUrlBytes(dataUrl);
  if (bytes.length === 0) throw invalidFile('파일이 비어 있어요. 다시 올려 주세요.');
  if (bytes.length > MAX_RELATION_DOCUMENT_BYTES) {
    throw invalidFile(`파일이 너무 커요. ${MAX_RELATION_DOCUMENT_BYTES / 1024 / 1024}MB까지 올릴 수 있어요.`);
  }
  if (!bytes.subarray(0, 5).equals(Buffer.from('%PDF-'))) {
    throw invalidFile('PDF 파일이 아니에요. 정부24에서 받은 PDF나 서류 사진을 올려 주세요.');
  }
  let pages: number;
  try {
    pages = (await PDFDocument.load(bytes, { updateMetadata: false })).getPageCount();
  } catch {
    // An encrypted (password) PDF lands here too: the operator could not open it either.
    throw invalidFile('PDF 파일을 열 수 없어요. 암호가 걸리지 않은 PDF나 서류 사진을 올려 주세요.');
  }
  if (pages < 1 || pages > MAX_PDF_PAGES) {
    throw invalidFile(`${MAX_PDF_PAGES}쪽이 넘는 PDF는 받을 수 없어요. 가족관계증명서나 주민등록등본만 올려 주세요.`);
  }
  return { bytes, contentType: 'application/pdf' };
}

export async function uploadRelationDocument(
  ctx: AppContext,
  guardian: Patient,
  insuApplyId: string,
  body: RelationDocumentBody,
): Promise<ChildSubscription> {
  const child = await childOfGuardian(ctx, guardian.ciHmac, insuApplyId);
  if (!child || child.status !== 'subscribe') {
    throw new AppError('CHILD_NOT_FOUND', CHILD_PROBLEMS.CHILD_NOT_FOUND, [
      { field: 'insuApplyId', message: '보호자로 가입 중인 자녀가 아니에요.' },
    ]);
  }
  if (child.relationStatus === 'confirmed') {
    throw new AppError('RELATION_ALREADY_CONFIRMED', CHILD_PROBLEMS.RELATION_ALREADY_CONFIRMED);
  }
  const now = ctx.clock.now();
  const stale = relationIssueDateProblem(body.issueDate, now);
  if (stale) throw new AppError('VALIDATION_FAILED', stale, [{ field: 'issueDate', message: stale }]);
  const file = await checkedFile(body.file);
  const put = await putDocument(ctx, file.bytes);
  try {
    await own<GuardiansTables>(ctx.db)
      .transaction()
      .execute(async (trx) => {
        // An earlier document still waiting is replaced: the queue shows the newest only.
        await trx
          .updateTable('relationDocument')
          .set({ status: 'refused', decidedAt: now, decidedBy: 'replaced' })
          .where('insuApplyId', '=', insuApplyId)
          .where('status', '=', 'pending')
          .execute();
        await trx
          .insertInto('relationDocument')
          .values({
            insuApplyId,
            docType: body.docType,
            issueDate: body.issueDate,
            contentType: file.contentType,
            fileBytes: file.bytes.length,
            fileBlobId: put.blobId,
            fileSha256: put.sha256,
            fileKeyId: put.keyId,
            refuseReasonEnc: null,
            decidedBy: null,
            decidedAt: null,
            submittedAt: now,
          })
          .execute();
        await setRelationStatus(trx, insuApplyId, 'pending', now);
      });
  } catch (e) {
    await deleteDocument(ctx, put.blobId);
    throw e;
  }
  const row = (await childOfGuardian(ctx, guardian.ciHmac, insuApplyId))!;
  return childView(ctx, row, (await latestDocuments(ctx, [insuApplyId])).get(insuApplyId));
}
