// Personal data at rest (DESIGN §5): AES-256-GCM field encryption with the key id stored beside each value, and
// keyed hashes (HMAC-SHA256) for lookups, never the plaintext. Sub-keys per purpose are derived with HKDF so one
// secret never serves two jobs.
//
// Keys rotate without downtime (docs/providers/key-rotation.md): a key ring seals every new value with the current
// key and opens values sealed with any key of the ring; security/rekey.ts moves old values to the current key in the
// background. Lookup hashes are blind indexes (ci_hmac, rrn_hmac, phone_hmac …): they must never change with the
// encryption key, so they have a key of their own (the lookup key) that stays.
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  createSecretKey,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
  type KeyObject,
} from 'node:crypto';

/** Values sealed before keys had ids of their own: whichever key was configured then sealed them. */
export const LEGACY_KEY_ID = 'k1';

export interface FieldCrypto {
  encrypt(plain: string): string;
  decrypt(sealed: string): string;
  encryptJson(value: unknown): string;
  decryptJson<T>(sealed: string): T;
  /** Keyed hash for lookups and comparisons; the purpose separates uses (e.g. 'ci', 'phone', 'sms-code'). */
  hmac(purpose: string, value: string): string;
  /** The id of the key every new value is sealed with: 8 hex characters, derived from the key, revealing nothing of it. */
  readonly keyId: string;
  /** The key ids of the ring, current first. */
  readonly keyIds: readonly string[];
  /** The key id a sealed value names (LEGACY_KEY_ID for values from before key ids). */
  keyIdOf(sealed: string): string;
  /** The value sealed anew under the current key, or undefined when it already is. */
  reseal(sealed: string): string | undefined;
  /** Names the lookup key without revealing it: stored in the database to catch a changed lookup key at start. */
  readonly lookupFingerprint: string;
}

export interface FieldKeys {
  /** FIELD_ENCRYPTION_KEY: seals everything new. 64 hex characters. */
  key: string;
  /** FIELD_ENCRYPTION_OLD_KEYS: only open what they sealed. */
  oldKeys?: readonly string[];
  /** FIELD_LOOKUP_KEY: the lookup hashes' key; unset, derived from `key` (as before keys rotated). */
  lookupKey?: string | undefined;
}

/** A sealed value that cannot be opened. The message names the key id, never the value. */
export class FieldKeyError extends Error {
  constructor(
    message: string,
    readonly keyId: string | undefined,
  ) {
    super(message);
    this.name = 'FieldKeyError';
  }
}

const derive = (master: Buffer, info: string) => Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), info, 32));

function master(hex: string, name: string) {
  const key = /^[0-9a-f]{64}$/i.test(hex) ? Buffer.from(hex, 'hex') : Buffer.alloc(0);
  if (key.length !== 32) throw new Error(`${name} must be 32 bytes (64 hex characters)`);
  return key;
}

/** The key id of a 64-hex key: a hash of a sub-key made only for naming it. */
export function fieldKeyId(hex: string): string {
  const idKey = derive(master(hex, 'a field key'), 'auto-claim/field-key-id/v1');
  return createHash('sha256').update(idKey).digest('hex').slice(0, 8);
}

interface RingKey {
  id: string;
  encKey: Buffer;
  /** The same key as Node's KeyObject, made once: a Buffer key is turned into one on every cipher (about 10 µs). */
  secret: KeyObject;
}

export function createFieldCrypto(keys: FieldKeys | string): FieldCrypto {
  const k: FieldKeys = typeof keys === 'string' ? { key: keys } : keys;
  const current = master(k.key, 'FIELD_ENCRYPTION_KEY');
  const ring: RingKey[] = [];
  for (const [i, hex] of [k.key, ...(k.oldKeys ?? [])].entries()) {
    const m = i === 0 ? current : master(hex, 'each of FIELD_ENCRYPTION_OLD_KEYS');
    const id = fieldKeyId(hex);
    // The current key listed again among the old ones is harmless; two different keys with one id never happen
    // by chance (2^-32) but would make values ambiguous, so refuse them.
    const same = ring.find((r) => r.id === id);
    if (same && !same.encKey.equals(derive(m, 'auto-claim/field-encryption/v1'))) {
      throw new Error(`two field keys share the key id ${id}: generate another key`);
    }
    if (!same) {
      const encKey = derive(m, 'auto-claim/field-encryption/v1');
      ring.push({ id, encKey, secret: createSecretKey(encKey) });
    }
  }
  const byId = new Map(ring.map((r) => [r.id, r]));
  const now = ring[0]!;
  const macKey = createSecretKey(
    derive(k.lookupKey === undefined ? current : master(k.lookupKey, 'FIELD_LOOKUP_KEY'), 'auto-claim/lookup-hmac/v1'),
  );

  const encrypt = (plain: string) => {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', now.secret, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${now.id}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
  };
  const open = (key: RingKey, raw: Buffer) => {
    const decipher = createDecipheriv('aes-256-gcm', key.secret, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  };
  const split = (sealed: string) => {
    const at = sealed.indexOf(':');
    const keyId = at > 0 && at <= 8 ? sealed.slice(0, at) : undefined;
    const raw = keyId ? Buffer.from(sealed.slice(at + 1), 'base64url') : Buffer.alloc(0);
    if (!keyId || !/^[0-9a-z]+$/.test(keyId) || raw.length < 28) {
      throw new FieldKeyError('not a sealed field value', undefined);
    }
    return { keyId, raw };
  };
  const decrypt = (sealed: string) => {
    const { keyId, raw } = split(sealed);
    // A legacy value names no key: the GCM tag tells which key of the ring sealed it.
    const candidates = keyId === LEGACY_KEY_ID ? ring : byId.has(keyId) ? [byId.get(keyId)!] : [];
    if (!candidates.length) {
      throw new FieldKeyError(
        `field value sealed with key id ${keyId}, which is not in the key ring (${ring.map((r) => r.id).join(', ')}): ` +
          'add that key to FIELD_ENCRYPTION_OLD_KEYS',
        keyId,
      );
    }
    for (const key of candidates) {
      try {
        return open(key, raw);
      } catch {
        // the tag did not match: another key, or a changed value
      }
    }
    throw new FieldKeyError(
      keyId === LEGACY_KEY_ID
        ? `field value sealed with key id ${keyId}: no key of the ring opens it (an old key missing from FIELD_ENCRYPTION_OLD_KEYS, or the value was changed)`
        : `field value sealed with key id ${keyId} does not open: the value was changed`,
      keyId,
    );
  };
  return {
    encrypt,
    decrypt,
    encryptJson: (value) => encrypt(JSON.stringify(value)),
    decryptJson: <T>(sealed: string) => JSON.parse(decrypt(sealed)) as T,
    hmac: (purpose, value) => createHmac('sha256', macKey).update(`${purpose}\u0000${value}`).digest('base64url'),
    keyId: now.id,
    keyIds: ring.map((r) => r.id),
    keyIdOf: (sealed) => split(sealed).keyId,
    reseal: (sealed) => (split(sealed).keyId === now.id ? undefined : encrypt(decrypt(sealed))),
    // No NUL inside, so it can never equal a lookup hash (those hash `purpose NUL value`).
    lookupFingerprint: createHmac('sha256', macKey)
      .update('auto-claim/lookup-key-fingerprint')
      .digest('hex')
      .slice(0, 16),
  };
}

/** A random token for cookies and request ids. */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

/** Session ids are stored only as their SHA-256. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

export function safeEqual(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
