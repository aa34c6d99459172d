// Sandbox OCR, honest about what it can do: it recognises no characters. It reads fields only from a test image that
// carries them as text metadata, the way a generated ID image in a test or demo can:
//   PNG:  a tEXt chunk with keyword `autoclaim-ocr` and a JSON value, e.g. {"userNm":"김테스트","regNo":"112412345678"}
//   JPEG: a comment segment (COM, 0xFFFE) reading `autoclaim-ocr:` followed by the same JSON
// A real photo carries no such text, so it yields no fields and the patient types them. The metadata never reaches
// storage: stored images are re-encoded without any.
import type { OcrFields, OcrProvider } from './types.js';

export const OCR_TEXT_KEYWORD = 'autoclaim-ocr';
const FIELDS: (keyof OcrFields)[] = ['userNm', 'idcardIssueDate', 'idcardIssueOrg', 'regNo', 'checkCd'];

/** The text of the first PNG tEXt chunk with the given keyword. */
export function pngText(png: Buffer, keyword: string): string | undefined {
  let at = 8;
  while (at + 12 <= png.length) {
    const len = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    if (at + 12 + len > png.length) return undefined;
    if (type === 'tEXt') {
      const data = png.subarray(at + 8, at + 8 + len);
      const nul = data.indexOf(0);
      if (nul > 0 && data.toString('latin1', 0, nul) === keyword) return data.subarray(nul + 1).toString('utf8');
    }
    if (type === 'IEND') return undefined;
    at += 12 + len;
  }
  return undefined;
}

/** The text of the first JPEG comment segment that starts with `prefix`. */
export function jpegComment(jpeg: Buffer, prefix: string): string | undefined {
  let at = 2;
  while (at + 4 <= jpeg.length && jpeg[at] === 0xff) {
    const marker = jpeg[at + 1]!;
    if (marker === 0xda || marker === 0xd9) return undefined; // image data starts: no more segments
    const len = jpeg.readUInt16BE(at + 2);
    if (marker === 0xfe) {
      const text = jpeg.subarray(at + 4, at + 2 + len).toString('utf8');
      if (text.startsWith(prefix)) return text.slice(prefix.length);
    }
    at += 2 + len;
  }
  return undefined;
}

function parseFields(json: string | undefined): OcrFields {
  if (!json) return {};
  try {
    const raw = JSON.parse(json) as Record<string, unknown>;
    const out: OcrFields = {};
    for (const f of FIELDS) if (typeof raw[f] === 'string' && raw[f]) out[f] = (raw[f] as string).slice(0, 60);
    return out;
  } catch {
    return {};
  }
}

export function sandboxOcr(): OcrProvider {
  return {
    name: 'sandbox',
    async readIdCard(image) {
      const isPng = image.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
      const text = isPng ? pngText(image, OCR_TEXT_KEYWORD) : jpegComment(image, `${OCR_TEXT_KEYWORD}:`);
      return parseFields(text);
    },
  };
}
