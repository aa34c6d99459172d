// The Korean fonts of our PDFs: Pretendard (OFL, npm `pretendard`), subset by HarfBuzz's own subsetter (the wasm build
// in npm `harfbuzzjs`). fontkit's subsetter, which pdf-lib uses, drops the components of composite glyphs, and most
// Hangul syllables in Pretendard are composites: viewers drew fragments (docs/documents.md). HarfBuzz keeps every
// component, and with "retain glyph ids" the subset keeps the full font's glyph numbers, so text can be drawn with
// the full font's metrics before we know which glyphs a document will use, and subset once per face and document.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
// Node's global, which neither our TypeScript lib (ES2022, no DOM) nor @types/node declares.
declare const WebAssembly: {
  instantiate(bytes: Uint8Array): Promise<{ instance: { exports: unknown } }>;
};

export type FontFace = 'regular' | 'bold';
const FILES: Record<FontFace, string> = {
  regular: 'pretendard/dist/public/static/alternative/Pretendard-Regular.ttf',
  bold: 'pretendard/dist/public/static/alternative/Pretendard-Bold.ttf',
};

/** The exports of harfbuzz-subset.wasm that we call (HarfBuzz's C API: hb-subset.h, hb-blob.h, hb-face.h). */
interface HarfBuzz {
  memory: { buffer: ArrayBuffer };
  _initialize(): void;
  malloc(size: number): number;
  hb_blob_create(data: number, length: number, mode: number, userData: number, destroy: number): number;
  hb_blob_destroy(blob: number): void;
  hb_blob_get_data(blob: number, length: number): number;
  hb_blob_get_length(blob: number): number;
  hb_face_create(blob: number, index: number): number;
  hb_face_destroy(face: number): void;
  hb_face_reference_blob(face: number): number;
  hb_set_add(set: number, value: number): void;
  hb_subset_input_create_or_fail(): number;
  hb_subset_input_destroy(input: number): void;
  hb_subset_input_get_flags(input: number): number;
  hb_subset_input_set_flags(input: number, flags: number): void;
  hb_subset_input_set(input: number, which: number): number;
  hb_subset_input_unicode_set(input: number): number;
  hb_subset_or_fail(face: number, input: number): number;
}

const HB_MEMORY_MODE_READONLY = 1;
const HB_SUBSET_SETS_GLYPH_INDEX = 0;
const HB_SUBSET_SETS_DROP_TABLE_TAG = 3;
const HB_SUBSET_FLAGS_NO_HINTING = 0x1;
const HB_SUBSET_FLAGS_RETAIN_GIDS = 0x2;
/** A PDF viewer neither shapes nor kerns: drop the layout tables (and so their closure, which would add glyphs). */
const DROPPED_TABLES = ['GSUB', 'GPOS', 'GDEF', 'kern', 'DSIG'];
const tag = (s: string) => [...s].reduce((a, ch) => ((a << 8) | ch.charCodeAt(0)) >>> 0, 0);

let harfbuzz: Promise<{ hb: HarfBuzz; faces: Map<FontFace, number> }> | undefined;

/** Instantiates HarfBuzz and copies both faces into its memory, once per process (about 30 ms). */
function load() {
  harfbuzz ??= (async () => {
    const wasm = readFileSync(require.resolve('harfbuzzjs/dist/harfbuzz-subset.wasm'));
    const { instance } = await WebAssembly.instantiate(wasm);
    const hb = instance.exports as unknown as HarfBuzz;
    hb._initialize();
    const faces = new Map<FontFace, number>();
    for (const face of Object.keys(FILES) as FontFace[]) {
      const bytes = fontBytes(face);
      const ptr = hb.malloc(bytes.byteLength);
      new Uint8Array(hb.memory.buffer).set(bytes, ptr);
      const blob = hb.hb_blob_create(ptr, bytes.byteLength, HB_MEMORY_MODE_READONLY, 0, 0);
      faces.set(face, hb.hb_face_create(blob, 0));
      hb.hb_blob_destroy(blob);
    }
    return { hb, faces };
  })();
  return harfbuzz;
}

const files = new Map<FontFace, Buffer>();
/** The whole TrueType file of a face (read once). */
/** The font file itself, for a renderer that reads its own (sharp's text, for a typed signature). */
export const fontFile = (face: FontFace) => require.resolve(FILES[face]);

export function fontBytes(face: FontFace): Buffer {
  let bytes = files.get(face);
  if (!bytes) files.set(face, (bytes = readFileSync(require.resolve(FILES[face]))));
  return bytes;
}

/**
 * A TrueType subset of `face` with the glyphs of `codePoints` (and of `glyphIds`) and every component they are built
 * from, under their glyph ids in the whole font (the glyphs left out are empty, which costs a few kilobytes once
 * compressed).
 */
export async function subsetFace(
  face: FontFace,
  codePoints: Iterable<number>,
  glyphIds: Iterable<number> = [],
): Promise<Uint8Array> {
  const { hb, faces } = await load();
  const input = hb.hb_subset_input_create_or_fail();
  if (!input) throw new Error('HarfBuzz could not allocate a subset input');
  try {
    const unicodes = hb.hb_subset_input_unicode_set(input);
    for (const cp of codePoints) hb.hb_set_add(unicodes, cp);
    const gids = hb.hb_subset_input_set(input, HB_SUBSET_SETS_GLYPH_INDEX);
    for (const id of glyphIds) hb.hb_set_add(gids, id);
    const drop = hb.hb_subset_input_set(input, HB_SUBSET_SETS_DROP_TABLE_TAG);
    for (const t of DROPPED_TABLES) hb.hb_set_add(drop, tag(t));
    hb.hb_subset_input_set_flags(
      input,
      hb.hb_subset_input_get_flags(input) | HB_SUBSET_FLAGS_RETAIN_GIDS | HB_SUBSET_FLAGS_NO_HINTING,
    );
    const subset = hb.hb_subset_or_fail(faces.get(face)!, input);
    if (!subset) throw new Error(`HarfBuzz could not subset the ${face} face`);
    const blob = hb.hb_face_reference_blob(subset);
    try {
      const ptr = hb.hb_blob_get_data(blob, 0);
      // A copy: the wasm memory is reused (and may grow, detaching views) by the next call.
      return new Uint8Array(hb.memory.buffer).slice(ptr, ptr + hb.hb_blob_get_length(blob));
    } finally {
      hb.hb_blob_destroy(blob);
      hb.hb_face_destroy(subset);
    }
  } finally {
    hb.hb_subset_input_destroy(input);
  }
}

/**
 * The glyph records of a TrueType file by glyph id (its `glyf` entry as `loca` bounds it; empty for an empty glyph),
 * for comparing two subsets glyph by glyph. Undefined when the file has no such tables.
 */
export function glyphRecords(
  ttf: Uint8Array,
): { count: number; empty: (id: number) => boolean; record: (id: number) => Uint8Array } | undefined {
  const dv = new DataView(ttf.buffer, ttf.byteOffset, ttf.byteLength);
  const tables = new Map<string, number>();
  for (let i = 0, n = dv.getUint16(4); i < n; i++) {
    const at = 12 + 16 * i;
    tables.set(String.fromCharCode(...ttf.subarray(at, at + 4)), dv.getUint32(at + 8));
  }
  const [head, maxp, loca, glyf] = ['head', 'maxp', 'loca', 'glyf'].map((t) => tables.get(t));
  if (head === undefined || maxp === undefined || loca === undefined || glyf === undefined) return undefined;
  const long = dv.getInt16(head + 50) === 1;
  const count = dv.getUint16(maxp + 4);
  const offset = (id: number) => (long ? dv.getUint32(loca + 4 * id) : dv.getUint16(loca + 2 * id) * 2);
  const record = (id: number) =>
    id < count ? ttf.subarray(glyf + offset(id), glyf + offset(id + 1)) : new Uint8Array(0);
  return { count, empty: (id) => id >= count || offset(id) === offset(id + 1), record };
}
