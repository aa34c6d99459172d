// The ID photo, processed once (security/checked-photo.ts): the OCR call checks, re-encodes and stores it and the
// session remembers it; subscribing with the same bytes in that session names the stored copy, decoding nothing.
// Any other photo is checked and re-encoded here as before (spec §3: the body is unchanged).
import type { AppContext } from '../../context.js';
import { checkImage, dataUrlBytes, ID_PHOTO_CHECK, reencodePhoto } from '../../images/index.js';
import { photoHashOf, takeCheckedPhoto } from '../../security/checked-photo.js';
import type { Patient } from '../../security/session.js';
import type { FileRef } from './files.js';

/** The checks of an ID photo upload, the OCR call's too (ID_PHOTO_CHECK). */
export const checkIdPhoto = (dataUrl: string) => checkImage(dataUrl, ID_PHOTO_CHECK);

/** The photo to store: the copy the OCR call kept (`kept`), or these bytes checked and re-encoded now. */
export type IdPhoto = { kept: FileRef } | { bytes: Buffer };

export async function idPhotoOf(ctx: AppContext, patient: Patient, dataUrl: string): Promise<IdPhoto> {
  const kept = await takeCheckedPhoto(ctx, patient, photoHashOf(dataUrlBytes(dataUrl)));
  if (kept) return { kept: { blobId: kept.blobId, sha256: kept.sha256, keyId: kept.keyId } };
  return { bytes: await reencodePhoto(await checkIdPhoto(dataUrl), 'idcardImg') };
}
