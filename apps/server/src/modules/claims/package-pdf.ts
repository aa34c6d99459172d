// The bytes of a claim's package, made in a PDF worker thread (documents/workers.ts) from plain data that
// documents.ts read: the claim form and the receipt drawn now, then the pages of the 위임장 and 동의서 as they were
// first made and kept (subscriptions' signedDocuments), copied in as they are, never drawn again, so a change of the
// renderer does not touch the signed evidence, then the ID copy where the insurer wants it. Nothing here touches the
// database or the context.
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFNumber, PDFString, type PDFRef } from 'pdf-lib';
import { pdfDoc, type StructRole } from '../../documents/index.js';
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
    const tags = structureOf(source);
    const pages = await pkg.doc.copyPages(source, source.getPageIndices());
    // Its tags come along (the package's tree names them; the page's content says which is which by MCID).
    pages.forEach((page, i) => pkg.layout.adopt(page, at++, tags.get(source.getPage(i).ref) ?? []));
  }
  // Object streams: the package's tag tree is most of its size otherwise (docs/documents.md).
  return pkg.save({ objectStreams: true });
}

/** A stored document's structure elements by the page they are on (the flat tree documents/pdf.ts writes). */
function structureOf(doc: PDFDocument) {
  const byPage = new Map<PDFRef, { role: StructRole; mcid: number; alt?: string }[]>();
  const root = doc.catalog.lookupMaybe(PDFName.of('StructTreeRoot'), PDFDict);
  const top = root?.lookupMaybe(PDFName.of('K'), PDFDict);
  const kids = top?.lookupMaybe(PDFName.of('K'), PDFArray);
  for (const ref of kids?.asArray() ?? []) {
    // The tags are read, not trusted: an element pdf-lib cannot read leaves its text untagged, never the claim unsent.
    const found = doc.context.lookup(ref);
    const e = found instanceof PDFDict ? found : undefined;
    const page = e?.get(PDFName.of('Pg'));
    const mcid = e?.lookupMaybe(PDFName.of('K'), PDFNumber)?.asNumber();
    const role = e?.lookupMaybe(PDFName.of('S'), PDFName)?.decodeText() as StructRole | undefined;
    if (!e || !page || mcid === undefined || !role) continue;
    const alt = e.lookupMaybe(PDFName.of('Alt'), PDFString, PDFHexString)?.decodeText();
    byPage.set(page as PDFRef, [...(byPage.get(page as PDFRef) ?? []), { role, mcid, ...(alt ? { alt } : {}) }]);
  }
  return byPage;
}
