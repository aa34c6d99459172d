// The relation documents' files in the blob store (ADR 0006; docs/architecture.md, "Blobs"): a row of
// relation_document names its file's blob id, SHA-256 and the field key id that sealed its data key. The file is put
// before its row commits (a put whose row does not commit is deleted again); rows go with their subscription's purge
// (cascade), and the daily orphan sweep (jobs/blob-sweep.ts, this module in its OWNERS) then deletes the files.
import type { AppContext } from '../../context.js';
import { own, type Handle } from '../../db/handle.js';
import type { GuardiansTables } from './tables.js';

export async function putDocument(ctx: AppContext, bytes: Uint8Array) {
  const put = await ctx.blobs.put(bytes, { kind: 'relation-document' });
  return { blobId: put.blobId, sha256: put.sha256, keyId: ctx.crypto.keyId };
}

export async function deleteDocument(ctx: AppContext, blobId: string) {
  try {
    await ctx.blobs.delete(blobId);
  } catch (err) {
    ctx.log.warn({ err, blobId }, 'a relation document file was not deleted; the orphan sweep removes it');
  }
}

/** Of these blob ids, those a relation document names (the orphan sweep's question to this module). */
export async function namedBlobs(handle: Handle, blobIds: string[]): Promise<Set<string>> {
  if (!blobIds.length) return new Set();
  const rows = await own<GuardiansTables>(handle)
    .selectFrom('relationDocument')
    .select('fileBlobId')
    .where('fileBlobId', 'in', blobIds)
    .execute();
  return new Set(rows.flatMap((r) => (r.fileBlobId ? [r.fileBlobId] : [])));
}
