// The blob store (docs/decisions/0006-blob-envelope.md): files too large for a row (ID photos, signatures, the
// 위임장 and 동의서, claim packages as sent, fax images) kept as objects named by a random id, each envelope-encrypted.
// A random data key per object seals its bytes (AES-256-GCM); the field-key ring (security/crypto.ts) seals the data
// key. The sealed key and the nonce are the object's header: a key rotation re-seals the header, never the bytes.
// Where the header lives is the backend's business (fs: the file's first bytes; s3: the object's metadata).
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { FieldKeyError, type FieldCrypto } from '../security/crypto.js';

/** What an object is; bound into its encryption, so an object never opens as another kind. No personal data. */
export const BLOB_KINDS = [
  'id-photo',
  'signature',
  'mandate',
  'consent',
  'claim-package',
  'fax-image',
  /** A guardian's 가족관계증명서 or 주민등록등본 (README "Children: a guardian claims for a child"). */
  'relation-document',
  /** A paper an insurer asked of a hospital, as the hospital answered it (README "Documents an insurer asks for"). */
  'hospital-document',
  'probe',
] as const;
export type BlobKind = (typeof BLOB_KINDS)[number];

export interface StoredBlob {
  /** 32 lower-case hex characters, random: the object's name, never derived from what it holds. */
  blobId: string;
  /** SHA-256 (hex) of the plain bytes: the row that names the blob keeps it, and get() checks it. */
  sha256: string;
  /** Plain bytes. */
  size: number;
}

export interface ListedBlob {
  blobId: string;
  modifiedAt: Date;
}

export interface BlobStore {
  /** fs or s3, for logs and the doctor. */
  readonly name: 'fs' | 's3';
  put(bytes: Uint8Array, opts: { kind: BlobKind }): Promise<StoredBlob>;
  /** The plain bytes; with `sha256`, refuses bytes that are not the ones recorded (BlobIntegrityError). */
  get(blobId: string, opts?: { sha256?: string }): Promise<Buffer>;
  /** Removes the object; one already gone is not an error (a purge may run twice). */
  delete(blobId: string): Promise<void>;
  /**
   * Every blob in the store, a page at a time, with when it was last written: the orphan sweep compares the ids with
   * the rows, and leaves alone what is younger than a transaction that may still be writing its row.
   */
  list(opts?: { pageSize?: number }): AsyncIterable<ListedBlob>;
  /** The field key id that seals the object's data key. */
  keyIdOf(blobId: string): Promise<string>;
  /** Re-seals the data key under the current field key; false when it already was. The bytes are not touched. */
  reseal(blobId: string): Promise<boolean>;
}

/** What a backend keeps: a name, a small ASCII header and the encrypted bytes. */
export interface BlobBackend {
  readonly name: 'fs' | 's3';
  write(blobId: string, header: string, body: Buffer): Promise<void>;
  read(blobId: string): Promise<{ header: string; body: Buffer }>;
  readHeader(blobId: string): Promise<string>;
  /** Replaces the header `from` by `to`, refusing (BlobChangedError) when the header is no longer `from`. */
  rewriteHeader(blobId: string, from: string, to: string): Promise<void>;
  remove(blobId: string): Promise<void>;
  ids(pageSize: number): AsyncIterable<ListedBlob>;
}

export class BlobNotFoundError extends Error {
  constructor(readonly blobId: string) {
    super(`blob ${blobId} is not in the store`);
    this.name = 'BlobNotFoundError';
  }
}

/** The object's bytes or header were changed, or it is not the object its row recorded. */
export class BlobIntegrityError extends Error {
  constructor(
    readonly blobId: string,
    reason: string,
  ) {
    super(`blob ${blobId} ${reason}`);
    this.name = 'BlobIntegrityError';
  }
}

/** The data key does not open: its field key is missing from the ring, or the header was changed. */
export class BlobKeyError extends Error {
  constructor(
    readonly blobId: string,
    readonly keyId: string | undefined,
    cause: FieldKeyError,
  ) {
    super(`blob ${blobId}: ${cause.message}`, { cause });
    this.name = 'BlobKeyError';
  }
}

/** Another writer changed the header between our read and our write (a concurrent reseal). */
export class BlobChangedError extends Error {
  constructor(readonly blobId: string) {
    super(`blob ${blobId} changed while its header was rewritten: try again`);
    this.name = 'BlobChangedError';
  }
}

const BLOB_ID = /^[0-9a-f]{32}$/;
export const isBlobId = (id: string) => BLOB_ID.test(id);
const VERSION = '1';

/** Refuses an id that is not one of ours before it reaches a path or a URL. */
export function assertBlobId(id: string) {
  if (!isBlobId(id)) throw new BlobNotFoundError(id.slice(0, 40).replace(/[^0-9a-zA-Z-]/g, '?'));
}

interface Header {
  kind: BlobKind;
  nonce: Buffer;
  /** The data key, sealed by the field-key ring: "<key id>:<base64url>". */
  sealedKey: string;
}

// "1.<kind>.<nonce base64url>.<sealed key>": ASCII with no separator inside a part, so it fits an S3 metadata value.
const formatHeader = (h: Header) => [VERSION, h.kind, h.nonce.toString('base64url'), h.sealedKey].join('.');
function parseHeader(blobId: string, header: string): Header {
  const [version, kind, nonce, sealedKey, ...rest] = header.split('.');
  if (version !== VERSION || rest.length || !BLOB_KINDS.includes(kind as BlobKind) || !nonce || !sealedKey) {
    throw new BlobIntegrityError(blobId, 'has no readable envelope header: it was changed or is not ours');
  }
  return { kind: kind as BlobKind, nonce: Buffer.from(nonce, 'base64url'), sealedKey };
}

// The id and the kind are authenticated with the bytes: an object copied under another id, or its header's kind
// changed, does not open. The sealed key is not: it changes with every rotation, and a wrong one opens nothing.
const aad = (blobId: string, kind: BlobKind) => Buffer.from(`auto-claim/blob/v${VERSION}\u0000${blobId}\u0000${kind}`);
const TAG = 16;

export const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The store: envelope encryption over a backend. */
export function envelopeStore(backend: BlobBackend, crypto: FieldCrypto): BlobStore {
  const dataKeyOf = (blobId: string, h: Header) => {
    try {
      return Buffer.from(crypto.decrypt(h.sealedKey), 'base64url');
    } catch (err) {
      if (err instanceof FieldKeyError) throw new BlobKeyError(blobId, err.keyId, err);
      throw err;
    }
  };
  return {
    name: backend.name,
    async put(bytes, { kind }) {
      if (!BLOB_KINDS.includes(kind)) throw new TypeError(`not a blob kind: ${String(kind)}`);
      const blobId = randomBytes(16).toString('hex');
      const dataKey = randomBytes(32);
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', dataKey, nonce).setAAD(aad(blobId, kind));
      const body = Buffer.concat([cipher.update(bytes), cipher.final(), cipher.getAuthTag()]);
      const header = formatHeader({ kind, nonce, sealedKey: crypto.encrypt(dataKey.toString('base64url')) });
      await backend.write(blobId, header, body);
      return { blobId, sha256: sha256Hex(bytes), size: bytes.length };
    },
    async get(blobId, opts) {
      assertBlobId(blobId);
      const { header, body } = await backend.read(blobId);
      const h = parseHeader(blobId, header);
      const dataKey = dataKeyOf(blobId, h);
      let plain: Buffer;
      try {
        if (body.length < TAG) throw new Error('short');
        const decipher = createDecipheriv('aes-256-gcm', dataKey, h.nonce).setAAD(aad(blobId, h.kind));
        decipher.setAuthTag(body.subarray(body.length - TAG));
        plain = Buffer.concat([decipher.update(body.subarray(0, body.length - TAG)), decipher.final()]);
      } catch {
        throw new BlobIntegrityError(blobId, 'does not open: its bytes or header were changed, or it was moved');
      }
      if (opts?.sha256 !== undefined && sha256Hex(plain) !== opts.sha256.toLowerCase()) {
        throw new BlobIntegrityError(blobId, 'is not the one recorded: its SHA-256 differs from the row’s');
      }
      return plain;
    },
    async delete(blobId) {
      assertBlobId(blobId);
      await backend.remove(blobId);
    },
    list: (opts) => backend.ids(Math.max(1, Math.min(opts?.pageSize ?? 1000, 1000))),
    async keyIdOf(blobId) {
      assertBlobId(blobId);
      return crypto.keyIdOf(parseHeader(blobId, await backend.readHeader(blobId)).sealedKey);
    },
    async reseal(blobId) {
      assertBlobId(blobId);
      const from = await backend.readHeader(blobId);
      const h = parseHeader(blobId, from);
      if (crypto.keyIdOf(h.sealedKey) === crypto.keyId) return false;
      // Opening it first names a missing key as BlobKeyError, as get() would.
      dataKeyOf(blobId, h);
      const sealedKey = crypto.reseal(h.sealedKey)!;
      await backend.rewriteHeader(blobId, from, formatHeader({ ...h, sealedKey }));
      return true;
    },
  };
}
