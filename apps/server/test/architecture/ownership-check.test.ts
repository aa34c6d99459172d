// The SQL half of table ownership (docs/architecture.md, table ownership): apps/server/scripts/ownership-check.ts, run
// by `npm run lint`. Each probe is a file's text checked as if it stood at the path given: the trespasses a design
// review found passing lint, typecheck and these tests must be refused with their owner named, and the forms the
// owners write every day must pass, so the check can neither go blind nor cry wolf.
import { beforeAll, describe, expect, it } from 'vitest';
import { checkFile, checkServer, EXEMPT, indexOf, serverFiles, type Index } from '../../scripts/ownership-check.js';
import { tableOwners } from '../../scripts/ownership.js';

let index: Index;
beforeAll(() => {
  index = indexOf(tableOwners());
});

const CLAIMS = 'src/modules/claims/probe.ts';
const check = (text: string, file = CLAIMS) => checkFile(file, text, index);

describe('a table another owner holds, named in SQL, is refused with its owner', () => {
  it.each([
    ['schema-qualified', 'sql`select * from public.subscription`'],
    ['quoted', 'sql`select * from "subscription" s where s.insu_apply_id = ${id}`'],
    ['quoted and qualified', 'sql`select * from "public"."subscription"`'],
    ['in a join', 'sql`select c.id from claim c join subscription s on s.insu_apply_id = c.insu_apply_id`'],
    ['in a list of tables', 'sql`select 1 from claim c, subscription s where c.id = ${id}`'],
    ['in a subquery', 'sql`select * from claim where insu_apply_id in (select insu_apply_id from subscription)`'],
    ['after a comment that mentions nothing', 'sql`select 1 -- the patient\n from /* her */ subscription`'],
    ['as a fragment spliced in elsewhere', 'const from = sql`public.subscription s`;'],
    ['written to', 'sql`update subscription set status = ${s} where insu_apply_id = ${id}`'],
    ['inserted into', 'sql`insert into subscription (insu_apply_id) values (${id})`'],
    [
      'deleted with a using list',
      'sql`delete from claim c using subscription s where s.insu_apply_id = c.insu_apply_id`',
    ],
    ['truncated', 'sql`truncate claim, subscription`'],
    ['in sql.raw', "sql.raw('select count(*) from subscription')"],
    ['in sql.raw of a template', 'sql.raw(`delete from subscription where ${where}`)'],
    ['as a SQL string for a driver', "pool.query('delete from subscription where insu_apply_id = $1', [id])"],
    ['as a SQL template string', 'const text = `update subscription set status = $1 where insu_apply_id = ${id}`;'],
    ['in sql.table', "sql`select * from ${sql.table('subscription')}`"],
    ['in sql.table, qualified', "sql.table('public.subscription')"],
    ['in sql.id', "sql.id('public', 'subscription')"],
    ['in sql.ref', "sql.ref('subscription.status')"],
    [
      'in sql.table through a parameter typed with it',
      "const f = (t: 'claim' | 'subscription') => sql`select 1 from ${sql.table(t)}`;",
    ],
    ['to a purge helper', "purgeInBatches(claimsDb(ctx), 'subscription', sql`true`)"],
    [
      'to a purge helper as a child',
      "purgeTreeInBatches(claimsDb(ctx), 'claim', due, { key: 'id', children: [{ table: 'subscription', column: 'id' }] })",
    ],
    ['to the builder, behind a cast', "(db as any).selectFrom('subscriptionHospital').selectAll()"],
    ['to the builder in a list', "db.selectFrom(['claim', 'subscription as s'])"],
  ])('%s', (_, text) => {
    expect(check(text)).toEqual([
      expect.stringMatching(
        /^apps\/server\/src\/modules\/claims\/probe\.ts:\d+: table subscription(_hospital)? belongs to module subscriptions$/,
      ),
    ]);
  });

  it('gives the line the table is named on', () => {
    expect(check('const a = 1;\nconst q = sql`\n  select *\n  from public.subscription`;')).toEqual([
      'apps/server/src/modules/claims/probe.ts:4: table subscription belongs to module subscriptions',
    ]);
  });

  it('reads the whole server, not only the modules', () => {
    expect(check('sql`select count(*) from claim`', 'src/http/probe.ts')).toEqual([
      'apps/server/src/http/probe.ts:1: table claim belongs to module claims',
    ]);
    expect(check('sql`select * from auth_session`', 'src/modules/claims/console/probe.ts')).toEqual([
      'apps/server/src/modules/claims/console/probe.ts:1: table auth_session belongs to security',
    ]);
    expect(check('sql`delete from claim`.execute(db)', 'scripts/probe.ts')).toEqual([
      'apps/server/scripts/probe.ts:1: table claim belongs to module claims',
    ]);
  });

  it('refuses a relation no owner declares, and pg-boss outside the places that drive it', () => {
    expect(check('sql`select * from nowhere`')).toEqual([
      'apps/server/src/modules/claims/probe.ts:1: table nowhere belongs to no owner: declare it in a tables.ts (or in NOT_OWNED, with why)',
    ]);
    expect(check('sql`select * from pgboss.job`', 'src/modules/subscriptions/probe.ts')).toEqual([
      expect.stringMatching(
        /probe\.ts:1: table pgboss\.job belongs to no module: it is named only in src\/jobs\/, src\/modules\/claims\//,
      ),
    ]);
  });

  it('refuses a table name it cannot read', () => {
    expect(check('const f = (t: string) => sql`select 1 from ${sql.table(t)}`;')).toEqual([
      'apps/server/src/modules/claims/probe.ts:1: sql.table(t) names a table the check cannot read: name it with a literal',
    ]);
  });
});

describe("another owner's handle is refused with its owner", () => {
  it.each([
    [
      'narrowed to its tables',
      'const db = own<SubscriptionsTables>(ctx);',
      /SubscriptionsTables is the handle of module subscriptions/,
    ],
    [
      'its handle type',
      'const f = (db: SubscriptionsDb) => db;',
      /SubscriptionsDb is the handle of module subscriptions/,
    ],
    [
      'its handle function',
      'const db = subscriptionsDb(ctx);',
      /subscriptionsDb is the handle of module subscriptions/,
    ],
  ])('%s', (_, text, message) => {
    expect(check(text)).toContainEqual(expect.stringMatching(message));
  });

  it('and own() itself outside a tables.ts, even on its own tables', () => {
    expect(check('const db = own<ClaimsTables>(ctx);')).toEqual([
      "apps/server/src/modules/claims/probe.ts:1: own() narrows a handle only in an owner's tables.ts: modules/claims queries through claimsDb (its tables.ts)",
    ]);
    expect(
      check(
        'export const claimsDb = (from: Handed): ClaimsDb => own<ClaimsTables>(from);',
        'src/modules/claims/tables.ts',
      ),
    ).toEqual([]);
    expect(
      check('export const x = (from: Handed) => own<SubscriptionsTables>(from);', 'src/modules/claims/tables.ts'),
    ).toEqual([
      'apps/server/src/modules/claims/tables.ts:1: SubscriptionsTables is the handle of module subscriptions: its tables belong to module subscriptions',
    ]);
  });
});

describe('what owners write every day passes', () => {
  it.each([
    [
      'its own tables',
      'sql`select c.id from claim c join treatment_record r on r.id = c.record_id where c.id = ${id}`',
    ],
    ['a column named after another table', 'sql`select c.insu_apply_id, c.subscription_id from claim c`'],
    ['another table in a comment', 'sql`select 1 from claim -- not subscription\n /* nor from subscription */`'],
    ['another table in a string literal', "sql`select 'subscription' as kind, E'from \\\\' subscription' from claim`"],
    ['another table in a dollar-quoted body', 'sql`select $$ from subscription $$ from claim`'],
    ['a CTE', 'sql`with due as materialized (select id from claim) select * from due`'],
    [
      'a CTE read in another template',
      'const keys = sql`select _key from _due`; const s = sql`with _due as (select id as _key from claim) ${keys}`;',
    ],
    ['functions where tables stand', 'sql`select u.id from unnest(${ids}::int[]) as u(id), generate_series(1, 3) g`'],
    [
      'from that is no table’s',
      'sql`select extract(epoch from now() - c.created_at), c.a is distinct from c.b from claim c`',
    ],
    [
      'locking and upserts',
      'sql`select id from claim for update skip locked`; sql`insert into claim_note (id) values (1) on conflict (id) do update set id = 1`',
    ],
    ['an alias called table', 'sql`select c.relname as table from pg_class c`'],
    ['pg-boss where the claims module reads it', 'sql`select count(*) from pgboss.job where state = ${s}`'],
    ['PostgreSQL’s catalogue', 'sql`select 1 from information_schema.tables t join pg_catalog.pg_class c on true`'],
    [
      'its own names to the builder and the purge helpers',
      "claimsDb(ctx).selectFrom('treatmentRecord as r').innerJoin('claim', 'claim.recordId', 'r.id'); purgeInBatches(claimsDb(ctx), 'feedRejection', due)",
    ],
    [
      'its own table in sql.table through a literal-typed parameter',
      "const f = (t: 'claim' | 'feed_rejection') => sql`select 1 from ${sql.table(t)}`;",
    ],
    ['a column reference', "sql`select ${sql.ref('c.status')} from claim c`"],
    ['English that is not SQL', "log.info('update from the hospital feed'); const s = 'select a hospital';"],
  ])('%s', (_, text) => {
    expect(check(text)).toEqual([]);
  });
});

describe('what the check reads', () => {
  it('every file of the server and its scripts, except what EXEMPT says why', () => {
    const files = serverFiles();
    expect(files).toContain('src/app.ts');
    expect(files).toContain('src/jobs/runtime.ts');
    expect(files).toContain('scripts/doctor.ts');
    expect(files.filter((f) => f.startsWith('src/db/migrations/'))).toEqual([]);
    expect(Object.keys(EXEMPT)).toContain('src/db/migrations/');
  });

  it('finds nothing in the tree as it is', () => {
    expect(checkServer(index).problems).toEqual([]);
  });
});
