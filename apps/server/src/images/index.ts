// Uploaded images (DESIGN §5): the type is decided by magic bytes (never by the data URL's claim), the size and pixel
// count are checked before anything is decoded, and what is stored is re-encoded by sharp, which writes no EXIF, GPS
// or other metadata unless asked to. Every failure is the patient's to fix: a 400 problem naming the field, never 5xx.
import sharp, { type Metadata } from 'sharp';
import { MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE, STORED_PHOTO_MAX_SIDE } from '@auto-claim/contract';
import { AppError } from '../http/problem.js';

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

const invalid = (field: string, code: string, message: string) =>
  new AppError(400, code, message, [{ field, message }]);

/** The bytes of a `data:image/…;base64,…` URL. */
export function dataUrlBytes(dataUrl: string): Buffer {
  const comma = dataUrl.indexOf(',');
  return Buffer.from(comma >= 0 ? dataUrl.slice(comma + 1) : '', 'base64');
}

/**
 * Decodes and checks an uploaded image: one of `allow` by its magic bytes, at most `maxBytes`, at most
 * MAX_IMAGE_PIXELS pixels and MAX_IMAGE_SIDE on a side, and actually decodable.
 */
export async function checkImage(
  dataUrl: string,
  opts: { field: string; what: string; maxBytes: number; allow: readonly ImageType[] },
): Promise<CheckedImage> {
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
  if (width * height > MAX_IMAGE_PIXELS || width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE) {
    throw invalid(
      opts.field,
      'IMAGE_TOO_MANY_PIXELS',
      `${opts.what}의 해상도가 너무 높아요. 사진을 줄여서 다시 올려 주세요.`,
    );
  }
  if (width === 0 || height === 0) {
    throw invalid(opts.field, 'IMAGE_UNREADABLE', `${opts.what}을 읽을 수 없어요. 다른 사진으로 다시 올려 주세요.`);
  }
  return { type, bytes, width, height };
}

/**
 * The ID photo as stored: turned upright by its EXIF orientation, fitted into STORED_PHOTO_MAX_SIDE, JPEG, no
 * metadata at all. A file that only pretends to be an image fails here as IMAGE_UNREADABLE.
 */
export async function reencodePhoto(img: CheckedImage, field: string): Promise<Buffer> {
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

/** The signature as stored: PNG, no metadata. A blank or nearly blank pad is refused (SIGNATURE_EMPTY). */
export async function reencodeSignature(img: CheckedImage, field: string): Promise<Buffer> {
  let png: Buffer;
  let ink: number;
  try {
    const pipeline = sharp(img.bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' });
    png = await pipeline.clone().png().toBuffer();
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
