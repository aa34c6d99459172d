// Personal data at rest (DESIGN §5): AES-256-GCM field encryption with the key id stored beside each value
// (so keys can rotate), and keyed hashes (HMAC-SHA256) for lookups, never the plaintext. Sub-keys per purpose
// are derived with HKDF so one secret never serves two jobs.
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

const KEY_ID = 'k1';

export interface FieldCrypto {
  encrypt(plain: string): string;
  decrypt(sealed: string): string;
  encryptJson(value: unknown): string;
  decryptJson<T>(sealed: string): T;
  /** Keyed hash for lookups and comparisons; the purpose separates uses (e.g. 'ci', 'phone', 'sms-code'). */
  hmac(purpose: string, value: string): string;
}

const derive = (master: Buffer, info: string) => Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), info, 32));

export function createFieldCrypto(masterHex: string): FieldCrypto {
  const master = Buffer.from(masterHex, 'hex');
  if (master.length !== 32) throw new Error('FIELD_ENCRYPTION_KEY must be 32 bytes (64 hex characters)');
  const encKey = derive(master, 'auto-claim/field-encryption/v1');
  const macKey = derive(master, 'auto-claim/lookup-hmac/v1');

  const encrypt = (plain: string) => {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', encKey, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${KEY_ID}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
  };
  const decrypt = (sealed: string) => {
    const [keyId, data] = sealed.split(':');
    if (keyId !== KEY_ID || !data) throw new Error(`unknown key id ${keyId}`);
    const raw = Buffer.from(data, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', encKey, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  };
  return {
    encrypt,
    decrypt,
    encryptJson: (value) => encrypt(JSON.stringify(value)),
    decryptJson: <T>(sealed: string) => JSON.parse(decrypt(sealed)) as T,
    hmac: (purpose, value) => createHmac('sha256', macKey).update(`${purpose}\u0000${value}`).digest('base64url'),
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
