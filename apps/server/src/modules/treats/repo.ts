// SQL for the ID copies insurers ask for and patients submit (migration 0006_treats). A patient is always found
// through the keyed hash of the CI, never plaintext.
import type { IdcardType } from '@auto-claim/contract';
import type { Handle } from '../../db/handle.js';
import { treatsDb } from './tables.js';

export const listIdCardRequests = (handle: Handle, ciHmac: string) =>
  treatsDb(handle)
    .selectFrom('idCardRequest')
    .select(['id', 'insuCompCd', 'claimId', 'reason', 'requestedAt', 'submittedAt'])
    .where('ciHmac', '=', ciHmac)
    .orderBy('id', 'desc')
    .limit(50)
    .execute();

export const openIdCardRequests = (handle: Handle, ciHmac: string, requestId?: number) => {
  let q = treatsDb(handle)
    .selectFrom('idCardRequest')
    .select(['id', 'insuCompCd', 'claimId'])
    .where('ciHmac', '=', ciHmac)
    .where('submittedAt', 'is', null);
  if (requestId !== undefined) q = q.where('id', '=', requestId);
  return q.orderBy('id').forUpdate().execute();
};

export const findIdCardRequest = (handle: Handle, ciHmac: string, requestId: number) =>
  treatsDb(handle)
    .selectFrom('idCardRequest')
    .select(['id', 'submittedAt'])
    .where('ciHmac', '=', ciHmac)
    .where('id', '=', requestId)
    .executeTakeFirst();

export async function insertIdCardSubmission(
  handle: Handle,
  s: {
    ciHmac: string;
    idcardType: IdcardType;
    imageBlobId: string;
    imageSha256: string;
    imageKeyId: string;
    imageBytes: number;
    width: number;
    height: number;
    fieldsEnc: string;
  },
  at: Date,
) {
  const db = treatsDb(handle);
  const row = await db
    .insertInto('idCardSubmission')
    .values({ ...s, submittedAt: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const markIdCardRequestsSubmitted = (handle: Handle, requestIds: number[], submissionId: number, at: Date) =>
  requestIds.length === 0
    ? Promise.resolve()
    : treatsDb(handle)
        .updateTable('idCardRequest')
        .set({ submissionId, submittedAt: at })
        .where('id', 'in', requestIds)
        .where('submittedAt', 'is', null)
        .execute()
        .then(() => undefined);

/** An insurer's request; the same open request for the same claim is not made twice. */
export async function insertIdCardRequest(
  handle: Handle,
  r: { ciHmac: string; insuCompCd: string; claimId: number | null; reason: string },
  at: Date,
): Promise<{ id: number; created: boolean }> {
  const db = treatsDb(handle);
  if (r.claimId !== null) {
    const open = await db
      .selectFrom('idCardRequest')
      .select('id')
      .where('claimId', '=', r.claimId)
      .where('insuCompCd', '=', r.insuCompCd)
      .where('submittedAt', 'is', null)
      .executeTakeFirst();
    if (open) return { id: open.id, created: false };
  }
  const row = await db
    .insertInto('idCardRequest')
    .values({ ...r, requestedAt: at, submissionId: null, submittedAt: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, created: true };
}
