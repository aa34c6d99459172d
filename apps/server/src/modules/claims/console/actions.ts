// What an operator may do to one claim (README "Operator console"): send a dead letter again, record an insurer's
// answer (accepted, rejected with a reason, paid with the amount paid, papers asked for), add a note, and the claim as
// the console answers after any of them.
import { randomUUID } from 'node:crypto';
import {
  REQUESTED_DOCUMENT_NM,
  type OperatorClaimView,
  type RecordedAnswer,
  type RequestedDocument,
  withParticle,
} from '@auto-claim/contract';
import type { AppContext } from '../../../context.js';
import type { Handle } from '../../../db/handle.js';
import { AppError, notFound } from '../../../http/problem.js';
import { recordAccess, recordOperatorAction, type OperatorActionEntry } from '../../audit/index.js';
import { applyInsurerAnswer, type AnswerPorts } from '../answers.js';
import { reasonByOf } from '../common.js';
import { ANSWER_NEXT } from '../rules.js';
import { claimsDb, claimsTransaction } from '../tables.js';

/** Who acts, as byOperator(ctx, req) answers it. */
export type By = Pick<OperatorActionEntry, 'loginId' | 'ipEnc'>;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const NOT_FOUND = () => notFound('청구를 찾을 수 없어요.', 'CLAIM_NOT_FOUND');

export async function claimView(ctx: AppContext, claimId: number): Promise<OperatorClaimView> {
  const c = await claimsDb(ctx)
    .selectFrom('claim as c')
    .innerJoin('treatmentRecord as r', 'r.id', 'c.recordId')
    .leftJoin('claimDelivery as d', 'd.claimId', 'c.id')
    .select([
      'c.id',
      'c.recordId',
      'c.insuCompCd',
      'c.amount',
      'c.status',
      'c.rejectReason',
      'c.paidAmount',
      'c.scheduledFor',
      'r.hospitalCd',
      'r.visitDate',
      'd.channel',
      'd.status as deliveryStatus',
      'd.attempts',
      'd.nextAttemptAt',
      'd.lastError',
    ])
    .where('c.id', '=', claimId)
    .executeTakeFirst();
  if (!c) throw NOT_FOUND();
  const [history, documents] = await Promise.all([
    claimsDb(ctx)
      .selectFrom('claimStatusHistory')
      .select(['status', 'reason', 'actor', 'at'])
      .where('claimId', '=', claimId)
      .orderBy('id')
      .execute(),
    claimsDb(ctx)
      .selectFrom('claimDocument')
      .select(['kind', 'sha256', 'bytes'])
      .where('claimId', '=', claimId)
      .orderBy('id')
      .execute(),
  ]);
  return {
    claimId: c.id,
    recordId: c.recordId,
    insuCompCd: c.insuCompCd,
    hospitalCd: c.hospitalCd,
    visitDate: c.visitDate,
    amount: c.amount,
    status: c.status,
    rejectReason: c.rejectReason,
    rejectReasonBy: c.status === 'rejected' && c.rejectReason !== null ? reasonByOf(history, 'rejected') : null,
    paidAmount: c.paidAmount,
    scheduledFor: iso(c.scheduledFor),
    delivery:
      c.channel && c.deliveryStatus && c.nextAttemptAt
        ? {
            channel: c.channel,
            status: c.deliveryStatus,
            attempts: c.attempts ?? 0,
            nextAttemptAt: iso(c.nextAttemptAt)!,
            lastError: c.lastError,
          }
        : null,
    history: history.map((h) => ({ ...h, at: iso(h.at)! })),
    documents,
  };
}

/**
 * A dead letter goes back to pending with fresh attempts (and off the handled list: if it dies again, it is a new
 * letter); its claim from failed back to claimed.
 */
export async function retryDeadLetter(ctx: AppContext, claimId: number, by: By) {
  const now = ctx.clock.now();
  await claimsTransaction(ctx).execute(async (tx) => {
    const d = await tx
      .updateTable('claimDelivery')
      .set({
        status: 'pending',
        attempts: 0,
        nextAttemptAt: now,
        handledAt: null,
        handledBy: null,
        handledNote: null,
        deadAt: null,
      })
      .where('claimId', '=', claimId)
      .where('status', '=', 'dead')
      .returning(['claimId'])
      .executeTakeFirst();
    if (!d) {
      const exists = await tx.selectFrom('claim').select('id').where('id', '=', claimId).executeTakeFirst();
      if (!exists) throw NOT_FOUND();
      throw new AppError('CLAIM_NOT_DEAD', '보내지 못한 청구만 다시 보낼 수 있어요.');
    }
    const c = await tx
      .updateTable('claim')
      .set({ status: 'claimed', updatedAt: now })
      .where('id', '=', claimId)
      .returning(['ciHmac'])
      .executeTakeFirstOrThrow();
    const actor = `operator:${by.loginId}`;
    await tx
      .insertInto('claimStatusHistory')
      .values({ claimId, status: 'claimed', reason: '운영자가 다시 보내기를 요청했어요.', actor, at: now })
      .execute();
    await recordAccess(tx, [{ ciHmac: c.ciHmac, action: 'operator_retry', actor, claimId }], now);
    await recordOperatorAction(tx, { ...by, action: 'claim_retried', ciHmac: c.ciHmac, claimId }, now);
  });
}

/** The records of an operator's recording an insurer's answer: the patient's access log and the operators' record. */
async function recordAnswerBy(
  tx: Handle,
  by: By,
  c: { ciHmac: string; claimId: number },
  detail: { status: RecordedAnswer; words: (string | null | undefined)[] },
  now: Date,
) {
  // The patient's access log says an operator recorded the insurer's answer by hand (never the words: those are in
  // her history, marked as the operator's).
  await recordAccess(
    tx,
    [
      {
        ciHmac: c.ciHmac,
        action: 'operator_answer_recorded',
        actor: `operator:${by.loginId}`,
        claimId: c.claimId,
        detail: detail.status,
      },
    ],
    now,
  );
  await recordOperatorAction(
    tx,
    {
      ...by,
      action: 'insurer_answer_recorded',
      ciHmac: c.ciHmac,
      claimId: c.claimId,
      detail: [detail.status, ...detail.words].filter(Boolean).join(' · '),
    },
    now,
  );
}

/**
 * Papers the insurer asked for by phone, fax or letter: recorded as its documents_requested answer would be
 * (answers.ts), so the hospital is asked for the papers it issues and the patient only for the rest; the claim's
 * history names the operator.
 */
async function recordPapersAsked(
  ctx: AppContext,
  claimId: number,
  answer: { documents: RequestedDocument[]; reason?: string | undefined },
  by: By,
  ports: AnswerPorts,
) {
  const c = await claimsDb(ctx).selectFrom('claim').select('insuCompCd').where('id', '=', claimId).executeTakeFirst();
  if (!c) throw NOT_FOUND();
  const body = {
    eventId: `operator:${by.loginId}:${randomUUID()}`,
    claimId,
    answer: 'documents_requested' as const,
    documents: answer.documents,
    ...(answer.reason ? { reason: answer.reason } : {}),
  };
  const names = answer.documents.map((d) => REQUESTED_DOCUMENT_NM[d]).join(', ');
  await applyInsurerAnswer(ctx, c.insuCompCd, body, Buffer.from(JSON.stringify(body)), ports, {
    actor: `operator:${by.loginId}`,
    also: (tx, ciHmac, now) =>
      recordAnswerBy(
        tx,
        by,
        { ciHmac, claimId },
        { status: 'documents_requested', words: [names, answer.reason] },
        now,
      ),
  });
}

export async function setInsurerAnswer(
  ctx: AppContext,
  claimId: number,
  answer: {
    status: RecordedAnswer;
    reason?: string | undefined;
    paidAmount?: number | undefined;
    documents?: RequestedDocument[] | undefined;
  },
  by: By,
  ports: AnswerPorts = {},
) {
  if (answer.status === 'documents_requested') {
    return recordPapersAsked(ctx, claimId, { documents: answer.documents ?? [], reason: answer.reason }, by, ports);
  }
  const status = answer.status;
  const now = ctx.clock.now();
  await claimsTransaction(ctx).execute(async (tx) => {
    const c = await tx
      .selectFrom('claim')
      .select(['status', 'amount', 'ciHmac'])
      .where('id', '=', claimId)
      .forUpdate()
      .executeTakeFirst();
    if (!c) throw NOT_FOUND();
    if (!ANSWER_NEXT[c.status].includes(answer.status)) {
      throw new AppError(
        'CLAIM_STATUS_CONFLICT',
        `지금 상태(${c.status})에서는 ${withParticle(answer.status, '으로/로')} 바꿀 수 없어요.`,
        [{ field: 'status', message: `${c.status} 다음에 올 수 없는 상태예요.` }],
      );
    }
    // The contract refuses a paid answer without its amount; a caller that skipped it is refused here too, naming the
    // field: an empty amount is never taken as the whole claim.
    if (answer.status === 'paid' && answer.paidAmount === undefined) {
      throw new AppError('VALIDATION_FAILED', '보험사가 지급한 금액을 적어 주세요.', [
        { field: 'paidAmount', message: '보험사가 지급한 금액을 적어 주세요.' },
      ]);
    }
    const reason = answer.status === 'rejected' ? (answer.reason ?? null) : null;
    await tx
      .updateTable('claim')
      .set({
        status: answer.status,
        updatedAt: now,
        ...(reason !== null ? { rejectReason: reason } : {}),
        ...(answer.status === 'paid' ? { paidAmount: answer.paidAmount } : {}),
      })
      .where('id', '=', claimId)
      .execute();
    await tx
      .insertInto('claimStatusHistory')
      .values({ claimId, status: answer.status, reason, actor: `operator:${by.loginId}`, at: now })
      .execute();
    await recordAnswerBy(
      tx,
      by,
      { ciHmac: c.ciHmac, claimId },
      { status, words: [reason, status === 'paid' ? String(answer.paidAmount) : null] },
      now,
    );
  });
}

/** An operator's note on a claim: appended (never changed), encrypted at rest, shown in the timeline with who and when. */
export async function addClaimNote(ctx: AppContext, claimId: number, note: string, by: By) {
  const now = ctx.clock.now();
  await claimsTransaction(ctx).execute(async (tx) => {
    const c = await tx.selectFrom('claim').select('ciHmac').where('id', '=', claimId).executeTakeFirst();
    if (!c) throw NOT_FOUND();
    await tx
      .insertInto('claimNote')
      .values({ claimId, loginId: by.loginId, noteEnc: ctx.crypto.encrypt(note), at: now })
      .execute();
    // The operators' record says a note was added, not what it says (the note is the claim's, encrypted).
    await recordOperatorAction(tx, { ...by, action: 'claim_note_added', ciHmac: c.ciHmac, claimId }, now);
  });
}
