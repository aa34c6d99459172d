// The dashboard's counts come from day rollups (claim_day_count, claim_delivery_day_count, migration 0031): a row
// trigger appends a +1/−1 line in the same transaction as every claim and delivery insert, status change and delete,
// and the minute tick folds the lines into the counts. After many of each, around Korea's midnight too, counts plus
// lines are exactly a GROUP BY of the tables, before the fold and after it (then with no line left), and a
// rolled-back change leaves them as they were.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPS_DASHBOARD_API } from '@auto-claim/contract/ops';
import { foldDayCounts } from '../../../src/modules/claims/counts.js';
import { build, signInOperator, type TestApp } from '../../helper.js';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t?.close());

const KST_DAY = (col: string) => sql.raw(`to_char((${col} at time zone 'UTC') + interval '9 hours', 'YYYYMMDD')`);

async function claimsGrouped() {
  const db = t.db.db;
  const [rollup, table] = await Promise.all([
    sql<{ k: string; n: number }>`select day || ' ' || hospital_cd || ' ' || insu_comp_cd || ' ' || status as k,
        sum(n)::int as n from (select * from claim_day_count union all select * from claim_day_delta) c
        group by 1 having sum(n) <> 0 order by k`.execute(db),
    sql<{ k: string; n: number }>`select ${KST_DAY('created_at')} || ' ' || hospital_cd || ' ' || insu_comp_cd || ' '
        || status as k, count(*)::int as n from claim group by 1 order by k`.execute(db),
  ]);
  return { rollup: rollup.rows, table: table.rows };
}
async function deliveriesGrouped() {
  const db = t.db.db;
  const [rollup, table] = await Promise.all([
    sql<{ k: string; n: number }>`select day || ' ' || channel || ' ' || status as k, sum(n)::int as n
        from (select * from claim_delivery_day_count union all select * from claim_delivery_day_delta) d
        group by 1 having sum(n) <> 0 order by k`.execute(db),
    sql<{ k: string; n: number }>`select ${KST_DAY('created_at')} || ' ' || channel || ' ' || status as k,
        count(*)::int as n from claim_delivery group by 1 order by k`.execute(db),
  ]);
  return { rollup: rollup.rows, table: table.rows };
}

const lines = async () =>
  (
    await sql<{ n: number }>`select (select count(*) from claim_day_delta)
      + (select count(*) from claim_delivery_day_delta) as n`.execute(t.db.db)
  ).rows[0]!.n;

describe('the day rollups', () => {
  it('equal a GROUP BY of the claims and deliveries after inserts, status changes and deletes', async () => {
    const db = t.db.db;
    const person = t.app.ctx.crypto.encryptJson({ name: '홍길동', birthDate: '19800101' });
    // 300 records and claims, 20 minutes apart, so some fall either side of Korea's midnight (15:00 UTC).
    const start = new Date(Date.now() - 2 * 86_400_000);
    await sql`insert into treatment_record (hospital_cd, receipt_no, content_hash, ci_hmac, person_enc, detail_enc,
        visit_date, visit_type, covered_copay, uncovered, total_paid, outcome, received_at, decided_at)
      select (array['90000001', '90000002'])[1 + g % 2], 'ROLL-' || g, 'roll-' || g, 'ci-' || g, ${person}, ${person},
        '20260601', '외래', 1000, 0, 1000, 'claimed', ${start}::timestamptz + make_interval(mins => g * 20), null
      from generate_series(1, 300) g`.execute(db);
    await sql`insert into claim (record_id, hospital_cd, visit_date, insu_comp_cd, ci_hmac, origin, amount, status,
        created_at, updated_at)
      select r.id, r.hospital_cd, r.visit_date, (array['SAMSUNGFIRE', 'HYUNDAIMARINE'])[1 + r.id % 2],
        r.ci_hmac, 'auto', 1000, 'received', r.received_at, r.received_at
      from treatment_record r where r.receipt_no like 'ROLL-%'`.execute(db);
    await sql`insert into claim_delivery (claim_id, insu_comp_cd, channel, destination, status, attempts,
        next_attempt_at, created_at)
      select c.id, c.insu_comp_cd, (array['api', 'fax'])[1 + c.id % 2], 'x', 'pending', 0, c.created_at, c.created_at
      from claim c`.execute(db);
    expect((await claimsGrouped()).rollup.length).toBeGreaterThan(6);

    // Status changes one by one, many at once, back and forth, and one to the same status.
    await sql`update claim set status = 'claimed' where id % 2 = 0`.execute(db);
    await sql`update claim set status = 'sent' where id % 3 = 0`.execute(db);
    await sql`update claim set status = 'paid', paid_amount = 1000 where id % 5 = 0`.execute(db);
    await sql`update claim set status = 'received' where id % 7 = 0`.execute(db);
    await sql`update claim set status = status, amount = amount + 1 where id % 11 = 0`.execute(db);
    for (const id of [1, 2, 3]) await sql`update claim set status = 'failed' where id = ${id}`.execute(db);
    await sql`update claim_delivery set status = 'sent' where id % 2 = 0`.execute(db);
    await sql`update claim_delivery set status = 'dead' where id % 9 = 0`.execute(db);
    await sql`update claim_delivery set status = 'pending' where id % 18 = 0`.execute(db);
    // A change rolled back leaves the rollups as they were.
    await db
      .transaction()
      .execute(async (tx) => {
        await sql`update claim set status = 'rejected'`.execute(tx);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    // A deleted claim leaves its count (its delivery and children first).
    await sql`delete from claim_delivery where claim_id in (select id from claim where id % 13 = 0)`.execute(db);
    await sql`delete from claim where id % 13 = 0`.execute(db);

    const claims = await claimsGrouped();
    expect(claims.rollup).toEqual(claims.table);
    const deliveries = await deliveriesGrouped();
    expect(deliveries.rollup).toEqual(deliveries.table);

    // The tick's fold moves every line into the counts and changes no total.
    expect(await lines()).toBeGreaterThan(0);
    await foldDayCounts(t.app.ctx.db);
    expect(await lines()).toBe(0);
    expect(await claimsGrouped()).toEqual(claims);
    expect(await deliveriesGrouped()).toEqual(deliveries);
    // A change after the fold is a line again, and the sum still holds.
    await sql`update claim set status = 'rejected' where id = 4`.execute(db);
    const after = await claimsGrouped();
    expect(after.rollup).toEqual(after.table);
  });

  it('are what the dashboard reads: its counts are the claims’ own', async () => {
    const viewer = await signInOperator(t, 'viewer');
    const res = await t.app.inject({ method: 'GET', url: OPS_DASHBOARD_API.dashboard, headers: viewer.headers });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { claims: { status: string; d30: number }[]; deliveries: { d30: number }[] };
    const counted = await sql<{ status: string; n: number }>`select status, count(*)::int as n from claim
      where created_at >= now() - interval '29 days' group by status order by status`.execute(t.db.db);
    expect(body.claims.map((c) => [c.status, c.d30])).toEqual(counted.rows.map((r) => [r.status, r.n]));
    expect(body.deliveries.reduce((a, d) => a + d.d30, 0)).toBe(
      Number((await sql<{ n: number }>`select count(*)::int as n from claim_delivery`.execute(t.db.db)).rows[0]!.n),
    );
  });
});
