// The hospitals' PDFs in the blob store (ADR 0006; docs/architecture.md, "Blobs"): document_request names its file's
// blob id, SHA-256 and the field key id that sealed its data key. Put before the row that names it commits, deleted
// again when that row is not written; the orphan sweep (jobs/blob-sweep.ts) asks namedBlobs before it deletes.
import type { AppContext } from '../../context.js';
import type { Handle } from '../../db/handle.js';
import { docrequestsDb } from './tables.js';

export async function putDocument(ctx: AppContext, bytes: Uint8Array) {
  const put = await ctx.blobs.put(bytes, { kind: 'hospital-document' });
  return { fileBlobId: put.blobId, fileSha256: put.sha256, fileKeyId: ctx.crypto.keyId, fileBytes: bytes.byteLength };
}

export async function deleteDocument(ctx: Pick<AppContext, 'blobs' | 'log'>, blobId: string) {
  try {
    await ctx.blobs.delete(blobId);
  } catch (err) {
    ctx.log.warn({ err, blobId }, 'a hospital document file was not deleted; the orphan sweep removes it');
  }
}

/** Of these blob ids, those a document request names (the orphan sweep's question to this module). */
export async function namedBlobs(handle: Handle, blobIds: string[]): Promise<Set<string>> {
  if (!blobIds.length) return new Set();
  const rows = await docrequestsDb(handle)
    .selectFrom('documentRequest')
    .select('fileBlobId')
    .where('fileBlobId', 'in', blobIds)
    .execute();
  return new Set(rows.flatMap((r) => (r.fileBlobId ? [r.fileBlobId] : [])));
}
