// Holder checks asked by GET, answered again from here for a few minutes: the tables the accounts module owns
// (docs/architecture.md, table ownership), in camelCase (CamelCasePlugin maps them to snake_case). db/schema.ts
// composes every owner's; the code here uses AccountsDb.
import type { Generated, Kysely } from 'kysely';
import { own, type Handed } from '../../db/handle.js';

export interface AccountsTables {
  accountCheck: AccountCheckTable;
}

/** The handle accounts code queries with (a transaction of it too): another owner's table does not compile. */
export type AccountsDb = Kysely<AccountsTables>;

/** The accounts code's view of the context's connection (or of a handle handed over): its own tables only. */
export const accountsDb = (from: Handed): AccountsDb => own<AccountsTables>(from);

export interface AccountCheckTable {
  keyHmac: string;
  answerEnc: string;
  createdAt: Generated<Date>;
  expiresAt: Date;
}
