// The ID photo, processed once (security/checked-photo.ts): the OCR call checks, re-encodes and stores it and the
// session remembers it; subscribing with the same bytes in that session names the stored copy, decoding nothing.
// Any other photo is checked and re-encoded here as before (spec §3: the body is unchanged).
import { MAX_PHOTO_BYTES } from '@auto-claim/contract';
import type { AppContext } from '../../context.js';
import { checkImage, dataUrlBytes, reencodePhoto, type CheckedImage } from '../../images/index.js';
import { photoHashOf, rememberCheckedPhoto, takeCheckedPhoto } from '../../security/checked-photo.js';
import type { Patient } from '../../security/session.js';
import { putFile, type FileRef } from './files.js';

export const checkIdPhoto = (dataUrl: string) =>
  checkImage(dataUrl, { field: 'idcardImg', what: '신분증 사진', maxBytes: MAX_PHOTO_BYTES, allow: ['jpeg', 'png'] });

/** The OCR call's share: the checked photo, re-encoded (its quality checked there), stored and remembered. */
export async function keepCheckedPhoto(ctx: AppContext, patient: Patient, img: CheckedImage) {
  const stored = await reencodePhoto(img, 'idcardImg');
  const file = await putFile(ctx, 'id-photo', stored);
  await rememberCheckedPhoto(ctx, patient, { sentSha256: photoHashOf(img.bytes), ...file });
}

/** The photo to store: the copy the OCR call kept (`kept`), or these bytes checked and re-encoded now. */
export type IdPhoto = { kept: FileRef } | { bytes: Buffer };

export async function idPhotoOf(ctx: AppContext, patient: Patient, dataUrl: string): Promise<IdPhoto> {
  const kept = await takeCheckedPhoto(ctx, patient, photoHashOf(dataUrlBytes(dataUrl)));
  if (kept) return { kept: { blobId: kept.blobId, sha256: kept.sha256, keyId: kept.keyId } };
  return { bytes: await reencodePhoto(await checkIdPhoto(dataUrl), 'idcardImg') };
}
