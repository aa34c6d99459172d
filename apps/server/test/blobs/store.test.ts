// The blob store's one contract (ADR 0006), run against both implementations: files in a tmp folder, and S3 through
// the real AWS SDK against a local server speaking the S3 wire protocol (fixtures/s3.ts). Each store gets a raw view
// of its own backing (the files, the bucket) to tamper with and to read names from, as an attacker or a backup would.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  CopyObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BlobIntegrityError,
  BlobKeyError,
  BlobNotFoundError,
  checkBlobStore,
  createBlobStore,
  sweepOrphans,
  type BlobConfig,
  type BlobStore,
} from '../../src/blobs/index.js';
import { s3Client } from '../../src/blobs/s3.js';
import { createFieldCrypto, fieldKeyId, type FieldCrypto } from '../../src/security/crypto.js';
import { S3_DOUBLE_SERVER, startS3Double } from '../../fixtures/s3.js';

const KEY_A = randomBytes(32).toString('hex');
const KEY_B = randomBytes(32).toString('hex');
const ringA = createFieldCrypto(KEY_A);

/** What the store keeps of one object, as raw bytes and names, outside the store's own code. */
interface Raw {
  /** Every name under which something is stored, and every header/metadata value. */
  names(): Promise<string[]>;
  headers(): Promise<string[]>;
  /** The stored bytes of one object (encrypted). */
  body(blobId: string): Promise<Buffer>;
  /** Flips one bit of the stored bytes at `at` bytes from the end. */
  flip(blobId: string, at: number): Promise<void>;
  /** Copies the stored object as it is under another id. */
  copy(from: string, to: string): Promise<void>;
}

interface Backing {
  config: BlobConfig;
  raw: Raw;
}

/** Each implementation: a fresh, empty backing per call. */
interface Implementation {
  name: string;
  /** What the tests' output calls it: for S3, the double's server and version. */
  label: string;
  fresh(): Promise<Backing>;
}

const dirs: string[] = [];
const fsImpl: Implementation = {
  name: 'fs',
  label: 'fs (a tmp folder)',
  async fresh() {
    const dir = mkdtempSync(path.join(tmpdir(), 'ac-blobs-'));
    dirs.push(dir);
    const files = () =>
      readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => statSync(path.join(dir, f)).isFile());
    const fileOf = (id: string) => path.join(dir, id.slice(0, 2), id.slice(2, 4), id);
    const split = (raw: Buffer) => {
      const length = raw.readUInt16BE(4);
      return { header: raw.subarray(6, 6 + length).toString('latin1'), body: raw.subarray(6 + length) };
    };
    return {
      config: { kind: 'fs', dir },
      raw: {
        names: async () => files(),
        headers: async () => files().map((f) => split(readFileSync(path.join(dir, f))).header),
        body: async (id) => split(readFileSync(fileOf(id))).body,
        async flip(id, at) {
          const raw = readFileSync(fileOf(id));
          raw[raw.length - at]! ^= 0x01;
          writeFileSync(fileOf(id), raw);
        },
        async copy(from, to) {
          mkdirSync(path.dirname(fileOf(to)), { recursive: true });
          writeFileSync(fileOf(to), readFileSync(fileOf(from)));
        },
      },
    };
  },
};

let s3: Awaited<ReturnType<typeof startS3Double>>;
const s3Impl: Implementation = {
  name: 's3',
  label: `S3 (the AWS SDK against ${S3_DOUBLE_SERVER})`,
  async fresh() {
    const config = await s3.bucket();
    const client: S3Client = s3Client(config);
    const Bucket = config.bucket;
    const keys = async () =>
      ((await client.send(new ListObjectsV2Command({ Bucket }))).Contents ?? []).map((o) => o.Key!);
    const object = async (Key: string) => {
      const out = await client.send(new GetObjectCommand({ Bucket, Key }));
      return { body: Buffer.from(await out.Body!.transformToByteArray()), metadata: out.Metadata ?? {} };
    };
    return {
      config,
      raw: {
        names: keys,
        headers: async () => Promise.all((await keys()).map(async (k) => JSON.stringify((await object(k)).metadata))),
        body: async (id) => (await object(`blobs/${id}`)).body,
        async flip(id, at) {
          const { body, metadata } = await object(`blobs/${id}`);
          body[body.length - at]! ^= 0x01;
          await client.send(new PutObjectCommand({ Bucket, Key: `blobs/${id}`, Body: body, Metadata: metadata }));
        },
        async copy(from, to) {
          await client.send(
            new CopyObjectCommand({ Bucket, Key: `blobs/${to}`, CopySource: `${Bucket}/blobs/${from}` }),
          );
        },
      },
    };
  },
};

beforeAll(async () => {
  s3 = await startS3Double();
});

describe('the S3 double', () => {
  it('names its server and version, the one it runs', () => {
    expect(s3.server).toBe(S3_DOUBLE_SERVER);
    expect(S3_DOUBLE_SERVER).toMatch(/^s3rver \d+\.\d+\.\d+$/);
    const docs = readFileSync(new URL('../../../../docs/decisions/0006-blob-envelope.md', import.meta.url), 'utf8');
    expect(docs).toContain(S3_DOUBLE_SERVER);
  });
});
afterAll(async () => {
  await s3?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const open = (b: Pick<Backing, 'config'>, crypto: FieldCrypto = ringA): BlobStore => createBlobStore(b.config, crypto);
// Something personal, so the tests can look for it where it must not be.
const PERSONAL = Buffer.from('김테스트 850101-1234567 신분증 사진', 'utf8');
const photo = () => Buffer.concat([PERSONAL, randomBytes(20_000)]);

describe.each([fsImpl, s3Impl])('the blob store on $label', (impl) => {
  let backing: Backing;
  let store: BlobStore;
  beforeAll(async () => {
    backing = await impl.fresh();
    store = open(backing);
  });

  it('gives back the bytes it was given, with their SHA-256 and size; a wrong SHA-256 is refused', async () => {
    const bytes = photo();
    const put = await store.put(bytes, { kind: 'id-photo' });
    expect(put).toEqual({
      blobId: expect.stringMatching(/^[0-9a-f]{32}$/),
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      size: bytes.length,
    });
    expect((await store.get(put.blobId)).equals(bytes)).toBe(true);
    expect((await store.get(put.blobId, { sha256: put.sha256 })).equals(bytes)).toBe(true);
    const other = await store.put(Buffer.from('another'), { kind: 'signature' });
    await expect(store.get(put.blobId, { sha256: other.sha256 })).rejects.toThrow(
      new BlobIntegrityError(put.blobId, 'is not the one recorded: its SHA-256 differs from the row’s'),
    );
    expect((await store.get(other.blobId)).toString()).toBe('another');
  });

  it('stores an empty file too', async () => {
    const put = await store.put(Buffer.alloc(0), { kind: 'fax-image' });
    expect((await store.get(put.blobId, { sha256: put.sha256 })).length).toBe(0);
  });

  it('keeps only ciphertext under random names: no personal data in names, headers or bytes', async () => {
    const put = await store.put(photo(), { kind: 'id-photo' });
    const names = await backing.raw.names();
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) {
      expect(name).toMatch(impl.name === 's3' ? /^blobs\/[0-9a-f]{32}$/ : /^[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{32}$/);
    }
    for (const header of await backing.raw.headers()) expect(header).not.toMatch(/김|850101/);
    const body = await backing.raw.body(put.blobId);
    expect(body.includes(PERSONAL)).toBe(false);
    expect(body.includes(PERSONAL.subarray(0, 12))).toBe(false);
  });

  it('refuses a flipped byte, in the bytes or in the tag, with a clear error', async () => {
    for (const at of [1, 100]) {
      const put = await store.put(photo(), { kind: 'claim-package' });
      await backing.raw.flip(put.blobId, at);
      await expect(store.get(put.blobId)).rejects.toThrow(
        `blob ${put.blobId} does not open: its bytes or header were changed, or it was moved`,
      );
    }
  });

  it('refuses an object copied under another id (the id is sealed with the bytes)', async () => {
    const put = await store.put(photo(), { kind: 'id-photo' });
    const other = randomBytes(16).toString('hex');
    await backing.raw.copy(put.blobId, other);
    await expect(store.get(other)).rejects.toBeInstanceOf(BlobIntegrityError);
  });

  it('names the missing field key when the ring cannot open the data key', async () => {
    const put = await store.put(photo(), { kind: 'mandate' });
    const stranger = open(backing, createFieldCrypto(KEY_B));
    const err = await stranger.get(put.blobId).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BlobKeyError);
    expect((err as BlobKeyError).keyId).toBe(fieldKeyId(KEY_A));
    expect((err as Error).message).toMatch(
      new RegExp(`^blob ${put.blobId}: .*key id ${fieldKeyId(KEY_A)}.*FIELD_ENCRYPTION_OLD_KEYS`),
    );
  });

  it('reseals under a new key without touching the bytes; the old key can then be retired', async () => {
    const bytes = photo();
    const put = await store.put(bytes, { kind: 'consent' });
    const before = await backing.raw.body(put.blobId);
    const rotating = open(backing, createFieldCrypto({ key: KEY_B, oldKeys: [KEY_A] }));
    expect(await rotating.keyIdOf(put.blobId)).toBe(fieldKeyId(KEY_A));
    expect(await rotating.reseal(put.blobId)).toBe(true);
    expect(await rotating.keyIdOf(put.blobId)).toBe(fieldKeyId(KEY_B));
    expect(await rotating.reseal(put.blobId)).toBe(false);
    expect((await backing.raw.body(put.blobId)).equals(before)).toBe(true);
    // Key A retired: the ring has only B, and the object still opens.
    const retired = open(backing, createFieldCrypto(KEY_B));
    expect((await retired.get(put.blobId, { sha256: put.sha256 })).equals(bytes)).toBe(true);
    // And the store that knows only A no longer opens it.
    await expect(store.get(put.blobId)).rejects.toBeInstanceOf(BlobKeyError);
  });

  it('deletes, twice without complaint, and then has nothing under that id', async () => {
    const put = await store.put(photo(), { kind: 'signature' });
    await store.delete(put.blobId);
    await store.delete(put.blobId);
    await expect(store.get(put.blobId)).rejects.toBeInstanceOf(BlobNotFoundError);
    await expect(store.reseal(put.blobId)).rejects.toBeInstanceOf(BlobNotFoundError);
    expect(await backing.raw.names()).not.toContainEqual(expect.stringContaining(put.blobId));
  });

  it('refuses an id that is not one of its own before it reaches a path or a URL', async () => {
    for (const id of ['../../secrets.json', 'ABCDEF', `${'a'.repeat(32)}/x`, '']) {
      await expect(store.get(id)).rejects.toBeInstanceOf(BlobNotFoundError);
      await expect(store.delete(id)).rejects.toBeInstanceOf(BlobNotFoundError);
    }
  });

  it('lists every id a page at a time, for the orphan sweep', async () => {
    const fresh = open(await impl.fresh());
    const ids: string[] = [];
    for (let i = 0; i < 7; i += 1) ids.push((await fresh.put(Buffer.from(`n${i}`), { kind: 'probe' })).blobId);
    await fresh.delete(ids.pop()!);
    const listed: string[] = [];
    for await (const b of fresh.list({ pageSize: 2 })) {
      listed.push(b.blobId);
      // When it was written, to the second (S3 says no more).
      expect(Math.abs(b.modifiedAt.getTime() - Date.now())).toBeLessThan(60_000);
    }
    expect(listed.sort()).toEqual(ids.sort());
    const empty: string[] = [];
    for await (const b of open(await impl.fresh()).list()) empty.push(b.blobId);
    expect(empty).toEqual([]);
  });

  it('sweeps the blobs no row names, once they are older than a transaction still writing its row', async () => {
    const fresh = open(await impl.fresh());
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) ids.push((await fresh.put(Buffer.from(`s${i}`), { kind: 'signature' })).blobId);
    const rows = new Set(ids.slice(0, 2));
    const asked: string[][] = [];
    const named = async (batch: string[]) => {
      asked.push(batch);
      return new Set(batch.filter((id) => rows.has(id)));
    };
    const later = new Date(Date.now() + 5_000);
    // Too young: nothing is judged, so nothing is asked or deleted.
    expect(await sweepOrphans(fresh, { named, writtenBefore: new Date(Date.now() - 60_000) })).toEqual({
      listed: 5,
      orphans: 0,
    });
    expect(asked).toEqual([]);
    expect(await sweepOrphans(fresh, { named, writtenBefore: later, pageSize: 2, dryRun: true })).toEqual({
      listed: 5,
      orphans: 3,
    });
    expect(asked.map((b) => b.length)).toEqual([2, 2, 1]);
    expect(await sweepOrphans(fresh, { named, writtenBefore: later, pageSize: 2 })).toEqual({ listed: 5, orphans: 3 });
    const left: string[] = [];
    for await (const b of fresh.list()) left.push(b.blobId);
    expect(left.sort()).toEqual([...rows].sort());
  });

  it('passes the doctor’s probe: written, read back, deleted, nothing left', async () => {
    const fresh = await impl.fresh();
    const line = await checkBlobStore(open(fresh), fresh.config);
    expect(line).toMatchObject({ kind: 'blobs', vendor: impl.name, ok: true });
    expect(await fresh.raw.names()).toEqual([]);
  });
});

describe('the doctor on a wrong S3 configuration', () => {
  // s3rver checks the access key but not a SigV4 signature, so a wrong secret is not among these.
  it('names the missing bucket, the unknown access key and the unreachable endpoint', async () => {
    const good = await s3.bucket();
    const cases: [Extract<BlobConfig, { kind: 's3' }>, RegExp][] = [
      [{ ...good, bucket: 'no-such-bucket' }, /bucket no-such-bucket .*: the bucket does not exist \(S3_BUCKET\)/],
      [
        { ...good, credentials: { accessKeyId: 'NOBODY', secretAccessKey: 'S3RVER' } },
        /the access key is not known there \(S3_ACCESS_KEY_ID\)/,
      ],
      [{ ...good, endpoint: 'http://127.0.0.1:9' }, /the endpoint cannot be reached \(ECONNREFUSED; S3_ENDPOINT\)/],
    ];
    for (const [config, message] of cases) {
      const line = await checkBlobStore(createBlobStore(config, ringA), config);
      expect(line, line.detail).toMatchObject({ kind: 'blobs', vendor: 's3', ok: false });
      expect(line.detail).toMatch(/^could not write a probe object: /);
      expect(line.detail).toMatch(message);
      expect(line.detail).not.toContain('S3RVER');
    }
  });
});

describe('the fs store’s files', () => {
  it('are readable by this user only, fan out by the id, and leave no unfinished write behind', async () => {
    const { config } = await fsImpl.fresh();
    const dir = (config as Extract<BlobConfig, { kind: 'fs' }>).dir;
    const store = open({ config });
    const { blobId } = await store.put(photo(), { kind: 'id-photo' });
    await open({ config }, createFieldCrypto({ key: KEY_B, oldKeys: [KEY_A] })).reseal(blobId);
    const file = path.join(dir, blobId.slice(0, 2), blobId.slice(2, 4), blobId);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(path.join(dir, '.tmp'))).toEqual([]);
  });
});
