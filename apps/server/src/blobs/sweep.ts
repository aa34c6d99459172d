// The orphan sweep (ADR 0006): a blob no row names is removed once it is older than any transaction that could
// still be writing its row. The owners say which ids they name; the store knows nothing of rows.
import type { BlobStore } from './store.js';

export interface SweepResult {
  /** Blobs listed. */
  listed: number;
  /** Old enough and named by no row: deleted (or, on a dry run, would be). */
  orphans: number;
}

export async function sweepOrphans(
  store: BlobStore,
  opts: {
    /** Of these ids, the ones some row names (each owner's tables, asked together). */
    named(blobIds: string[]): Promise<ReadonlySet<string>>;
    /** Only blobs last written before this are judged: a put whose row is not committed yet is younger. */
    writtenBefore: Date;
    pageSize?: number;
    /** Counts the orphans and deletes nothing. */
    dryRun?: boolean;
  },
): Promise<SweepResult> {
  const pageSize = opts.pageSize ?? 500;
  const result: SweepResult = { listed: 0, orphans: 0 };
  let page: string[] = [];
  const judge = async () => {
    const named = page.length ? await opts.named(page) : new Set<string>();
    for (const blobId of page.filter((id) => !named.has(id))) {
      result.orphans += 1;
      if (!opts.dryRun) await store.delete(blobId);
    }
    page = [];
  };
  for await (const blob of store.list({ pageSize })) {
    result.listed += 1;
    if (blob.modifiedAt < opts.writtenBefore) page.push(blob.blobId);
    if (page.length >= pageSize) await judge();
  }
  await judge();
  return result;
}
