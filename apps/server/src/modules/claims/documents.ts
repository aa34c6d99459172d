// A claim's package as one PDF, built with the shared Korean PDF toolkit (src/documents): the claim form (보험금
// 청구서), the receipt (진료비 영수증 내역) and, when the hospital sent them, the 진료비 세부산정내역 (intake's lines) drawn now, the power of attorney (위임장) and the consent (동의서) as the
// subscription kept them when first made (subscriptions' signedDocuments: their pages copied in, never drawn here),
// and the ID copy where the insurer wants it (ui_control ID_PHOTO_USE). Every document's SHA-256 is recorded in
// claim_document, and the package as first made is kept in the blob store (ADR 0006; migration 0032) and served from
// there after. A PDF is built only where one is needed: fax deliveries, insurer APIs that take it beside the
// electronic claim (docs/providers/insurer-api.md) and an operator's download; the sandbox's API takes none.
import { BANK_ACCOUNT_RELS, kstToday, maskPhone } from '@auto-claim/contract';
import type { AppContext } from '../../context.js';
import type { DeliveryDocument } from '../../providers/delivery/types.js';
import type { ClaimFormData } from './claim-form.js';
import { PACKAGE_PDF, type PackageInput, type ReceiptNoticeInput } from './package-pdf.js';
import { RECEIPT_COLUMNS, insuredOf, sha256Hex, type RecordDetail, type RecordPerson } from './common.js';
import { bankNameOf, hospitalsByCode, insurersByCode, photoControlsOf } from '../reference/index.js';
import { paperworkOf, signedDocuments } from '../subscriptions/index.js';
import type { Handle } from '../../db/handle.js';
import { linesOf } from '../intake/index.js';
import { joinedOf } from './follow.js';
import { type ClaimDocumentKind, type ClaimsDb, claimsDb } from './tables.js';

type Db = ClaimsDb;

const mask = (rrn: string | undefined, birthDate: string) =>
  rrn ? `${rrn.slice(0, 6)}-${rrn.slice(6, 7)}******` : `${birthDate.slice(2)}-*******`;

/** An image's bytes (or base64, or a data URL) → bytes and type, or undefined. */
function imageOf(value: string | Uint8Array | undefined): { bytes: Uint8Array; png: boolean } | undefined {
  if (!value) return undefined;
  const m = typeof value === 'string' ? /^data:image\/(png|jpeg);base64,(.*)$/s.exec(value) : null;
  // A fresh array: pdf-lib reads JPEGs through `.buffer` and would see a pooled Buffer's neighbours.
  const bytes = new Uint8Array(typeof value === 'string' ? Buffer.from(m ? m[2]! : value, 'base64') : value);
  if (bytes.length < 8) return undefined;
  return { bytes, png: bytes[0] === 0x89 && bytes[1] === 0x50 };
}

export interface ClaimPackage {
  pdf: Uint8Array;
  documents: { kind: ClaimDocumentKind; sha256: string; bytes: number }[];
}

/**
 * What a claim's papers say of it (the claim form, its receipts and 세부산정내역), as they are now; with the ID photo
 * when its insurer wants the copy.
 */
async function claimFormOf(ctx: AppContext, handle: Handle, claimId: number) {
  const db = claimsDb(handle);
  const c = await db
    .selectFrom('claim as c')
    .innerJoin('treatmentRecord as r', 'r.id', 'c.recordId')
    .select([
      'c.id',
      'c.amount',
      'c.insuApplyId',
      'c.insuCompCd',
      'c.createdAt',
      'c.recordId',
      'r.hospitalCd',
      ...RECEIPT_COLUMNS,
    ])
    .where('c.id', '=', claimId)
    .executeTakeFirstOrThrow();
  const detail = ctx.crypto.decryptJson<RecordDetail>(c.detailEnc);
  const date = kstToday(new Date(c.createdAt));
  const [[hospital], [insurer], photo, paper, lines] = await Promise.all([
    hospitalsByCode(db, [c.hospitalCd]),
    insurersByCode(db, [c.insuCompCd]),
    photoControlsOf(db, [c.insuCompCd]),
    paperworkOf(ctx, db, c.insuApplyId),
    linesOf(handle, Number(c.recordId)),
  ]);
  const hospitalNm = hospital?.hospitalNm ?? c.hospitalCd;
  // Visits claimed with this one (follow.ts): their receipts and lines follow the claim's own.
  const joinedRecords = (await joinedOf(db, [Number(c.recordId)])).get(Number(c.recordId)) ?? [];
  const joinedHospitals = new Map(
    (joinedRecords.length ? await hospitalsByCode(db, [...new Set(joinedRecords.map((j) => j.hospitalCd))]) : []).map(
      (h) => [h.hospitalCd, h],
    ),
  );
  const joined: ClaimFormData['joined'] = [];
  for (const j of joinedRecords) {
    const jd = ctx.crypto.decryptJson<RecordDetail>(j.detailEnc);
    joined.push({
      hospital: { hospitalCd: j.hospitalCd, hospitalNm: joinedHospitals.get(j.hospitalCd)?.hospitalNm ?? j.hospitalCd },
      receipt: {
        receiptNo: j.receiptNo,
        visitDate: j.visitDate,
        visitType: j.visitType,
        department: jd.department,
        kcdCodes: jd.kcdCodes,
        coveredCopay: j.coveredCopay,
        uncovered: j.uncovered,
        totalPaid: j.totalPaid,
      },
      lines: await linesOf(handle, j.id),
    });
  }
  const insuCompNm = insurer?.insuCompNm ?? c.insuCompCd;
  const idPhoto = photo.get(c.insuCompCd)!.idPhotoUse ? imageOf(await paper?.idcardImg()) : undefined;
  const bankNm = paper?.bankCd ? await bankNameOf(db, paper.bankCd) : '';
  const rel = BANK_ACCOUNT_RELS.find((r) => r.code === paper?.bankAccountRel)?.name;
  const sub = paper?.person;
  // The subscriber's verified identity, never the record's spelling (common.ts, insuredOf).
  const person = insuredOf(ctx.crypto.decryptJson<RecordPerson>(c.personEnc), sub);
  const telMasked = sub?.userTel ? maskPhone(sub.userTel) : '-';
  const address = [sub?.userAddr, sub?.userAddrDetail].filter(Boolean).join(' ') || '-';
  const signPng = paper?.signPng;
  const claim: ClaimFormData = {
    claimId: c.id,
    date,
    amount: c.amount,
    insuCompNm,
    hospital: { hospitalCd: c.hospitalCd, hospitalNm },
    person: { name: person.name, birthDate: person.birthDate, rrnMasked: mask(person.rrn, person.birthDate) },
    ...(person.recordedAs ? { recordedAs: person.recordedAs } : {}),
    telMasked,
    address,
    account:
      paper?.bankAccount && bankNm
        ? {
            bankNm,
            holder: paper.person.bankAccountHolder || person.name,
            relation: rel ?? '본인',
            number: paper.bankAccount,
          }
        : undefined,
    receipt: {
      receiptNo: c.receiptNo,
      visitDate: c.visitDate,
      visitType: c.visitType,
      department: detail.department,
      kcdCodes: detail.kcdCodes,
      coveredCopay: c.coveredCopay,
      uncovered: c.uncovered,
      totalPaid: c.totalPaid,
    },
    ...(lines.length ? { lines } : {}),
    ...(joined.length ? { joined } : {}),
    signPng,
    ...(paper?.signTyped ? { signTyped: true } : {}),
    ...(paper?.guardian ? { claimant: { name: paper.guardian.userNm, relationNm: paper.guardian.relationNm } } : {}),
  };
  return { claim, idPhoto, insuApplyId: c.insuApplyId, createdAt: new Date(c.createdAt) };
}

/** Builds the package of one claim; deterministic for the same claim (fixed dates), so a hash can be re-checked. */
export async function buildClaimPackage(ctx: AppContext, handle: Handle, claimId: number): Promise<ClaimPackage> {
  const { claim, idPhoto, insuApplyId, createdAt } = await claimFormOf(ctx, handle, claimId);
  // Made first (in this transaction) when the documents job has not yet; a package without them is no claim.
  const signed = insuApplyId ? await signedDocuments(ctx, handle, insuApplyId) : undefined;
  if (!signed) throw new Error('the subscription’s signed documents are not available');
  // The bytes in a worker thread (package-pdf.ts): pdf-lib decodes images and lays out text in JavaScript.
  const input: PackageInput = {
    claim,
    signed: { commission: signed.commission, agree: signed.agree },
    ...(idPhoto ? { idPhoto } : {}),
    meta: {
      title: `보험금 청구 서류 (청구 번호 ${claim.claimId})`,
      subject: '실손의료보험금 청구',
      date: createdAt,
    },
  };
  const pdf = await ctx.pdf.run<Uint8Array>(PACKAGE_PDF, 'renderClaimPackage', input);

  // Each signed document's hash is that of the stored file, as the hospital or the patient receives it.
  const documents: ClaimPackage['documents'] = [];
  const record = (kind: ClaimDocumentKind, bytes: Uint8Array) =>
    documents.push({ kind, sha256: sha256Hex(bytes), bytes: bytes.byteLength });
  record('power_of_attorney', signed.commission);
  record('consent', signed.agree);
  if (idPhoto) record('id_copy', idPhoto.bytes);
  record('package', pdf);
  return { pdf, documents };
}

/**
 * The package as first made: from the blob store when this claim's was kept, else built, put in the store and
 * recorded with every document's hash (once per claim and kind). A package row written before the store (a hash
 * only) gets the file when the bytes built now are the ones it recorded; otherwise the blob just put names nothing
 * and is deleted. A transaction that rolls back after the put leaves an orphan for the daily sweep.
 */
export async function storePackage(ctx: AppContext, tx: Db, claimId: number): Promise<Uint8Array> {
  const kept = await tx
    .selectFrom('claimDocument')
    .select(['fileBlobId', 'sha256'])
    .where('claimId', '=', claimId)
    .where('kind', '=', 'package')
    .where('fileBlobId', 'is not', null)
    .executeTakeFirst();
  if (kept?.fileBlobId) return new Uint8Array(await ctx.blobs.get(kept.fileBlobId, { sha256: kept.sha256 }));

  const { pdf, documents } = await buildClaimPackage(ctx, tx, claimId);
  const put = await ctx.blobs.put(pdf, { kind: 'claim-package' });
  const now = ctx.clock.now();
  await tx
    .insertInto('claimDocument')
    .values(documents.filter((d) => d.kind !== 'package').map((d) => ({ claimId, ...d, createdAt: now })))
    .onConflict((oc) => oc.columns(['claimId', 'kind']).doNothing())
    .execute();
  const pkg = documents.find((d) => d.kind === 'package')!;
  const named = await tx
    .insertInto('claimDocument')
    .values({ claimId, ...pkg, createdAt: now, fileBlobId: put.blobId, fileKeyId: ctx.crypto.keyId })
    .onConflict((oc) =>
      oc
        .columns(['claimId', 'kind'])
        .doUpdateSet({ fileBlobId: put.blobId, fileKeyId: ctx.crypto.keyId })
        .where('claimDocument.fileBlobId', 'is', null)
        .where('claimDocument.sha256', '=', put.sha256),
    )
    .returning('id')
    .executeTakeFirst();
  if (!named) await deletePackageFiles(ctx, [put.blobId]);
  return pdf;
}

/** Deletes package blobs no row names; one that fails is left to the orphan sweep. */
export async function deletePackageFiles(ctx: AppContext, blobIds: string[]) {
  for (const blobId of blobIds) {
    try {
      await ctx.blobs.delete(blobId);
    } catch (err) {
      ctx.log.warn({ err, blobId }, 'a claim package file was not deleted; the orphan sweep removes it');
    }
  }
}

/** Of these blob ids, those a claim's document names (the orphan sweep's question to this module). */
export async function namedBlobs(handle: Handle, blobIds: string[]): Promise<Set<string>> {
  if (!blobIds.length) return new Set();
  const rows = await claimsDb(handle)
    .selectFrom('claimDocument')
    .select('fileBlobId')
    .where('fileBlobId', 'in', blobIds)
    .execute();
  return new Set(rows.flatMap((r) => (r.fileBlobId ? [r.fileBlobId] : [])));
}

/**
 * A corrected or cancelled receipt of a claim already sent, as a PDF an insurer reached by fax reads (notices.ts): the
 * notice, then for a correction the receipt and its 세부산정내역 as they are now.
 */
export async function renderReceiptNotice(
  ctx: AppContext,
  handle: Handle,
  notice: Omit<ReceiptNoticeInput, 'claim' | 'meta'>,
  claimId: number,
  at: Date,
): Promise<Uint8Array> {
  const { claim } = await claimFormOf(ctx, handle, claimId);
  const input: ReceiptNoticeInput = {
    ...notice,
    claim,
    meta: {
      title: `진료비 영수증 ${notice.kind === 'corrected' ? '정정' : '취소'} 통지 (청구 번호 ${claimId})`,
      subject: '실손의료보험금 청구의 영수증 변경',
      date: at,
    },
  };
  return ctx.pdf.run<Uint8Array>(PACKAGE_PDF, 'renderReceiptNotice', input);
}

/** Builds the package, records every document's hash, and answers the PDF as a delivery's document. */
export async function renderPackage(ctx: AppContext, tx: Db, claimId: number): Promise<DeliveryDocument> {
  const pdf = await storePackage(ctx, tx, claimId);
  return { kind: 'package', contentType: 'application/pdf', body: pdf, sha256: sha256Hex(pdf) };
}
