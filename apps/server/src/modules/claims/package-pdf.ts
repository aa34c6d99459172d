// The bytes of a claim's package, made in a PDF worker thread (documents/workers.ts) from plain data that
// documents.ts read: the claim form and the receipt drawn now, then the pages of the 위임장 and 동의서 as they were
// first made and kept (subscriptions' signedDocuments), copied in as they are, never drawn again, so a change of the
// renderer does not touch the signed evidence, then the ID copy where the insurer wants it. Nothing here touches the
// database or the context.
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFImage,
  PDFName,
  PDFNumber,
  PDFRawStream,
  PDFRef,
  PDFString,
  ParseSpeeds,
  PngEmbedder,
  type PDFPage,
} from 'pdf-lib';
import { pdfDoc, type StructRole } from '../../documents/index.js';
import {
  writeClaimForm,
  writeIdCopy,
  writeItemized,
  writeReceipt,
  writeReceiptNotice,
  type ClaimFormData,
  type ReceiptNotice,
} from './claim-form.js';

export interface PackageInput {
  claim: ClaimFormData;
  /** The stored 위임장 (commission) and 동의서 (agree), byte for byte. */
  signed: { commission: Uint8Array; agree: Uint8Array };
  idPhoto?: { bytes: Uint8Array; png: boolean };
  meta: { title: string; subject: string; date: Date };
}

export interface ReceiptNoticeInput extends ReceiptNotice {
  claim: ClaimFormData;
  meta: PackageInput['meta'];
}

/** Loaded by the workers (documents.ts names it): one document, so each face of the font is embedded once. */
export const PACKAGE_PDF = new URL('./package-pdf.ts', import.meta.url);

/** Where the signed documents' pages go in a package without 세부산정내역: after the claim form and the receipt. */
export const SIGNED_PAGES_AT = 2;

export async function renderClaimPackage({ claim, signed, idPhoto, meta }: PackageInput): Promise<Uint8Array> {
  const pkg = await pdfDoc(meta, { nativeDeflate: true });
  // The stored documents' pages first (copied, not yet placed), so the claim form can draw the signature the stored
  // 위임장 already holds as an image instead of decoding the PNG again.
  const stored = [];
  for (const bytes of [signed.commission, signed.agree]) {
    // Parsed in one go (as pdf.ts saves): in a PDF worker thread, yielding every 100 objects only waits.
    const source = await PDFDocument.load(bytes, { updateMetadata: false, parseSpeed: ParseSpeeds.Fastest });
    const tags = structureOf(source);
    const pages = await pkg.doc.copyPages(source, source.getPageIndices());
    stored.push({ pages, tags: pages.map((_, i) => tags.get(source.getPage(i).ref) ?? []) });
  }
  const signature = claim.signPng ? signatureImage(pkg.doc, stored[0]!.pages, claim.signPng) : undefined;
  await writeClaimForm(pkg.layout, claim, signature);
  // Each receipt (the claim's, then a visit claimed with it) on a page of its own, its 세부산정내역 after it.
  for (const receipt of [claim, ...(claim.joined ?? []).map((j) => ({ ...claim, ...j }))]) {
    pkg.layout.newPage();
    writeReceipt(pkg.layout, receipt);
    if (receipt.lines?.length) {
      pkg.layout.newPage();
      writeItemized(pkg.layout, { ...receipt, lines: receipt.lines });
    }
  }
  // The signed documents follow what was drawn so far (the 세부산정내역 may run over several pages).
  let at = pkg.doc.getPageCount();
  if (idPhoto)
    writeIdCopy(pkg.layout, await (idPhoto.png ? pkg.doc.embedPng(idPhoto.bytes) : pkg.doc.embedJpg(idPhoto.bytes)));
  // Their tags come along (the package's tree names them; the page's content says which is which by MCID).
  for (const { pages, tags } of stored) pages.forEach((page, i) => pkg.layout.adopt(page, at++, tags[i]!));
  // One subset of each face for the whole package: the stored pages' own subsets (the same glyphs of the same font,
  // checked glyph by glyph) give way to the claim form's, grown by their glyphs; their content is not touched.
  await pkg.shareFonts(stored.flatMap((s) => s.pages));
  // Object streams: the package's tag tree is most of its size otherwise (docs/documents.md).
  return pkg.save({ objectStreams: true });
}

/** A corrected or cancelled receipt's notice to an insurer reached by fax (documents.ts, renderReceiptNotice). */
export async function renderReceiptNotice({ claim, meta, ...notice }: ReceiptNoticeInput): Promise<Uint8Array> {
  const pdf = await pdfDoc(meta, { nativeDeflate: true });
  writeReceiptNotice(pdf.layout, claim, notice);
  return pdf.save({ objectStreams: true });
}

/**
 * The signature image of the stored 위임장's page, to draw on the claim form: the subscription's one signature (the
 * documents and the claim form both draw the stored one, subscriptions' storedSignature), found as the page's only
 * image, the size of `png` (its header). Undefined when the page holds none, or another: the PNG is then embedded.
 */
function signatureImage(doc: PDFDocument, pages: PDFPage[], png: Uint8Array): PDFImage | undefined {
  const images = pages.flatMap((page) => {
    const xobjects = page.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
    return (xobjects?.entries() ?? []).flatMap(([, ref]) => {
      const o = ref instanceof PDFRef ? doc.context.lookup(ref) : undefined;
      return o instanceof PDFRawStream && o.dict.get(PDFName.of('Subtype')) === PDFName.of('Image')
        ? [{ ref: ref as PDFRef, dict: o.dict }]
        : [];
    });
  });
  const b = Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  if (images.length !== 1 || b.length < 24 || b.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  const [{ ref, dict }] = images as [(typeof images)[0]];
  const size = (k: string) => dict.lookupMaybe(PDFName.of(k), PDFNumber)?.asNumber();
  const width = b.readUInt32BE(16);
  const height = b.readUInt32BE(20);
  if (size('Width') !== width || size('Height') !== height) return undefined;
  // Already in the document: an embedder with nothing to embed.
  const embedder = Object.assign(Object.create(PngEmbedder.prototype) as PngEmbedder, {
    width,
    height,
    embedIntoContext: async () => ref,
  });
  return PDFImage.of(ref, doc, embedder);
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
