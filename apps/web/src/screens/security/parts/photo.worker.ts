// The ID photo's work off the main thread (README "Enrolment"): decode (upright by its EXIF orientation), check its
// quality by the contract's rules (photoQuality.ts, the same the server applies), and make a JPEG of at most
// PHOTO_TARGET_BYTES. Our own module worker, served from 'self' (the CSP's worker-src); nothing from a CDN.
import {
  PHOTO_TARGET_BYTES,
  STORED_PHOTO_MAX_SIDE,
  photoAnalysisSize,
  photoMetrics,
  photoProblem,
  type PhotoProblemCode,
} from '@auto-claim/contract';

export type PhotoRequest = { file: Blob };
export type PhotoAnswer =
  | { ok: true; blob: Blob; width: number; height: number }
  | { ok: false; reason: 'unreadable' | 'tooLarge' }
  | { ok: false; reason: 'quality'; code: PhotoProblemCode };

/** Photos the server takes as they are (it re-encodes what it stores, without EXIF). */
const AS_IS_TYPES = ['image/jpeg', 'image/png'];
/** Tried in turn until the JPEG is small enough; a detailed photo may need the lower ones. */
const QUALITIES = [0.85, 0.7, 0.55];
/** Smaller sides only when the lowest quality is still too large. */
const SIDES = [STORED_PHOTO_MAX_SIDE, 1600, 1280];

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<PhotoRequest>) => void) | null;
  postMessage(m: PhotoAnswer): void;
};

function fit(width: number, height: number, side: number) {
  const scale = Math.min(1, side / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Grey by Rec. 709 luma, as sharp's greyscale() makes it on the server. */
function grey(rgba: Uint8ClampedArray): Uint8Array {
  const out = new Uint8Array(rgba.length / 4);
  for (let i = 0, j = 0; j < out.length; i += 4, j++) {
    out[j] = Math.round(0.2126 * rgba[i]! + 0.7152 * rgba[i + 1]! + 0.0722 * rgba[i + 2]!);
  }
  return out;
}

/** The bitmap fitted into `side` on a white canvas (a transparent PNG becomes white, not black). */
async function canvasOf(full: ImageBitmap, side: number) {
  const s = fit(full.width, full.height, side);
  const canvas = new OffscreenCanvas(s.width, s.height);
  const c = canvas.getContext('2d', { willReadFrequently: side <= 512 })!;
  c.fillStyle = '#ffffff';
  c.fillRect(0, 0, s.width, s.height);
  if (s.width === full.width) {
    c.drawImage(full, 0, 0);
  } else {
    const resized = await createImageBitmap(full, {
      resizeWidth: s.width,
      resizeHeight: s.height,
      resizeQuality: 'medium',
    });
    c.drawImage(resized, 0, 0);
    resized.close();
  }
  return { canvas, c };
}

async function work(file: Blob): Promise<PhotoAnswer> {
  let full: ImageBitmap;
  try {
    full = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  try {
    // One resize of the full photo; the analysis image is made from that, not from all 12 megapixels again.
    let { canvas } = await canvasOf(full, SIDES[0]!);
    const a = photoAnalysisSize(full.width, full.height);
    const ac = new OffscreenCanvas(a.width, a.height).getContext('2d', { willReadFrequently: true })!;
    ac.imageSmoothingQuality = 'medium';
    ac.drawImage(canvas, 0, 0, a.width, a.height);
    const code = photoProblem(photoMetrics(grey(ac.getImageData(0, 0, a.width, a.height).data), a.width, a.height));
    if (code) return { ok: false, reason: 'quality', code };

    const fits = Math.max(full.width, full.height) <= STORED_PHOTO_MAX_SIDE;
    if (fits && file.size <= PHOTO_TARGET_BYTES && AS_IS_TYPES.includes(file.type)) {
      return { ok: true, blob: file, width: full.width, height: full.height };
    }
    for (const side of SIDES) {
      if (side !== SIDES[0]) canvas = (await canvasOf(full, side)).canvas;
      for (const quality of QUALITIES) {
        const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality });
        if (blob.size <= PHOTO_TARGET_BYTES) return { ok: true, blob, width: canvas.width, height: canvas.height };
      }
    }
    return { ok: false, reason: 'tooLarge' };
  } catch {
    return { ok: false, reason: 'unreadable' };
  } finally {
    full.close();
  }
}

scope.onmessage = (e) => {
  void work(e.data.file).then((answer) => scope.postMessage(answer));
};
