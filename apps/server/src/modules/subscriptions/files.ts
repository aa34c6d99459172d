// The subscriber's files in the blob store (ADR 0006; docs/architecture.md, "Blobs"): her ID photo, her signature
// image and the 위임장 and 동의서 as first made. Her row keeps only each file's blob id, SHA-256 and the field key id
// that sealed its data key (migration 0030); the bytes are read back with their hash checked. A blob is deleted after
// the commit that stops naming it: a failure then leaves an orphan for the daily sweep (jobs/blob-sweep.ts), never a
// row naming nothing. Rows written before 0030 keep their files in idcard_img_enc / sign_img_enc until the move job
// (moveLegacyFiles, on the minute) takes them out, a batch at a time.
import { sql } from 'kysely';
import { moveInBatches, type BlobKind, type MoveResult } from '../../blobs/index.js';
import type { AppContext } from '../../context.js';
import type { Handle } from '../../db/handle.js';
import { FieldKeyError } from '../../security/crypto.js';
import { subscriptionsDb } from './tables.js';

/** What a row keeps of one file. */
export interface FileRef {
  blobId: string;
  sha256: string;
  keyId: string;
}

/** Puts the bytes in the store; the caller writes the answer into its row. */
export async function putFile(ctx: AppContext, kind: BlobKind, bytes: Uint8Array): Promise<FileRef> {
  const put = await ctx.blobs.put(bytes, { kind });
  // The store seals a new object's data key with the ring's current key.
  return { blobId: put.blobId, sha256: put.sha256, keyId: ctx.crypto.keyId };
}

/** A file stored before 0030: encrypted base64, or a data URL as some early rows kept it. */
export function legacyBytes(ctx: AppContext, enc: string): Buffer {
  const stored = ctx.crypto.decrypt(enc);
  return Buffer.from(stored.slice(stored.indexOf(',') + 1), 'base64');
}

/**
 * A file's bytes: from the store, refusing any whose SHA-256 is not the row's, or, in a row the move has not reached,
 * from its *_enc column. Undefined when the row has none.
 */
export async function fileBytes(
  ctx: AppContext,
  blobId: string | null,
  sha256: string | null,
  legacyEnc?: string | null,
): Promise<Buffer | undefined> {
  if (blobId) return ctx.blobs.get(blobId, sha256 ? { sha256 } : undefined);
  return legacyEnc ? legacyBytes(ctx, legacyEnc) : undefined;
}

/** Deletes blobs no row names any more (after that commit); one that fails is left to the orphan sweep. */
export async function deleteFiles(ctx: AppContext, blobIds: (string | null | undefined)[]) {
  for (const blobId of blobIds) {
    if (!blobId) continue;
    try {
      await ctx.blobs.delete(blobId);
    } catch (err) {
      ctx.log.warn({ err, blobId }, 'a subscription file was not deleted; the orphan sweep removes it');
    }
  }
}

/** Every blob column of subscription: what the sweep asks about, and what a purge deletes. */
export const BLOB_COLUMNS = ['idcardImgBlobId', 'signImgBlobId', 'commissionBlobId', 'consentBlobId'] as const;

/** The blob ids a row names. */
export const blobIdsOf = (row: Partial<Record<(typeof BLOB_COLUMNS)[number], string | null>>) =>
  BLOB_COLUMNS.map((c) => row[c]).filter((id): id is string => !!id);

/** Of these blob ids, those a subscription names (the orphan sweep's question to this module). */
export async function namedBlobs(handle: Handle, blobIds: string[]): Promise<Set<string>> {
  if (!blobIds.length) return new Set();
  const rows = await subscriptionsDb(handle)
    .selectFrom('subscription')
    .select(BLOB_COLUMNS)
    .where((eb) => eb.or(BLOB_COLUMNS.map((c) => eb(c, 'in', blobIds))))
    .execute();
  const asked = new Set(blobIds);
  return new Set(rows.flatMap(blobIdsOf).filter((id) => asked.has(id)));
}

export type { MoveResult } from '../../blobs/index.js';

const LEGACY = [
  {
    enc: 'idcardImgEnc',
    blobId: 'idcardImgBlobId',
    sha256: 'idcardImgSha256',
    keyId: 'idcardImgKeyId',
    kind: 'id-photo',
  },
  { enc: 'signImgEnc', blobId: 'signImgBlobId', sha256: 'signImgSha256', keyId: 'signImgKeyId', kind: 'signature' },
] as const;

/**
 * Moves files out of rows written before 0030, in the order of their ids (blobs/move.ts, moveInBatches: a batch a
 * transaction, its rows locked, the blobs of one that did not commit deleted). For each row, writes each file to the
 * store, and sets its id, hash and key id and empties its *_enc column. Idempotent and restartable: a row is chosen by
 * its full *_enc column, so what a crash left is found again.
 */
export async function moveLegacyFiles(
  ctx: AppContext,
  opts: { batchSize?: number; maxBatches?: number } = {},
): Promise<MoveResult> {
  const db = subscriptionsDb(ctx.db);
  return moveInBatches({
    ...opts,
    start: '',
    db,
    next: (trx, after, limit) =>
      trx
        .selectFrom('subscription')
        .select(['insuApplyId', ...LEGACY.flatMap((f) => [f.enc, f.blobId] as const)])
        .where('insuApplyId', '>', after)
        .where((eb) => eb.or(LEGACY.map((f) => eb(f.enc, 'is not', null))))
        .orderBy('insuApplyId')
        .limit(limit)
        .forUpdate()
        .skipLocked()
        .execute(),
    keyOf: (row) => row.insuApplyId,
    async move(trx, row, put) {
      let unreadable = 0;
      const set: Record<string, string | null> = {};
      for (const f of LEGACY) {
        const enc = row[f.enc];
        if (!enc) continue;
        // Already moved (a row written twice): only the old copy goes.
        if (row[f.blobId]) {
          set[f.enc] = null;
          continue;
        }
        let bytes: Buffer;
        try {
          bytes = legacyBytes(ctx, enc);
        } catch (err) {
          if (!(err instanceof FieldKeyError)) throw err;
          unreadable += 1;
          ctx.log.warn({ keyId: err.keyId }, 'a subscription file no key opens was left in its row');
          continue;
        }
        const ref = await putFile(ctx, f.kind, bytes);
        put(ref.blobId);
        Object.assign(set, { [f.blobId]: ref.blobId, [f.sha256]: ref.sha256, [f.keyId]: ref.keyId, [f.enc]: null });
      }
      if (Object.keys(set).length) {
        await trx.updateTable('subscription').set(set).where('insuApplyId', '=', row.insuApplyId).execute();
      }
      return unreadable;
    },
    deleteBlobs: (blobIds) => deleteFiles(ctx, blobIds),
  });
}

/** How many rows still hold a file in an *_enc column (the move's progress, for the log and the tests). */
export async function legacyFilesLeft(handle: Handle): Promise<number> {
  const { n } = await subscriptionsDb(handle)
    .selectFrom('subscription')
    .select(sql<number>`count(*)::int`.as('n'))
    .where((eb) => eb.or(LEGACY.map((f) => eb(f.enc, 'is not', null))))
    .executeTakeFirstOrThrow();
  return n;
}
