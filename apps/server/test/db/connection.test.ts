// The connection pool outlives a connection the server ends (db/index.ts): a PostgreSQL restart, a failover or an
// administrator's pg_terminate_backend closes idle connections, and the process must go on answering, not end on an
// unhandled 'error'. PostgreSQL only (PGlite has no server to end a connection).
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from '../../src/db/index.js';
import { throwawayDatabase } from '../helper.js';

const baseUrl = process.env.DATABASE_URL;

describe.skipIf(!baseUrl)('a connection the server ends', () => {
  const closing: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const close of closing.reverse()) await close();
  });

  it('is replaced: the pool answers the next query after every idle connection was terminated', async () => {
    const database = await throwawayDatabase(baseUrl!);
    closing.push(() => database.drop());
    const db = await openDb({ databaseUrl: database.url });
    closing.push(() => db.close());
    // Three connections open and back in the pool, idle.
    await Promise.all([1, 2, 3].map(() => sql`select pg_sleep(0.05)`.execute(db.db)));
    const name = new URL(database.url).pathname.slice(1);
    const admin = await openDb({ databaseUrl: baseUrl! });
    closing.push(() => admin.close());
    const ended = await sql<{ n: number }>`select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
      where datname = ${name}`.execute(admin.db);
    expect(ended.rows[0]!.n).toBeGreaterThanOrEqual(1);
    // Until the server has ended them all (the pool hears of each as an error on an idle client).
    await expect
      .poll(
        async () =>
          (
            await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = ${name}`.execute(
              admin.db,
            )
          ).rows[0]!.n,
      )
      .toBe(0);
    // The answer to that poll and the ended connections' last words can arrive in the same turn of the event loop, and
    // the answer's continuation runs first; one setImmediate lets the pool hear every 'error' before we ask again.
    await new Promise((resolve) => setImmediate(resolve));
    // Then it serves from a new connection.
    const again = await sql<{ one: number }>`select 1 as one`.execute(db.db);
    expect(again.rows).toEqual([{ one: 1 }]);
  });
});
