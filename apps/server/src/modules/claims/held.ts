// Records held back from the claim engine (docs/hospital-integration.md, "Matching"; rules.ts, outcomeOf):
// - rrn_unconfirmed: matched only by a resident number not yet confirmed to be the subscriber's. The patient sees
//   when and where (not what) on /web/treat ("내 진료가 맞나요?") and answers: theirs → matched again as confirmed
//   (and claimed by the ordinary rules); not theirs → not_patients, unlinked, for an operator.
// - identity_mismatch and not_patients: listed for operators (console/held.ts), never for the patient.
// Records from a hospital the patient never chose (hospital_not_subscribed), and held records an operator set aside
// (set_aside, console/held.ts), are unlinked and deleted at purge_at.
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/problem.js';
import type { RecordOwner } from './history.js';
import type { Handle } from '../../db/handle.js';
import { PURGE_BATCH, PURGE_BUDGET_MS, purgeInBatches, type PurgeOptions } from '../../db/purge.js';
import { purgeVisits } from '../intake/index.js';
import { claimsDb, type ClaimsTables } from './tables.js';
import { adviseUncovered, generationsOf } from './uncovered.js';

/**
 * The patient's records waiting for their word, newest visit first: those found by her resident number only (when and
 * where only: is it hers?), and those her rule "비급여는 보내기 전에 물어봐 주세요" held (shall it be sent? with its
 * 비급여 and the figures she decides by, uncovered.ts).
 */
export async function recordsToConfirm(handle: Handle, who: RecordOwner) {
  if (who.insuApplyIds.length === 0) return [];
  // One query per question, each on its own partial index (treatment_record_to_confirm, …_awaiting_decision): one
  // over both outcomes would walk all of her visits.
  const held = (outcome: 'rrn_unconfirmed' | 'awaiting_decision') =>
    claimsDb(handle)
      .selectFrom('treatmentRecord')
      .select([
        'id',
        'hospitalCd',
        'visitDate',
        'visitType',
        'outcome',
        'coveredCopay',
        'uncovered',
        'totalPaid',
        'decisionDueAt',
        'insuApplyId',
      ])
      .where('outcome', '=', outcome)
      .where('insuApplyId', 'in', who.insuApplyIds)
      .orderBy('visitDate', 'desc')
      .orderBy('id', 'desc')
      .limit(100)
      .execute();
  const rows = (await Promise.all([held('rrn_unconfirmed'), held('awaiting_decision')]))
    .flat()
    .sort((a, b) => (a.visitDate === b.visitDate ? Number(b.id) - Number(a.id) : a.visitDate < b.visitDate ? 1 : -1))
    .slice(0, 100);
  const generations = await generationsOf(handle, who.insuApplyIds);
  return rows.map((r) => ({
    ...r,
    advice:
      r.outcome === 'awaiting_decision'
        ? adviseUncovered({ generation: generations.get(r.insuApplyId ?? '') ?? null, ...r })
        : null,
  }));
}

/** Her answer: about a record found by her RRN only (mine), or about one her 비급여 rule held (send). */
export type HeldAnswer = { mine: boolean } | { send: boolean };

/**
 * The patient's answer about one held record. Theirs: pending again, confirmed, so the matcher claims it by the
 * ordinary rules; not theirs: unlinked and held for an operator (the subscription she said it of is kept, so her
 * statement counts it as not hers). Send: pending again, approved, so the matcher claims it without asking again;
 * don't send: patient_declined, never claimed. The update is conditional on the record still waiting for that answer,
 * so a second tap, or the other answer after the first, changes nothing: a held claim is sent at most once. A record
 * not held for this patient (someone else's, already answered, given up after 30 days) answers RECORD_NOT_HELD.
 */
export async function answerHeldRecord(ctx: AppContext, who: RecordOwner, recordId: number, answer: HeldAnswer) {
  const now = ctx.clock.now();
  const changed =
    who.insuApplyIds.length === 0
      ? undefined
      : 'send' in answer
        ? await claimsDb(ctx)
            .updateTable('treatmentRecord')
            .set(
              answer.send
                ? { outcome: 'pending', uncoveredApprovedAt: now, decidedAt: null }
                : { outcome: 'patient_declined', decidedAt: now },
            )
            .where('id', '=', recordId)
            .where('outcome', '=', 'awaiting_decision')
            .where('insuApplyId', 'in', who.insuApplyIds)
            .returning('id')
            .executeTakeFirst()
        : await claimsDb(ctx)
            .updateTable('treatmentRecord')
            .set((eb) =>
              answer.mine
                ? { outcome: 'pending', identityConfirmedAt: now, decidedAt: null }
                : { outcome: 'not_patients', insuApplyId: null, disownedBy: eb.ref('insuApplyId'), decidedAt: now },
            )
            .where('id', '=', recordId)
            .where('outcome', '=', 'rrn_unconfirmed')
            .where('insuApplyId', 'in', who.insuApplyIds)
            .returning('id')
            .executeTakeFirst();
  if (!changed) {
    throw new AppError('RECORD_NOT_HELD', '확인을 기다리는 진료가 아니에요. 화면을 새로 고쳐 주세요.', [
      { field: 'treatId', message: '확인을 기다리는 진료가 아니에요.' },
    ]);
  }
}

/**
 * Held visits she did not answer by their day (decision_due_at, DECISION_DAYS after she was asked): given up unsent,
 * decision_lapsed, a batch a transaction; answers their ids, whose messages ("30일 동안 답이 없어서 보내지 않았어요")
 * the caller queues in the same transaction.
 */
export async function lapseHeldDecisions(tx: Handle, now: Date, limit = 500): Promise<number[]> {
  const db = claimsDb(tx);
  const due = await db
    .selectFrom('treatmentRecord')
    .select('id')
    .where('outcome', '=', 'awaiting_decision')
    .where('decisionDueAt', '<=', now)
    .orderBy('decisionDueAt')
    .orderBy('id')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
  if (due.length === 0) return [];
  const ids = due.map((d) => d.id);
  await db
    .updateTable('treatmentRecord')
    .set({ outcome: 'decision_lapsed', decidedAt: now })
    .where('id', 'in', ids)
    .execute();
  return ids;
}

/**
 * A child's records held until her guardian's relation was confirmed (rules.ts, relation_unconfirmed): pending again,
 * in the caller's transaction (the confirmation's), so the matcher claims them by the ordinary rules. Answers how many.
 */
export async function releaseRelationHeld(handle: Handle, insuApplyId: string): Promise<number> {
  const r = await claimsDb(handle)
    .updateTable('treatmentRecord')
    .set({ outcome: 'pending', decidedAt: null })
    .where('insuApplyId', '=', insuApplyId)
    .where('outcome', '=', 'relation_unconfirmed')
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/**
 * Deletes unlinked records (another hospital's, or set aside) whose keeping period ended; the minute tick calls it.
 * One batch a transaction: with each batch of records go the intake's rows of them (their 세부산정내역 lines,
 * revisions and bundles, intake's purgeVisits), so a crash between the two leaves neither orphan lines nor a record
 * without them.
 */
export async function purgeUnlinkedRecords(handle: Handle, now: Date, opts: PurgeOptions = {}): Promise<number> {
  const due = sql`purge_at <= ${now} and outcome in ('hospital_not_subscribed', 'set_aside', 'insured_adult')
    and not exists (select 1 from claim where claim.record_id = treatment_record.id)`;
  if (opts.explainInto) return (await purgeInBatches(claimsDb(handle), 'treatmentRecord', due, opts)).deleted;
  const batch = opts.batch ?? PURGE_BATCH;
  const stopAt = performance.now() + (opts.budgetMs ?? PURGE_BUDGET_MS);
  const once = async (tx: Handle) => {
    // budgetMs 0: exactly one batch.
    const r = await purgeInBatches<ClaimsTables, { id: string | number }>(claimsDb(tx), 'treatmentRecord', due, {
      batch,
      budgetMs: 0,
      returning: ['id'],
    });
    await purgeVisits(
      tx,
      r.rows.map((row) => Number(row.id)),
    );
    return r.deleted;
  };
  let deleted = 0;
  for (;;) {
    const db = claimsDb(handle);
    const n = db.isTransaction ? await once(db) : await db.transaction().execute(once);
    deleted += n;
    if (n < batch || performance.now() >= stopAt) return deleted;
  }
}
