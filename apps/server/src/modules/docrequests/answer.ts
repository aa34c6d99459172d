// A hospital's answer to a document request (README "Documents an insurer asks for"): the PDF, by its EMR's key or its
// user's upload, checked (a data URL of at most MAX_REQUESTED_DOCUMENT_BYTES; the bytes begin %PDF-; its structure
// read in a PDF worker, bounded in time and memory: no script, no attachment, no bomb, a page count that fits a paper)
// before anything is kept; then kept encrypted in the blob store and delivered to the insurer that asked, through the
// delivery provider (the insurer's API or its claim fax) as a follow-up of the claim, `hospital_document` with its
// paper, idempotent on the request. A delivery that fails is tried again on the minute as every document after a claim
// is (claims' deliverLate); operators see the last error on the list.
import {
  MAX_REQUESTED_DOCUMENT_BYTES,
  MAX_REQUESTED_DOCUMENT_PAGES,
  REQUESTED_DOCUMENT_NM,
  type DocumentAnswer,
} from '@auto-claim/contract';
import type { AppContext } from '../../context.js';
import { PDF_CHECK, UploadCheckAborted, type PdfVerdict } from '../../documents/index.js';
import { AppError } from '../../http/problem.js';
import { dataUrlBytes } from '../../images/index.js';
import { recordAccess } from '../audit/index.js';
import { claimById, deliverLate, type LateDocument } from '../claims/index.js';
import { deleteDocument, putDocument } from './files.js';
import { docrequestsDb } from './tables.js';

const FIELD = 'pdf';
/** How long a PDF's check may take, its wait for the checking thread included. */
const PDF_CHECK_TIMEOUT_MS = 15_000;

const invalid = (message: string) => new AppError('VALIDATION_FAILED', message, [{ field: FIELD, message }]);

const PDF_REFUSALS: Record<Exclude<PdfVerdict, { ok: true }>['reason'] | 'aborted', string> = {
  bomb: '압축을 풀면 너무 커지는 PDF라서 받을 수 없어요. EMR에서 출력한 PDF를 그대로 보내 주세요.',
  filter: '이 PDF는 열어서 확인할 수 없는 방식으로 저장되어 있어요. EMR에서 출력한 PDF를 그대로 보내 주세요.',
  active: '스크립트나 첨부 파일이 들어 있는 PDF는 받을 수 없어요. 서류만 담긴 PDF를 보내 주세요.',
  unreadable: 'PDF 파일을 열 수 없어요. 암호가 걸리지 않은 PDF를 보내 주세요.',
  aborted: 'PDF를 확인하는 데 시간이 너무 오래 걸려서 받지 못했어요. 서류만 담긴 작은 PDF로 보내 주세요.',
};

/** The PDF's bytes, or a 400 naming `pdf`: nothing is kept of a refused one. */
export async function checkedPdf(ctx: AppContext, dataUrl: string): Promise<Buffer> {
  const bytes = dataUrlBytes(dataUrl);
  if (bytes.length === 0) throw invalid('파일이 비어 있어요. 요청한 서류를 PDF로 보내 주세요.');
  if (bytes.length > MAX_REQUESTED_DOCUMENT_BYTES) {
    throw invalid(`파일이 너무 커요. ${MAX_REQUESTED_DOCUMENT_BYTES / 1024 / 1024}MB까지 보낼 수 있어요.`);
  }
  if (!bytes.subarray(0, 5).equals(Buffer.from('%PDF-'))) {
    throw invalid('PDF 파일이 아니에요. 요청한 서류를 PDF로 보내 주세요.');
  }
  let verdict: PdfVerdict;
  try {
    verdict = await ctx.pdf.check<PdfVerdict>(PDF_CHECK, 'inspectPdf', bytes, { timeoutMs: PDF_CHECK_TIMEOUT_MS });
  } catch (err) {
    if (!(err instanceof UploadCheckAborted)) throw err;
    ctx.log.warn({ reason: err.message }, 'a hospital document PDF was refused: its check ran out of time or memory');
    throw invalid(PDF_REFUSALS.aborted);
  }
  if (!verdict.ok) throw invalid(PDF_REFUSALS[verdict.reason]);
  if (verdict.pages < 1 || verdict.pages > MAX_REQUESTED_DOCUMENT_PAGES) {
    throw invalid(`${MAX_REQUESTED_DOCUMENT_PAGES}쪽이 넘는 PDF는 받을 수 없어요. 요청한 서류만 보내 주세요.`);
  }
  return bytes;
}

const NOT_FOUND = () =>
  new AppError('DOCUMENT_REQUEST_NOT_FOUND', '서류 요청을 찾을 수 없어요. 요청 목록을 다시 받아 주세요.', [
    { field: 'requestId', message: '이 병원에 온 요청이 아니거나 없는 요청이에요.' },
  ]);
const ANSWERED = () =>
  new AppError('DOCUMENT_REQUEST_ANSWERED', '이 요청에는 이미 서류를 보냈어요. 다시 보낼 필요는 없어요.', [
    { field: 'requestId', message: '이미 답한 요청이에요.' },
  ]);

/** The request, if it is this hospital's; another hospital's is not found (it learns nothing of it). */
async function requestOf(ctx: AppContext, hospitalCd: string, requestId: string) {
  return docrequestsDb(ctx)
    .selectFrom('documentRequest')
    .select(['id', 'state', 'claimId', 'insuCompCd'])
    .where('id', '=', Number(requestId))
    .where('hospitalCd', '=', hospitalCd)
    .executeTakeFirst();
}

/**
 * Answers one request of this hospital with a PDF: refused before the file is looked at when it is not this
 * hospital's or already answered; checked; kept; delivered to the insurer (at once, and again on the minute if that
 * fails).
 */
export async function answerRequest(
  ctx: AppContext,
  hospitalCd: string,
  requestId: string,
  dataUrl: string,
  by: string,
): Promise<DocumentAnswer> {
  const before = await requestOf(ctx, hospitalCd, requestId);
  if (!before) throw NOT_FOUND();
  if (before.state !== 'open') throw ANSWERED();
  const pdf = await checkedPdf(ctx, dataUrl);
  const file = await putDocument(ctx, pdf);
  const now = ctx.clock.now();
  try {
    await docrequestsDb(ctx)
      .transaction()
      .execute(async (tx) => {
        const done = await tx
          .updateTable('documentRequest')
          .set({ state: 'received', receivedAt: now, receivedBy: by, ...file, nextAttemptAt: now })
          .where('id', '=', Number(requestId))
          .where('hospitalCd', '=', hospitalCd)
          .where('state', '=', 'open')
          .returning('claimId')
          .executeTakeFirst();
        // Another answer came while this one's PDF was checked.
        if (!done) throw ANSWERED();
        const claim = await claimById(tx, Number(done.claimId));
        if (claim) {
          await recordAccess(
            tx,
            [
              {
                ciHmac: claim.ciHmac,
                action: 'hospital_document_received',
                actor: `hospital:${hospitalCd}`,
                claimId: claim.id,
                detail: `sha256:${file.fileSha256}`,
              },
            ],
            now,
          );
        }
      });
  } catch (e) {
    await deleteDocument(ctx, file.fileBlobId);
    throw e;
  }
  await deliverDue(ctx, [Number(requestId)]);
  const row = await docrequestsDb(ctx)
    .selectFrom('documentRequest')
    .select(['state', 'receivedAt'])
    .where('id', '=', Number(requestId))
    .executeTakeFirstOrThrow();
  return { requestId, state: row.state, receivedAt: new Date(row.receivedAt!).toISOString() };
}

/**
 * Delivers received documents whose attempt is due (these ids only, when given: the answer's own, at once), each
 * locked while it is sent, so that the minute and an answer never send one twice at the same time; the insurer keeps
 * one by the idempotency key (`document-request-<id>`) across a crash between its answer and our commit.
 */
export async function deliverDue(ctx: AppContext, ids?: number[]): Promise<number> {
  const now = ctx.clock.now();
  return docrequestsDb(ctx)
    .transaction()
    .execute(async (tx) => {
      let q = tx
        .selectFrom('documentRequest')
        .select(['id', 'claimId', 'insuCompCd', 'documentKind', 'fileBlobId', 'fileSha256', 'deliveryAttempts'])
        .where('state', '=', 'received')
        .where('nextAttemptAt', '<=', now);
      if (ids) q = q.where('id', 'in', ids);
      const due = await q.orderBy('nextAttemptAt').limit(50).forUpdate().skipLocked().execute();
      if (!due.length) return 0;
      const items: LateDocument[] = [];
      for (const d of due) {
        const body = await ctx.blobs.get(d.fileBlobId!, { sha256: d.fileSha256! });
        items.push({
          idempotencyKey: `document-request-${d.id}`,
          claimId: Number(d.claimId),
          insuCompCd: d.insuCompCd,
          attempts: d.deliveryAttempts,
          documents: [
            {
              kind: 'hospital_document',
              paper: d.documentKind,
              contentType: 'application/pdf',
              body: new Uint8Array(body),
              sha256: d.fileSha256!,
            },
          ],
        });
      }
      const outcomes = await deliverLate(ctx, tx, items, now);
      for (const [i, d] of due.entries()) {
        const r = outcomes[i]!;
        if (r.ok) {
          const claim = await claimById(tx, Number(d.claimId));
          if (claim) {
            await recordAccess(
              tx,
              [
                {
                  ciHmac: claim.ciHmac,
                  action: 'hospital_document_released',
                  actor: `insurer:${d.insuCompCd}`,
                  claimId: claim.id,
                  detail: r.externalRef,
                },
              ],
              now,
            );
          }
          // A fax accepted by the gateway counts as delivered here: its outcome is the fax gateway's to report.
          await tx
            .updateTable('documentRequest')
            .set({
              state: 'delivered',
              deliveredAt: now,
              deliveryAttempts: r.attempts,
              nextAttemptAt: null,
              lastError: null,
              externalRef: r.externalRef,
            })
            .where('id', '=', d.id)
            .execute();
        } else {
          await tx
            .updateTable('documentRequest')
            .set({
              deliveryAttempts: r.attempts,
              lastError: `${REQUESTED_DOCUMENT_NM[d.documentKind]} 전송 실패: ${r.error}`.slice(0, 500),
              nextAttemptAt: r.nextAttemptAt,
            })
            .where('id', '=', d.id)
            .execute();
        }
      }
      return due.length;
    });
}
