// PGlite behind Kysely's own PostgresDialect: a pool of one connection.
// PGlite is a single session, so a connection is held exclusively (a mutex) from acquire to release;
// that keeps a transaction's statements from interleaving with another request's.
import type { PGlite } from '@electric-sql/pglite';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';

const COMMANDS = ['INSERT', 'UPDATE', 'DELETE', 'MERGE', 'SELECT'] as const;
/** A semicolon followed by more SQL: more than one statement. */
const MULTI_STATEMENT = /;\s*\S/;

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
          // Several statements in one text (pg-boss's schema install) need the simple protocol; it takes no parameters.
          if (parameters.length === 0 && MULTI_STATEMENT.test(sql)) {
            const results = await pg.exec(sql);
            const last = results[results.length - 1];
            const rows = (last?.rows ?? []) as R[];
            return { command: commandOf(sql), rowCount: last?.affectedRows ?? rows.length, rows };
          }
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
