// The batched move of files out of rows into the blob store (ADR 0006; docs/architecture.md, "Blobs"), one loop for
// every owner whose rows still hold files written before the store (subscriptions' files.ts, treats' files.ts): each
// batch is a transaction that locks its rows (SKIP LOCKED: another worker takes the next ones), puts each file in the
// store and writes its blob id into the row; the blobs of a batch that did not commit are deleted (or, after a crash,
// swept as orphans). The owner says which rows, how a row moves, and in what transaction.

export interface MoveResult {
  /** Files written to the store and emptied from their rows. */
  moved: number;
  /** Files no key of the ring opens: left in their rows (the owner's log says which key id is missing). */
  unreadable: number;
  /** True when no row with a file in it was left behind this call. */
  complete: boolean;
}

export interface BatchedMove<Trx, Row, Key> {
  batchSize?: number;
  maxBatches?: number;
  /** The key before the first row (rows are taken in key order). */
  start: Key;
  /** The owner's database handle: each batch is one of its transactions. */
  db: { transaction(): { execute<T>(work: (trx: Trx) => Promise<T>): Promise<T> } };
  /** At most `limit` rows after `after` that still hold a file, in key order, locked (FOR UPDATE SKIP LOCKED). */
  next(trx: Trx, after: Key, limit: number): Promise<Row[]>;
  keyOf(row: Row): Key;
  /**
   * Moves one row's files: puts each in the store (telling `put` its blob id at once, so that a batch that fails
   * deletes it) and writes the row. Answers how many files it left because no key opens them.
   */
  move(trx: Trx, row: Row, put: (blobId: string) => void): Promise<number>;
  /** Deletes the blobs of a batch that did not commit; one that fails is left to the orphan sweep. */
  deleteBlobs(blobIds: string[]): Promise<void>;
}

/** Moves rows' files a batch at a time until none is left or `maxBatches` (default 5 of 20 rows) were done. */
export async function moveInBatches<Trx, Row, Key>(m: BatchedMove<Trx, Row, Key>): Promise<MoveResult> {
  const { batchSize = 20, maxBatches = 5 } = m;
  const out: MoveResult = { moved: 0, unreadable: 0, complete: false };
  let after = m.start;
  for (let batch = 0; batch < maxBatches; batch++) {
    const put: string[] = [];
    let seen = 0;
    try {
      await m.db.transaction().execute(async (trx) => {
        const rows = await m.next(trx, after, batchSize);
        seen = rows.length;
        for (const row of rows) {
          after = m.keyOf(row);
          out.unreadable += await m.move(trx, row, (blobId) => put.push(blobId));
        }
      });
    } catch (err) {
      await m.deleteBlobs(put);
      throw err;
    }
    out.moved += put.length;
    if (seen < batchSize) {
      out.complete = true;
      break;
    }
  }
  return out;
}
