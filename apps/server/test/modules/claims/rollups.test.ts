// The dashboard's counts come from day rollups (claim_day_count, claim_delivery_day_count, migration 0031): a row
// trigger appends a +1/−1 line in the same transaction as every claim and delivery insert, status change and delete,
// and the minute tick folds the lines into the counts. After many of each, around Korea's midnight too, counts plus
// lines are exactly a GROUP BY of the tables, before the fold and after it (then with no line left), and a
// rolled-back change leaves them as they were.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPS_DASHBOARD_API } from '@auto-claim/contract/ops';
import { foldDayCounts } from '../../../src/modules/claims/counts.js';
import { purgeClosedClaims } from '../../../src/modules/claims/retention.js';
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
    // The counts per day and status (what the dashboard reads, migration 0035) are those per hospital and insurer
    // summed: the fold wrote both from the same lines.
    const [byStatus, summed] = await Promise.all([
      sql<{ k: string; n: number }>`select day || ' ' || status as k, n from claim_status_day_count where n <> 0
        order by k`.execute(db),
      sql<{ k: string; n: number }>`select day || ' ' || status as k, sum(n)::int as n from claim_day_count
        group by 1 having sum(n) <> 0 order by k`.execute(db),
    ]);
    expect(byStatus.rows.length).toBeGreaterThan(3);
    expect(byStatus.rows).toEqual(summed.rows);
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
    const dead = await sql<{ n: number }>`select count(*)::int as n from claim_delivery where status = 'dead'`.execute(
      t.db.db,
    );
    expect((res.json() as { deadLetters: { claims: number } }).deadLetters.claims).toBe(dead.rows[0]!.n);
    expect(dead.rows[0]!.n).toBeGreaterThan(0);
    expect(body.deliveries.reduce((a, d) => a + d.d30, 0)).toBe(
      Number((await sql<{ n: number }>`select count(*)::int as n from claim_delivery`.execute(t.db.db)).rows[0]!.n),
    );
  });

  it('keep the counts of closed claims a retention purge deletes, three years after they closed, with all they had', async () => {
    const db = t.db.db;
    const ctx = t.app.ctx;
    const now = ctx.clock.now();
    const yearsAgo = (years: number, days: number) => {
      const d = new Date(now);
      d.setUTCFullYear(d.getUTCFullYear() - years);
      return new Date(d.getTime() + days * 86_400_000);
    };
    const person = ctx.crypto.encryptJson({ name: '홍길동', birthDate: '19800101' });
    // Closed a day past three years: three paid and one rejected go; one paid a day short of three years, one failed
    // and one sent as old stay.
    const cases = [
      { status: 'paid', closed: yearsAgo(3, -1), goes: true },
      { status: 'paid', closed: yearsAgo(3, -2), goes: true },
      { status: 'paid', closed: yearsAgo(4, 0), goes: true },
      { status: 'rejected', closed: yearsAgo(3, -1), goes: true },
      { status: 'paid', closed: yearsAgo(3, 1), goes: false },
      { status: 'failed', closed: yearsAgo(4, 0), goes: false },
      { status: 'sent', closed: yearsAgo(4, 0), goes: false },
    ] as const;
    const ids: number[] = [];
    const blobs: string[] = [];
    for (const [i, c] of cases.entries()) {
      const created = new Date(c.closed.getTime() - 10 * 86_400_000);
      const r = await sql<{ id: number }>`insert into treatment_record (hospital_cd, receipt_no, content_hash, ci_hmac,
          person_enc, detail_enc, visit_date, visit_type, covered_copay, uncovered, total_paid, outcome, received_at)
        values ('90000001', ${`KEEP-${i}`}, ${`keep-${i}`}, 'ci-keep', ${person}, ${person}, '20230101', '외래', 1000, 0,
          1000, 'claimed', ${created}) returning id`.execute(db);
      const claim = await sql<{ id: number }>`insert into claim (record_id, hospital_cd, visit_date, insu_comp_cd,
          ci_hmac, origin, amount, status, created_at, updated_at)
        values (${r.rows[0]!.id}, '90000001', '20230101', 'SAMSUNGFIRE', 'ci-keep', 'auto', 1000, ${c.status},
          ${created}, ${c.closed}) returning id`.execute(db);
      const id = Number(claim.rows[0]!.id);
      ids.push(id);
      const delivery = await sql<{ id: number }>`insert into claim_delivery (claim_id, insu_comp_cd, channel,
          destination, status, attempts, next_attempt_at, created_at)
        values (${id}, 'SAMSUNGFIRE', 'api', 'x', ${c.status === 'failed' ? 'dead' : 'sent'}, 1, ${created},
          ${created}) returning id`.execute(db);
      await sql`insert into claim_delivery_attempt (delivery_id, claim_id, attempt, channel, outcome, at)
        values (${delivery.rows[0]!.id}, ${id}, 1, 'api', 'sent', ${created})`.execute(db);
      await sql`insert into claim_status_history (claim_id, status, actor, at)
        values (${id}, 'received', 'engine', ${created}), (${id}, ${c.status}, 'insurer', ${c.closed})`.execute(db);
      const answer = await sql<{ id: number }>`insert into insurer_answer (insu_comp_cd, event_id, claim_id, answer,
          body_sha256, status_after,
          received_at) values ('SAMSUNGFIRE', ${`keep-${id}`}, ${id}, 'received', 'x', 'sent', ${created})
          returning id`.execute(db);
      // The message that told her of the answer, and an operator's note (append-only, but not past the claim's period).
      await sql`insert into answer_notice (insurer_answer_id, claim_id, due_at, sent_at, channel)
        values (${answer.rows[0]!.id}, ${id}, ${created}, ${created}, 'kakao')`.execute(db);
      await sql`insert into claim_note (claim_id, login_id, note_enc, at)
        values (${id}, 'ops-a', ${person}, ${created})`.execute(db);
      const put = await ctx.blobs.put(new TextEncoder().encode(`package ${id}`), { kind: 'claim-package' });
      blobs.push(put.blobId);
      await sql`insert into claim_document (claim_id, kind, sha256, bytes, created_at, file_blob_id, file_key_id)
        values (${id}, 'package', ${put.sha256}, 10, ${created}, ${put.blobId}, ${ctx.crypto.keyId})`.execute(db);
      await sql`insert into id_card_request (ci_hmac, insu_comp_cd, claim_id, reason, requested_at)
        values ('ci-keep', 'SAMSUNGFIRE', ${id}, '신분증 사본을 보내 주세요.', ${created})`.execute(db);
    }
    await foldDayCounts(ctx.db);
    const totals = async () =>
      (
        await sql<{ claims: number; byStatus: number; deliveries: number }>`select
          (select sum(n)::int from (select n from claim_day_count union all select n from claim_day_delta) c) as claims,
          (select sum(n)::int from (select n from claim_status_day_count union all select n from claim_day_delta) c)
            as by_status,
          (select sum(n)::int from (select n from claim_delivery_day_count
            union all select n from claim_delivery_day_delta) d) as deliveries`.execute(db)
      ).rows[0]!;
    const before = await totals();

    // Two at a time: three batches for four, the last one short.
    expect(await purgeClosedClaims(ctx, now, { batch: 2 })).toBe(4);
    const gone = ids.filter((_, i) => cases[i]!.goes);
    const kept = ids.filter((_, i) => !cases[i]!.goes);
    const left = async (table: string, column = 'claim_id') =>
      (
        await sql<{ id: number }>`select ${sql.ref(column)} as id from ${sql.table(table)}
          where ${sql.ref(column)} = any(${ids}::bigint[]) order by 1`.execute(db)
      ).rows.map((r) => Number(r.id));
    expect(await left('claim', 'id')).toEqual(kept);
    for (const table of [
      'claim_delivery',
      'claim_delivery_attempt',
      'insurer_answer',
      'answer_notice',
      'claim_note',
      'claim_document',
    ]) {
      expect(await left(table), table).toEqual(kept);
    }
    expect(await left('claim_status_history')).toEqual(kept.flatMap((id) => [id, id]));
    // The patient's ID-card requests stay, no longer linked to a claim that is gone.
    const requests = await sql<{ claimId: number | null }>`select claim_id from id_card_request
      where ci_hmac = 'ci-keep' order by id`.execute(db);
    expect(requests.rows.map((r) => (r.claimId === null ? null : Number(r.claimId)))).toEqual(
      ids.map((id, i) => (cases[i]!.goes ? null : id)),
    );
    // The packages as sent are deleted from the store; the others are still there.
    for (const [i, blobId] of blobs.entries()) {
      if (cases[i]!.goes) await expect(ctx.blobs.get(blobId)).rejects.toThrow();
      else await expect(ctx.blobs.get(blobId)).resolves.toBeInstanceOf(Buffer);
    }
    // The days' counts did not change: a dashboard of three years ago stays as it was, and no line was written.
    expect(await totals()).toEqual(before);
    expect(await lines()).toBe(0);
    expect(gone).toHaveLength(4);
    // Run again: nothing is due.
    expect(await purgeClosedClaims(ctx, now)).toBe(0);
  });

  it('purge closed claims on the index of closed claims, and their children on theirs', async () => {
    const plans: string[] = [];
    await t.db.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      await purgeClosedClaims({ ...t.app.ctx, db: trx }, new Date(), { explainInto: plans });
    });
    expect(plans).toHaveLength(1);
    expect(plans[0]).toMatch(/claim_closed/);
    for (const index of [
      'claim_status_history_claim',
      'claim_delivery_claim_id_key',
      'claim_delivery_attempt_claim_idx',
      'insurer_answer_claim',
      'claim_note_claim',
      'answer_notice_claim',
      'claim_document_kind',
    ]) {
      expect(plans[0]).toContain(index);
    }
    expect(plans[0]).not.toMatch(/Seq Scan/);
  });
});
