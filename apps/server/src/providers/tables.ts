// What the sandbox providers would have sent (providers/outbox.ts): the tables the providers layer owns
// (docs/architecture.md, table ownership), in camelCase (CamelCasePlugin maps them to snake_case). db/schema.ts
// composes every owner's; the code here uses ProvidersDb.
import type { Generated, Kysely } from 'kysely';
import { own, type Handed } from '../db/handle.js';

export interface ProvidersTables {
  sandboxOutbox: SandboxOutboxTable;
}

/** The handle providers code queries with (a transaction of it too): another owner's table does not compile. */
export type ProvidersDb = Kysely<ProvidersTables>;

/** The providers code's view of the context's connection (or of a handle handed over): its own tables only. */
export const providersDb = (from: Handed): ProvidersDb => own<ProvidersTables>(from);

export interface SandboxOutboxTable {
  id: Generated<number>;
  channel: string;
  to: string;
  body: string;
  createdAt: Date;
}
