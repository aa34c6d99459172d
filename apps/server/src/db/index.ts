// The one Kysely instance: embedded PGlite by default, real PostgreSQL when DATABASE_URL is set.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';
import { pglitePool } from './pglite-pool.js';

export interface Db {
  db: Kysely<Database>;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /**
   * LISTEN on a channel: `onMessage` for each NOTIFY committed by any session, `onLost` when the listening connection
   * broke (notifications may have been missed; it is opened again and `onMessage` called once, payload undefined).
   * Answers a function that stops listening.
   */
  listen?(channel: string, onMessage: (payload?: string) => void, onLost?: () => void): Promise<() => Promise<void>>;
  /** PGlite only: the data directory as an uncompressed tarball, for `openDb({ loadDataDir })` (the tests' template). */
  dumpDataDir?(): Promise<Blob>;
}

// int8 (count(*), bigserial) as JS numbers on both engines, as PGlite does; our values stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number(v));
// date stays text YYYY-MM-DD on both engines.
pg.types.setTypeParser(1082, (v) => v);

export async function openDb(opts: {
  databaseUrl?: string | undefined;
  dataDir?: string;
  memory?: boolean;
  /** PGlite only: start from this dumped data directory (a tarball of dumpDataDir) instead of an empty database. */
  loadDataDir?: Blob;
}): Promise<Db> {
  if (opts.databaseUrl) {
    const databaseUrl = opts.databaseUrl;
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    // An idle connection the server ends (a restart, a failover, pg_terminate_backend) is an 'error' on the pool; the
    // pool drops that client and opens another when asked. Without a listener Node would end the whole process.
    pool.on('error', () => undefined);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin()] });
    const listeners = new Set<() => Promise<void>>();
    return {
      db,
      kind: 'postgres',
      listen: async (channel, onMessage, onLost) => {
        const stop = await listenPostgres(databaseUrl, channel, onMessage, onLost);
        listeners.add(stop);
        return async () => {
          listeners.delete(stop);
          await stop();
        };
      },
      async close() {
        await Promise.all([...listeners].map((stop) => stop()));
        await db.destroy();
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  let dataDir: string | undefined;
  if (!opts.memory) {
    dataDir = path.join(opts.dataDir ?? './.data', 'pglite');
    mkdirSync(dataDir, { recursive: true });
  }
  const pglite = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
  });
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: pglitePool(pglite) }),
    plugins: [new CamelCasePlugin()],
  });
  return {
    db,
    kind: 'pglite',
    dumpDataDir: () => pglite.dumpDataDir('none'),
    // One session: its own NOTIFYs reach its listeners when the statement that made them commits.
    async listen(channel, onMessage) {
      const unsubscribe = await pglite.listen(channel, (payload) => onMessage(payload));
      return () => unsubscribe();
    },
    async close() {
      await db.destroy();
      await pglite.close();
    },
  };
}

/**
 * A connection of its own that LISTENs (a pooled one would be handed to queries); if it breaks, `onLost` at once and
 * a new one every second until it listens again, then `onMessage()` once, for what may have been missed meanwhile.
 */
async function listenPostgres(
  connectionString: string,
  channel: string,
  onMessage: (payload?: string) => void,
  onLost?: () => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString });
    c.on('notification', (n) => n.channel === channel && onMessage(n.payload));
    c.on('error', () => lost(c));
    c.on('end', () => lost(c));
    await c.connect();
    await c.query(`listen ${pg.escapeIdentifier(channel)}`);
    client = c;
  };
  const lost = (c: pg.Client) => {
    if (stopped || client !== c) return;
    client = undefined;
    onLost?.();
    void c.end().catch(() => {});
    const again = () => {
      retry = setTimeout(() => {
        if (stopped) return;
        connect().then(() => onMessage(), again);
      }, 1000);
      retry.unref();
    };
    again();
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}
