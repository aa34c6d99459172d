// The ID photo processed once (docs/performance.md): the OCR call checks a photo, re-encodes it and stores it; the
// session keeps, encrypted, the SHA-256 of the bytes the patient sent and where the stored copy is. Subscribing with
// the same bytes in the same session then names that copy instead of decoding the photo again. Used once: taken, it
// is forgotten, so a later subscription (after a cancellation deleted the copy) checks its photo afresh. The session
// lives 12 hours at most (SESSION_ABSOLUTE_SECONDS), less than the day the orphan sweep leaves a blob no row names.
import { createHash } from 'node:crypto';
import type { AppContext } from '../context.js';

import { reencodePhoto, type CheckedImage } from '../images/index.js';
import type { Patient } from './session.js';
import { securityDb } from './tables.js';

export interface CheckedPhoto {
  /** SHA-256 (hex) of the bytes the patient sent. */
  sentSha256: string;
  blobId: string;
  /** SHA-256 of the stored, re-encoded photo, as the subscription row keeps it. */
  sha256: string;
  keyId: string;
}

export const photoHashOf = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * The OCR call's share: the checked photo re-encoded (its quality checked there: a poor one is refused), stored in the
 * blob store as subscribing would store it, and remembered by the session.
 */
export async function keepCheckedPhoto(ctx: AppContext, patient: Patient, img: CheckedImage) {
  const stored = await reencodePhoto(img, 'idcardImg');
  if (!patient.sessionIdHash) return;
  const put = await ctx.blobs.put(stored, { kind: 'id-photo' });
  // As subscriptions/files.ts putFile: the store sealed the data key with the ring's current key.
  const photo: CheckedPhoto = {
    sentSha256: photoHashOf(img.bytes),
    blobId: put.blobId,
    sha256: put.sha256,
    keyId: ctx.crypto.keyId,
  };
  await securityDb(ctx.db)
    .updateTable('authSession')
    .set({ checkedPhotoEnc: ctx.crypto.encryptJson(photo) })
    .where('idHash', '=', patient.sessionIdHash)
    .execute();
}

/** The stored copy of the photo whose sent bytes hash to `sentSha256`, if this session's OCR call checked it; taken. */
export async function takeCheckedPhoto(
  ctx: AppContext,
  patient: Patient,
  sentSha256: string,
): Promise<CheckedPhoto | undefined> {
  if (!patient.sessionIdHash) return undefined;
  const db = securityDb(ctx.db);
  const row = await db
    .selectFrom('authSession')
    .select('checkedPhotoEnc')
    .where('idHash', '=', patient.sessionIdHash)
    .executeTakeFirst();
  if (!row?.checkedPhotoEnc) return undefined;
  const photo = ctx.crypto.decryptJson<CheckedPhoto>(row.checkedPhotoEnc);
  if (photo.sentSha256 !== sentSha256) return undefined;
  await db
    .updateTable('authSession')
    .set({ checkedPhotoEnc: null })
    .where('idHash', '=', patient.sessionIdHash)
    .execute();
  return photo;
}
