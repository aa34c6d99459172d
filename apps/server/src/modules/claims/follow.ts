// A pharmacy follows its clinic (README "Claim engine", "A pharmacy follows its clinic"; fhir/ig/README.md): a clinic's
// visit that issued a 처방전 and the pharmacy's visit that dispensed it (the same `{issuer 요양기관기호}:{교부번호}`,
// treatment_record.prescription_key) are one claim when both arrive within FOLLOW_WINDOW_MS of each other. Done with
// the engine's own batching: the first to be claimed waits (its claims' scheduled_for, as a subscription's weekly
// batch does) until the other arrives or the window ends; the second makes no claims of its own but joins the first's
// (joined_record_id; their amount grows by its receipt, and they go at once, or at the subscription's batch). After the
// window, or when the first's claims have gone, each is claimed on its own.
import { sql } from 'kysely';
import { RECEIPT_COLUMNS, type ReceiptFields } from './common.js';
import type { ClaimsDb } from './tables.js';

/** Three days between the two arrivals (the rule: a prescription is filled within days, mostly the same one). */
export const FOLLOW_WINDOW_MS = 3 * 86_400_000;

/** A claim the matcher is about to make (match.ts, insertClaims' input). */
export interface PlannedClaim {
  recordId: number;
  insuApplyId: string | null;
  amount: number;
  scheduledFor: Date | null;
}

/**
 * Pairs the batch's claimed records that carry a 처방전 key with their partners: answers the claims to make (a joining
 * record's removed, a waiting record's scheduled to the window's end) and when to wake the delivery worker; joins a
 * partner already claimed (and waiting) in the caller's transaction.
 */
export async function pairPrescriptions<C extends PlannedClaim>(
  tx: ClaimsDb,
  records: { id: number; prescriptionKey: string | null; receivedAt: Date; totalPaid: number }[],
  planned: C[],
  now: Date,
): Promise<{ claims: C[]; wakeAt: Date[] }> {
  const keyed = records.filter((r) => r.prescriptionKey && planned.some((c) => c.recordId === r.id));
  if (keyed.length === 0) return { claims: planned, wakeAt: [] };
  const others = await tx
    .selectFrom('treatmentRecord')
    .select(['id', 'prescriptionKey', 'receivedAt', 'insuApplyId', 'outcome', 'joinedRecordId'])
    .where('prescriptionKey', 'in', [...new Set(keyed.map((r) => r.prescriptionKey!))])
    .where(
      'id',
      'not in',
      keyed.map((r) => r.id),
    )
    .execute();
  const claimedOthers = others.filter((o) => o.outcome === 'claimed' && o.joinedRecordId === null);
  // A partner's claims can be joined while every one still waits: made, not yet sent, its delivery pending.
  const open = claimedOthers.length
    ? await tx
        .selectFrom('claim as c')
        .leftJoin('claimDelivery as d', 'd.claimId', 'c.id')
        .select(['c.recordId', 'c.status', 'd.status as delivery'])
        .where(
          'c.recordId',
          'in',
          claimedOthers.map((o) => o.id),
        )
        .execute()
    : [];
  const joinable = new Set(
    claimedOthers
      .filter((o) => {
        const cs = open.filter((c) => Number(c.recordId) === Number(o.id));
        return cs.length > 0 && cs.every((c) => c.status === 'received' && c.delivery === 'pending');
      })
      .map((o) => Number(o.id)),
  );

  let claims = planned;
  const wakeAt: Date[] = [];
  const waiting = new Map<string, { id: number; receivedAt: Date; insuApplyId: string | null }>();
  for (const r of keyed) {
    const key = r.prescriptionKey!;
    const mine = claims.filter((c) => c.recordId === r.id);
    const insuApplyId = mine[0]!.insuApplyId;
    // The subscription's own slot (nextBatchAt), or at once: where the pair goes once both are here.
    const release = mine[0]!.scheduledFor;
    const near = (at: Date) => Math.abs(new Date(at).getTime() - new Date(r.receivedAt).getTime()) <= FOLLOW_WINDOW_MS;
    const inBatch = waiting.get(key);
    const host =
      inBatch && inBatch.insuApplyId === insuApplyId && near(inBatch.receivedAt)
        ? inBatch.id
        : others
            .filter((o) => o.prescriptionKey === key && o.insuApplyId === insuApplyId && joinable.has(Number(o.id)))
            .find((o) => near(o.receivedAt))?.id;
    if (host !== undefined) {
      claims = claims.filter((c) => c.recordId !== r.id);
      await tx.updateTable('treatmentRecord').set({ joinedRecordId: host }).where('id', '=', r.id).execute();
      if (inBatch?.id === host) {
        for (const c of claims)
          if (c.recordId === host) Object.assign(c, { amount: c.amount + r.totalPaid, scheduledFor: release });
      } else {
        const ids = await tx
          .updateTable('claim')
          .set({ amount: sql<number>`amount + ${r.totalPaid}`, scheduledFor: release, updatedAt: now })
          .where('recordId', '=', Number(host))
          .where('status', '=', 'received')
          .returning('id')
          .execute();
        await tx
          .updateTable('claimDelivery')
          .set({ nextAttemptAt: release ?? now })
          .where(
            'claimId',
            'in',
            ids.map((c) => c.id),
          )
          .where('status', '=', 'pending')
          .execute();
      }
      if (release) wakeAt.push(release);
      continue;
    }
    // Its partner came and was claimed before (sent, or another subscription's): nothing to wait for.
    if (inBatch || others.some((o) => o.prescriptionKey === key && o.outcome === 'claimed')) continue;
    waiting.set(key, { id: r.id, receivedAt: r.receivedAt, insuApplyId });
    const until = new Date(new Date(r.receivedAt).getTime() + FOLLOW_WINDOW_MS);
    if (until <= now) continue;
    for (const c of mine) if (!c.scheduledFor || c.scheduledFor < until) c.scheduledFor = until;
    wakeAt.push(until);
  }
  return { claims, wakeAt };
}

/** The visits joined to these records' claims (a pharmacy's with its clinic's), by the record whose claims carry them. */
export async function joinedOf(tx: ClaimsDb, hostIds: readonly number[]) {
  const byHost = new Map<number, (ReceiptFields & { id: number; hospitalCd: string })[]>();
  if (hostIds.length === 0) return byHost;
  const rows = await tx
    .selectFrom('treatmentRecord as r')
    .select(['r.id', 'r.joinedRecordId', 'r.hospitalCd', ...RECEIPT_COLUMNS])
    .where('r.joinedRecordId', 'in', [...hostIds])
    .orderBy('r.id')
    .execute();
  for (const { joinedRecordId, ...r } of rows) {
    const host = Number(joinedRecordId);
    byHost.set(host, [...(byHost.get(host) ?? []), { ...r, id: Number(r.id) }]);
  }
  return byHost;
}
