// ID copies (/web/IDPhoto; spec §3): the requests insurers made of the patient (requests.ts makes them) and the
// patient's answer, a checked and re-encoded photo kept in the blob store (files.ts) and delivered to each insurer
// that asked.
import type { IdCardRequest, IdCardSubmit, IdCardSubmitAnswer } from '@auto-claim/contract';
import type { AppContext } from '../../context.js';
import type { Handle } from '../../db/handle.js';
import { AppError } from '../../http/problem.js';
import type { Patient } from '../../security/session.js';
import { recordAccess } from '../audit/index.js';
import { briefsOf } from '../claims/index.js';
import { channelsOf, hospitalsByCode, insurersByCode, photoControlsOf } from '../reference/index.js';
import { iso, toId } from './common.js';
import { deleteImages, putImage } from './files.js';
import * as repo from './repo.js';
import { treatsDb } from './tables.js';

/** The ID types each insurer takes (its photo settings: every type when it says nothing). */
const acceptedTypes = (handle: Handle, insuCompCds: string[]) => photoControlsOf(handle, [...new Set(insuCompCds)]);

export async function listIdCardRequests(ctx: AppContext, patient: Patient) {
  const rows = await repo.listIdCardRequests(ctx.db, patient.ciHmac);
  const codes = rows.map((r) => r.insuCompCd);
  const [accepted, insurers, briefs] = await Promise.all([
    acceptedTypes(ctx.db, codes),
    insurersByCode(ctx.db, [...new Set(codes)]),
    briefsOf(
      ctx.db,
      [],
      rows.flatMap((r) => (r.claimId ? [r.claimId] : [])),
    ),
  ]);
  const hospitals = await hospitalsByCode(ctx.db, [...new Set([...briefs.record.values()].map((r) => r.hospitalCd))]);
  const list = rows.map((r): IdCardRequest => {
    const claim = r.claimId ? briefs.claim.get(r.claimId) : undefined;
    const record = claim ? briefs.record.get(claim.recordId) : undefined;
    return {
      requestId: String(r.id),
      insuCompCd: r.insuCompCd,
      insuCompNm: insurers.find((i) => i.insuCompCd === r.insuCompCd)?.insuCompNm ?? r.insuCompCd,
      reason: r.reason,
      treatDate: record?.visitDate ?? null,
      hospitalNm: hospitals.find((h) => h.hospitalCd === record?.hospitalCd)?.hospitalNm ?? null,
      acceptedTypes: accepted.get(r.insuCompCd)!.idPhotoTypes,
      status: r.submittedAt ? 'submitted' : 'requested',
      requestedAt: iso(r.requestedAt),
      submittedAt: r.submittedAt ? iso(r.submittedAt) : null,
    };
  });
  return { list, total: list.length };
}

/** The image as stored: re-encoded, without EXIF, with its size in pixels. */
export interface CheckedImage {
  dataUrl: string;
  sha256: string;
  bytes: number;
  width: number;
  height: number;
}

/**
 * The open ID requests a submission would answer (locked in a transaction): refused when there is none, or when an
 * insurer asking does not take this kind of ID.
 */
async function answerableRequests(
  handle: Handle,
  ciHmac: string,
  requestId: number | undefined,
  idcardType: IdCardSubmit['idcardType'],
) {
  const open = await repo.openIdCardRequests(handle, ciHmac, requestId);
  if (open.length === 0) {
    throw new AppError('NO_ID_CARD_REQUEST', '보험사가 요청한 신분증 제출이 없어요. 이미 제출했을 수 있어요.');
  }
  const accepted = await acceptedTypes(
    handle,
    open.map((o) => o.insuCompCd),
  );
  if (open.some((o) => !accepted.get(o.insuCompCd)!.idPhotoTypes.includes(idcardType))) {
    const message = '요청한 보험사가 받지 않는 신분증이에요. 다른 신분증을 골라 주세요.';
    throw new AppError('VALIDATION_FAILED', message, [{ field: 'idcardType', message }]);
  }
  return open;
}

/**
 * Answers the insurer's open request(s) with the patient's ID copy. The image is checked and re-encoded by `check`
 * (magic bytes, size, pixels; EXIF gone) before anything is stored; a submission nobody asked for is refused before
 * its photo is decoded.
 */
export async function submitIdCard(
  ctx: AppContext,
  patient: Patient,
  body: IdCardSubmit,
  check: (dataUrl: string) => Promise<CheckedImage>,
): Promise<IdCardSubmitAnswer> {
  const requestId = body.requestId === undefined ? undefined : toId(body.requestId);
  const notFound = () =>
    new AppError('ID_CARD_REQUEST_NOT_FOUND', '신분증 제출 요청을 찾을 수 없어요. 알림톡을 다시 확인해 주세요.', [
      { field: 'requestId', message: '본인에게 온 요청이 아니거나 없는 요청이에요.' },
    ]);
  if (body.requestId !== undefined && requestId === undefined) throw notFound();
  if (requestId !== undefined) {
    const one = await repo.findIdCardRequest(ctx.db, patient.ciHmac, requestId);
    if (!one) throw notFound();
    if (one.submittedAt) {
      throw new AppError('ID_CARD_ALREADY_SUBMITTED', '이 요청에는 이미 신분증을 제출했어요.');
    }
  }
  // The request first, the photo after: decoding a photo of up to MAX_IMAGE_PIXELS costs ~0.1–1 s of CPU, which
  // nobody may spend without an open request this kind of ID answers (docs/security.md, "One caller cannot slow").
  await answerableRequests(ctx.db, patient.ciHmac, requestId, body.idcardType);
  const image = await check(body.idcardImg);
  const fields =
    body.idcardType === 'ic'
      ? { idcardIssueOrg: body.idcardIssueOrg, idcardIssueDate: body.idcardIssueDate }
      : body.idcardType === 'dl'
        ? { regNo: body.regNo, checkCd: body.checkCd }
        : body.idcardType === 'pp'
          ? { regNo: body.regNo, idcardIssueDate: body.idcardIssueDate }
          : { idcardIssueDate: body.idcardIssueDate };
  const [, base64 = ''] = image.dataUrl.split(',');
  const copy = new Uint8Array(Buffer.from(base64, 'base64'));
  // In the store before the row that names it; deleted again when the row is not written.
  const file = await putImage(ctx, copy);
  const now = ctx.clock.now();
  const answered = await treatsDb(ctx.db)
    .transaction()
    .execute(async (trx) => {
      // Again, locked: another submission may have answered the requests while the photo was decoded.
      const open = await answerableRequests(trx, patient.ciHmac, requestId, body.idcardType);
      const submissionId = await repo.insertIdCardSubmission(
        trx,
        {
          ciHmac: patient.ciHmac,
          idcardType: body.idcardType,
          ...file,
          imageBytes: image.bytes,
          width: image.width,
          height: image.height,
          fieldsEnc: ctx.crypto.encryptJson(fields),
        },
        now,
      );
      await repo.markIdCardRequestsSubmitted(
        trx,
        open.map((o) => o.id),
        submissionId,
        now,
      );
      await recordAccess(
        trx,
        [
          { ciHmac: patient.ciHmac, action: 'id_card_submitted', actor: 'patient', detail: null },
          ...open.map((o) => ({
            ciHmac: patient.ciHmac,
            action: 'id_card_released' as const,
            actor: `insurer:${o.insuCompCd}`,
            claimId: o.claimId,
            detail: `sha256:${image.sha256}`,
          })),
        ],
        now,
      );
      return open;
    })
    .catch(async (err: unknown) => {
      await deleteImages(ctx, [file.imageBlobId]);
      throw err;
    });
  // The copy goes to each insurer that asked, through the delivery provider like a claim's documents.
  const channels = await channelsOf(ctx, ctx.db, [...new Set(answered.map((o) => o.insuCompCd))]);
  await ctx.providers.delivery.deliver(
    answered.map((o) => {
      const channel = channels.get(o.insuCompCd)!;
      return {
        idempotencyKey: `id-card-${o.id}`,
        claimId: o.claimId,
        insuCompCd: o.insuCompCd,
        channel,
        destination: `api:${o.insuCompCd}`,
        documents: [
          {
            kind: 'id_copy' as const,
            contentType: image.dataUrl.startsWith('data:image/png') ? ('image/png' as const) : ('image/jpeg' as const),
            body: copy,
            sha256: image.sha256,
          },
        ],
      };
    }),
    ctx.outbox,
  );
  return { idcardType: body.idcardType, submittedAt: iso(now), requestIds: answered.map((o) => String(o.id)) };
}
