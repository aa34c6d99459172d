// The keyed lookup hashes a caller's words are found by (README "Operator console", "Search by what a caller says"):
// the name, birth date and phone normalised as the console's search normalises them (contract ops/search.ts), then
// hashed with the lookup key, each under its own purpose. Written beside the sealed person by the records' and the
// subscriptions' writers, and by the minute tick for rows older than migration 0039.
import { normName, normPhone, typedDate } from '@auto-claim/contract/ops';
import type { FieldCrypto } from './crypto.js';

type Hasher = { crypto: Pick<FieldCrypto, 'hmac'> };

export const nameHmacOf = (ctx: Hasher, name: string) => ctx.crypto.hmac('person-name', normName(name));
/** A birth date as YYYYMMDD (one written otherwise is read as a typed date first). */
export const birthHmacOf = (ctx: Hasher, birthDate: string) =>
  ctx.crypto.hmac('person-birth', typedDate(birthDate) ?? birthDate.trim());
export const phoneHmacOf = (ctx: Hasher, phone: string) => ctx.crypto.hmac('person-phone', normPhone(phone));
