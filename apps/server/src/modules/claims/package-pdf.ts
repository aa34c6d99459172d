// The bytes of a claim's package, made in a PDF worker thread (documents/workers.ts) from plain data that
// documents.ts read: the claim form and the receipt drawn now, then the pages of the 위임장 and 동의서 as they were
// first made and kept (subscriptions' signedDocuments), copied in as they are, never drawn again, so a change of the
// renderer does not touch the signed evidence, then the ID copy where the insurer wants it. Nothing here touches the
// database or the context.
import { PDFDocument, PDFName } from 'pdf-lib';
import { pdfDoc } from '../../documents/index.js';
import { writeClaimForm, writeIdCopy, writeReceipt, type ClaimFormData } from './claim-form.js';

export interface PackageInput {
  claim: ClaimFormData;
  /** The stored 위임장 (commission) and 동의서 (agree), byte for byte. */
  signed: { commission: Uint8Array; agree: Uint8Array };
  idPhoto?: { bytes: Uint8Array; png: boolean };
  meta: { title: string; subject: string; date: Date };
}

/** Loaded by the workers (documents.ts names it): one document, so each face of the font is embedded once. */
export const PACKAGE_PDF = new URL('./package-pdf.ts', import.meta.url);

/** Where the signed documents' pages go: after the claim form and the receipt. */
export const SIGNED_PAGES_AT = 2;

export async function renderClaimPackage({ claim, signed, idPhoto, meta }: PackageInput): Promise<Uint8Array> {
  const pkg = await pdfDoc(meta);
  await writeClaimForm(pkg.layout, claim);
  pkg.layout.newPage();
  writeReceipt(pkg.layout, claim);
  if (idPhoto)
    writeIdCopy(pkg.layout, await (idPhoto.png ? pkg.doc.embedPng(idPhoto.bytes) : pkg.doc.embedJpg(idPhoto.bytes)));
  let at = SIGNED_PAGES_AT;
  for (const bytes of [signed.commission, signed.agree]) {
    const source = await PDFDocument.load(bytes, { updateMetadata: false });
    for (const page of await pkg.doc.copyPages(source, source.getPageIndices())) {
      // Its tags belong to the stored document's structure tree, which stays there: the package's own tree numbers
      // only the pages it drew.
      page.node.delete(PDFName.of('StructParents'));
      pkg.doc.insertPage(at++, page);
    }
  }
  // Object streams: the package's tag tree is most of its size otherwise (docs/documents.md).
  return pkg.save({ objectStreams: true });
}
