// The environment is parsed once and fails fast where running on would do harm.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'ac-config-'));
const KEY = 'a'.repeat(64);
const SECRET = 's'.repeat(40);

describe('loadConfig', () => {
  it('starts in development with nothing set, generating its secrets into DATA_DIR', () => {
    const c = loadConfig({ DATA_DIR: dataDir() });
    expect(c).toMatchObject({ nodeEnv: 'development', port: 3000, providers: 'sandbox', claimWorkers: true });
    expect(c.fieldEncryptionKey).toMatch(/^[0-9a-f]{64}$/);
    expect(c.publicUrl).toBe('http://localhost:3000');
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), OPERATOR_PASSWORD: 'short' })).toThrow(/OPERATOR_PASSWORD/);
  });

  it('refuses production without both secrets', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production' })).toThrow(/FIELD_ENCRYPTION_KEY/);
  });

  it('refuses production on sandbox providers, which would send no SMS, claim or 알림톡 for real', () => {
    expect(() =>
      loadConfig({
        DATA_DIR: dataDir(),
        NODE_ENV: 'production',
        FIELD_ENCRYPTION_KEY: KEY,
        SESSION_SECRET: SECRET,
        PROVIDERS: 'sandbox',
      }),
    ).toThrow(/PROVIDERS=sandbox/);
  });
});
