// Migration 0028: subscription_rrn, superseded by subscription.rrn_hmac (0011) and read by nothing since, is dropped;
// going back makes it again from the hashes subscription.rrn_hmac holds.
import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createContext } from '../../../src/create-context.js';
import { openDb } from '../../../src/db/index.js';
import { migrateToLatest, migrations } from '../../../src/db/migrate.js';
import { createSubscriber } from '../../../fixtures/factories.js';
import { TEST_CONFIG, testLogger, throwawayDatabase } from '../../helper.js';

describe('migration 0028', () => {
  it('drops subscription_rrn; down makes it again from subscription.rrn_hmac', { timeout: 60_000 }, async () => {
    const baseUrl = process.env.DATABASE_URL;
    const tmp = baseUrl ? await throwawayDatabase(baseUrl) : undefined;
    const db = await openDb(tmp ? { databaseUrl: tmp.url } : { memory: true });
    const tableExists = async () =>
      (await sql<{ t: string | null }>`select to_regclass('public.subscription_rrn')::text as t`.execute(db.db))
        .rows[0]!.t !== null;
    try {
      const migrator = new Migrator({ db: db.db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo('0026_ops_bounds')).error).toBeUndefined();
      expect(await tableExists()).toBe(true);
      const sub = await createSubscriber(createContext({ db: db.db, config: TEST_CONFIG, log: testLogger() }), {
        lookupHashes: false,
      });
      await migrateToLatest(db.db);
      expect(await tableExists()).toBe(false);

      expect((await migrator.migrateTo('0026_ops_bounds')).error).toBeUndefined();
      const rows = await sql<{ insu_apply_id: string; rrn_hmac: string }>`select insu_apply_id, rrn_hmac
        from subscription_rrn`.execute(db.db.withoutPlugins());
      const { rrnHmac } = await db.db
        .selectFrom('subscription')
        .select('rrnHmac')
        .where('insuApplyId', '=', sub.insuApplyId)
        .executeTakeFirstOrThrow();
      expect(rrnHmac).not.toBeNull();
      expect(rows.rows).toEqual([{ insu_apply_id: sub.insuApplyId, rrn_hmac: rrnHmac }]);
      await migrateToLatest(db.db);
      expect(await tableExists()).toBe(false);
    } finally {
      await db.close();
      await tmp?.drop();
    }
  });
});
