// A claim's package as one PDF, built with the shared Korean PDF toolkit (src/documents): the claim form (보험금
// 청구서), the receipt (진료비 영수증 내역), the power of attorney (위임장) and the consent (동의서) with the patient's
// signature, and the ID copy where the insurer wants it (ui_control ID_PHOTO_USE). Every document's SHA-256 is recorded
// in claim_document. A PDF is built only where one is needed: fax deliveries, insurer APIs that take it beside the
// electronic claim (docs/providers/insurer-api.md) and an operator's download; the sandbox's API takes none.
import { BANK_ACCOUNT_RELS, kstToday, maskPhone } from '@auto-claim/contract';
import type { AppContext } from '../../context.js';
import type { ClaimDocumentKind } from '../../db/schema.js';
import type { ClaimDocumentData } from '../../documents/index.js';
import type { DeliveryDocument } from '../../providers/delivery/types.js';
import type { ClaimFormData } from './claim-form.js';
import { PACKAGE_PDF, type PackageBytes, type PackageInput } from './package-pdf.js';
import { RECEIPT_COLUMNS, sha256Hex, type RecordDetail, type RecordPerson } from './common.js';
import { bankNameOf, hospitalsByCode, insurersByCode, photoControlsOf } from '../reference/index.js';
import { paperworkOf } from '../subscriptions/index.js';
import { own, type Handle } from '../../db/handle.js';
import type { ClaimsDb, ClaimsTables } from './tables.js';

type Db = ClaimsDb;

const mask = (rrn: string | undefined, birthDate: string) =>
  rrn ? `${rrn.slice(0, 6)}-${rrn.slice(6, 7)}******` : `${birthDate.slice(2)}-*******`;

/** Base64 (or a data URL) of an image → bytes and type, or undefined. */
function imageOf(value: string | undefined): { bytes: Uint8Array; png: boolean } | undefined {
  if (!value) return undefined;
  const m = /^data:image\/(png|jpeg);base64,(.*)$/s.exec(value);
  // A fresh array: pdf-lib reads JPEGs through `.buffer` and would see a pooled Buffer's neighbours.
  const bytes = new Uint8Array(Buffer.from(m ? m[2]! : value, 'base64'));
  if (bytes.length < 8) return undefined;
  return { bytes, png: bytes[0] === 0x89 && bytes[1] === 0x50 };
}

export interface ClaimPackage {
  pdf: Uint8Array;
  documents: { kind: ClaimDocumentKind; sha256: string; bytes: number }[];
}

/** Builds the package of one claim; deterministic for the same claim (fixed dates), so a hash can be re-checked. */
export async function buildClaimPackage(ctx: AppContext, handle: Handle, claimId: number): Promise<ClaimPackage> {
  const db = own<ClaimsTables>(handle);
  const c = await db
    .selectFrom('claim as c')
    .innerJoin('treatmentRecord as r', 'r.id', 'c.recordId')
    .select(['c.id', 'c.amount', 'c.insuApplyId', 'c.insuCompCd', 'c.createdAt', 'r.hospitalCd', ...RECEIPT_COLUMNS])
    .where('c.id', '=', claimId)
    .executeTakeFirstOrThrow();
  const person = ctx.crypto.decryptJson<RecordPerson>(c.personEnc);
  const detail = ctx.crypto.decryptJson<RecordDetail>(c.detailEnc);
  const date = kstToday(new Date(c.createdAt));
  const [[hospital], [insurer], photo, paper] = await Promise.all([
    hospitalsByCode(db, [c.hospitalCd]),
    insurersByCode(db, [c.insuCompCd]),
    photoControlsOf(db, [c.insuCompCd]),
    paperworkOf(ctx, db, c.insuApplyId),
  ]);
  const hospitalNm = hospital?.hospitalNm ?? c.hospitalCd;
  const insuCompNm = insurer?.insuCompNm ?? c.insuCompCd;
  const idPhoto = photo.get(c.insuCompCd)!.idPhotoUse ? imageOf(paper?.idcardImg) : undefined;
  const bankNm = paper?.bankCd ? await bankNameOf(db, paper.bankCd) : '';
  const rel = BANK_ACCOUNT_RELS.find((r) => r.code === paper?.bankAccountRel)?.name;
  const sub = paper?.person;
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
    signPng,
    ...(paper?.signTyped ? { signTyped: true } : {}),
  };
  const data: ClaimDocumentData = {
    person: { userNm: person.name, rrnMasked: claim.person.rrnMasked, telMasked, address },
    hospitals: [claim.hospital],
    insurers: [{ insuCompCd: c.insuCompCd, insuCompNm }],
    period: { from: c.visitDate, to: c.visitDate },
    date,
    ...(signPng ? { signPng } : {}),
    ...(paper?.signTyped ? { signTyped: true } : {}),
  };

  // The bytes in a worker thread (package-pdf.ts): pdf-lib decodes images and lays out text in JavaScript.
  const input: PackageInput = {
    claim,
    data,
    ...(idPhoto ? { idPhoto } : {}),
    meta: {
      title: `보험금 청구 서류 (청구 번호 ${c.id})`,
      subject: '실손의료보험금 청구',
      date: new Date(c.createdAt),
    },
  };
  const { pdf, commission, consent } = await ctx.pdf.run<PackageBytes>(PACKAGE_PDF, 'renderClaimPackage', input);

  // Each part's hash is that of the part made alone, as the hospital or the patient would receive it.
  const documents: ClaimPackage['documents'] = [];
  const record = (kind: ClaimDocumentKind, bytes: Uint8Array) =>
    documents.push({ kind, sha256: sha256Hex(bytes), bytes: bytes.byteLength });
  record('power_of_attorney', commission);
  record('consent', consent);
  if (idPhoto) record('id_copy', idPhoto.bytes);
  record('package', pdf);
  return { pdf, documents };
}

/** Builds the package and records its documents' hashes (once per claim and kind). */
export async function storePackage(ctx: AppContext, tx: Db, claimId: number): Promise<Uint8Array> {
  const { pdf, documents } = await buildClaimPackage(ctx, tx, claimId);
  const now = ctx.clock.now();
  await tx
    .insertInto('claimDocument')
    .values(documents.map((d) => ({ claimId, ...d, createdAt: now })))
    .onConflict((oc) => oc.columns(['claimId', 'kind']).doNothing())
    .execute();
  return pdf;
}

/** Builds the package, records every document's hash, and answers the PDF as a delivery's document. */
export async function renderPackage(ctx: AppContext, tx: Db, claimId: number): Promise<DeliveryDocument> {
  const pdf = await storePackage(ctx, tx, claimId);
  return { kind: 'package', contentType: 'application/pdf', body: pdf, sha256: sha256Hex(pdf) };
}
