// The signature both directions of the insurer protocol carry (docs/providers/insurer-api.md, section 5): HMAC-SHA256
// with the insurer's shared secret over `<direction>.<unix seconds>.<raw body>`, hex, sent as `v1=<hex>` beside the
// timestamp. The timestamp is signed so that a captured call cannot be replayed later: a verifier refuses one that is
// too old. The direction is signed so that a captured call cannot be replayed the other way: what we send an insurer
// (`claim.v1`) never verifies as what an insurer sends us (`answer.v1`), although both use the one shared secret.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_VERSION = 'v1';

/** Which way a signed call goes: ours to the insurer (claims and health), or the insurer's answer to us. */
export type SignedDirection = 'claim.v1' | 'answer.v1';

/** Hex HMAC-SHA256 of `<direction>.<timestamp>.<body>`. */
export const signatureOf = (secret: string, direction: SignedDirection, timestamp: string, body: string | Uint8Array) =>
  createHmac('sha256', secret).update(`${direction}.${timestamp}.`).update(body).digest('hex');

/** The headers of a call we sign (lower case, as Node hands them over): always the `claim.v1` direction. */
export function signedHeaders(secret: string, body: string | Uint8Array, nowMs: number) {
  const timestamp = String(Math.floor(nowMs / 1000));
  return {
    'x-autoclaim-timestamp': timestamp,
    'x-autoclaim-signature': `${SIGNATURE_VERSION}=${signatureOf(secret, 'claim.v1', timestamp, body)}`,
  };
}

export type SignatureCheck = 'ok' | 'missing' | 'stale' | 'mismatch';

/**
 * Checks a call's signature for `direction`: the timestamp must be whole seconds within `toleranceSeconds` of now, and
 * one of the header's comma-separated `v1=` values must equal ours (compared in constant time).
 */
export function checkSignature(c: {
  secret: string;
  direction: SignedDirection;
  timestamp: string | undefined;
  signature: string | undefined;
  body: string | Uint8Array;
  nowMs: number;
  toleranceSeconds: number;
}): SignatureCheck {
  if (!c.timestamp || !c.signature) return 'missing';
  if (!/^\d{1,12}$/.test(c.timestamp)) return 'mismatch';
  if (Math.abs(c.nowMs / 1000 - Number(c.timestamp)) > c.toleranceSeconds) return 'stale';
  const expected = Buffer.from(signatureOf(c.secret, c.direction, c.timestamp, c.body), 'hex');
  const given = c.signature
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.startsWith(`${SIGNATURE_VERSION}=`))
    .map((s) => Buffer.from(s.slice(SIGNATURE_VERSION.length + 1), 'hex'));
  return given.some((g) => g.length === expected.length && timingSafeEqual(g, expected)) ? 'ok' : 'mismatch';
}
