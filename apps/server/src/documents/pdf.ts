// A small PDF toolkit for Korean documents: pdf-lib draws, @pdf-lib/fontkit measures with Pretendard's metrics, and
// HarfBuzz subsets the font (fonts.ts: fontkit's own subsetter breaks composite Hangul glyphs). Each face is embedded
// once per document, with only the glyphs the document uses. Output is deterministic for the same input (fixed
// metadata dates, a subset tag derived from the glyphs), so a stored SHA-256 can be checked by regenerating it.
// What the documents look like, and which official form each follows: docs/documents.md.
import { createHash } from 'node:crypto';
import { deflateSync, inflateSync } from 'node:zlib';
import fontkit from '@pdf-lib/fontkit';
import {
  Cache,
  CustomFontEmbedder,
  PDFContext,
  PDFDocument,
  PDFFlateStream,
  PDFFont,
  PDFArray,
  PDFDict,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFOperator,
  PDFOperatorNames,
  PDFRawStream,
  PDFRef as Ref,
  rgb,
  typedArrayFor,
  type Color,
  type PDFImage,
  type PDFPage,
  type PDFRef,
} from 'pdf-lib';
import { fontBytes, glyphRecords, subsetFace, type FontFace } from './fonts.js';

type Font = ReturnType<typeof fontkit.create>;
type Glyph = ReturnType<Font['glyphForCodePoint']>;

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

const parsedFaces = new Map<FontFace, Font>();
/** fontkit's parse of a whole face (slow: once per process). */
function parsedFace(face: FontFace): Font {
  let f = parsedFaces.get(face);
  if (!f) parsedFaces.set(face, (f = plainLayout(fontkit.create(fontBytes(face)))));
  return f;
}

/**
 * pdf-lib's embedder for a TrueType font, drawing with the whole face's glyph ids (CIDToGIDMap Identity) and
 * embedding at save a HarfBuzz subset that keeps those ids: the glyphs used, their components, their widths and
 * their Unicode mapping (so the text can be copied, searched and read aloud).
 */
class SubsetFontEmbedder extends CustomFontEmbedder {
  private readonly used = new Map<number, Glyph>();

  constructor(
    font: Font,
    private readonly face: FontFace,
  ) {
    super(font, new Uint8Array(0));
    this.glyphCache = Cache.populatedBy(() => [...this.used.values()].sort((a, b) => a.id - b.id));
  }

  override encodeText(text: string): PDFHexString {
    const { glyphs } = this.font.layout(text);
    let hex = '';
    for (const g of glyphs) {
      this.used.set(g.id, g);
      hex += g.id.toString(16).padStart(4, '0');
    }
    this.glyphCache.invalidate();
    return PDFHexString.of(hex);
  }

  override async embedIntoContext(context: Parameters<CustomFontEmbedder['embedIntoContext']>[0], ref?: PDFRef) {
    // A subset's name starts with a tag of six capitals (ISO 32000-1 §9.6.4); ours is derived from its glyphs.
    const digest = createHash('sha256')
      .update([...this.used.keys()].sort((a, b) => a - b).join(','))
      .digest();
    const tag = [...digest.subarray(0, 6)].map((b) => String.fromCharCode(65 + (b % 26))).join('');
    this.baseFontName = `${tag}+${this.fontName}`;
    return this.embedFontDict(context, ref);
  }

  private subsetBytes: Promise<Uint8Array> | undefined;
  /** Glyph ids given to HarfBuzz besides the code points (only for a package: a 위임장's subset stays as it was). */
  private readonly included = new Set<number>();

  /** The subset of the glyphs used so far (made once, and again only after more glyphs were used). */
  subset(): Promise<Uint8Array> {
    return (this.subsetBytes ??= subsetFace(
      this.face,
      [...this.used.values()].flatMap((g) => g.codePoints),
      this.included,
    ));
  }

  /** Glyphs drawn by pages copied from another document that will draw with this font (shareFonts). */
  include(ids: Iterable<number>) {
    for (const id of ids) {
      this.used.set(id, this.font.getGlyph(id));
      this.included.add(id);
    }
    this.glyphCache.invalidate();
    this.subsetBytes = undefined;
  }

  /** A glyph's width as this font's /W writes it (1000 units to the em). */
  widthOf(id: number) {
    return this.font.getGlyph(id).advanceWidth * this.scale;
  }

  protected override async serializeFont(): Promise<Uint8Array> {
    return this.subset();
  }
}

/** Our subset of Pretendard in a copied page's resources, as documents/pdf.ts writes it: its face, glyphs and file. */
interface CopiedFont {
  face: FontFace;
  /** The glyphs its /W gives a width, with that width. */
  widths: Map<number, number>;
  file: Uint8Array;
  /** The font's own objects (Type0 font, CIDFont, descriptor, font file, ToUnicode). */
  objects: Ref[];
  uses: [PDFDict, PDFName][];
}

/** A font of a copied page that is one of our Pretendard subsets (Identity-H, CIDToGIDMap Identity), or undefined. */
function copiedFont(doc: PDFDocument, ref: Ref): CopiedFont | undefined {
  const ctx = doc.context;
  const font = ctx.lookupMaybe(ref, PDFDict);
  const base = font?.lookupMaybe(PDFName.of('BaseFont'), PDFName)?.decodeText() ?? '';
  const face = /^[A-Z]{6}\+Pretendard-Regular$/.test(base)
    ? 'regular'
    : /^[A-Z]{6}\+Pretendard-Bold$/.test(base)
      ? 'bold'
      : undefined;
  if (!font || !face || font.lookupMaybe(PDFName.of('Encoding'), PDFName)?.decodeText() !== 'Identity-H') return;
  const cidRef = font.lookupMaybe(PDFName.of('DescendantFonts'), PDFArray)?.get(0);
  const cid = cidRef instanceof Ref ? ctx.lookupMaybe(cidRef, PDFDict) : undefined;
  if (!cid || cid.lookupMaybe(PDFName.of('CIDToGIDMap'), PDFName)?.decodeText() !== 'Identity') return;
  const descriptorRef = cid.get(PDFName.of('FontDescriptor'));
  const descriptor = descriptorRef instanceof Ref ? ctx.lookupMaybe(descriptorRef, PDFDict) : undefined;
  const fileRef = descriptor?.get(PDFName.of('FontFile2'));
  const found = fileRef instanceof Ref ? ctx.lookup(fileRef) : undefined;
  const stream = found instanceof PDFRawStream ? found : undefined;
  if (!stream || stream.dict.lookupMaybe(PDFName.of('Filter'), PDFName)?.decodeText() !== 'FlateDecode') return;
  const widths = new Map<number, number>();
  const w = cid.lookupMaybe(PDFName.of('W'), PDFArray)?.asArray() ?? [];
  for (let i = 0; i + 1 < w.length; i += 2) {
    const first = w[i];
    const list = w[i + 1];
    if (!(first instanceof PDFNumber) || !(list instanceof PDFArray)) return; // a form we do not write
    list.asArray().forEach((n, k) => {
      if (n instanceof PDFNumber) widths.set(first.asNumber() + k, n.asNumber());
    });
  }
  let file: Uint8Array;
  try {
    file = inflateSync(stream.contents);
  } catch {
    return;
  }
  const toUnicode = font.get(PDFName.of('ToUnicode'));
  const objects = [ref, cidRef, descriptorRef, fileRef, toUnicode].filter((r): r is Ref => r instanceof Ref);
  return { face, widths, file, objects, uses: [] };
}

/** Every glyph `theirs` holds is the same in `ours`, under the same id. */
function sameGlyphs(theirs: NonNullable<ReturnType<typeof glyphRecords>>, ours: typeof theirs) {
  for (let id = 0; id < theirs.count; id++)
    if (!theirs.empty(id) && !sameGlyph(theirs.record(id), ours.record(id))) return false;
  return true;
}

/** Trailing zeros are a glyph record's padding (to 2 or 4 bytes, by the loca format), not the glyph. */
function sameGlyph(a: Uint8Array, b: Uint8Array) {
  let m = a.length;
  let n = b.length;
  while (m > 0 && a[m - 1] === 0) m--;
  while (n > 0 && b[n - 1] === 0) n--;
  return m === n && Buffer.compare(a.subarray(0, m), b.subarray(0, n)) === 0;
}

// Deflate in C (Node's zlib) instead of pdf-lib's pako, for the documents that ask for it (a claim package): pako's
// deflate was the largest item of a package's CPU profile (docs/performance.md, "Claim packages"). The 위임장 and
// 동의서 keep pako, whose bytes are those of zlib 1.2.8 on every machine (a document made before the blob store is
// drawn again and must give the bytes whose SHA-256 was kept); zlib's output can differ between builds, so a package
// is the same bytes for the same claim within one build, which is all its stored hash needs (it is kept as made).
const nativeDeflate = new WeakSet<PDFContext>();
/**
 * zlib's level 3, not its default 6: measured on a package's streams, half the CPU (1.7 against 3.6 ms) for 9 % more
 * bytes (55.5 against 50.9 KB), well inside the 80 KB a package may take (docs/performance.md, "Claim packages").
 */
const DEFLATE_LEVEL = 3;
type FlateStream = PDFFlateStream & { contentsCache: Cache<Uint8Array>; encode: boolean };
const flate = PDFFlateStream.prototype as unknown as {
  getContents(this: FlateStream): Uint8Array;
  getContentsSize(this: FlateStream): number;
};
const native = new WeakSet<FlateStream>();
function deflatedNatively(s: FlateStream) {
  if (s.encode && !native.has(s) && nativeDeflate.has(s.dict.context)) {
    native.add(s);
    // pdf-lib invalidates this cache when a content stream grows, as it did its own.
    s.contentsCache = Cache.populatedBy(() => deflateSync(s.getUnencodedContents(), { level: DEFLATE_LEVEL }));
  }
  return s;
}
const pakoContents = flate.getContents;
const pakoContentsSize = flate.getContentsSize;
flate.getContents = function () {
  return pakoContents.call(deflatedNatively(this));
};
flate.getContentsSize = function () {
  return pakoContentsSize.call(deflatedNatively(this));
};
/** Every stream of `doc` (fonts, images, page contents, object streams) deflated by Node's zlib. */
function deflateNatively(doc: PDFDocument) {
  const ctx = doc.context;
  nativeDeflate.add(ctx);
  ctx.flateStream = (contents, dict = {}) =>
    ctx.stream(deflateSync(typedArrayFor(contents), { level: DEFLATE_LEVEL }), { ...dict, Filter: 'FlateDecode' });
}

/** The structure elements the documents tag their content with. */
export type StructRole = 'H1' | 'H2' | 'P' | 'Figure';

/** A4 in points, and the margins every document uses. */
export const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 50;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.33, 0.35, 0.4);
const LINE = rgb(0.25, 0.27, 0.3);
const SHADE = rgb(0.94, 0.95, 0.96);

export interface PdfDoc {
  doc: PDFDocument;
  regular: PDFFont;
  bold: PDFFont;
  layout: TextLayout;
  /**
   * Embeds the font subsets and answers the finished bytes. `objectStreams`: the objects' dictionaries (the tag tree's
   * hundreds) compressed in object streams (PDF 1.5). Off by default: the 위임장 and 동의서 keep the bytes whose SHA-256
   * was kept at submission.
   */
  save(opts?: { objectStreams?: boolean }): Promise<Uint8Array>;
  /**
   * Lets pages copied in from documents this toolkit made draw with this document's fonts: each copied Pretendard
   * subset is replaced by this document's subset of the same face, grown by the glyphs those pages use, when every
   * glyph the copied subset holds is byte for byte the one this document embeds, under the same id, with the same
   * width (the same font file, subset the same way). The copied pages' content streams are untouched; a font that
   * differs (another version of Pretendard) stays as it came. Answers how many copied fonts were replaced.
   */
  shareFonts(pages: PDFPage[]): Promise<number>;
}

/** What a document says of itself: its title (shown by viewers), subject and date (the signing or claim date). */
export interface PdfMeta {
  title: string;
  subject: string;
  date: Date;
}

/**
 * A new document with the Korean fonts and a text layout on its first page. `nativeDeflate`: its streams deflated by
 * Node's zlib (a claim package), not pako (the 위임장 and 동의서, whose bytes must not change between builds).
 */
export async function pdfDoc(meta: PdfMeta, opts: { nativeDeflate?: boolean } = {}): Promise<PdfDoc> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  if (opts.nativeDeflate) deflateNatively(doc);
  const embedders = {
    regular: new SubsetFontEmbedder(parsedFace('regular'), 'regular'),
    bold: new SubsetFontEmbedder(parsedFace('bold'), 'bold'),
  };
  const regular = PDFFont.of(doc.context.nextRef(), doc, embedders.regular);
  const bold = PDFFont.of(doc.context.nextRef(), doc, embedders.bold);
  const fonts = { regular, bold };
  doc.setTitle(meta.title, { showInWindowTitleBar: true });
  doc.setSubject(meta.subject);
  doc.setLanguage('ko');
  doc.setAuthor('자동청구');
  doc.setCreator('자동청구');
  doc.setProducer('자동청구');
  doc.setCreationDate(meta.date);
  doc.setModificationDate(meta.date);
  const layout = new TextLayout(doc, regular, bold);
  return {
    doc,
    regular,
    bold,
    layout,
    // These fonts are not in pdf-lib's own list (it would embed them with fontkit's subsetter): embed them here.
    save: async (opts) => {
      await regular.embed();
      await bold.embed();
      layout.writeStructure();
      // Written in one go: pdf-lib otherwise yields to the event loop every 50 objects (a setTimeout each, at least a
      // millisecond), which a PDF worker thread, with nothing else to run, only waits out.
      return doc.save({ useObjectStreams: opts?.objectStreams ?? false, objectsPerTick: Infinity });
    },
    shareFonts: async (pages) => {
      const found = new Map<string, CopiedFont>();
      for (const page of pages) {
        const dict = page.node.Resources()?.lookupMaybe(PDFName.of('Font'), PDFDict);
        for (const [name, ref] of dict?.entries() ?? []) {
          if (!(ref instanceof Ref)) continue;
          let f = found.get(ref.tag);
          if (!f) {
            f = copiedFont(doc, ref);
            if (!f) continue;
            found.set(ref.tag, f);
          }
          f.uses.push([dict!, name]);
        }
      }
      let shared = 0;
      for (const face of ['regular', 'bold'] as const) {
        const copies = [...found.values()].filter((f) => f.face === face);
        if (!copies.length) continue;
        const embedder = embedders[face];
        embedder.include(copies.flatMap((f) => [...f.widths.keys()]));
        const ours = glyphRecords(await embedder.subset());
        if (!ours) continue;
        for (const f of copies) {
          const theirs = glyphRecords(f.file);
          if (!theirs) continue;
          const same =
            [...f.widths].every(([id, w]) => Math.abs(embedder.widthOf(id) - w) < 0.001) &&
            // Every glyph the copy holds (components too), not only those it draws.
            sameGlyphs(theirs, ours);
          if (!same) continue;
          for (const [dict, name] of f.uses) dict.set(name, fonts[face].ref);
          for (const ref of f.objects) doc.context.delete(ref);
          shared++;
        }
      }
      return shared;
    },
  };
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

/** One part of a form's table: a label cell on the left spanning its rows of label / value. */
export interface FormSection {
  label: string;
  rows: [label: string, value: string][];
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
    this.pages.push(this.page);
    this.y = A4.height - MARGIN;
  }

  /** Starts the next document of a package on a page of its own. */
  newPage() {
    this.page = this.doc.addPage([A4.width, A4.height]);
    this.pages.push(this.page);
    this.y = A4.height - MARGIN;
  }

  // Tagged PDF (ISO 32000-1 §14.8): every piece of text is marked content of a structure element (H1, H2, P) in
  // reading order, the signature and the ID copy are figures with a description, rules and shading are artifacts.
  // A screen reader then reads the document in order and names its headings.
  private readonly pages: PDFPage[] = [];
  private readonly elements: { role: StructRole; page: number; mcid: number; alt?: string }[] = [];
  private readonly nextMcid = new Map<number, number>();

  private marked(role: StructRole, draw: () => void, alt?: string) {
    const page = this.pages.indexOf(this.page);
    const mcid = this.nextMcid.get(page) ?? 0;
    this.nextMcid.set(page, mcid + 1);
    this.elements.push({ role, page, mcid, alt });
    // The properties as an inline dictionary (a string operand is written as it is).
    this.page.pushOperators(
      PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, [PDFName.of(role), `<</MCID ${mcid}>>`]),
    );
    draw();
    this.page.pushOperators(PDFOperator.of(PDFOperatorNames.EndMarkedContent));
  }

  private text(
    role: 'H1' | 'H2' | 'P',
    text: string,
    o: { x: number; y: number; size: number; font: PDFFont; color: Color },
  ) {
    this.marked(role, () => this.page.drawText(text, o));
  }

  private artifact(draw: () => void) {
    this.page.pushOperators(PDFOperator.of(PDFOperatorNames.BeginMarkedContent, [PDFName.of('Artifact')]));
    draw();
    this.page.pushOperators(PDFOperator.of(PDFOperatorNames.EndMarkedContent));
  }

  /** An image on the current page, described for screen readers by `alt`. */
  image(img: PDFImage, box: { x: number; y: number; width: number; height: number }, alt: string) {
    this.marked('Figure', () => this.page.drawImage(img, box), alt);
  }

  /**
   * Takes into the structure a page drawn elsewhere and copied into this document (a stored document's, kept byte
   * for byte), inserted at `index`, with the elements its marked content belongs to: their reading order is the
   * pages' order.
   */
  adopt(page: PDFPage, index: number, elements: { role: StructRole; mcid: number; alt?: string }[]) {
    this.doc.insertPage(index, page);
    this.pages.splice(index, 0, page);
    for (const e of this.elements) if (e.page >= index) e.page += 1;
    const next = [...this.nextMcid].map(([p, n]): [number, number] => [p >= index ? p + 1 : p, n]);
    this.nextMcid.clear();
    for (const [p, n] of next) this.nextMcid.set(p, n);
    this.nextMcid.set(index, Math.max(-1, ...elements.map((e) => e.mcid)) + 1);
    this.elements.push(...elements.map((e) => ({ ...e, page: index })));
  }

  /** The structure tree of everything drawn, and the catalogue entries that declare the document tagged. */
  writeStructure() {
    // In the pages' order (stable: what one layout drew is in that order already).
    this.elements.sort((a, b) => a.page - b.page);
    const ctx = this.doc.context;
    const rootRef = ctx.nextRef();
    const documentRef = ctx.nextRef();
    const refsByPage = this.pages.map(() => [] as PDFRef[]);
    const kids = this.elements.map((e) => {
      const ref = ctx.register(
        ctx.obj({
          Type: 'StructElem',
          S: e.role,
          P: documentRef,
          Pg: this.pages[e.page]!.ref,
          K: e.mcid,
          // UTF-16 in hex: a literal string would take each Korean character's low byte (a stray ")" ends it early).
          ...(e.alt ? { Alt: PDFHexString.fromText(e.alt) } : {}),
        }),
      );
      refsByPage[e.page]![e.mcid] = ref;
      return ref;
    });
    ctx.assign(documentRef, ctx.obj({ Type: 'StructElem', S: 'Document', P: rootRef, K: kids }));
    this.pages.forEach((page, i) => page.node.set(PDFName.of('StructParents'), PDFNumber.of(i)));
    const nums = refsByPage.flatMap((refs, i) => [PDFNumber.of(i), ctx.obj(refs)]);
    ctx.assign(
      rootRef,
      ctx.obj({
        Type: 'StructTreeRoot',
        K: documentRef,
        ParentTree: { Nums: nums },
        ParentTreeNextKey: this.pages.length,
      }),
    );
    this.doc.catalog.set(PDFName.of('StructTreeRoot'), rootRef);
    this.doc.catalog.set(PDFName.of('MarkInfo'), ctx.obj({ Marked: true }));
  }

  /** Room for `height` points, or a new page. */
  ensure(height: number) {
    if (this.y - height < MARGIN) this.newPage();
  }

  gap(points = 8) {
    this.y -= points;
  }

  /** The line above an official form's title that names the form ("■ 의료법 시행규칙 [별지 제9호의3서식]"). */
  formBasis(text: string) {
    const size = 8.5;
    this.text('P', text, { x: this.left, y: this.y - size, size, font: this.regular, color: MUTED });
    this.y -= size * 2.2;
  }

  title(text: string) {
    const size = 18;
    this.ensure(size * 2.4);
    const w = measure(this.bold, text, size);
    this.text('H1', text, { x: (A4.width - w) / 2, y: this.y - size, size, font: this.bold, color: INK });
    this.y -= size * 2.2;
  }

  heading(text: string) {
    const size = 11.5;
    this.ensure(size * 2.2);
    this.y -= size * 0.5;
    this.text('H2', text, { x: this.left, y: this.y - size, size, font: this.bold, color: INK });
    this.y -= size * 1.6;
  }

  paragraph(text: string, opts: { size?: number; muted?: boolean; indent?: number; bold?: boolean } = {}) {
    const size = opts.size ?? 10;
    const indent = opts.indent ?? 0;
    const font = opts.bold ? this.bold : this.regular;
    const leading = size * 1.55;
    for (const line of wrapText(text, font, size, this.width - indent)) {
      this.ensure(leading);
      this.text('P', line, {
        x: this.left + indent,
        y: this.y - size,
        size,
        font,
        color: opts.muted ? MUTED : INK,
      });
      this.y -= leading;
    }
  }

  /**
   * A ruled table in the manner of a government form: each section's label in a shaded cell on the left, then its
   * rows, label (shaded) and value. A section is never split across pages.
   */
  formTable(sections: FormSection[]) {
    const size = 10;
    const leading = size * 1.45;
    const pad = 6;
    const sectionW = 82;
    const labelW = 104;
    const valueX = this.left + sectionW + labelW;
    const valueW = this.width - sectionW - labelW;
    const right = this.left + this.width;
    // The baseline of line i of n lines centred in a cell from `top` down `height` (Pretendard's ascent ≈ 0.8 em).
    const baselineIn = (top: number, height: number, n: number, i: number) =>
      top - (height - n * leading) / 2 - (leading - size) / 2 - size * 0.8 - i * leading;
    const line = (x1: number, y1: number, x2: number, y2: number, thickness = 0.6) =>
      this.artifact(() =>
        this.page.drawLine({ start: { x: x1, y: y1 }, end: { x: x2, y: y2 }, thickness, color: LINE }),
      );
    // The heavy rule that opens a form's table.
    line(this.left, this.y, right, this.y, 1.4);
    for (const section of sections) {
      const rows = section.rows.map(([label, value]) => {
        const labelLines = wrapText(label, this.bold, size, labelW - pad * 2);
        const valueLines = wrapText(value || '-', this.regular, size, valueW - pad * 2);
        return { labelLines, valueLines, h: Math.max(labelLines.length, valueLines.length) * leading + pad * 2 };
      });
      const sectionLines = wrapText(section.label, this.bold, size, sectionW - pad * 2);
      const sectionH = Math.max(
        rows.reduce((sum, r) => sum + r.h, 0),
        sectionLines.length * leading + pad * 2,
      );
      if (this.y - sectionH < MARGIN) {
        this.newPage();
        line(this.left, this.y, right, this.y, 1.4);
      }
      const top = this.y;
      this.artifact(() =>
        this.page.drawRectangle({ x: this.left, y: top - sectionH, width: sectionW, height: sectionH, color: SHADE }),
      );
      sectionLines.forEach((text, i) => {
        const w = measure(this.bold, text, size);
        const y0 = baselineIn(top, sectionH, sectionLines.length, i);
        this.text('P', text, { x: this.left + (sectionW - w) / 2, y: y0, size, font: this.bold, color: INK });
      });
      let y = top;
      rows.forEach((r, idx) => {
        // The last row takes whatever height the section label needs beyond the rows.
        const h = idx === rows.length - 1 ? y - (top - sectionH) : r.h;
        this.artifact(() =>
          this.page.drawRectangle({ x: this.left + sectionW, y: y - h, width: labelW, height: h, color: SHADE }),
        );
        r.labelLines.forEach((text, i) =>
          this.text('P', text, {
            x: this.left + sectionW + pad,
            y: baselineIn(y, h, r.labelLines.length, i),
            size,
            font: this.bold,
            color: MUTED,
          }),
        );
        r.valueLines.forEach((text, i) =>
          this.text('P', text, {
            x: valueX + pad,
            y: baselineIn(y, h, r.valueLines.length, i),
            size,
            font: this.regular,
            color: INK,
          }),
        );
        if (idx > 0) line(this.left + sectionW, y, right, y);
        y -= h;
      });
      line(this.left + sectionW, top, this.left + sectionW, top - sectionH);
      line(valueX, top, valueX, top - sectionH);
      line(this.left, top - sectionH, right, top - sectionH, 0.9);
      this.y = top - sectionH;
    }
    line(this.left, this.y, right, this.y, 1.4);
    this.y -= 10;
  }

  /**
   * A ruled table of columns (a statement's rows, e.g. the 진료비 세부산정내역): a shaded header row, repeated at the
   * top of every page the rows run onto; a cell's text wraps within its column; numbers align right. The column
   * without a width takes what the others leave.
   */
  grid(columns: { label: string; width?: number; align?: 'left' | 'right' }[], rows: string[][], size = 7.5) {
    const leading = size * 1.4;
    const pad = 3;
    const fixed = columns.reduce((s, c) => s + (c.width ?? 0), 0);
    const flexible = columns.filter((c) => c.width === undefined).length || 1;
    const widths = columns.map((c) => c.width ?? (this.width - fixed) / flexible);
    const xs = widths.map((_, i) => this.left + widths.slice(0, i).reduce((s, w) => s + w, 0));
    const right = this.left + this.width;
    const line = (y: number, thickness = 0.5) =>
      this.artifact(() =>
        this.page.drawLine({ start: { x: this.left, y }, end: { x: right, y }, thickness, color: LINE }),
      );
    const row = (cells: string[], header: boolean) => {
      const font = header ? this.bold : this.regular;
      const lines = cells.map((text, i) => wrapText(text, font, size, widths[i]! - pad * 2));
      const h = Math.max(...lines.map((l) => l.length)) * leading + pad * 2;
      return { lines, h, font, header };
    };
    const draw = (r: ReturnType<typeof row>) => {
      const top = this.y;
      if (r.header)
        this.artifact(() =>
          this.page.drawRectangle({ x: this.left, y: top - r.h, width: this.width, height: r.h, color: SHADE }),
        );
      r.lines.forEach((cell, i) =>
        cell.forEach((text, k) => {
          const w = measure(r.font, text, size);
          const x = columns[i]!.align === 'right' && !r.header ? xs[i]! + widths[i]! - pad - w : xs[i]! + pad;
          const y = top - pad - size * 0.85 - k * leading;
          this.text('P', text, { x, y, size, font: r.font, color: r.header ? MUTED : INK });
        }),
      );
      this.y = top - r.h;
      line(this.y, r.header ? 0.9 : 0.4);
    };
    const header = row(
      columns.map((c) => c.label),
      true,
    );
    const startPage = () => {
      line(this.y, 1.4);
      draw(header);
    };
    this.ensure(header.h * 2);
    startPage();
    for (const cells of rows) {
      const r = row(cells, false);
      if (this.y - r.h < MARGIN) {
        this.newPage();
        startPage();
      }
      draw(r);
    }
    line(this.y, 1.4);
    this.y -= 10;
  }

  /**
   * The signing line: the date, centred; then, at the right, the signer's role and name, the signature image (PNG) or
   * room to sign by hand, and "(서명 또는 인)" as on the official forms.
   */
  /** The date, the signer and the signature; `typed`: a name typed as the signature, and the hint says so. */
  async signature(opts: {
    dateText: string;
    role: string;
    name: string;
    png?: Uint8Array;
    /** The same signature already in this document as an image (a package's stored 위임장 has it): not decoded again. */
    image?: PDFImage;
    typed?: boolean;
  }) {
    const size = 11;
    this.ensure(96);
    this.y -= 6;
    const dw = measure(this.regular, opts.dateText, size);
    this.text('P', opts.dateText, { x: (A4.width - dw) / 2, y: this.y - size, size, font: this.regular, color: INK });
    this.y -= 40;
    const box = { w: 96, h: 48 };
    const hint = opts.typed ? '(이름 입력 서명)' : '(서명 또는 인)';
    const hintSize = 9;
    const hintX = this.left + this.width - measure(this.regular, hint, hintSize);
    const boxX = hintX - 6 - box.w;
    const label = `${opts.role}  ${opts.name}`;
    const labelX = boxX - 10 - measure(this.bold, label, size);
    const baseline = this.y - size;
    this.text('P', label, { x: labelX, y: baseline, size, font: this.bold, color: INK });
    this.text('P', hint, { x: hintX, y: baseline, size: hintSize, font: this.regular, color: MUTED });
    if (opts.png) {
      const img = opts.image ?? (await this.doc.embedPng(opts.png));
      const scale = Math.min(box.w / img.width, box.h / img.height);
      const w = img.width * scale;
      const h = img.height * scale;
      this.image(
        img,
        { x: boxX + (box.w - w) / 2, y: baseline + size / 2 - h / 2, width: w, height: h },
        `${opts.name}의 서명`,
      );
    }
    this.y -= box.h - 4;
  }

  /** Whom a form is addressed to ("한빛정형외과의원 의료기관의 장 귀하"), at the left, after the signature. */
  addressee(text: string) {
    const size = 12;
    this.ensure(size * 2);
    this.text('P', text, { x: this.left, y: this.y - size, size, font: this.bold, color: INK });
    this.y -= size * 2;
  }
}
