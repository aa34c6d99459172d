// Operator accounts: argon2id-hashed passwords. An account comes from OPERATOR_LOGIN_ID + OPERATOR_PASSWORD at start
// or from `npm run operator -- <loginId>` (password read from stdin); there is no default account or password.
import argon2 from 'argon2';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export const MIN_OPERATOR_PASSWORD = 12;

export async function upsertOperator(db: Kysely<Database>, loginId: string, password: string) {
  if (password.length < MIN_OPERATOR_PASSWORD) {
    throw new Error(`operator password must be at least ${MIN_OPERATOR_PASSWORD} characters`);
  }
  const passwordHash = await argon2.hash(password, { type: argon2.argon2id });
  await db
    .insertInto('operator')
    .values({ loginId, passwordHash })
    .onConflict((oc) => oc.column('loginId').doUpdateSet({ passwordHash }))
    .execute();
}

/** Constant work whether or not the account exists, so timing does not tell which ids exist. */
const DUMMY_HASH = argon2.hash('no-such-operator-password', { type: argon2.argon2id });

export async function checkOperator(db: Kysely<Database>, loginId: string, password: string) {
  const row = await db.selectFrom('operator').select('passwordHash').where('loginId', '=', loginId).executeTakeFirst();
  const ok = await argon2.verify(row?.passwordHash ?? (await DUMMY_HASH), password);
  return Boolean(row) && ok;
}
