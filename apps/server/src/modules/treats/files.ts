// A patient's ID copies in the blob store (ADR 0006; docs/architecture.md, "Blobs"): id_card_submission keeps only
// the image's blob id, its SHA-256 and the field key id that sealed its data key (migration 0032). Rows written
// before keep the image as an encrypted data URL in image_enc until the move (moveLegacyImages, on the minute) takes
// it out, a batch at a time, like subscriptions' files (modules/subscriptions/files.ts).
import { sql } from 'kysely';
import { moveInBatches, type MoveResult } from '../../blobs/index.js';
import type { AppContext } from '../../context.js';
import type { Handle } from '../../db/handle.js';
import type { JobModule } from '../../jobs/runtime.js';
import { FieldKeyError } from '../../security/crypto.js';
import { treatsDb } from './tables.js';

/** Puts an ID copy in the store; the caller writes the answer into its row. */
export async function putImage(ctx: AppContext, bytes: Uint8Array) {
  const put = await ctx.blobs.put(bytes, { kind: 'id-photo' });
  return { imageBlobId: put.blobId, imageSha256: put.sha256, imageKeyId: ctx.crypto.keyId };
}

/** Deletes blobs no row names; one that fails is left to the orphan sweep. */
export async function deleteImages(ctx: AppContext, blobIds: string[]) {
  for (const blobId of blobIds) {
    try {
      await ctx.blobs.delete(blobId);
    } catch (err) {
      ctx.log.warn({ err, blobId }, 'an ID copy file was not deleted; the orphan sweep removes it');
    }
  }
}

/** A submission's image bytes: from the store with its hash checked, or from image_enc in a row not moved yet. */
export async function imageBytes(
  ctx: AppContext,
  row: { imageBlobId: string | null; imageSha256: string; imageEnc: string | null },
): Promise<Buffer | undefined> {
  if (row.imageBlobId) return ctx.blobs.get(row.imageBlobId, { sha256: row.imageSha256 });
  if (!row.imageEnc) return undefined;
  const dataUrl = ctx.crypto.decrypt(row.imageEnc);
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}

/** Of these blob ids, those a submission names (the orphan sweep's question to this module). */
export async function namedBlobs(handle: Handle, blobIds: string[]): Promise<Set<string>> {
  if (!blobIds.length) return new Set();
  const rows = await treatsDb(handle)
    .selectFrom('idCardSubmission')
    .select('imageBlobId')
    .where('imageBlobId', 'in', blobIds)
    .execute();
  return new Set(rows.flatMap((r) => (r.imageBlobId ? [r.imageBlobId] : [])));
}

/**
 * Moves images out of rows written before 0032, in id order (blobs/move.ts, moveInBatches: a batch a transaction, its
 * rows locked, the blobs of one that did not commit deleted): puts each image in the store, sets its blob id and key
 * id and empties image_enc. Its SHA-256 is the one the row kept since 0006: get() then proves the move.
 */
export async function moveLegacyImages(
  ctx: AppContext,
  opts: { batchSize?: number; maxBatches?: number } = {},
): Promise<MoveResult> {
  const db = treatsDb(ctx.db);
  return moveInBatches({
    ...opts,
    start: 0,
    db,
    next: (trx, after, limit) =>
      trx
        .selectFrom('idCardSubmission')
        .select(['id', 'imageEnc', 'imageBlobId', 'imageSha256'])
        .where('id', '>', after)
        .where('imageEnc', 'is not', null)
        .orderBy('id')
        .limit(limit)
        .forUpdate()
        .skipLocked()
        .execute(),
    keyOf: (row) => Number(row.id),
    async move(trx, row, put) {
      let set: Partial<{ imageBlobId: string; imageSha256: string; imageKeyId: string }> = {};
      // Already moved (a row written twice): only the old copy goes.
      if (!row.imageBlobId) {
        let bytes: Buffer;
        try {
          bytes = (await imageBytes(ctx, { ...row, imageBlobId: null }))!;
        } catch (err) {
          if (!(err instanceof FieldKeyError)) throw err;
          ctx.log.warn({ keyId: err.keyId }, 'an ID copy no key opens was left in its row');
          return 1;
        }
        set = await putImage(ctx, bytes);
        put(set.imageBlobId!);
      }
      await trx
        .updateTable('idCardSubmission')
        .set({ ...set, imageEnc: null })
        .where('id', '=', row.id)
        .execute();
      return 0;
    },
    deleteBlobs: (blobIds) => deleteImages(ctx, blobIds),
  });
}

/** How many submissions still hold their image in image_enc (the move's progress). */
export async function legacyImagesLeft(handle: Handle): Promise<number> {
  const { n } = await treatsDb(handle)
    .selectFrom('idCardSubmission')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('imageEnc', 'is not', null)
    .executeTakeFirstOrThrow();
  return n;
}

/** The move, a few batches a minute; says in the log how many are left while any are. */
export const treatJobs = (ctx: AppContext): JobModule => ({
  async everyMinute() {
    try {
      const r = await moveLegacyImages(ctx);
      if (r.moved || r.unreadable) {
        ctx.log.info({ ...r, left: await legacyImagesLeft(ctx.db) }, 'ID copies moved to the blob store');
      }
    } catch (err) {
      ctx.log.error({ err }, 'ID copies not moved to the blob store; tried again next minute');
    }
  },
});
