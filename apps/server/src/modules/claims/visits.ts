// What the FHIR intake (modules/intake, which sits below this module) asks of the claim engine through app.ts: a
// visit received as the JSON feed's records are (feed.ts, one row builder), a corrected receipt's new amounts, and a
// cancelled receipt's withdrawal of the claims not yet sent, and for claims already sent, a notice to the insurer
// (notices.ts). Each runs in the intake's transaction (a Handle).
import type { TreatmentRecordInput, VisitRevisionKind } from '@auto-claim/contract';
import type { AppContext } from '../../context.js';
import type { Handle } from '../../db/handle.js';
import { recordRowOf } from './feed.js';
import { claimsDb, type ClaimsDb } from './tables.js';

/** Claims that have left for the insurer (or been answered): a change to their record must be told to it. */
const GONE = ['sent', 'accepted', 'documents_requested', 'rejected', 'paid'] as const;
const UNSENT = ['received', 'claimed', 'failed'] as const;

/**
 * The unsent claims of the record whose claims carry `recordId` (itself, or the visit it joined: follow.ts) claim what
 * their visits' receipts now say together. Answers that record's id.
 */
async function refreshAmounts(tx: ClaimsDb, recordId: number, now: Date) {
  const { joinedRecordId } = await tx
    .selectFrom('treatmentRecord')
    .select('joinedRecordId')
    .where('id', '=', recordId)
    .executeTakeFirstOrThrow();
  const host = Number(joinedRecordId ?? recordId);
  const { total } = await tx
    .selectFrom('treatmentRecord')
    .select((e) => e.fn.sum<string>('totalPaid').as('total'))
    .where((w) => w.or([w('id', '=', host), w('joinedRecordId', '=', host)]))
    .executeTakeFirstOrThrow();
  await tx
    .updateTable('claim')
    .set({ amount: Number(total), updatedAt: now })
    .where('recordId', '=', host)
    .where('status', 'in', UNSENT)
    .execute();
  return host;
}

/**
 * The claims of a record that have left for the insurer are told of its corrected or cancelled receipt: a notice per
 * claim, delivered by the engine (notices.ts). Answers how many.
 */
async function noticeGone(tx: ClaimsDb, recordId: number, kind: VisitRevisionKind, receiptNo: string, now: Date) {
  const gone = await tx
    .selectFrom('claim')
    .select(['id', 'insuCompCd'])
    .where('recordId', '=', recordId)
    .where('status', 'in', GONE)
    .execute();
  if (gone.length) {
    await tx
      .insertInto('claimNotice')
      .values(
        gone.map((c) => ({
          claimId: c.id,
          insuCompCd: c.insuCompCd,
          kind,
          receiptNo,
          nextAttemptAt: now,
          createdAt: now,
        })),
      )
      .execute();
  }
  return gone.length;
}

export function createVisitPort(ctx: AppContext) {
  return {
    /** One record in, as the JSON feed takes it: created, or the same receipt number before (same content or not). */
    async receive(
      handle: Handle,
      hospitalCd: string,
      record: TreatmentRecordInput,
      opts: { prescriptionKey?: string | null } = {},
    ) {
      const tx = claimsDb(handle);
      const row = {
        ...recordRowOf(ctx, hospitalCd, record, ctx.clock.now()),
        prescriptionKey: opts.prescriptionKey ?? null,
      };
      const inserted = await tx
        .insertInto('treatmentRecord')
        .values(row)
        .onConflict((oc) => oc.columns(['hospitalCd', 'receiptNo']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (inserted) return { recordId: Number(inserted.id), status: 'created' as const };
      const old = await tx
        .selectFrom('treatmentRecord')
        .select(['id', 'contentHash'])
        .where('hospitalCd', '=', hospitalCd)
        .where('receiptNo', '=', record.receiptNo)
        .executeTakeFirstOrThrow();
      return {
        recordId: Number(old.id),
        status: old.contentHash === row.contentHash ? ('duplicate' as const) : ('conflict' as const),
      };
    },

    /** The hospital's record of this receipt number, if it has one. */
    async recordOf(handle: Handle, hospitalCd: string, receiptNo: string) {
      const row = await claimsDb(handle)
        .selectFrom('treatmentRecord')
        .select('id')
        .where('hospitalCd', '=', hospitalCd)
        .where('receiptNo', '=', receiptNo)
        .executeTakeFirst();
      return row ? Number(row.id) : undefined;
    },

    /**
     * A corrected receipt: the record's amounts and detail replaced; its claims not yet sent claim the new amount.
     * Answers how many had already gone (the engine has no correction to send: the intake records it to be told).
     */
    async correct(handle: Handle, recordId: number, record: TreatmentRecordInput) {
      const tx = claimsDb(handle);
      const row = recordRowOf(ctx, '', record, ctx.clock.now());
      await tx
        .updateTable('treatmentRecord')
        .set({
          personEnc: row.personEnc,
          detailEnc: row.detailEnc,
          visitDate: row.visitDate,
          visitType: row.visitType,
          coveredCopay: row.coveredCopay,
          uncovered: row.uncovered,
          totalPaid: row.totalPaid,
        })
        .where('id', '=', recordId)
        .execute();
      const host = await refreshAmounts(tx, recordId, ctx.clock.now());
      return { sentClaims: await noticeGone(tx, host, 'corrected', record.receiptNo, ctx.clock.now()) };
    },

    /**
     * A cancelled receipt: its claims not yet sent are withdrawn (never sent: their pending deliveries go), a record
     * not yet decided is matched as any other but never claimed (rules.ts, receipt_cancelled: her history says why).
     * Answers how many had already gone, which only the insurer can undo.
     */
    async withdraw(handle: Handle, recordId: number, actor: string) {
      const tx = claimsDb(handle);
      const now = ctx.clock.now();
      await tx
        .updateTable('treatmentRecord')
        .set({ cancelledAt: now })
        .where('id', '=', recordId)
        .where('outcome', '=', 'pending')
        .execute();
      // A visit another's claims carry (a pharmacy with its clinic, follow.ts) leaves them: their unsent amounts drop it.
      const { joinedRecordId } = await tx
        .selectFrom('treatmentRecord')
        .select('joinedRecordId')
        .where('id', '=', recordId)
        .executeTakeFirstOrThrow();
      if (joinedRecordId !== null) {
        await tx.updateTable('treatmentRecord').set({ joinedRecordId: null }).where('id', '=', recordId).execute();
        await refreshAmounts(tx, Number(joinedRecordId), now);
      }
      const unsent = await tx
        .selectFrom('claim as c')
        .leftJoin('claimDelivery as d', 'd.claimId', 'c.id')
        .select('c.id')
        .where('c.recordId', '=', recordId)
        .where('c.status', 'in', UNSENT)
        .where((w) => w.or([w('d.status', 'is', null), w('d.status', 'in', ['pending', 'dead'])]))
        .execute();
      const ids = unsent.map((c) => Number(c.id));
      if (ids.length) {
        await tx.deleteFrom('claimDeliveryAttempt').where('claimId', 'in', ids).execute();
        await tx.deleteFrom('claimDelivery').where('claimId', 'in', ids).execute();
        await tx.updateTable('claim').set({ status: 'withdrawn', updatedAt: now }).where('id', 'in', ids).execute();
        await tx
          .insertInto('claimStatusHistory')
          .values(
            ids.map((claimId) => ({
              claimId,
              status: 'withdrawn' as const,
              reason: '병원이 영수증을 취소했어요',
              actor,
              at: now,
            })),
          )
          .execute();
        // The visits these claims carried (follow.ts) are matched again, to be claimed on their own.
        await tx
          .updateTable('treatmentRecord')
          .set({ joinedRecordId: null, outcome: 'pending', decidedAt: null })
          .where('joinedRecordId', '=', recordId)
          .execute();
      }
      const { receiptNo } = await tx
        .selectFrom('treatmentRecord')
        .select('receiptNo')
        .where('id', '=', recordId)
        .executeTakeFirstOrThrow();
      return { withdrawn: ids.length, sentClaims: await noticeGone(tx, recordId, 'cancelled', receiptNo, now) };
    },
  };
}
export type VisitPortOf = ReturnType<typeof createVisitPort>;
