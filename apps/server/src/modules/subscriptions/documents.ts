// The signed 위임장 and 동의서 (README, Subscriptions): made once from what a subscription stores and their SHA-256
// kept (makeDocuments, by the documents job or on demand), and the PDF a patient downloads, before submission (from
// the reg fields sent) and after it (from what was stored, with the stored signature while it exists). Name, birthday
// and phone always come from the verified session.
import {
  DEFAULT_HOSPITAL_CD,
  contractDates,
  type GuardianRel,
  type HelperRel,
  legalFormData,
  type DocumentBody,
  type FieldError,
} from '@auto-claim/contract';
import type { AppContext } from '../../context.js';
import type { Handle } from '../../db/handle.js';
import { legalFormPdf, type ClaimDocumentData } from '../../documents/index.js';
import { AppError } from '../../http/problem.js';
import type { Patient } from '../../security/session.js';
import { hospitalsByCode, insurersByCode } from '../reference/index.js';
import { signatureOf } from './checks.js';
import { helperOf, helperText } from './desk.js';
import { deleteFiles, fileBytes, putFile } from './files.js';
import { storedSignature } from './lookups.js';
import { childOfGuardian } from './children.js';
import { guardianOf, personOf } from './person.js';
import * as repo from './repo.js';
import type { SubscriptionRow } from './repo.js';
import { insurersOf, liveHospitals } from './view.js';

/** The data a power of attorney / consent shows, from a person's stored or typed details. */
export function documentData(
  d: Parameters<typeof legalFormData>[0] & { signPng?: Uint8Array; signTyped?: boolean },
): ClaimDocumentData {
  return { ...legalFormData(d), signPng: d.signPng, ...(d.signTyped ? { signTyped: true } : {}) };
}

/** pg-boss queue of the signed 위임장 and 동의서 (README, Subscriptions): `{ insuApplyId }`, nothing personal. */
export const DOCUMENTS_QUEUE = 'subscriptions.documents';

type DocumentRow = Pick<
  SubscriptionRow,
  | 'insuApplyId'
  | 'personEnc'
  | 'retroMonth'
  | 'contractStartDate'
  | 'contractEndDate'
  | 'signImgEnc'
  | 'signImgBlobId'
  | 'signImgSha256'
  | 'signMethod'
> & {
  guardianEnc: string | null;
  guardianRel: GuardianRel | null;
  helperRel: HelperRel | null;
  deskHandoffId: string | null;
};

/** What the documents of a stored subscription show: its person, live hospitals, insurers, dates and signature. */
export async function storedDocumentData(ctx: AppContext, row: DocumentRow): Promise<ClaimDocumentData> {
  const [hospitals, insurers, signPng, helper] = await Promise.all([
    liveHospitals(ctx, row.insuApplyId),
    insurersOf(ctx, row.insuApplyId),
    storedSignature(ctx, row),
    helperOf(ctx, row),
  ]);
  const guardian = row.guardianEnc && row.guardianRel ? guardianOf(ctx, row.guardianEnc) : undefined;
  return documentData({
    person: personOf(ctx, row.personEnc),
    // A child's: her guardian signed for her (README "Children: a guardian claims for a child").
    guardian: guardian && row.guardianRel ? { ...guardian, guardianRel: row.guardianRel } : undefined,
    hospitals,
    insurers,
    retroMonth: row.retroMonth,
    contractStartDate: row.contractStartDate,
    contractEndDate: row.contractEndDate,
    signPng,
    signTyped: row.signMethod === 'typed',
    helpedBy: helperText(helper),
  });
}

/**
 * Makes the 위임장 and 동의서 a subscription was signed with and keeps them (in the blob store, files.ts) and their
 * SHA-256, once: the documents job, the
 * engine's minute tick (a job lost before its commit), and, on demand, anything that reads them or is about to change
 * what they show (a document download, a change of address or account, hospitals added or removed, cancelling), so
 * the hashes always describe the subscription as submitted. Idempotent: the bytes are deterministic for the same row
 * (documents/pdf.ts), and only the first writer's hashes are kept. Answers the bytes when it made them, undefined when
 * they were made before (or the subscription is gone, or its signature was deleted).
 */
export async function makeDocuments(
  ctx: AppContext,
  insuApplyId: string,
): Promise<{ commission: Uint8Array; agree: Uint8Array } | undefined> {
  const row = await repo.documentRowOf(ctx.db, insuApplyId);
  if (!row || row.commissionSha256 !== null || (row.signImgBlobId === null && row.signImgEnc === null)) {
    return undefined;
  }
  const data = await storedDocumentData(ctx, row);
  const [commission, agree] = await Promise.all([
    legalFormPdf(ctx.pdf, 'commission', data),
    legalFormPdf(ctx.pdf, 'agree', data),
  ]);
  const stored = await Promise.all([putFile(ctx, 'mandate', commission), putFile(ctx, 'consent', agree)]);
  // Another writer's were kept first: these name nothing.
  if (!(await repo.recordDocuments(ctx.db, insuApplyId, ...stored)))
    await deleteFiles(
      ctx,
      stored.map((f) => f.blobId),
    );
  return { commission, agree };
}

/**
 * The signed 위임장 and 동의서 of a subscription as first made, for a claim's package (claims/documents.ts): made here
 * first when they are not yet (makeDocuments, in the caller's transaction `handle`), read from the blob store with
 * their SHA-256 checked. A subscription whose documents were made before the blob store (or deleted with its
 * signature, or never signed) has them drawn again from what is stored; undefined when there is no subscription.
 */
export async function signedDocuments(
  ctx: AppContext,
  handle: Handle,
  insuApplyId: string,
): Promise<{ commission: Uint8Array; agree: Uint8Array } | undefined> {
  const inTx = { ...ctx, db: handle };
  const made = await makeDocuments(inTx, insuApplyId);
  if (made) return made;
  const row = await repo.documentFilesOf(handle, insuApplyId);
  if (!row) return undefined;
  const [commission, agree] = await Promise.all([
    fileBytes(ctx, row.commissionBlobId, row.commissionSha256),
    fileBytes(ctx, row.consentBlobId, row.consentSha256),
  ]);
  if (commission && agree) return { commission: new Uint8Array(commission), agree: new Uint8Array(agree) };
  const full = await repo.documentRowOf(handle, insuApplyId);
  if (!full) return undefined;
  const data = await storedDocumentData(inTx, full);
  const [c, a] = await Promise.all([legalFormPdf(ctx.pdf, 'commission', data), legalFormPdf(ctx.pdf, 'agree', data)]);
  return { commission: c, agree: a };
}

/** Live subscriptions whose documents are not made yet (the minute tick's safety net), oldest first. */
export const pendingDocuments = (ctx: AppContext, limit = 50) => repo.pendingDocumentIds(ctx.db, limit);

/** GET/POST …/documents: the PDF of one kind, stored or previewed. */

export async function documentPdf(
  ctx: AppContext,
  patient: Patient,
  kind: 'commission' | 'agree',
  body: DocumentBody,
): Promise<Uint8Array> {
  // Made in a PDF worker thread (documents/workers.ts), never on the event loop.
  const build = (d: ReturnType<typeof documentData>) => legalFormPdf(ctx.pdf, kind, d);

  if (body.insuApplyId) {
    // Her own, or a child's she is the guardian of (its key is the child's).
    const child = await childOfGuardian(ctx, patient.ciHmac, body.insuApplyId);
    const row = await repo.findOwn(ctx.db, child?.ciHmac ?? patient.ciHmac, body.insuApplyId);
    if (!row) {
      throw new AppError('NOT_SUBSCRIBED', '가입 정보를 찾을 수 없어요.', [
        { field: 'insuApplyId', message: '가입 정보를 찾을 수 없어요.' },
      ]);
    }
    // Asked for before the documents job has made them: made here, once, and their hashes kept (makeDocuments).
    if (row.commissionSha256 === null) {
      const made = await makeDocuments(ctx, row.insuApplyId);
      if (made) return made[kind];
    }
    // As first made, when kept (the renderer may have changed since); otherwise (made before the blob store, or
    // deleted with the signature at cancelling) drawn again from what is stored.
    const [blobId, sha256] =
      kind === 'commission' ? [row.commissionBlobId, row.commissionSha256] : [row.consentBlobId, row.consentSha256];
    const kept = await fileBytes(ctx, blobId, sha256);
    if (kept) return new Uint8Array(kept);
    return build(await storedDocumentData(ctx, row));
  }

  const codes = [...new Set([...(body.multiSubscrib ?? []), ...(body.hospitalCd ? [body.hospitalCd] : [])])].filter(
    (c) => c !== DEFAULT_HOSPITAL_CD,
  );
  const insurerCodes = [...new Set([...(body.insuCompCd ? [body.insuCompCd] : []), ...(body.insuCompCds ?? [])])];
  const [hospitals, insurers] = await Promise.all([
    hospitalsByCode(ctx.db, codes),
    insurersByCode(ctx.db, insurerCodes),
  ]);
  const errors: FieldError[] = [];
  if (hospitals.length !== codes.length) errors.push({ field: 'hospitalCd', message: '병원 정보를 찾을 수 없어요.' });
  if (insurers.length !== insurerCodes.length)
    errors.push({ field: 'insuCompCd', message: '보험사 정보를 찾을 수 없어요.' });
  if (errors.length) throw new AppError('VALIDATION_FAILED', errors[0]!.message, errors);
  const signature = await signatureOf(patient, body);
  const p = patient.person;
  const c = body.child;
  return build(
    documentData({
      // The child case: the documents name the child as the patient and the session's person as her guardian.
      ...(c
        ? {
            guardian: {
              userNm: p.userNm,
              birthday: p.birthday,
              userIdno2: body.userIdno2 ?? '',
              userTel: p.userTel,
              guardianRel: c.guardianRel,
            },
          }
        : {}),
      person: {
        userNm: c ? c.userNm : p.userNm,
        birthday: c ? c.birthday : p.birthday,
        userIdno2: c ? c.userIdno2 : (body.userIdno2 ?? ''),
        userTel: p.userTel,
        userPostNo: body.userPostNo ?? '',
        userAddr: body.userAddr ?? '',
        userAddrDetail: body.userAddrDetail ?? '',
      },
      hospitals,
      insurers,
      retroMonth: body.retroMonth ?? 0,
      ...contractDates(ctx.clock.now()),
      signPng: signature?.png,
      signTyped: signature?.method === 'typed',
    }),
  );
}
