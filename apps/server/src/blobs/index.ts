// The blob store's face (docs/architecture.md, "Blobs"): the store BLOB_STORE names, over the field-key ring.
import type { FieldCrypto } from '../security/crypto.js';
import type { BlobConfig } from './config.js';
import { fsBackend } from './fs.js';
import { describeS3Error, s3Backend } from './s3.js';
import { envelopeStore, type BlobStore } from './store.js';

export { blobConfigOf, blobEnvSchema, type BlobConfig } from './config.js';
export {
  BLOB_KINDS,
  BlobChangedError,
  BlobIntegrityError,
  BlobKeyError,
  BlobNotFoundError,
  type BlobKind,
  type BlobStore,
  type ListedBlob,
  type StoredBlob,
} from './store.js';
export { moveInBatches, type BatchedMove, type MoveResult } from './move.js';
export { sweepOrphans, type SweepResult } from './sweep.js';

export function createBlobStore(config: BlobConfig, crypto: FieldCrypto): BlobStore {
  return envelopeStore(config.kind === 's3' ? s3Backend(config) : fsBackend(config.dir), crypto);
}

/** `npm run doctor`: writes, reads back and deletes a probe object, and says in one line what is wrong. */
export async function checkBlobStore(
  store: BlobStore,
  config: BlobConfig,
): Promise<{ kind: 'blobs'; vendor: string; ok: boolean; detail: string }> {
  const where = config.kind === 's3' ? `bucket ${config.bucket}` : config.dir;
  const probe = Buffer.from(`auto-claim doctor probe ${new Date().toISOString()}`);
  let step = 'write';
  try {
    const put = await store.put(probe, { kind: 'probe' });
    step = 'read back';
    const back = await store.get(put.blobId, { sha256: put.sha256 });
    step = 'delete';
    await store.delete(put.blobId);
    if (!back.equals(probe)) throw new Error('the probe read back differs from what was written');
    return { kind: 'blobs', vendor: store.name, ok: true, detail: `${where}: a probe object written, read, deleted` };
  } catch (err) {
    const why = config.kind === 's3' ? describeS3Error(err, config) : `${where}: ${(err as Error).message}`;
    return { kind: 'blobs', vendor: store.name, ok: false, detail: `could not ${step} a probe object: ${why}` };
  }
}
