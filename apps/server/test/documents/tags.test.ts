// A document's tags as a screen reader and the claim package read them back (documents/pdf.ts): an image's
// alternative text names the signer, and Korean names whose characters end in the bytes of "(", ")" or "\" (한, 최,
// 로, 방, …) come back whole, never as a broken string that stops pdf-lib reading the document's structure.
import { PDFArray, PDFDict, PDFHexString, PDFName, PDFString } from 'pdf-lib';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { pdfDoc } from '../../src/documents/index.js';
import { images } from '../../fixtures/enrolment.js';

async function altTextsOf(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const root = doc.catalog.lookup(PDFName.of('StructTreeRoot'), PDFDict);
  const kids = root.lookup(PDFName.of('K'), PDFDict).lookup(PDFName.of('K'), PDFArray);
  return kids.asArray().flatMap((ref) => {
    const e = doc.context.lookup(ref);
    expect(e, 'every structure element is a dictionary pdf-lib can read').toBeInstanceOf(PDFDict);
    const alt = (e as PDFDict).lookupMaybe(PDFName.of('Alt'), PDFString, PDFHexString);
    return alt ? [alt.decodeText()] : [];
  });
}

describe('an image’s alternative text', () => {
  it.each(['최한결', '방로온', '홍길동'])('reads back as written for %s', async (name) => {
    const pdf = await pdfDoc({ title: '서명', subject: '서명', date: new Date(Date.UTC(2026, 10, 26)) });
    const img = await pdf.doc.embedPng((await images()).sign);
    pdf.layout.image(img, { x: 100, y: 600, width: 200, height: 80 }, `${name}의 서명`);
    expect(await altTextsOf(await pdf.save())).toEqual([`${name}의 서명`]);
  });
});
