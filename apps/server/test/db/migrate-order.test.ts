// Migration numbers are given out per branch (db/migrate.ts), so a database may have run higher ones before a lower
// one lands: the state of a server that ran up to 0042 before 0038 (the enrolment walk) and 0043 (children) merged.
// Starting the product then runs the two it lacks instead of refusing to start.
import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDb } from '../../src/db/index.js';
import { migrateToLatest, migrations } from '../../src/db/migrate.js';
import { throwawayDatabase } from '../helper.js';

const LATE = ['0038_enrolment_walk', '0043_children'];

describe('migrations merged after a higher one ran', () => {
  it('run at the next start, in their own order', { timeout: 60_000 }, async () => {
    const baseUrl = process.env.DATABASE_URL;
    const tmp = baseUrl ? await throwawayDatabase(baseUrl) : undefined;
    const db = await openDb(tmp ? { databaseUrl: tmp.url } : { memory: true });
    const ran = async () =>
      (await sql<{ name: string }>`select name from kysely_migration order by timestamp, name`.execute(db.db)).rows.map(
        (r) => r.name,
      );
    const insurerConsent = async () =>
      (
        await sql<{ n: number }>`select count(*)::int as n from terms where terms_id = 'SUBS_INSURER_CONSENT'`.execute(
          db.db,
        )
      ).rows[0]!.n;
    try {
      const earlier = Object.fromEntries(
        Object.entries(migrations).filter(([name]) => name < '0043' && !LATE.includes(name)),
      );
      const before = new Migrator({ db: db.db, provider: { getMigrations: async () => earlier } });
      expect((await before.migrateToLatest()).error).toBeUndefined();
      expect(await ran()).toContain('0042_terms_guard');
      expect(await ran()).not.toContain('0038_enrolment_walk');
      expect(await insurerConsent()).toBe(0);

      await migrateToLatest(db.db);
      const after = await ran();
      // 0038 ran after 0042 (which it precedes by number), then 0043 and any later one in their order.
      expect(after.indexOf('0038_enrolment_walk')).toBe(after.indexOf('0042_terms_guard') + 1);
      expect(after.indexOf('0043_children')).toBe(after.indexOf('0038_enrolment_walk') + 1);
      expect(after).toHaveLength(Object.keys(migrations).length);
      expect(await insurerConsent()).toBe(1);
      const { rows } = await sql<{
        n: number;
      }>`select count(*)::int as n from job_code where job_nm like '은퇴%'`.execute(db.db);
      expect(rows[0]!.n).toBe(1);
    } finally {
      await db.close();
      await tmp?.drop();
    }
  });
});
