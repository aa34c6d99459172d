// The environment is parsed once and fails fast where running on would do harm.
import { mkdtempSync, readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { composeEnv, loadConfig, providerKinds } from '../src/config.js';
import { createPdfWorkers, defaultPdfWorkers } from '../src/documents/workers.js';
import { productionEnv } from '../fixtures/production-env.js';

const BASES = {
  portone: 'https://portone.test',
  popbill: 'https://popbill.test',
  juso: 'https://juso.test',
  clova: 'https://clova.test',
  insurers: { KBINSU: 'https://kb.test/claims' },
};

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'ac-config-'));
const KEY = 'a'.repeat(64);
const SECRET = 's'.repeat(40);

describe('loadConfig', () => {
  it('starts in development with nothing set, generating its secrets into DATA_DIR', () => {
    const c = loadConfig({ DATA_DIR: dataDir() });
    expect(c).toMatchObject({ nodeEnv: 'development', port: 3000, role: 'all', metrics: undefined });
    expect(Object.values(providerKinds(c))).toEqual(Array(8).fill('sandbox'));
    expect(c.fieldEncryptionKey).toMatch(/^[0-9a-f]{64}$/);
    expect(c.publicUrl).toBe('http://localhost:3000');
  });

  it('starts from .env.example copied as it is (empty values mean unset)', () => {
    const example = parseEnv(readFileSync(path.join(import.meta.dirname, '../../../.env.example'), 'utf8'));
    const c = loadConfig({ ...example, DATA_DIR: dataDir() });
    expect(c).toMatchObject({ nodeEnv: 'development', role: 'all', identity: { kind: 'sandbox' } });
    expect(c.fieldEncryptionKey).toMatch(/^[0-9a-f]{64}$/);
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), OPERATOR_PASSWORD: 'short' })).toThrow(/OPERATOR_PASSWORD/);
  });

  it('reads a key rotation: old keys only decrypt, the lookup key stays; none of it is needed otherwise', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), FIELD_ENCRYPTION_KEY: KEY, SESSION_SECRET: SECRET })).toMatchObject({
      fieldEncryptionOldKeys: [],
      fieldLookupKey: undefined,
    });
    const old1 = 'B'.repeat(64);
    const old2 = 'c'.repeat(64);
    const c = loadConfig({
      DATA_DIR: dataDir(),
      FIELD_ENCRYPTION_KEY: KEY,
      FIELD_ENCRYPTION_OLD_KEYS: ` ${old1}, ${old2} `,
      FIELD_LOOKUP_KEY: old2,
      SESSION_SECRET: SECRET,
    });
    expect(c).toMatchObject({ fieldEncryptionOldKeys: [old1.toLowerCase(), old2], fieldLookupKey: old2 });
    expect(() => loadConfig({ DATA_DIR: dataDir(), FIELD_ENCRYPTION_OLD_KEYS: `${old1},abc` })).toThrow(
      /FIELD_ENCRYPTION_OLD_KEYS: comma-separated keys of 64 hex characters/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), FIELD_LOOKUP_KEY: 'x'.repeat(64) })).toThrow(/FIELD_LOOKUP_KEY/);
  });

  it('refuses old keys without the lookup key: a rotation must keep every lookup hash', () => {
    expect(() =>
      loadConfig({ DATA_DIR: dataDir(), FIELD_ENCRYPTION_KEY: KEY, FIELD_ENCRYPTION_OLD_KEYS: 'b'.repeat(64) }),
    ).toThrow(/FIELD_ENCRYPTION_OLD_KEYS needs FIELD_LOOKUP_KEY/);
  });

  it('refuses production without both secrets', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production' })).toThrow(/FIELD_ENCRYPTION_KEY/);
  });

  it('refuses production while any kind is the sandbox, naming each and its variable', () => {
    const real = productionEnv(BASES);
    expect(() =>
      loadConfig({ ...real, DATA_DIR: dataDir(), NOTIFY_PROVIDER: 'sandbox', OCR_PROVIDER: 'sandbox' }),
    ).toThrow(
      'NODE_ENV=production needs a real provider of every kind; still on the sandbox: notification (NOTIFY_PROVIDER), ocr (OCR_PROVIDER)',
    );
    expect(() =>
      loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production', FIELD_ENCRYPTION_KEY: KEY, SESSION_SECRET: SECRET }),
    ).toThrow(
      /identity \(IDENTITY_PROVIDER\), notification \(NOTIFY_PROVIDER\), fax \(FAX_PROVIDER\), bankCheck \(BANK_CHECK_PROVIDER\), ocr \(OCR_PROVIDER\), address \(ADDRESS_PROVIDER\), delivery \(DELIVERY_PROVIDER\), rrnCheck \(RRN_CHECK_PROVIDER: no vendor publishes/,
    );
  });

  it('says what is missing for the resident-number check: no vendor adapter, and what none does instead', () => {
    const real = productionEnv(BASES);
    expect(() => loadConfig({ ...real, DATA_DIR: dataDir(), RRN_CHECK_PROVIDER: 'sandbox' })).toThrow(
      'still on the sandbox: rrnCheck (RRN_CHECK_PROVIDER: no vendor publishes a real-name check protocol, so none is ' +
        'built; RRN_CHECK_PROVIDER=none holds records matched only by RRN for the patient to confirm ' +
        '(docs/providers/rrn-check.md))',
    );
    expect(() => loadConfig({ ...real, DATA_DIR: dataDir(), RRN_CHECK_PROVIDER: 'nice' })).toThrow(
      /RRN_CHECK_PROVIDER/,
    );
  });

  it('starts production when every kind is real, and then has no sandbox', () => {
    const c = loadConfig({ ...productionEnv(BASES), DATA_DIR: dataDir() });
    expect(providerKinds(c)).toEqual({
      identity: 'portone',
      notification: 'popbill',
      fax: 'popbill',
      bankCheck: 'popbill',
      ocr: 'clova',
      address: 'juso',
      delivery: 'insurers',
      rrnCheck: 'none',
    });
    expect(c.metrics).toEqual({ port: 9464, host: '127.0.0.1' });
  });

  it('names every missing variable of the chosen vendors in one message', () => {
    const env = { ...productionEnv(BASES), DATA_DIR: dataDir() };
    delete (env as Record<string, string>).PORTONE_STORE_ID;
    delete (env as Record<string, string>).POPBILL_LINK_ID;
    delete (env as Record<string, string>).JUSO_CONFM_KEY;
    expect(() => loadConfig(env)).toThrow(/PORTONE_STORE_ID.*JUSO_CONFM_KEY.*POPBILL_LINK_ID/);
  });

  it('makes PDFs in PDF_WORKERS threads: unset (or empty) is the default, cores less one; 1 to 64', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).pdfWorkers).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir(), PDF_WORKERS: '' }).pdfWorkers).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir(), PDF_WORKERS: '3' }).pdfWorkers).toBe(3);
    for (const bad of ['0', '65', '1.5', 'many']) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), PDF_WORKERS: bad })).toThrow(/PDF_WORKERS/);
    }
    expect(createPdfWorkers(undefined).size).toBe(defaultPdfWorkers());
    expect(defaultPdfWorkers()).toBe(Math.max(1, availableParallelism() - 1));
  });

  it('asks about a fax every minute unless FAX_OUTCOME_POLL_SECONDS says otherwise (1 s to an hour)', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).faxOutcomePollMs).toBe(60_000);
    expect(loadConfig({ DATA_DIR: dataDir(), FAX_OUTCOME_POLL_SECONDS: '5' }).faxOutcomePollMs).toBe(5_000);
    expect(() => loadConfig({ DATA_DIR: dataDir(), FAX_OUTCOME_POLL_SECONDS: '0' })).toThrow(
      /FAX_OUTCOME_POLL_SECONDS/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), FAX_OUTCOME_POLL_SECONDS: '3601' })).toThrow(
      /FAX_OUTCOME_POLL_SECONDS/,
    );
  });

  it('reads TRUST_PROXY as a hop count or the proxies’ addresses, and refuses what it cannot read', () => {
    const trust = (v: string) => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: v }).trustProxy;
    expect(trust('false')).toBe(false);
    expect(trust('0')).toBe(false);
    expect(trust('')).toBe(false);
    expect(trust('1')).toBe(1);
    expect(trust(' 10.0.0.0/8, 127.0.0.1 ,fd00::/8,loopback')).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      'fd00::/8',
      'loopback',
    ]);
    // Development may still trust every hop (nothing is at stake on a laptop).
    expect(trust('true')).toBe(true);
    for (const bad of ['yes', '11', '10.0.0.0/33', '10.0.0.1,proxy.internal', '::1/129']) {
      expect(() => trust(bad)).toThrow(/TRUST_PROXY: must be false, a hop count/);
    }
  });

  it('refuses TRUST_PROXY=true in production, saying what to write instead', () => {
    const env = { ...productionEnv(BASES), DATA_DIR: dataDir() };
    expect(loadConfig({ ...env, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(() => loadConfig({ ...env, TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY=true believes every X-Forwarded-For hop.*TRUST_PROXY=1 .*TRUST_PROXY=10\.0\.0\.0\/8,127\.0\.0\.1/s,
    );
  });

  it('keeps files under DATA_DIR/blobs unless BLOB_STORE=s3 names a bucket; production names its S3 credentials', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).blobs).toEqual({ kind: 'fs', dir: path.join(dir, 'blobs') });
    const s3 = { BLOB_STORE: 's3', S3_BUCKET: 'auto-claim-files', DATA_DIR: dataDir() };
    expect(loadConfig(s3).blobs).toEqual({
      kind: 's3',
      bucket: 'auto-claim-files',
      region: 'us-east-1',
      endpoint: undefined,
      forcePathStyle: false,
      credentials: undefined,
    });
    const ncp = {
      ...s3,
      S3_REGION: 'kr-standard',
      S3_ENDPOINT: 'https://kr.object.ncloudstorage.com/',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret-example',
    };
    expect(loadConfig(ncp).blobs).toEqual({
      kind: 's3',
      bucket: 'auto-claim-files',
      region: 'kr-standard',
      endpoint: 'https://kr.object.ncloudstorage.com',
      forcePathStyle: true,
      credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret-example' },
    });
    expect(() => loadConfig({ DATA_DIR: dataDir(), BLOB_STORE: 's3' })).toThrow('BLOB_STORE=s3 needs S3_BUCKET');
    expect(() => loadConfig({ ...s3, S3_ACCESS_KEY_ID: 'AKIDEXAMPLE' })).toThrow(
      'BLOB_STORE=s3 needs S3_SECRET_ACCESS_KEY',
    );
    expect(() => loadConfig({ ...s3, S3_BUCKET: 'Not_A_Bucket' })).toThrow(/S3_BUCKET: must be an S3 bucket name/);
    expect(() => loadConfig({ ...s3, BLOB_STORE: 'disk' })).toThrow(/BLOB_STORE/);
    const production = { ...productionEnv(BASES), DATA_DIR: dataDir() };
    expect(loadConfig(production).blobs.kind).toBe('fs');
    expect(() => loadConfig({ ...production, BLOB_STORE: 's3', S3_BUCKET: 'auto-claim-files' })).toThrow(
      'BLOB_STORE=s3 needs S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY',
    );
  });

  it('parses each variable in one part only: a name in two parts is refused when they are composed', () => {
    const identity = z.object({ PORTONE_API_BASE: z.url() });
    expect(() => composeEnv(identity, z.object({ PORTONE_API_BASE: z.string() }))).toThrow(
      'PORTONE_API_BASE is parsed by two parts of the configuration; keep it in one',
    );
    const composed = composeEnv(identity, z.object({ JUSO_API_BASE: z.url() }));
    expect(
      composed.parse({ PORTONE_API_BASE: 'https://p.test', JUSO_API_BASE: 'https://j.test', OTHER: 'kept' }),
    ).toEqual({ PORTONE_API_BASE: 'https://p.test', JUSO_API_BASE: 'https://j.test', OTHER: 'kept' });
  });

  it('refuses separate web and worker processes on the embedded database', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), PROCESS_ROLE: 'worker' })).toThrow(
      /PROCESS_ROLE=worker needs DATABASE_URL/,
    );
  });
});

describe('the Node the tests run on', () => {
  it('is the project’s own Node 24 (npm package node), whatever the machine has', () => {
    expect(process.versions.node.split('.')[0]).toBe('24');
  });
});
