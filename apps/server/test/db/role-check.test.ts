// `npm run doctor`'s database role check (db/role-check.ts; docs/operations.md, "Database roles"): a superuser or a
// table owner can disable the append-only triggers of the access log and the operators' record, so the application
// runs as a role that is neither, and the doctor warns otherwise. PostgreSQL only: the embedded database has no roles.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDb } from '../../src/db/index.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { databaseRoleWarnings } from '../../src/db/role-check.js';
import { throwawayDatabase } from '../helper.js';

const baseUrl = process.env.DATABASE_URL;

describe.skipIf(!baseUrl)('the doctor’s database role check (PostgreSQL)', () => {
  it(
    'warns of a superuser and of a table owner; a runtime role passes, and the append-only triggers bind it',
    { timeout: 120_000 },
    async () => {
      const tmp = await throwawayDatabase(baseUrl!, { migrated: true });
      const role = `ac_runtime_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: tmp.url });
      await admin.connect();
      const asOwner = await openDb({ databaseUrl: tmp.url });
      let asRuntime: Awaited<ReturnType<typeof openDb>> | undefined;
      try {
        // The superuser the tests connect as: both findings, the append-only tables named.
        const superuser = await databaseRoleWarnings(asOwner.db);
        expect(superuser).toHaveLength(2);
        expect(superuser[0]).toMatch(/is a superuser: it can disable the append-only triggers/);
        expect(superuser[1]).toMatch(/owns \d+ table\(s\), among them access_log, operator_action/);

        // The role operations.md describes: login, no superuser, owns nothing, may read and write the rows.
        await admin.query(`create role ${role} login nosuperuser`);
        await admin.query(`grant usage on schema public to ${role}`);
        await admin.query(`grant select, insert, update, delete on all tables in schema public to ${role}`);
        await admin.query(`grant usage, select on all sequences in schema public to ${role}`);
        const url = new URL(tmp.url);
        url.username = role;
        asRuntime = await openDb({ databaseUrl: url.toString() });
        expect(await databaseRoleWarnings(asRuntime.db)).toEqual([]);
        // A process starting as it finds nothing to migrate, and starts.
        await migrateToLatest(asRuntime.db);
        // The triggers bind it: no row of the operators' record changes, and it cannot disable them.
        await sql`insert into operator_action (at, login_id, ip_enc, action) values (now(), 'probe', 'x', 'sign_in')`.execute(
          asRuntime.db.withoutPlugins(),
        );
        await expect(sql`delete from operator_action`.execute(asRuntime.db.withoutPlugins())).rejects.toThrow();
        await expect(
          sql`alter table operator_action disable trigger operator_action_append_only`.execute(
            asRuntime.db.withoutPlugins(),
          ),
        ).rejects.toThrow(/owner/);

        // Given one table to own, it is warned of, by name.
        await admin.query(`alter table operator_action owner to ${role}`);
        const owner = await databaseRoleWarnings(asRuntime.db);
        expect(owner).toHaveLength(1);
        expect(owner[0]).toMatch(new RegExp(`^role ${role} owns 1 table\\(s\\), among them operator_action`));
      } finally {
        await asRuntime?.close();
        await asOwner.close();
        await admin.end();
        await tmp.drop();
        const c = new pg.Client({ connectionString: baseUrl });
        await c.connect();
        await c.query(`drop role if exists ${role}`);
        await c.end();
      }
    },
  );
});
