// Password hashes for operator accounts: argon2id from Node's own crypto (Node 24), written in the PHC string format
// the argon2 tools share ($argon2id$v=19$m=…,t=…,p=…$salt$hash), so hashes made earlier by the `argon2` package still
// verify. Parameters: 64 MiB, 3 passes, 4 lanes, 32-byte tag (OWASP's argon2id guidance; the package's defaults).
import { argon2, randomBytes, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const derive = promisify(argon2);
const PARAMS = { memory: 65_536, passes: 3, parallelism: 4, tagLength: 32 } as const;
const b64 = (b: Buffer) => b.toString('base64').replace(/=+$/, '');

export async function hashPassword(password: string): Promise<string> {
  const nonce = randomBytes(16);
  const tag = await derive('argon2id', { message: password, nonce, ...PARAMS });
  return `$argon2id$v=19$m=${PARAMS.memory},t=${PARAMS.passes},p=${PARAMS.parallelism}$${b64(nonce)}$${b64(tag)}`;
}

/** True when `password` is the one `hash` was made of; false for a wrong password or a hash it cannot read. */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  const m = /^\$argon2id\$v=19\$([a-z=0-9,]+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/.exec(hash);
  if (!m) return false;
  const params = Object.fromEntries(m[1]!.split(',').map((kv) => kv.split('=') as [string, string]));
  const expected = Buffer.from(m[3]!, 'base64');
  const tag = await derive('argon2id', {
    message: password,
    nonce: Buffer.from(m[2]!, 'base64'),
    memory: Number(params.m),
    passes: Number(params.t),
    parallelism: Number(params.p),
    tagLength: expected.length,
  });
  return timingSafeEqual(tag, expected);
}
