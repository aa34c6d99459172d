// The one in-browser photo preparation, shared by /security/photo and /web/IDPhoto: the quality check of the
// contract's photoQuality.ts and a JPEG of at most PHOTO_TARGET_BYTES, longest side STORED_PHOTO_MAX_SIDE, made in our
// own worker (photo.worker.ts) so the page stays responsive on a slow phone. No CDN (the CSP's worker-src is 'self').
import { PHOTO_PROBLEM_MESSAGES, type PhotoProblemCode } from '@auto-claim/contract';
import type { PhotoAnswer } from './photo.worker';

/** The photo breaks a quality rule: `message` is what the patient reads. */
export class PhotoQualityError extends Error {
  constructor(readonly code: PhotoProblemCode) {
    super(PHOTO_PROBLEM_MESSAGES[code]);
  }
}

let worker: Worker | undefined;
const queue: ((a: PhotoAnswer) => void)[] = [];

function ask(file: File): Promise<PhotoAnswer> {
  if (!worker) {
    worker = new Worker(new URL('./photo.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (e: MessageEvent<PhotoAnswer>) => queue.shift()?.(e.data);
    worker.onerror = () => {
      // A worker that failed to start answers nothing: every waiting photo is unreadable, the next call starts anew.
      worker = undefined;
      for (const resolve of queue.splice(0)) resolve({ ok: false, reason: 'unreadable' });
    };
  }
  return new Promise((resolve) => {
    queue.push(resolve);
    worker!.postMessage({ file });
  });
}

const toDataUrl = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(blob);
  });

/**
 * The photo as a JPEG (or an already small JPEG or PNG as it is: re-encoding it would only blur the text the OCR
 * reads) data URL of at most PHOTO_TARGET_BYTES. Throws PhotoQualityError for a dark, blank or blurry photo, a
 * RangeError when it cannot be made that small, and an Error when the browser cannot open it as an image.
 */
export async function compressToDataUrl(file: File): Promise<string> {
  const answer = await ask(file);
  if (answer.ok) return toDataUrl(answer.blob);
  if (answer.reason === 'quality') throw new PhotoQualityError(answer.code);
  if (answer.reason === 'tooLarge') throw new RangeError('too large');
  throw new Error('unreadable');
}
