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
}

// int8 (count(*), bigserial) as JS numbers on both engines, as PGlite does; our values stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number(v));
// date stays text YYYY-MM-DD on both engines.
pg.types.setTypeParser(1082, (v) => v);

export async function openDb(opts: {
  databaseUrl?: string | undefined;
  dataDir?: string;
  memory?: boolean;
}): Promise<Db> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin()] });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  let dataDir: string | undefined;
  if (!opts.memory) {
    dataDir = path.join(opts.dataDir ?? './.data', 'pglite');
    mkdirSync(dataDir, { recursive: true });
  }
  const pglite = await PGlite.create(dataDir ? { dataDir } : {});
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: pglitePool(pglite) }),
    plugins: [new CamelCasePlugin()],
  });
  return {
    db,
    kind: 'pglite',
    async close() {
      await db.destroy();
      await pglite.close();
    },
  };
}
