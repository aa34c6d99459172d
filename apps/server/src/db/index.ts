// The one Kysely instance: embedded PGlite by default, real PostgreSQL when DATABASE_URL is set.
import { mkdirSync, openSync, readFileSync, unlinkSync, writeFileSync, closeSync } from 'node:fs';
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

/**
 * Another process has the embedded database open (PGlite is one process's: a second one opening the same directory
 * would corrupt it). Its message says, in Korean and English, to stop that process first.
 */
export class EmbeddedDbBusy extends Error {
  constructor(
    readonly pid: number,
    readonly dataDir: string,
  ) {
    super(
      `내장 데이터베이스(${dataDir})를 다른 프로세스(서버, pid ${pid})가 쓰고 있어요. 서버를 멈춘 뒤 다시 실행해 주세요. ` +
        `The embedded database (${dataDir}) is in use by another process (the server, pid ${pid}): stop the server, ` +
        `then run this again. (With DATABASE_URL set to PostgreSQL, the server and this command can run together.)`,
    );
    this.name = 'EmbeddedDbBusy';
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: it exists, another user's.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Marks the PGlite directory as this process's (`<DATA_DIR>/pglite.holder`, its pid). When a live process already holds
 * it: `refuse` throws EmbeddedDbBusy; `share` opens anyway as before (the server's own processes, tests). A holder
 * file whose process is gone is taken over. Answers the release (only our own mark is removed).
 */
function holdDataDir(dataDir: string, whenBusy: 'refuse' | 'share'): () => void {
  const file = path.join(path.dirname(dataDir), 'pglite.holder');
  const mine = String(process.pid);
  for (let tries = 0; tries < 2; tries++) {
    try {
      const fd = openSync(file, 'wx');
      writeFileSync(fd, mine);
      closeSync(fd);
      return () => {
        try {
          if (readFileSync(file, 'utf8') === mine) unlinkSync(file);
        } catch {
          // already gone
        }
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') return () => undefined;
      const pid = Number(readFileSync(file, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid)) {
        if (whenBusy === 'refuse') throw new EmbeddedDbBusy(pid, dataDir);
        return () => undefined;
      }
      // Left by a process that is gone (or by us): take it over.
      try {
        unlinkSync(file);
      } catch {
        // another process took it over first: try again
      }
    }
  }
  return () => undefined;
}

export async function openDb(opts: {
  databaseUrl?: string | undefined;
  dataDir?: string;
  memory?: boolean;
  /**
   * PGlite in a directory only: what to do when another live process holds it (pglite.holder). `refuse` (the
   * one-off commands: npm run operator) throws EmbeddedDbBusy; `share` (the default) opens it as before.
   */
  whenBusy?: 'refuse' | 'share';
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
  let release = () => undefined as void;
  if (!opts.memory) {
    dataDir = path.join(opts.dataDir ?? './.data', 'pglite');
    mkdirSync(dataDir, { recursive: true });
    release = holdDataDir(dataDir, opts.whenBusy ?? 'share');
  }
  const pglite = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
  }).catch((e: unknown) => {
    release();
    throw e;
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
      release();
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
