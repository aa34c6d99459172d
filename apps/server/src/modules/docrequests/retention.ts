// Document requests' retention (docs/operations.md §9): a paper asked of a hospital serves the claim it was asked
// for, so it is kept as long as that claim can be disputed: three years (CLAIM_KEEP_YEARS, 상법 제662조) after its
// last step (delivered, else received, else asked; index document_request_last_step). The row goes a batch at a time
// on the minute tick (db/purge.ts); its PDF is deleted from the blob store right after (what a failed delete leaves,
// the orphan sweep takes).
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { purgeInBatches, type PurgeOptions } from '../../db/purge.js';
import { claimCutoff } from '../claims/index.js';
import { deleteDocument } from './files.js';
import { docrequestsDb, type DocrequestsTables } from './tables.js';

/** Deletes the requests past their period and their PDFs; answers how many went. */
export async function purgeDocumentRequests(
  ctx: Pick<AppContext, 'db' | 'blobs' | 'log'>,
  now: Date,
  opts?: PurgeOptions,
) {
  const due = sql`coalesce(delivered_at, received_at, asked_at) < ${claimCutoff(now)}`;
  const r = await purgeInBatches<DocrequestsTables, { fileBlobId: string | null }>(
    docrequestsDb(ctx.db),
    'documentRequest',
    due,
    { ...opts, returning: ['fileBlobId'] },
  );
  for (const row of r.rows) if (row.fileBlobId) await deleteDocument(ctx, row.fileBlobId);
  return r.deleted;
}
