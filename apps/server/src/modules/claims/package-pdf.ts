// The bytes of a claim's package, made in a PDF worker thread (documents/workers.ts) from plain data that
// documents.ts read from the database: the claim form, the receipt, the 위임장 and 동의서 with the signature and the ID
// copy in one PDF, and the 위임장 and 동의서 alone, as the hospital or the patient would receive them (their hashes are
// recorded). Nothing here touches the database or the context.
import { legalForm } from '@auto-claim/contract';
import {
  buildCommissionPdf,
  buildConsentPdf,
  pdfDoc,
  writeLegalForm,
  type ClaimDocumentData,
} from '../../documents/index.js';
import { writeClaimForm, writeIdCopy, writeReceipt, type ClaimFormData } from './claim-form.js';

export interface PackageInput {
  claim: ClaimFormData;
  data: ClaimDocumentData;
  idPhoto?: { bytes: Uint8Array; png: boolean };
  meta: { title: string; subject: string; date: Date };
}

export interface PackageBytes {
  pdf: Uint8Array;
  commission: Uint8Array;
  consent: Uint8Array;
}

/** Loaded by the workers (documents.ts names it): one document, so each face of the font is embedded once. */
export const PACKAGE_PDF = new URL('./package-pdf.ts', import.meta.url);

export async function renderClaimPackage({ claim, data, idPhoto, meta }: PackageInput): Promise<PackageBytes> {
  const pkg = await pdfDoc(meta);
  await writeClaimForm(pkg.layout, claim);
  pkg.layout.newPage();
  writeReceipt(pkg.layout, claim);
  pkg.layout.newPage();
  await writeLegalForm(pkg.layout, legalForm('commission', data), data.signPng, data.signTyped);
  pkg.layout.newPage();
  await writeLegalForm(pkg.layout, legalForm('agree', data), data.signPng, data.signTyped);
  if (idPhoto)
    writeIdCopy(pkg.layout, await (idPhoto.png ? pkg.doc.embedPng(idPhoto.bytes) : pkg.doc.embedJpg(idPhoto.bytes)));
  // Object streams: the package's tag tree is most of its size otherwise (docs/documents.md).
  const pdf = await pkg.save({ objectStreams: true });
  return { pdf, commission: await buildCommissionPdf(data), consent: await buildConsentPdf(data) };
}
