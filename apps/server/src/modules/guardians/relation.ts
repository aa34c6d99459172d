// The relation document a guardian uploads for a child (POST CHILD_API.relationDocument; README "Children: a guardian
// claims for a child"): a 가족관계증명서 or 주민등록등본 issued within RELATION_DOCUMENT_MAX_AGE_MONTHS, as a photo (checked
// and re-encoded: no EXIF, no GPS) or the PDF 정부24 gives (checked to be one, kept as sent), encrypted in the blob
// store. The child's relation is then pending: her records stay held until an operator confirms it (console.ts).
// Uploads (docs/security.md, "Uploads"): a guardian sends at most MAX_RELATION_UPLOADS_PER_DAY files a Korean day,
// counted before the file is looked at; a PDF is checked in a worker thread bounded in time and memory
// (documents/pdf-check.ts), never parsed on the event loop; a photo is decoded by sharp in libuv's threads, its pixels
// bounded from its header. Retention: a subscription keeps its newest document only (the one the operator decides);
// an earlier one goes, row and file, as the new one is kept, and all of them when the subscription ends (files.ts).
import {
  CHILD_PROBLEMS,
  kstToday,
  MAX_RELATION_DOCUMENT_BYTES,
  relationIssueDateProblem,
  type ChildSubscription,
  type RelationDocumentBody,
} from '@auto-claim/contract';
import type { AppContext } from '../../context.js';

import { PDF_CHECK, UploadCheckAborted, type PdfVerdict } from '../../documents/index.js';
import { AppError } from '../../http/problem.js';
import { checkImage, dataUrlBytes, reencodeDocumentPhoto } from '../../images/index.js';
import type { Patient } from '../../security/session.js';
import { childOfGuardian, setRelationStatus } from '../subscriptions/index.js';
import { childView, latestDocuments } from './children.js';
import { deleteDocument, putDocument } from './files.js';
import { guardiansDb } from './tables.js';

const FIELD = 'file';
/** A document of more pages than this is not a 가족관계증명서. */
const MAX_PDF_PAGES = 10;

/** How many files (refused ones too) a guardian may send a Korean day, for all her children together. */
export const MAX_RELATION_UPLOADS_PER_DAY = 10;
/** How long a PDF's check may take, its wait for the checking thread included. */
export const PDF_CHECK_TIMEOUT_MS = 15_000;

const invalidFile = (message: string) => new AppError('VALIDATION_FAILED', message, [{ field: FIELD, message }]);

/** Why a PDF was refused, in the guardian's words. */
const PDF_REFUSALS: Record<Exclude<PdfVerdict, { ok: true }>['reason'] | 'aborted', string> = {
  bomb: '압축을 풀면 너무 커지는 PDF라서 받을 수 없어요. 정부24에서 받은 PDF를 그대로 올리거나 서류 사진을 올려 주세요.',
  filter:
    '이 PDF는 열어서 확인할 수 없는 방식으로 저장되어 있어요. 정부24에서 받은 PDF를 그대로 올리거나 서류 사진을 올려 주세요.',
  active:
    '스크립트나 첨부 파일이 들어 있는 PDF는 받을 수 없어요. 정부24에서 받은 PDF를 그대로 올리거나 서류 사진을 올려 주세요.',
  unreadable: 'PDF 파일을 열 수 없어요. 암호가 걸리지 않은 PDF나 서류 사진을 올려 주세요.',
  aborted: 'PDF를 확인하는 데 시간이 너무 오래 걸려서 받지 못했어요. 서류 사진으로 올려 주세요.',
};

/** Counts one upload of the guardian's today; past MAX_RELATION_UPLOADS_PER_DAY, refused (429). */
async function countUpload(ctx: AppContext, guardianCiHmac: string) {
  const { n } = await guardiansDb(ctx.db)
    .insertInto('relationUploadDayCount')
    .values({ guardianCiHmac, day: kstToday(ctx.clock.now()), n: 1 })
    .onConflict((oc) =>
      oc.columns(['guardianCiHmac', 'day']).doUpdateSet((eb) => ({ n: eb('relationUploadDayCount.n', '+', 1) })),
    )
    .returning('n')
    .executeTakeFirstOrThrow();
  if (n > MAX_RELATION_UPLOADS_PER_DAY) {
    throw new AppError(
      'UPLOAD_DAILY_LIMIT',
      `서류는 하루에 ${MAX_RELATION_UPLOADS_PER_DAY}번까지 올릴 수 있어요. 내일 다시 올려 주세요.`,
      [{ field: FIELD, message: `오늘은 서류를 ${MAX_RELATION_UPLOADS_PER_DAY}번 올렸어요.` }],
    );
  }
}

/** The file's bytes as kept, and what they are. */
async function checkedFile(
  ctx: AppContext,
  dataUrl: string,
): Promise<{ bytes: Buffer; contentType: 'image/jpeg' | 'application/pdf' }> {
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
  let verdict: PdfVerdict;
  try {
    verdict = await ctx.pdf.check<PdfVerdict>(PDF_CHECK, 'inspectPdf', bytes, { timeoutMs: PDF_CHECK_TIMEOUT_MS });
  } catch (err) {
    if (!(err instanceof UploadCheckAborted)) throw err;
    ctx.log.warn({ reason: err.message }, 'a relation document PDF was refused: its check ran out of time or memory');
    throw invalidFile(PDF_REFUSALS.aborted);
  }
  if (!verdict.ok) throw invalidFile(PDF_REFUSALS[verdict.reason]);
  const pages = verdict.pages;
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
  await countUpload(ctx, guardian.ciHmac);
  const file = await checkedFile(ctx, body.file);
  const put = await putDocument(ctx, file.bytes);
  let replaced: (string | null)[] = [];
  try {
    await guardiansDb(ctx.db)
      .transaction()
      .execute(async (trx) => {
        // Earlier documents (waiting, or refused) are replaced: row and file go, the queue shows the newest only.
        replaced = (
          await trx
            .deleteFrom('relationDocument')
            .where('insuApplyId', '=', insuApplyId)
            .where('status', '<>', 'confirmed')
            .returning('fileBlobId')
            .execute()
        ).map((r) => r.fileBlobId);
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
  for (const blobId of replaced) if (blobId) await deleteDocument(ctx, blobId);
  const row = (await childOfGuardian(ctx, guardian.ciHmac, insuApplyId))!;
  return childView(ctx, row, (await latestDocuments(ctx, [insuApplyId])).get(insuApplyId));
}
