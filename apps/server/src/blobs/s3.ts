// Blobs in S3-compatible object storage (AWS S3, NCP Object Storage, MinIO) through the official SDK v3. An object
// is `blobs/<id>` in the bucket: its body the encrypted bytes, its header the user metadata `x-amz-meta-envelope`
// (docs/decisions/0006-blob-envelope.md: a reseal is one server-side copy onto itself that replaces the metadata,
// so the key rotation never downloads or uploads a file, and object and key never disagree).
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { BlobChangedError, BlobIntegrityError, BlobNotFoundError, isBlobId, type BlobBackend } from './store.js';
import type { BlobConfig } from './config.js';

type S3Config = Extract<BlobConfig, { kind: 's3' }>;
const PREFIX = 'blobs/';
const META = 'envelope';

export function s3Client(c: S3Config) {
  return new S3Client({
    region: c.region,
    ...(c.endpoint ? { endpoint: c.endpoint } : {}),
    forcePathStyle: c.forcePathStyle,
    ...(c.credentials ? { credentials: c.credentials } : {}),
    // The SDK's newer default adds CRC checksums (and chunked trailers) that several S3-compatible services refuse;
    // our own GCM tag and SHA-256 already guard the bytes.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    // A store that stops answering fails the request instead of holding it (and the patient) forever.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
  });
}

const missing = (err: unknown) =>
  err instanceof S3ServiceException &&
  (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404);

export function s3Backend(c: S3Config, client: S3Client = s3Client(c)): BlobBackend {
  const Bucket = c.bucket;
  const keyOf = (id: string) => `${PREFIX}${id}`;
  const headerOf = (id: string, metadata: Record<string, string> | undefined) => {
    const header = metadata?.[META];
    if (!header) throw new BlobIntegrityError(id, 'has no envelope metadata: it was changed or is not ours');
    return header;
  };
  async function head(id: string) {
    try {
      return await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(id) }));
    } catch (err) {
      if (missing(err)) throw new BlobNotFoundError(id);
      throw err;
    }
  }

  return {
    name: 's3',
    async write(id, header, body) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: keyOf(id),
          Body: body,
          ContentType: 'application/octet-stream',
          Metadata: { [META]: header },
        }),
      );
    },
    async read(id) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(id) }));
        const body = Buffer.from(await out.Body!.transformToByteArray());
        return { header: headerOf(id, out.Metadata), body };
      } catch (err) {
        if (missing(err)) throw new BlobNotFoundError(id);
        throw err;
      }
    },
    readHeader: async (id) => headerOf(id, (await head(id)).Metadata),
    async rewriteHeader(id, from, to) {
      const current = await head(id);
      if (headerOf(id, current.Metadata) !== from) throw new BlobChangedError(id);
      try {
        // The copy happens only if the object is still the one just read (its ETag), so a concurrent reseal loses.
        await client.send(
          new CopyObjectCommand({
            Bucket,
            Key: keyOf(id),
            CopySource: `${Bucket}/${keyOf(id)}`,
            CopySourceIfMatch: current.ETag,
            MetadataDirective: 'REPLACE',
            ContentType: 'application/octet-stream',
            Metadata: { [META]: to },
          }),
        );
      } catch (err) {
        if (missing(err)) throw new BlobNotFoundError(id);
        if (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 412) throw new BlobChangedError(id);
        throw err;
      }
    },
    async remove(id) {
      // S3 answers a delete of a missing key with success: a purge may run twice.
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(id) }));
    },
    async *ids(pageSize) {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: PREFIX, MaxKeys: pageSize, ContinuationToken }),
        );
        for (const o of page.Contents ?? []) {
          const blobId = o.Key?.slice(PREFIX.length);
          if (blobId && isBlobId(blobId)) yield { blobId, modifiedAt: o.LastModified ?? new Date() };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}

/** An SDK error as one line an operator can act on (the doctor prints it). */
export function describeS3Error(err: unknown, c: S3Config): string {
  const where = `bucket ${c.bucket} at ${c.endpoint ?? `AWS S3 (${c.region})`}`;
  if (err instanceof S3ServiceException) {
    const status = err.$metadata.httpStatusCode;
    switch (err.name) {
      case 'NoSuchBucket':
        return `${where}: the bucket does not exist (S3_BUCKET)`;
      case 'InvalidAccessKeyId':
        return `${where}: the access key is not known there (S3_ACCESS_KEY_ID)`;
      case 'SignatureDoesNotMatch':
        return `${where}: the secret does not match the access key (S3_SECRET_ACCESS_KEY), or S3_REGION is wrong`;
      case 'AccessDenied':
        return `${where}: access denied; the key needs s3:PutObject, s3:GetObject, s3:DeleteObject, s3:ListBucket`;
      case 'PermanentRedirect':
      case 'AuthorizationHeaderMalformed':
        return `${where}: the bucket is in another region than S3_REGION (${c.region})`;
    }
    return `${where}: ${err.name}${status ? ` (HTTP ${status})` : ''}: ${err.message}`;
  }
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'ETIMEDOUT' || code === 'EAI_AGAIN') {
    return `${where}: the endpoint cannot be reached (${code}; S3_ENDPOINT)`;
  }
  if (err instanceof Error && err.name === 'CredentialsProviderError') {
    return `${where}: no credentials found (set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY)`;
  }
  return `${where}: ${(err as Error).message}`;
}
