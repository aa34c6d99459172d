// The relation documents' files in the blob store (ADR 0006; docs/architecture.md, "Blobs"): a row of
// relation_document names its file's blob id, SHA-256 and the field key id that sealed its data key. The file is put
// before its row commits (a put whose row does not commit is deleted again). One retention rule (docs/security.md,
// "Uploads"): a live subscription keeps its newest document only, and none once it ends: a replaced document goes as
// its successor is kept (relation.ts), every document of a subscription as it ends (deleteDocumentsOf, called where a
// subscription ends: the patient's cancel, a takeover at 19, an operator's ruling), row and file, like the ID photo
// and signature. Should that call not run (a crash between the end's commit and it), no reader shows the document of
// an ended subscription (console.ts), its row goes with the subscription's purge (cascade) and the daily orphan sweep
// (jobs/blob-sweep.ts, this module in its OWNERS) then deletes its file.
import type { AppContext } from '../../context.js';
import type { Handle } from '../../db/handle.js';
import { guardiansDb } from './tables.js';

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

/** Deletes every relation document of a subscription that ended: the rows, then their files. */
export async function deleteDocumentsOf(ctx: AppContext, insuApplyId: string) {
  const rows = await guardiansDb(ctx.db)
    .deleteFrom('relationDocument')
    .where('insuApplyId', '=', insuApplyId)
    .returning('fileBlobId')
    .execute();
  for (const r of rows) if (r.fileBlobId) await deleteDocument(ctx, r.fileBlobId);
}

/** Of these blob ids, those a relation document names (the orphan sweep's question to this module). */
export async function namedBlobs(handle: Handle, blobIds: string[]): Promise<Set<string>> {
  if (!blobIds.length) return new Set();
  const rows = await guardiansDb(handle)
    .selectFrom('relationDocument')
    .select('fileBlobId')
    .where('fileBlobId', 'in', blobIds)
    .execute();
  return new Set(rows.flatMap((r) => (r.fileBlobId ? [r.fileBlobId] : [])));
}
