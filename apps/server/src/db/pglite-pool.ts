// PGlite behind Kysely's own PostgresDialect: a pool of one connection.
// PGlite is a single session, so a connection is held exclusively (a mutex) from acquire to release;
// that keeps a transaction's statements from interleaving with another request's.
import type { PGlite } from '@electric-sql/pglite';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';

const COMMANDS = ['INSERT', 'UPDATE', 'DELETE', 'MERGE', 'SELECT'] as const;

function commandOf(sql: string): PostgresQueryResult<unknown>['command'] {
  // "with ... insert": the data-changing verb decides; plain reads count as SELECT.
  const upper = sql.toUpperCase();
  for (const c of COMMANDS.slice(0, 4)) if (new RegExp(`(^|\\s|\\()${c}\\s`).test(upper)) return c;
  return 'SELECT';
}

export function pglitePool(pg: PGlite): PostgresPool {
  let tail: Promise<void> = Promise.resolve();
  return {
    async connect(): Promise<PostgresPoolClient> {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const previous = tail;
      tail = previous.then(() => held);
      await previous;
      return {
        async query<R>(sql: string, parameters: ReadonlyArray<unknown>) {
          const result = await pg.query<R>(sql, parameters as unknown[]);
          return { command: commandOf(sql), rowCount: result.affectedRows ?? result.rows.length, rows: result.rows };
        },
        release,
      } as PostgresPoolClient;
    },
    async end() {
      await tail;
    },
  };
}
