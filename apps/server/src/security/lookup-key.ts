// The lookup key never rotates (docs/providers/key-rotation.md): every *_hmac column is a blind index made with it,
// and a process that hashed with another key would find nobody, quietly. So the database keeps the lookup key's
// fingerprint (lookup_key_fingerprint, owned here) and a process whose key differs refuses to start.
import type { Handle } from '../db/handle.js';
import { securityDb } from './tables.js';
import type { FieldCrypto } from './crypto.js';

export class LookupKeyMismatchError extends Error {
  constructor(detail: string) {
    super(
      `The configured lookup key is not the one this database's lookup hashes were made with (${detail}). ` +
        'Set FIELD_LOOKUP_KEY to that key: after a rotation, the FIELD_ENCRYPTION_KEY the data was first written ' +
        'with (docs/providers/key-rotation.md). Running on would break every lookup: sessions, subscriptions, claims.',
    );
    this.name = 'LookupKeyMismatchError';
  }
}

/** Refuses a lookup key other than the one the data was hashed with; records it on a database that has none yet. */
export async function verifyLookupKey(handle: Handle, crypto: FieldCrypto): Promise<void> {
  const db = securityDb(handle);
  const stored = await db.selectFrom('lookupKeyFingerprint').select('fingerprint').executeTakeFirst();
  if (stored) {
    if (stored.fingerprint !== crypto.lookupFingerprint) {
      throw new LookupKeyMismatchError(
        `stored fingerprint ${stored.fingerprint}, configured ${crypto.lookupFingerprint}`,
      );
    }
    return;
  }
  // No fingerprint yet: a new database, or one from before keys rotated. A session there, if any, was hashed with
  // the lookup key of its day: check the configured one against it before taking it as the one.
  const session = await db
    .selectFrom('authSession')
    .select(['kind', 'subjectEnc', 'subjectHmac'])
    .orderBy('createdAt', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (session) {
    const subject = crypto.decrypt(session.subjectEnc);
    const expected = crypto.hmac(session.kind === 'patient' ? 'ci' : 'operator', subject);
    if (expected !== session.subjectHmac) throw new LookupKeyMismatchError('a stored session hashes differently');
  }
  await db
    .insertInto('lookupKeyFingerprint')
    .values({ fingerprint: crypto.lookupFingerprint })
    .onConflict((oc) => oc.column('oneRow').doNothing())
    .execute();
  // Another process may have recorded its own at the same moment: the stored one decides.
  const now = await db.selectFrom('lookupKeyFingerprint').select('fingerprint').executeTakeFirstOrThrow();
  if (now.fingerprint !== crypto.lookupFingerprint) {
    throw new LookupKeyMismatchError(`stored fingerprint ${now.fingerprint}, configured ${crypto.lookupFingerprint}`);
  }
}
