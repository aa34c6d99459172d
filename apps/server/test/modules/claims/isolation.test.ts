// One failing delivery never stalls the engine (README, claim engine; deliver.ts, savepoint.ts). A claim of a batch is
// poisoned so that a database write of its delivery fails: the outcome's update, the sandbox provider's outbox row
// (written in the batch's transaction), or its documents' hashes. Before, the error aborted the batch's transaction and
// it rolled back whole, every time: nothing delivered, no attempt counted, no error, no backoff, no dead letter. Now the
// others of its batch are delivered, and the poisoned one counts attempts, backs off and is dead-lettered.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSPITAL_API, HOSPITAL_KEY_HEADER, MAX_DELIVERY_ATTEMPTS, type FeedAnswer } from '@auto-claim/contract';
import { build, testClock, type TestApp, expectLog } from '../../helper.js';
import { createSubscriber, treatmentRecord } from '../../../fixtures/factories.js';

const START = new Date('2026-06-15T03:00:00Z');
const clock = testClock(START);
let t: TestApp;

beforeAll(async () => {
  t = await build({ clock });
});
afterAll(async () => {
  await t?.close();
});

/** Where the poison is put: a trigger that refuses one claim's write, the same on PGlite and PostgreSQL. */
const POISONS = [
  {
    what: 'its delivery row cannot be marked sent',
    table: 'claim_delivery',
    event: 'before update',
    when: (claimId: number) => `new.claim_id = ${claimId} and new.status = 'sent'`,
    // The failure is recorded: the refusal is only of 'sent'.
    error: '전송 결과를 기록하지 못했어요 (데이터베이스 오류 P0001)',
    // Each attempt: the batch's outcomes together are refused, then the poisoned one's alone.
    logs: ['a batch’s outcomes could not be recorded together', 'a delivery’s outcome could not be recorded'],
  },
  {
    what: 'the provider’s write for it (the sandbox outbox) fails inside the send',
    table: 'sandbox_outbox',
    event: 'before insert',
    when: (claimId: number) => `new.body like '%"claimId":${claimId},%'`,
    error: '전송 결과를 기록하지 못했어요 (데이터베이스 오류 P0001)',
    logs: ['a delivery’s send could not be recorded'],
  },
  {
    what: 'its documents’ hashes cannot be recorded',
    table: 'claim_document',
    event: 'before insert',
    when: (claimId: number) => `new.claim_id = ${claimId}`,
    error: '전송 결과를 기록하지 못했어요 (데이터베이스 오류 P0001)',
    logs: ['a delivery’s send could not be recorded'],
  },
];

async function poison(n: number, p: (typeof POISONS)[number], claimId: number) {
  await sql
    .raw(
      `create function poison_${n}() returns trigger language plpgsql as $$
       begin
         if ${p.when(claimId)} then raise exception 'poisoned for the test'; end if;
         return new;
       end $$`,
    )
    .execute(t.db.db);
  await sql
    .raw(`create trigger poison_${n} ${p.event} on ${p.table} for each row execute function poison_${n}()`)
    .execute(t.db.db);
  return () => sql.raw(`drop trigger poison_${n} on ${p.table}; drop function poison_${n}()`).execute(t.db.db);
}

const deliveryOf = (claimId: number) =>
  t.db.db.selectFrom('claimDelivery').selectAll().where('claimId', '=', claimId).executeTakeFirstOrThrow();
const claimStatus = async (claimId: number) =>
  (await t.db.db.selectFrom('claim').select('status').where('id', '=', claimId).executeTakeFirstOrThrow()).status;

describe('a poisoned claim in a batch of deliveries', () => {
  POISONS.forEach((p, n) => {
    it(`when ${p.what}: the others are delivered; it is retried with backoff, then dead-lettered`, async () => {
      clock.set(START);
      const people = await Promise.all([0, 1, 2].map(() => createSubscriber(t.app.ctx)));
      const fed = await t.app.inject({
        method: 'POST',
        url: HOSPITAL_API.treatments,
        headers: { [HOSPITAL_KEY_HEADER]: 'sandbox-90000001' },
        payload: { records: people.map((who) => treatmentRecord(who)) },
      });
      expect(fed.statusCode).toBe(200);
      await t.app.claimEngine.matchBatch();
      const recordIds = (fed.json() as FeedAnswer).results.map((r) => r.recordId);
      const claims = await t.db.db
        .selectFrom('claim')
        .select(['id', 'recordId'])
        .where('recordId', 'in', recordIds)
        .orderBy('id')
        .execute();
      expect(claims).toHaveLength(3);
      const [healthyA, poisoned, healthyB] = claims.map((c) => c.id) as [number, number, number];
      const cure = await poison(n, p, poisoned);
      // The operator hears of every attempt the database refused: a warning each.
      for (const msg of p.logs) expectLog({ level: 'warn', msg, count: MAX_DELIVERY_ATTEMPTS });
      try {
        // One batch holds all three.
        expect(await t.app.claimEngine.deliverBatch()).toBe(3);
        for (const id of [healthyA, healthyB]) {
          expect(await claimStatus(id)).toBe('sent');
          expect(await deliveryOf(id)).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
        }
        let d = await deliveryOf(poisoned);
        expect(d).toMatchObject({ status: 'pending', attempts: 1, lastError: p.error });
        expect(await claimStatus(poisoned)).toBe('claimed');

        // Backoff: nothing is due before its time, and a drain ends.
        const waits = [new Date(d.nextAttemptAt).getTime() - clock.now().getTime()];
        clock.advance(waits[0]! - 1000);
        expect(await t.app.claimEngine.drain()).toMatchObject({ delivered: 0 });
        expect((await deliveryOf(poisoned)).attempts).toBe(1);
        for (let attempt = 2; attempt <= MAX_DELIVERY_ATTEMPTS; attempt++) {
          clock.set(new Date(d.nextAttemptAt));
          expect(await t.app.claimEngine.deliverBatch()).toBe(1);
          d = await deliveryOf(poisoned);
          expect(d.attempts).toBe(attempt);
          if (attempt < MAX_DELIVERY_ATTEMPTS) waits.push(new Date(d.nextAttemptAt).getTime() - clock.now().getTime());
        }
        expect(waits).toEqual([30_000, 60_000, 120_000, 240_000]);
        expect(d).toMatchObject({ status: 'dead', attempts: MAX_DELIVERY_ATTEMPTS, lastError: p.error });
        expect(await claimStatus(poisoned)).toBe('failed');
        const last = await t.db.db
          .selectFrom('claimStatusHistory')
          .select(['status', 'reason'])
          .where('claimId', '=', poisoned)
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow();
        expect(last).toEqual({ status: 'failed', reason: p.error });
        // A dead letter is no longer due: the engine is idle.
        clock.advance(24 * 3600_000);
        expect(await t.app.claimEngine.deliverBatch()).toBe(0);
        // The healthy ones were delivered once, never again.
        const sent = await t.db.db
          .selectFrom('sandboxOutbox')
          .select('body')
          .where('to', '=', 'insurer:SAMSUNGFIRE')
          .execute();
        for (const id of [healthyA, healthyB]) {
          expect(sent.filter((m) => JSON.parse(m.body).claimId === id)).toHaveLength(1);
        }
      } finally {
        await cure();
      }
    });
  });
});
