// What the sandbox providers would have sent (providers/outbox.ts): the tables the providers layer owns
// (docs/architecture.md, table ownership), in camelCase (CamelCasePlugin maps them to snake_case). db/schema.ts
// composes every owner's; the code here uses ProvidersDb.
import type { Generated, Kysely } from 'kysely';

export interface ProvidersTables {
  sandboxOutbox: SandboxOutboxTable;
}

/** The handle providers code queries with (a transaction of it too): another owner's table does not compile. */
export type ProvidersDb = Kysely<ProvidersTables>;

export interface SandboxOutboxTable {
  id: Generated<number>;
  channel: string;
  to: string;
  body: string;
  createdAt: Date;
}
