// Table ownership as a type (docs/architecture.md, table ownership): each owner queries with a handle scoped to the
// tables its tables.ts declares (Kysely<XTables>; its transactions are Transaction<XTables>), so a query on another
// owner's table does not compile. A connection or transaction crosses to another owner's index.ts as a Handle (so
// both write in one transaction) and only the receiving owner narrows it, to its own tables, with own().
import type { Kysely } from 'kysely';

/**
 * A connection or transaction as it is handed from one owner to another: any owner's handle is one, and it queries
 * nothing until its receiver narrows it with own().
 */
export type Handle = Pick<Kysely<object>, 'isTransaction'>;

/** The receiving owner's view of a handed-over connection or transaction: its own tables, nothing else. */
export const own = <Tables>(handle: Handle): Kysely<Tables> => handle as Kysely<Tables>;
