// A claim package embeds each face of the font once (modules/claims/package-pdf.ts, documents/pdf.ts shareFonts): the
// stored 위임장's and 동의서's pages, copied in byte for byte, draw with the claim form's subset, grown by their glyphs,
// when every glyph of their own subset is the same glyph there; a stored subset that differs (another version of the
// font) stays as it came. The claim form's signature is the stored 위임장's image, not the PNG decoded again.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { deflateSync, inflateSync } from 'node:zlib';
import { legalFormData } from '@auto-claim/contract';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef, PDFStream } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCommissionPdf, buildConsentPdf } from '../../src/documents/index.js';
import { glyphRecords } from '../../src/documents/fonts.js';
import { renderClaimPackage, SIGNED_PAGES_AT, type PackageInput } from '../../src/modules/claims/package-pdf.js';
import { padSizedSignature } from '../../src/images/index.js';
import { signaturePng } from '../../fixtures/enrolment.js';
import { missingRenderTools } from '../pdf-render.js';

const run = promisify(execFile);

const person = {
  userNm: '홍길동',
  birthday: '19850101',
  userIdno2: '1234567',
  userTel: '01012345678',
  userPostNo: '06236',
  userAddr: '서울특별시 강남구 테헤란로 123',
  userAddrDetail: '101동 1001호',
};
const data = legalFormData({
  person,
  hospitals: [{ hospitalCd: '90000001', hospitalNm: '한빛정형외과의원' }],
  insurers: [{ insuCompCd: 'SAMSUNGLIFE', insuCompNm: '삼성생명' }],
  retroMonth: 3,
  contractStartDate: '20261101',
  contractEndDate: '20271031',
} as unknown as Parameters<typeof legalFormData>[0]);

let input: PackageInput;
beforeAll(async () => {
  const signPng = await padSizedSignature(await signaturePng());
  const signed = {
    commission: await buildCommissionPdf({ ...data, signPng }),
    agree: await buildConsentPdf({ ...data, signPng }),
  };
  input = {
    claim: {
      claimId: 1234,
      date: '20261120',
      amount: 45000,
      insuCompNm: '삼성생명',
      hospital: { hospitalCd: '90000001', hospitalNm: '한빛정형외과의원' },
      person: { name: '홍길동', birthDate: '19850101', rrnMasked: '850101-1******' },
      telMasked: '010-****-5678',
      address: '서울특별시 강남구 테헤란로 123 101동 1001호',
      account: { bankNm: '국민은행', holder: '홍길동', relation: '본인', number: '12345678901234' },
      receipt: {
        receiptNo: 'R1',
        visitDate: '20261119',
        visitType: '외래',
        department: '정형외과',
        kcdCodes: ['M54.5'],
        coveredCopay: 12000,
        uncovered: 33000,
        totalPaid: 45000,
      },
      signPng,
    },
    signed,
    meta: {
      title: '보험금 청구 서류 (청구 번호 1234)',
      subject: '실손의료보험금 청구',
      date: new Date(Date.UTC(2026, 10, 20)),
    },
  };
});

const objects = (doc: PDFDocument) => doc.context.enumerateIndirectObjects().map(([, o]) => o);
const fontFilesOf = (doc: PDFDocument) =>
  objects(doc).filter((o): o is PDFDict => o instanceof PDFDict && o.has(PDFName.of('FontFile2')));
/** The pictures (image XObjects that are not another image's soft mask). */
function imagesOf(doc: PDFDocument) {
  const streams = doc.context.enumerateIndirectObjects().filter(([, o]) => o instanceof PDFStream) as [
    PDFRef,
    PDFStream,
  ][];
  const masks = new Set(streams.map(([, s]) => s.dict.get(PDFName.of('SMask'))).filter(Boolean));
  return streams.filter(([ref, s]) => s.dict.get(PDFName.of('Subtype')) === PDFName.of('Image') && !masks.has(ref));
}
/** A page's content streams as stored (raw, still deflated), in order. */
function contentOf(doc: PDFDocument, page: number) {
  const c = doc.getPage(page).node.Contents();
  const parts = c instanceof PDFArray ? c.asArray().map((r) => doc.context.lookup(r)) : [c];
  return parts.map((p) => (p instanceof PDFRawStream ? Buffer.from(p.contents).toString('hex') : String(p)));
}

/** pdftotext's text of one page (1-based), when poppler is installed (the render suite requires it in CI). */
async function textOf(pdf: Uint8Array, page: number) {
  const dir = await mkdtemp(path.join(tmpdir(), 'package-fonts-'));
  try {
    await writeFile(path.join(dir, 'p.pdf'), pdf);
    const args = ['-enc', 'UTF-8', '-f', String(page), '-l', String(page), path.join(dir, 'p.pdf'), '-'];
    return (await run('pdftotext', args)).stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The stored 위임장 with one glyph of its regular face's subset changed (as another version of the font would). */
async function withChangedGlyph(bytes: Uint8Array) {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const descriptor = fontFilesOf(doc).find((d) =>
    d.lookup(PDFName.of('FontName'), PDFName).decodeText().endsWith('+Pretendard-Regular'),
  )!;
  const fileRef = descriptor.get(PDFName.of('FontFile2')) as PDFRef;
  const file = doc.context.lookup(fileRef) as PDFRawStream;
  const ttf = new Uint8Array(inflateSync(file.contents));
  const glyphs = glyphRecords(ttf)!;
  const id = Array.from({ length: glyphs.count }, (_, i) => i).find((i) => i > 0 && !glyphs.empty(i))!;
  const record = glyphs.record(id);
  record[record.length - 1] = (record[record.length - 1]! ^ 0x01) | 0x01; // a coordinate's last byte
  doc.context.assign(fileRef, PDFRawStream.of(file.dict, deflateSync(ttf)));
  return doc.save({ useObjectStreams: false });
}

describe('the claim package’s fonts and signature', () => {
  it('embeds each face once: the stored pages draw with the claim form’s subset, their content as stored', async () => {
    const pdf = await renderClaimPackage(input);
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBe(4);
    expect(fontFilesOf(doc)).toHaveLength(2);
    // The signature once: the claim form draws the stored 위임장's image (the 동의서 brings its own copy).
    expect(imagesOf(doc)).toHaveLength(2);
    for (const [i, bytes] of [input.signed.commission, input.signed.agree].entries()) {
      const own = await PDFDocument.load(bytes);
      expect(contentOf(doc, SIGNED_PAGES_AT + i)).toEqual(contentOf(own, 0));
    }
    // The budget: 80 KB for 4 pages.
    expect(pdf.byteLength).toBeLessThan(80_000);
  });

  it.skipIf(missingRenderTools().includes('pdftotext'))(
    'keeps the stored pages’ text readable through the shared subset’s Unicode map',
    async () => {
      const pdf = await renderClaimPackage(input);
      const commission = (await textOf(pdf, SIGNED_PAGES_AT + 1)).replace(/\s+/g, ' ');
      expect(commission).toContain('진료기록 열람 및 사본발급 위임장');
      expect(commission).toContain('서울특별시 강남구 테헤란로 123');
      expect((await textOf(pdf, SIGNED_PAGES_AT + 2)).replace(/\s+/g, ' ')).toContain('사본발급 동의서');
    },
  );

  it('leaves a stored subset whose glyphs differ from the font’s as it came', async () => {
    const changed = await withChangedGlyph(input.signed.commission);
    const pdf = await renderClaimPackage({ ...input, signed: { ...input.signed, commission: changed } });
    const doc = await PDFDocument.load(pdf);
    // The claim form's two faces, and the 위임장's own regular face (its bold is the same glyphs, so shared).
    expect(fontFilesOf(doc)).toHaveLength(3);
    const own = await PDFDocument.load(changed);
    expect(contentOf(doc, SIGNED_PAGES_AT)).toEqual(contentOf(own, 0));
  });
});
