// The blob store's variables (docs/architecture.md, "Blobs"): a zod schema of its own that config.ts spreads into
// the environment's, and the one function that turns them into BlobConfig, refusing what cannot work.
import path from 'node:path';
import { z } from 'zod';

/** An optional variable: unset and empty both mean "not set" (as config.ts reads its own). */
const unsetOr = <T extends z.ZodType>(schema: T) => schema.optional().or(z.literal('').transform(() => undefined));

export const blobEnvSchema = z.object({
  /** Where ID photos, signatures, the 위임장/동의서, claim packages and fax images go: files under DATA_DIR or S3. */
  BLOB_STORE: z.enum(['fs', 's3']).default('fs'),
  /** S3 bucket names: 3-63 lower-case letters, digits, dots and hyphens. */
  S3_BUCKET: unsetOr(z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name')),
  /** Unset: AWS S3 itself. Otherwise the S3-compatible service's origin (NCP Object Storage, MinIO). */
  S3_ENDPOINT: unsetOr(z.url({ protocol: /^https?$/ })),
  S3_REGION: unsetOr(z.string().regex(/^[a-z0-9-]{2,32}$/, 'must be a region name, e.g. ap-northeast-2')),
  S3_ACCESS_KEY_ID: unsetOr(z.string().min(1).max(256)),
  S3_SECRET_ACCESS_KEY: unsetOr(z.string().min(1).max(256)),
  /** true: https://endpoint/bucket/key (MinIO and most S3-compatible services); false: https://bucket.endpoint/key. */
  S3_FORCE_PATH_STYLE: unsetOr(z.enum(['true', 'false'])),
});

export type BlobEnv = z.infer<typeof blobEnvSchema>;

export type BlobConfig =
  | { kind: 'fs'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      endpoint: string | undefined;
      forcePathStyle: boolean;
      /** Unset outside production: the SDK's own chain (environment, profile, instance role). */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
    };

/** BlobConfig of the parsed variables; throws naming every variable missing for the chosen store. */
export function blobConfigOf(e: BlobEnv, o: { production: boolean; dataDir: string }): BlobConfig {
  if (e.BLOB_STORE === 'fs') return { kind: 'fs', dir: path.join(o.dataDir, 'blobs') };
  const halfPair = !e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY;
  const missing = [
    ...(e.S3_BUCKET ? [] : ['S3_BUCKET']),
    // Production names its credentials outright: a process must not write patients' files with whatever identity
    // the machine happens to have.
    ...((o.production || halfPair) && !e.S3_ACCESS_KEY_ID ? ['S3_ACCESS_KEY_ID'] : []),
    ...((o.production || halfPair) && !e.S3_SECRET_ACCESS_KEY ? ['S3_SECRET_ACCESS_KEY'] : []),
  ];
  if (missing.length) throw new Error(`BLOB_STORE=s3 needs ${missing.join(', ')} (docs/operations.md §3)`);
  return {
    kind: 's3',
    bucket: e.S3_BUCKET!,
    region: e.S3_REGION ?? 'us-east-1',
    endpoint: e.S3_ENDPOINT?.replace(/\/+$/, ''),
    forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
  };
}
