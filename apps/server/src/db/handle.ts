// Table ownership as a type (docs/architecture.md, table ownership): each owner queries with a handle scoped to the
// tables its tables.ts declares (Kysely<XTables>; its transactions are Transaction<XTables>), so a query on another
// owner's table does not compile. A connection or transaction crosses to another owner's index.ts as a Handle (so
// both write in one transaction) and only the receiving owner narrows it, through the handle function of its own
// tables.ts (claimsDb, subscriptionsDb…).
import type { Kysely } from 'kysely';

/**
 * A connection or transaction as it is handed from one owner to another: any owner's handle is one, and it queries
 * nothing until its receiver narrows it.
 */
export type Handle = Pick<Kysely<object>, 'isTransaction'>;

/** What a handle function narrows: a handle itself, or what carries one (the context). */
export type Handed = Handle | { db: Handle };

const handleOf = (from: Handed): Handle => ('db' in from ? from.db : from);

/**
 * The one narrowing, for an owner's tables.ts only: `export const claimsDb = (from: Handed): ClaimsDb =>
 * own<ClaimsTables>(from)`. Anywhere else, or with another owner's tables, `npm run lint` (scripts/check-ownership.mjs)
 * refuses it and names the owner: everyone queries through their own tables.ts's handle function.
 */
export const own = <Tables>(from: Handed): Kysely<Tables> => handleOf(from) as Kysely<Tables>;

/**
 * A handle that names no table at all: for SQL over no owner's tables (a health probe, pg-boss's own schema, a count
 * over a query its owner built). The SQL it runs is read by the ownership check like any other.
 */
export const tableless = (from: Handed): Kysely<object> => own<object>(from);
