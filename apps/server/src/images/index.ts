// Uploaded images (DESIGN §5): the type is decided by magic bytes (never by the data URL's claim), the size and pixel
// count are checked before anything is decoded, and what is stored is re-encoded by sharp, which writes no EXIF, GPS
// or other metadata unless asked to. Every failure is the patient's to fix: a 400 problem naming the field, never 5xx.
import sharp, { type Metadata, type Sharp } from 'sharp';
import {
  MAX_IMAGE_PIXELS,
  MAX_IMAGE_SIDE,
  MAX_PHOTO_BYTES,
  MAX_SIGNATURE_BYTES,
  MAX_SIGNATURE_PIXELS,
  MAX_SIGNATURE_SIDE,
  PHOTO_ANALYSIS_SIDE,
  PHOTO_PROBLEM_MESSAGES,
  photoMetrics,
  photoProblem,
  SIGNATURE_PAD_HEIGHT,
  SIGNATURE_PAD_WIDTH,
  STORED_PHOTO_MAX_SIDE,
} from '@auto-claim/contract';
import { fontFile } from '../documents/fonts.js';
import { AppError, type ErrorCode } from '../http/errors.js';

export type ImageType = 'jpeg' | 'png';

export interface CheckedImage {
  type: ImageType;
  bytes: Buffer;
  width: number;
  height: number;
}

const MAGIC: Record<ImageType, Buffer> = {
  jpeg: Buffer.from([0xff, 0xd8, 0xff]),
  png: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
};

/** The image type its first bytes say, or undefined. */
export const sniffImageType = (bytes: Buffer): ImageType | undefined =>
  (Object.keys(MAGIC) as ImageType[]).find((t) => bytes.subarray(0, MAGIC[t].length).equals(MAGIC[t]));

const invalid = (field: string, code: ErrorCode, message: string) => new AppError(code, message, [{ field, message }]);

/** The bytes of a `data:image/…;base64,…` URL. */
export function dataUrlBytes(dataUrl: string): Buffer {
  const comma = dataUrl.indexOf(',');
  return Buffer.from(comma >= 0 ? dataUrl.slice(comma + 1) : '', 'base64');
}

/**
 * Decodes and checks an uploaded image: one of `allow` by its magic bytes, at most `maxBytes`, at most `maxPixels`
 * pixels and `maxSide` on a side (a photo's MAX_IMAGE_PIXELS and MAX_IMAGE_SIDE unless said), read from its header
 * before anything is decoded, and actually decodable. `retry` ends the refusal of too many pixels.
 */
export async function checkImage(
  dataUrl: string,
  opts: {
    field: string;
    what: string;
    maxBytes: number;
    allow: readonly ImageType[];
    maxPixels?: number;
    maxSide?: number;
    retry?: string;
  },
): Promise<CheckedImage> {
  const maxPixels = opts.maxPixels ?? MAX_IMAGE_PIXELS;
  const maxSide = opts.maxSide ?? MAX_IMAGE_SIDE;
  const bytes = dataUrlBytes(dataUrl);
  if (bytes.length === 0) throw invalid(opts.field, 'IMAGE_EMPTY', `${opts.what}이 비어 있어요. 다시 올려 주세요.`);
  if (bytes.length > opts.maxBytes) {
    throw invalid(
      opts.field,
      'IMAGE_TOO_LARGE',
      `${opts.what}이 너무 커요. ${Math.floor(opts.maxBytes / 1024)}KB까지 올릴 수 있어요.`,
    );
  }
  const type = sniffImageType(bytes);
  if (!type || !opts.allow.includes(type)) {
    throw invalid(
      opts.field,
      'IMAGE_TYPE',
      `${opts.what}은 ${opts.allow.map((t) => t.toUpperCase()).join('나 ')} 이미지로 올려 주세요.`,
    );
  }
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw invalid(opts.field, 'IMAGE_UNREADABLE', `${opts.what}을 읽을 수 없어요. 다른 사진으로 다시 올려 주세요.`);
  }
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (width * height > maxPixels || width > maxSide || height > maxSide) {
    throw invalid(
      opts.field,
      'IMAGE_TOO_MANY_PIXELS',
      `${opts.what}의 해상도가 너무 높아요. ${opts.retry ?? '사진을 줄여서 다시 올려 주세요.'}`,
    );
  }
  if (width === 0 || height === 0) {
    throw invalid(opts.field, 'IMAGE_UNREADABLE', `${opts.what}을 읽을 수 없어요. 다른 사진으로 다시 올려 주세요.`);
  }
  return { type, bytes, width, height };
}

/**
 * The ID photo's quality (contract photoQuality.ts, the same rules the browser applies before uploading): upright,
 * fitted into PHOTO_ANALYSIS_SIDE, grey. A dark, blank or blurry photo is a 422 naming the field, in words the patient
 * can act on, so she retakes it now rather than hear of it from an insurer weeks later.
 */
export async function checkPhotoQuality(img: CheckedImage, field: string): Promise<void> {
  let code;
  try {
    const { data, info } = await sharp(img.bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: PHOTO_ANALYSIS_SIDE, height: PHOTO_ANALYSIS_SIDE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const grey = info.channels === 1 ? data : data.filter((_, i) => i % info.channels === 0);
    code = photoProblem(photoMetrics(grey, info.width, info.height));
  } catch {
    throw invalid(field, 'IMAGE_UNREADABLE', '신분증 사진을 읽을 수 없어요. 다른 사진으로 다시 올려 주세요.');
  }
  if (code) throw invalid(field, code, PHOTO_PROBLEM_MESSAGES[code]);
}

/** The longest side a photographed document (a 가족관계증명서) is kept at: A4 at 300 dpi, its small print legible. */
export const STORED_DOCUMENT_MAX_SIDE = 3508;

/**
 * A photographed paper document as stored: upright by its EXIF orientation, fitted into STORED_DOCUMENT_MAX_SIDE,
 * JPEG, no metadata (GPS and all). No ID-card quality rule: a sheet of paper is no card.
 */
export async function reencodeDocumentPhoto(img: CheckedImage, field: string): Promise<Buffer> {
  try {
    return await sharp(img.bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
      .rotate()
      .resize({
        width: STORED_DOCUMENT_MAX_SIDE,
        height: STORED_DOCUMENT_MAX_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .jpeg({ quality: 85 })
      .toBuffer();
  } catch {
    throw invalid(field, 'IMAGE_UNREADABLE', '서류 사진을 읽을 수 없어요. 다른 사진으로 다시 올려 주세요.');
  }
}

/** The checks of an uploaded ID photo: the OCR call's and subscribing's. */
export const ID_PHOTO_CHECK = {
  field: 'idcardImg',
  what: '신분증 사진',
  maxBytes: MAX_PHOTO_BYTES,
  allow: ['jpeg', 'png'] as const,
};

/**
 * The ID photo as stored: turned upright by its EXIF orientation, fitted into STORED_PHOTO_MAX_SIDE, JPEG, no
 * metadata at all, and only once it passes checkPhotoQuality. A file that only pretends to be an image fails here as
 * IMAGE_UNREADABLE.
 */
export async function reencodePhoto(img: CheckedImage, field: string): Promise<Buffer> {
  await checkPhotoQuality(img, field);
  try {
    return await sharp(img.bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: STORED_PHOTO_MAX_SIDE, height: STORED_PHOTO_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 85 })
      .toBuffer();
  } catch {
    throw invalid(field, 'IMAGE_UNREADABLE', '신분증 사진을 읽을 수 없어요. 다른 사진으로 다시 올려 주세요.');
  }
}

/** Less ink than this share of the pad (drawn pixels / all pixels) is no signature. */
export const MIN_SIGNATURE_INK = 0.002;

/** Fits a signature into the pad's size (SIGNATURE_PAD_*), never enlarging it. */
const fitToPad = (s: Sharp) =>
  s.resize({ width: SIGNATURE_PAD_WIDTH, height: SIGNATURE_PAD_HEIGHT, fit: 'inside', withoutEnlargement: true });

/**
 * The signature as stored: PNG fitted into the pad's size in CSS pixels (a device's pixel ratio adds nothing the
 * documents can show), no metadata. A blank or nearly blank pad is refused (SIGNATURE_EMPTY).
 */
export async function reencodeSignature(img: CheckedImage, field: string): Promise<Buffer> {
  let png: Buffer;
  let ink: number;
  try {
    const pipeline = sharp(img.bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' });
    png = await fitToPad(pipeline.clone()).png().toBuffer();
    // Ink: pixels that are visible (alpha) and not white, on a flattened grey copy.
    const { data, info } = await pipeline
      .clone()
      .flatten({ background: '#ffffff' })
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    let dark = 0;
    for (let i = 0; i < data.length; i += info.channels) if (data[i]! < 160) dark++;
    ink = dark / (info.width * info.height);
  } catch {
    throw invalid(field, 'IMAGE_UNREADABLE', '서명을 읽을 수 없어요. 다시 서명해 주세요.');
  }
  if (ink < MIN_SIGNATURE_INK) {
    throw invalid(field, 'SIGNATURE_EMPTY', '서명이 비어 있거나 너무 짧아요. 이름을 또박또박 서명해 주세요.');
  }
  return png;
}

/**
 * An uploaded signature (`field`), checked and as stored: a PNG of at most MAX_SIGNATURE_BYTES and no more pixels
 * than a pad can draw (MAX_SIGNATURE_PIXELS, refused from the header before decoding: 400 IMAGE_TOO_MANY_PIXELS naming
 * the field), fitted into the pad's size.
 */
export async function checkSignature(dataUrl: string, field: string): Promise<Buffer> {
  const img = await checkImage(dataUrl, {
    field,
    what: '서명 이미지',
    maxBytes: MAX_SIGNATURE_BYTES,
    allow: ['png'],
    maxPixels: MAX_SIGNATURE_PIXELS,
    maxSide: MAX_SIGNATURE_SIDE,
    retry: '서명 칸에 다시 서명해 주세요.',
  });
  return reencodeSignature(img, field);
}

/** Pango markup's own characters, written as entities: a name is text, never markup. */
const markupText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A signature typed instead of drawn (README "Accessibility and older patients"): the name the server has checked,
 * drawn by libvips in the documents' own Korean font, dark ink on a transparent ground like the pad's, fitted to the
 * pad: the documents take it as they take a drawn one.
 */
export async function typedSignaturePng(name: string): Promise<Buffer> {
  const text = `<span foreground="#111111">${markupText(name)}</span>`;
  const drawn = await sharp({
    text: { text, fontfile: fontFile('regular'), font: 'Pretendard 96', dpi: 72, rgba: true },
  })
    .png()
    .toBuffer();
  return fitToPad(sharp(drawn)).png().toBuffer();
}

/** Width and height from a PNG's header (IHDR), without decoding it; undefined when it is no PNG. */
export function pngSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (b.length < 24 || sniffImageType(b) !== 'png' || b.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

/**
 * A stored signature as the documents draw it: as it is when it fits the pad (every signature stored since they are
 * fitted on arrival: a header read), else fitted now by sharp, in libuv's threads, never the event loop. Signatures
 * stored before that are thus made small where they are used; nothing rewrites them (docs/operations.md).
 */
export async function padSizedSignature(png: Uint8Array): Promise<Uint8Array> {
  const size = pngSize(png);
  if (size && size.width <= SIGNATURE_PAD_WIDTH && size.height <= SIGNATURE_PAD_HEIGHT) return png;
  const fitted = await fitToPad(sharp(png, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' }))
    .png()
    .toBuffer();
  // A fresh array of its own (pdf-lib reads `.buffer`; a pooled Buffer shares it with its neighbours).
  return new Uint8Array(fitted);
}
