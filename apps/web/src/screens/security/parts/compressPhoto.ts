// The one in-browser photo compression (browser-image-compression), shared by /security/photo and /web/IDPhoto:
// at most MAX_PHOTO_BYTES, longest side STORED_PHOTO_MAX_SIDE; no worker, no CDN. Loaded only when a photo is taken.
import { MAX_PHOTO_BYTES, STORED_PHOTO_MAX_SIDE } from '@auto-claim/contract';

/** Photos the server takes as they are (it re-encodes what it stores, without EXIF). */
const AS_IS_TYPES = ['image/jpeg', 'image/png'];
const TARGET_BYTES = MAX_PHOTO_BYTES * 0.9;

/**
 * The photo as a data URL of at most MAX_PHOTO_BYTES; a RangeError when it cannot be made that small. A JPEG or PNG
 * already small enough in bytes and pixels is sent as it is (re-encoding it would only blur the text the OCR reads);
 * anything else becomes a JPEG. Throws when the browser cannot open the file as an image.
 */
export async function compressToDataUrl(file: File): Promise<string> {
  const { default: imageCompression } = await import('browser-image-compression');
  const bitmap = await createImageBitmap(file);
  const fits = Math.max(bitmap.width, bitmap.height) <= STORED_PHOTO_MAX_SIDE;
  bitmap.close();
  if (fits && file.size <= TARGET_BYTES && AS_IS_TYPES.includes(file.type)) {
    return imageCompression.getDataUrlFromFile(file);
  }
  const out = await imageCompression(file, {
    maxSizeMB: TARGET_BYTES / (1024 * 1024),
    maxWidthOrHeight: STORED_PHOTO_MAX_SIDE,
    useWebWorker: false,
    fileType: 'image/jpeg',
    initialQuality: 0.85,
  });
  if (out.size > MAX_PHOTO_BYTES) throw new RangeError('too large');
  return imageCompression.getDataUrlFromFile(out);
}
