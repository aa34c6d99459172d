// The one in-browser photo compression (browser-image-compression), shared by /security/photo and /web/IDPhoto:
// JPEG, longest side STORED_PHOTO_MAX_SIDE, under MAX_PHOTO_BYTES; no worker, no CDN. Loaded only when a photo is taken.
import { MAX_PHOTO_BYTES, STORED_PHOTO_MAX_SIDE } from '@auto-claim/contract';

/** The photo as a JPEG data URL; a RangeError when it cannot be made small enough. */
export async function compressToDataUrl(file: File): Promise<string> {
  const { default: imageCompression } = await import('browser-image-compression');
  const out = await imageCompression(file, {
    maxSizeMB: (MAX_PHOTO_BYTES * 0.9) / (1024 * 1024),
    maxWidthOrHeight: STORED_PHOTO_MAX_SIDE,
    useWebWorker: false,
    fileType: 'image/jpeg',
    initialQuality: 0.85,
  });
  if (out.size > MAX_PHOTO_BYTES) throw new RangeError('too large');
  return imageCompression.getDataUrlFromFile(out);
}
