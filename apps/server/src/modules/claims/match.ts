// Matching: pending treatment records → a decision each (rules.ts) → claims, their first status and deliveries, the
// access log, and a 알림톡 job per record the patient is told about; one transaction per batch, rows taken with
// SELECT … FOR UPDATE SKIP LOCKED so any number of workers share the work.
import { sql } from 'kysely';
import type PgBoss from 'pg-boss';
import type { AppContext } from '../../context.js';
import { recordAccess } from '../audit/index.js';
import { channelsOf, faxNumbers } from '../reference/index.js';
import { matchableSubscriptions } from '../subscriptions/index.js';
import { MATCH_BATCH, type RecordPerson } from './common.js';
import { bossDb } from '../../jobs/runtime.js';
import { QUEUES } from './jobs.js';
import { deferRecordNotices, sendableAt } from './notify.js';
import { pairPrescriptions } from './follow.js';
import { UNLINKED_OUTCOMES, UNLINKED_RECORD_PURGE_DAYS, claimSlotOf, outcomeOf, type RuleMatch } from './rules.js';
import { adviseUncovered, generationsOf } from './uncovered.js';
import { DECISION_DAYS } from '@auto-claim/contract';
import { kstToday } from '@auto-claim/contract';
import type { Handle } from '../../db/handle.js';
import { claimsDb, claimsTransaction, type RecordOutcome } from './tables.js';

export async function matchBatch(ctx: AppContext, boss: PgBoss | undefined, limit = MATCH_BATCH): Promise<number> {
  const now = ctx.clock.now();
  const today = kstToday(now);
  let wakeAt: Date[] = [];
  const decided = await claimsTransaction(ctx).execute(async (tx) => {
    const records = await tx
      .selectFrom('treatmentRecord')
      .select([
        'id',
        'hospitalCd',
        'ciHmac',
        'rrnHmac',
        'visitDate',
        'visitType',
        'coveredCopay',
        'uncovered',
        'uncoveredApprovedAt',
        'totalPaid',
        'personEnc',
        'identityConfirmedAt',
        'releasedAt',
        'prescriptionKey',
        'receivedAt',
        'cancelledAt',
      ])
      .where('outcome', '=', 'pending')
      .orderBy('id')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
    if (records.length === 0) return 0;

    const ciHmacs = [...new Set(records.flatMap((r) => (r.ciHmac ? [r.ciHmac] : [])))];
    const rrnHmacs = [...new Set(records.flatMap((r) => (r.rrnHmac && !r.ciHmac ? [r.rrnHmac] : [])))];
    // Records with a CI are asked by RRN too, for a child's subscription only: a child has no CI of ours (below).
    const childRrnHmacs = [...new Set(records.flatMap((r) => (r.rrnHmac && r.ciHmac ? [r.rrnHmac] : [])))];
    const subs = await matchableSubscriptions(ctx, tx, { ciHmacs, rrnHmacs, childRrnHmacs });
    const byCi = new Map(subs.map((s) => [s.ciHmac, s]));
    const byRrn = new Map(subs.flatMap((s) => (s.rrnHmac ? [[s.rrnHmac, s] as const] : [])));
    const generations = await generationsOf(
      tx,
      subs.map((s) => s.insuApplyId),
    );

    const outcomes: { id: number; outcome: RecordOutcome; insuApplyId: string | null; purgeAt: Date | null }[] = [];
    const claims: Parameters<typeof insertClaims>[2] = [];
    const received: { ciHmac: string; recordId: number; hospitalCd: string }[] = [];
    const notify: { recordId: number }[] = [];
    const asked: number[] = [];
    const purgeAt = new Date(now.getTime() + UNLINKED_RECORD_PURGE_DAYS * 86_400_000);
    for (const r of records) {
      // By CI when the record carries one; by RRN only when it carries no CI (rules.ts, outcomeOf).
      const ciSub = r.ciHmac ? byCi.get(r.ciHmac) : undefined;
      // A record whose CI no subscription has may still be a child's, whom her guardian enrolled by her RRN (README
      // "Children: a guardian claims for a child"): only a child's subscription is found that way.
      const byRrnSub = r.rrnHmac ? byRrn.get(r.rrnHmac) : undefined;
      const rrnSub = !ciSub && byRrnSub && (!r.ciHmac || byRrnSub.child) ? byRrnSub : undefined;
      const match: RuleMatch | undefined = ciSub
        ? { sub: ciSub, by: 'ci' }
        : rrnSub
          ? { sub: rrnSub, by: 'rrn' }
          : undefined;
      const sub = ciSub ?? rrnSub;
      const person = ctx.crypto.decryptJson<RecordPerson>(r.personEnc);
      // Her rule for 비급여 (README "Her rules for what is sent"): hers when she set it, else her policy's default.
      const askFirst =
        !!sub &&
        r.uncovered > 0 &&
        r.uncoveredApprovedAt === null &&
        (sub.askUncovered ??
          adviseUncovered({
            generation: generations.get(sub.insuApplyId) ?? null,
            visitType: r.visitType,
            coveredCopay: r.coveredCopay,
            uncovered: r.uncovered,
          }).askByDefault);
      const outcome = outcomeOf(
        {
          ...r,
          askFirst,
          cancelled: r.cancelledAt !== null,
          name: person.name,
          birthDate: person.birthDate,
          patientConfirmed: r.identityConfirmedAt !== null,
          operatorReleased: r.releasedAt !== null,
        },
        match,
        today,
      );
      const unlinked = UNLINKED_OUTCOMES.includes(outcome);
      outcomes.push({
        id: r.id,
        outcome,
        insuApplyId: unlinked ? null : (sub?.insuApplyId ?? null),
        purgeAt: outcome === 'hospital_not_subscribed' || outcome === 'insured_adult' ? purgeAt : null,
      });
      // Held or unlinked records reach no one: no access-log line, no claim, no 알림톡.
      if (
        !sub ||
        unlinked ||
        outcome === 'identity_mismatch' ||
        outcome === 'rrn_unconfirmed' ||
        outcome === 'relation_unconfirmed'
      ) {
        continue;
      }
      received.push({ ciHmac: sub.ciHmac, recordId: r.id, hospitalCd: r.hospitalCd });
      if (outcome === 'below_min' || outcome === 'claimed' || outcome === 'awaiting_decision') {
        notify.push({ recordId: r.id });
      }
      if (outcome === 'awaiting_decision') asked.push(r.id);
      if (outcome !== 'claimed') continue;
      const scheduledFor = claimSlotOf(now, sub) ?? null;
      if (scheduledFor) wakeAt.push(scheduledFor);
      for (const insuCompCd of sub.insurers) {
        claims.push({
          recordId: r.id,
          insuCompCd,
          insuApplyId: sub.insuApplyId,
          ciHmac: sub.ciHmac,
          amount: r.totalPaid,
          scheduledFor,
        });
      }
    }

    await sql`
      update treatment_record as t
      set outcome = v.outcome, insu_apply_id = v.apply, purge_at = v.purge_at, decided_at = ${now}
      from (select unnest(${outcomes.map((o) => o.id)}::bigint[]) as id,
                   unnest(${outcomes.map((o) => o.outcome)}::text[]) as outcome,
                   unnest(${outcomes.map((o) => o.insuApplyId)}::text[]) as apply,
                   unnest(${outcomes.map((o) => o.purgeAt)}::timestamptz[]) as purge_at) as v
      where t.id = v.id`.execute(tx);
    if (asked.length) {
      // Asked once: a visit matched again (a corrected receipt) keeps the day it was first asked and its deadline.
      await tx
        .updateTable('treatmentRecord')
        .set({ decisionAskedAt: now, decisionDueAt: new Date(now.getTime() + DECISION_DAYS * 86_400_000) })
        .where('id', 'in', asked)
        .where('decisionAskedAt', 'is', null)
        .execute();
    }
    await recordAccess(
      tx,
      received.map((r) => ({
        ciHmac: r.ciHmac,
        action: 'record_received' as const,
        actor: `hospital:${r.hospitalCd}`,
        recordId: r.recordId,
      })),
      now,
    );
    // A clinic's visit and its pharmacy's, claimed as one (follow.ts).
    const paired = await pairPrescriptions(tx, records, claims, now);
    wakeAt.push(...paired.wakeAt);
    await insertClaims(ctx, tx, paired.claims, now);
    if (notify.length && boss) {
      // Only in the hours patients are told (NOTICE_HOURS_KST, README "Patient messages"): a record decided at night
      // waits for the morning's tick, when the day's visits go together (notify.ts).
      const at = sendableAt(now, ctx.config.noticeHours);
      if (at.getTime() > now.getTime()) {
        await deferRecordNotices(
          tx,
          notify.map((n) => n.recordId),
          at,
        );
      } else {
        await boss.insert(
          notify.map((n) => ({ name: QUEUES.notify, data: n })),
          { db: bossDb(tx) },
        );
      }
    }
    return records.length;
  });
  if (boss && wakeAt.length) {
    wakeAt = [...new Set(wakeAt.map((d) => d.getTime()))].map((t) => new Date(t));
    for (const at of wakeAt) {
      await boss.send(QUEUES.deliver, {}, { startAfter: at, singletonKey: `at:${at.toISOString()}` });
    }
  }
  return decided;
}

/** Claims, their first status, deliveries and the access log, in the caller's transaction. Skips a claim that
 * already exists for the record and insurer (e.g. the patient claimed it by hand first). */
export async function insertClaims(
  ctx: AppContext,
  handle: Handle,
  claims: {
    recordId: number;
    insuCompCd: string;
    insuApplyId: string | null;
    ciHmac: string;
    amount: number;
    scheduledFor: Date | null;
    origin?: 'auto' | 'patient';
  }[],
  now: Date,
): Promise<number[]> {
  if (claims.length === 0) return [];
  const tx = claimsDb(handle);
  const fax = await faxNumbers(tx);
  const channels = await channelsOf(ctx, tx, [...new Set(claims.map((c) => c.insuCompCd))]);
  const records = await tx
    .selectFrom('treatmentRecord')
    .select(['id', 'hospitalCd', 'visitDate'])
    .where('id', 'in', [...new Set(claims.map((c) => c.recordId))])
    .execute();
  const recordOf = new Map(records.map((r) => [Number(r.id), r]));
  const inserted = await tx
    .insertInto('claim')
    .values(
      claims.map((c) => ({
        recordId: c.recordId,
        hospitalCd: recordOf.get(c.recordId)!.hospitalCd,
        visitDate: recordOf.get(c.recordId)!.visitDate,
        insuCompCd: c.insuCompCd,
        insuApplyId: c.insuApplyId,
        ciHmac: c.ciHmac,
        origin: c.origin ?? 'auto',
        amount: c.amount,
        status: 'received' as const,
        rejectReason: null,
        paidAmount: null,
        scheduledFor: c.scheduledFor,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflict((oc) => oc.columns(['recordId', 'insuCompCd']).doNothing())
    .returning(['id', 'recordId', 'insuCompCd', 'ciHmac', 'scheduledFor', 'origin'])
    .execute();
  if (inserted.length === 0) return [];
  await tx
    .insertInto('claimStatusHistory')
    .values(
      inserted.map((c) => ({ claimId: c.id, status: 'received' as const, reason: null, actor: 'engine', at: now })),
    )
    .execute();
  await tx
    .insertInto('claimDelivery')
    .values(
      inserted.map((c) => {
        const channel = channels.get(c.insuCompCd)!;
        return {
          claimId: c.id,
          insuCompCd: c.insuCompCd,
          channel,
          destination: channel === 'fax' ? (fax.get(c.insuCompCd) ?? '') : `api:${c.insuCompCd}`,
          status: 'pending' as const,
          attempts: 0,
          nextAttemptAt: c.scheduledFor ? new Date(c.scheduledFor) : now,
          lastError: null,
          externalRef: null,
          createdAt: now,
          sentAt: null,
        };
      }),
    )
    .execute();
  await recordAccess(
    tx,
    inserted.map((c) => ({
      ciHmac: c.ciHmac,
      action: 'claim_created' as const,
      actor: c.origin === 'patient' ? 'patient' : 'engine',
      recordId: c.recordId,
      claimId: c.id,
      detail: c.insuCompCd,
    })),
    now,
  );
  return inserted.map((c) => c.id);
}
