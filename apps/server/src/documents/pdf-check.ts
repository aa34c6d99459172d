// An uploaded PDF checked before anyone keeps or opens it (docs/security.md, "Uploads"), in a worker thread of its own
// (workers.ts, check: bounded in time and memory), never on the event loop: a 408 KB deflate bomb parsed there held
// every request of the process for 44 s. In order, each step cheaper than the next:
//   1. every stream's filters: only FlateDecode is decoded here (and by pdf-lib on load); the image filters are left
//      as they are; any other (LZW, RunLength, ASCII…: decoders with no bound in pdf-lib) refuses the file;
//   2. every Flate stream inflated by zlib with maxOutputLength, all of them together within PDF_INFLATE_BUDGET: past
//      it the file is a bomb, refused without ever holding more than the budget;
//   3. active content: a name of JavaScript, launching, forms that submit or embedded files, in the file's
//      dictionaries or its object streams (inflated above), #-escaped names decoded (/J#61vaScript), refuses it;
//   4. pdf-lib parses it (encrypted: refused) and counts its pages.
// The answer is a verdict, never an exception: the caller turns it into the patient's Korean 400.
import { inflateSync, constants } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';

/** All Flate streams of one file together inflate to at most this (a 정부24 PDF: well under 1 MiB). */
export const PDF_INFLATE_BUDGET = 32 * 1024 * 1024;

export type PdfVerdict =
  { ok: true; pages: number } | { ok: false; reason: 'bomb' | 'filter' | 'active' | 'unreadable' };

/** This module, for PdfWorkers.check. */
export const PDF_CHECK = new URL('./pdf-check.ts', import.meta.url);

/** Filters left encoded (images: decoded by a viewer, with its own limits, never on load). */
const IMAGE_FILTERS = new Set(['DCTDecode', 'DCT', 'JPXDecode', 'CCITTFaxDecode', 'CCF', 'JBIG2Decode']);
const FLATE = new Set(['FlateDecode', 'Fl']);

/** Names that make a PDF act, not show: scripts, launching, forms that send, files inside it. */
export const ACTIVE_NAMES = new Set([
  'JavaScript',
  'JS',
  'Launch',
  'SubmitForm',
  'ImportData',
  'RichMedia',
  'XFA',
  'EmbeddedFile',
  'EmbeddedFiles',
  'GoToE',
  'GoToR',
]);

/** A PDF name's characters, #xx escapes decoded (PDF 1.7 §7.3.5). */
const decodeName = (raw: string) =>
  raw.replace(/#([0-9A-Fa-f]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

/** Every name in some PDF text (latin1), decoded. */
function* namesIn(text: string) {
  for (const m of text.matchAll(/\/([^\s/[\]()<>{}%]+)/g)) yield decodeName(m[1]!);
}

const hasActive = (text: string) => {
  for (const n of namesIn(text)) if (ACTIVE_NAMES.has(n)) return true;
  return false;
};

interface Stream {
  dict: string;
  data: Buffer;
  /** Where the stream keyword and endstream are: the file's text with these cut out is its dictionaries. */
  start: number;
  end: number;
}

/** The streams of a file: each `stream` keyword that ends a dictionary, to its `endstream`. */
function streamsOf(text: string, bytes: Buffer): Stream[] {
  const out: Stream[] = [];
  let at = 0;
  for (;;) {
    const kw = text.indexOf('stream', at);
    if (kw < 0) break;
    // `endstream` contains `stream`: only a keyword right after a dictionary's `>>` starts one.
    if (!/>>\s*$/.test(text.slice(Math.max(0, kw - 64), kw))) {
      at = kw + 6;
      continue;
    }
    let start = kw + 6;
    if (text[start] === '\r') start++;
    if (text[start] === '\n') start++;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    out.push({
      dict: text.slice(Math.max(0, text.lastIndexOf('obj', kw)), kw),
      data: bytes.subarray(start, end),
      start: kw,
      end: end + 9,
    });
    at = end + 9;
  }
  return out;
}

/** The filters a stream's dictionary names, in order (`/Filter /X` or `/Filter [/X /Y]`). */
function filtersOf(dict: string): string[] | undefined {
  const m = dict.match(/\/Filter\s*(\[[^\]]*\]|\/[^\s/[\]()<>{}%]+)/);
  if (!m) return [];
  const names = [...namesIn(m[1]!)];
  return names.length ? names : undefined;
}

/** The check itself (a worker's task; exported for the tests). */
export async function inspectPdf(input: Uint8Array): Promise<PdfVerdict> {
  const bytes = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  const text = bytes.toString('latin1');
  let budget = PDF_INFLATE_BUDGET;
  const streams = streamsOf(text, bytes);
  const objectStreams: string[] = [];
  for (const s of streams) {
    // A parser reads /F#69lter as /Filter: so does this check.
    const dict = decodeName(s.dict);
    const filters = filtersOf(dict);
    if (!filters) return { ok: false, reason: 'filter' };
    let data: Buffer = s.data;
    let decoded = true;
    for (const f of filters) {
      if (IMAGE_FILTERS.has(f)) {
        decoded = false;
        break;
      }
      if (!FLATE.has(f)) return { ok: false, reason: 'filter' };
      if (budget <= 0) return { ok: false, reason: 'bomb' };
      try {
        data = inflateSync(data, { maxOutputLength: budget, finishFlush: constants.Z_SYNC_FLUSH });
      } catch (err) {
        // A broken stream too: pdf-lib's own inflate would read what comes before the break, unbounded.
        return {
          ok: false,
          reason: (err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' ? 'bomb' : 'unreadable',
        };
      }
      budget -= data.length;
    }
    if (decoded && /\/Type\s*\/ObjStm/.test(dict)) objectStreams.push(data.toString('latin1'));
  }
  // The dictionaries: the file with its streams' data cut out (compressed bytes may spell anything).
  let dictionaries = '';
  let from = 0;
  for (const s of streams) {
    dictionaries += text.slice(from, s.start);
    from = s.end;
  }
  dictionaries += text.slice(from);
  if (hasActive(dictionaries) || objectStreams.some(hasActive)) return { ok: false, reason: 'active' };
  try {
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    return { ok: true, pages: doc.getPageCount() };
  } catch {
    // An encrypted (password) PDF lands here too: the operator could not open it either.
    return { ok: false, reason: 'unreadable' };
  }
}
