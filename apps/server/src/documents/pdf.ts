// A small PDF toolkit for Korean documents (pdf-lib + @pdf-lib/fontkit + Pretendard, OFL, from the `pretendard` npm
// package; no CDN, no system font). The TTF (not the OTF: fontkit cannot subset its CFF outlines) is parsed once per
// process and subset into each document, so a one-page document is a few kilobytes and takes ~100 ms.
// Output is deterministic for the same input (fixed metadata dates), so a stored SHA-256 can be checked by
// regenerating the document.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

const require = createRequire(import.meta.url);
const FONT_DIR = 'pretendard/dist/public/static/alternative';

type Font = ReturnType<typeof fontkit.create>;
interface LoadedFont {
  bytes: Buffer;
  parsed: Font;
}

/**
 * The parsed font with a plain layout: one glyph per code point, advancing by its width. Our documents are
 * precomposed Hangul, digits and punctuation, which need no shaping, and fontkit's Hangul shaper costs ~15 ms a
 * line. pdf-lib measures and encodes text through layout(), so this keeps a page at a few milliseconds.
 */
function plainLayout(parsed: Font): Font {
  const font = Object.create(parsed) as Font;
  font.layout = ((text: string) => {
    const glyphs = [...text].map((ch) => parsed.glyphForCodePoint(ch.codePointAt(0)!));
    const positions = glyphs.map((g) => ({ xAdvance: g.advanceWidth, yAdvance: 0, xOffset: 0, yOffset: 0 }));
    return { glyphs, positions };
  }) as unknown as Font['layout'];
  return font;
}

const fonts = new Map<string, LoadedFont>();
function loadFont(file: string): LoadedFont {
  let f = fonts.get(file);
  if (!f) {
    const bytes = readFileSync(require.resolve(`${FONT_DIR}/${file}`));
    f = { bytes, parsed: plainLayout(fontkit.create(bytes)) };
    fonts.set(file, f);
  }
  return f;
}

/** A4 in points, and the margins every document uses. */
export const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 56;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.38, 0.4, 0.45);
const RULE = rgb(0.8, 0.82, 0.86);

export interface PdfDoc {
  doc: PDFDocument;
  regular: PDFFont;
  bold: PDFFont;
  layout: TextLayout;
  /** The finished bytes. */
  save(): Promise<Uint8Array>;
}

/** A new document with the Korean fonts embedded (subset) and a text layout on its first page. */
export async function pdfDoc(meta: { title: string; subject: string; date: Date }): Promise<PdfDoc> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const regularFont = loadFont('Pretendard-Regular.ttf');
  const boldFont = loadFont('Pretendard-Bold.ttf');
  // fontkit's parse is the slow part: hand pdf-lib the fonts already parsed.
  // pdf-lib asks fontkit to parse the bytes it is given; it gets the font parsed once per process instead.
  let next: Font | undefined;
  doc.registerFontkit({ create: () => next! } as unknown as typeof fontkit);
  next = regularFont.parsed;
  const regular = await doc.embedFont(regularFont.bytes, { subset: true });
  next = boldFont.parsed;
  const bold = await doc.embedFont(boldFont.bytes, { subset: true });
  doc.setTitle(meta.title);
  doc.setSubject(meta.subject);
  doc.setLanguage('ko-KR');
  doc.setCreator('자동청구');
  doc.setProducer('자동청구');
  doc.setCreationDate(meta.date);
  doc.setModificationDate(meta.date);
  const layout = new TextLayout(doc, regular, bold);
  return { doc, regular, bold, layout, save: () => doc.save({ useObjectStreams: false }) };
}

// fontkit shapes every string it measures, which is slow for Hangul; lines are measured as sums of cached per-character
// advances instead (no kerning between Hangul syllables, so the sum is what is drawn).
const advances = new Map<string, Map<string, number>>();
/** The width of `text` at `size`, from cached per-character advances. */
export function measure(font: PDFFont, text: string, size: number) {
  let cache = advances.get(font.name);
  if (!cache) advances.set(font.name, (cache = new Map()));
  let units = 0;
  for (const ch of text) {
    let w = cache.get(ch);
    if (w === undefined) cache.set(ch, (w = font.widthOfTextAtSize(ch, 1000)));
    units += w;
  }
  return (units * size) / 1000;
}

/** Splits text into lines no wider than `width`: at spaces where it can, inside a word where it must (Korean). */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const para of text.split('\n')) {
    let line = '';
    for (const word of para.split(/(\s+)/)) {
      const candidate = line + word;
      if (measure(font, candidate, size) <= width) {
        line = candidate;
        continue;
      }
      if (line.trim()) lines.push(line.trimEnd());
      line = word.trimStart();
      while (measure(font, line, size) > width) {
        let cut = line.length - 1;
        while (cut > 1 && measure(font, line.slice(0, cut), size) > width) cut--;
        lines.push(line.slice(0, cut));
        line = line.slice(cut);
      }
    }
    lines.push(line.trimEnd());
  }
  return lines;
}

/** A cursor down the page that starts a new page when the next block does not fit. */
export class TextLayout {
  page: PDFPage;
  y: number;
  readonly left = MARGIN;
  readonly width = A4.width - MARGIN * 2;

  constructor(
    private readonly doc: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.page = doc.addPage([A4.width, A4.height]);
    this.y = A4.height - MARGIN;
  }

  /** Room for `height` points, or a new page. */
  ensure(height: number) {
    if (this.y - height < MARGIN) {
      this.page = this.doc.addPage([A4.width, A4.height]);
      this.y = A4.height - MARGIN;
    }
  }

  gap(points = 8) {
    this.y -= points;
  }

  title(text: string) {
    const size = 20;
    this.ensure(size * 2);
    const w = measure(this.bold, text, size);
    this.page.drawText(text, { x: (A4.width - w) / 2, y: this.y - size, size, font: this.bold, color: INK });
    this.y -= size * 2;
  }

  heading(text: string) {
    const size = 12;
    this.ensure(size * 2.2);
    this.y -= size * 0.6;
    this.page.drawText(text, { x: this.left, y: this.y - size, size, font: this.bold, color: INK });
    this.y -= size * 1.6;
  }

  paragraph(text: string, opts: { size?: number; muted?: boolean; indent?: number } = {}) {
    const size = opts.size ?? 10;
    const indent = opts.indent ?? 0;
    const leading = size * 1.55;
    for (const line of wrapText(text, this.regular, size, this.width - indent)) {
      this.ensure(leading);
      this.page.drawText(line, {
        x: this.left + indent,
        y: this.y - size,
        size,
        font: this.regular,
        color: opts.muted ? MUTED : INK,
      });
      this.y -= leading;
    }
  }

  /** Label / value rows in a ruled table. */
  fields(rows: [label: string, value: string][], labelWidth = 110) {
    const size = 10;
    for (const [label, value] of rows) {
      const lines = wrapText(value || '-', this.regular, size, this.width - labelWidth - 12);
      const h = Math.max(lines.length, 1) * size * 1.5 + 10;
      this.ensure(h);
      this.page.drawLine({
        start: { x: this.left, y: this.y },
        end: { x: this.left + this.width, y: this.y },
        thickness: 0.6,
        color: RULE,
      });
      this.page.drawText(label, { x: this.left + 4, y: this.y - 5 - size, size, font: this.bold, color: MUTED });
      lines.forEach((line, i) =>
        this.page.drawText(line, {
          x: this.left + labelWidth,
          y: this.y - 5 - size - i * size * 1.5,
          size,
          font: this.regular,
          color: INK,
        }),
      );
      this.y -= h;
    }
    this.page.drawLine({
      start: { x: this.left, y: this.y },
      end: { x: this.left + this.width, y: this.y },
      thickness: 0.6,
      color: RULE,
    });
    this.y -= 6;
  }

  /** The signing line: date, name and the signature image (PNG) or an empty box to sign by hand. */
  async signature(opts: { dateText: string; role: string; name: string; png?: Uint8Array }) {
    const size = 11;
    this.ensure(110);
    this.y -= 10;
    const dw = measure(this.regular, opts.dateText, size);
    this.page.drawText(opts.dateText, { x: (A4.width - dw) / 2, y: this.y - size, size, font: this.regular });
    this.y -= 40;
    const label = `${opts.role}  ${opts.name}`;
    const x = this.left + this.width - 220;
    this.page.drawText(label, { x, y: this.y - size, size, font: this.bold, color: INK });
    const boxX = x + measure(this.bold, label, size) + 12;
    const box = { w: 96, h: 48 };
    if (opts.png) {
      const img = await this.doc.embedPng(opts.png);
      const scale = Math.min(box.w / img.width, box.h / img.height);
      this.page.drawImage(img, {
        x: boxX,
        y: this.y - box.h / 2 - 4,
        width: img.width * scale,
        height: img.height * scale,
      });
    } else {
      this.page.drawText('(서명)', { x: boxX + 30, y: this.y - size, size, font: this.regular, color: MUTED });
    }
    this.y -= box.h + 8;
  }
}

/** 20260102 → 2026년 1월 2일 */
export const koreanDate = (yyyymmdd: string) =>
  `${yyyymmdd.slice(0, 4)}년 ${Number(yyyymmdd.slice(4, 6))}월 ${Number(yyyymmdd.slice(6, 8))}일`;
