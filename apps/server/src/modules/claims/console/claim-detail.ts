// One claim as the console shows it (README "Operator console"): its masked patient, names, payout account, what the
// operator does next, and its timeline from the hospital's record to the insurer's answers and operators' notes.
import { operatorActionDid, type OpsClaimDetail, type TimelineEntry } from '@auto-claim/contract/ops';
import {
  CLAIM_STATUS_NM,
  DELIVERY_ATTEMPT_OUTCOME_NM,
  DELIVERY_CHANNEL_NM,
  INSURER_ANSWER_NM,
  withParticle,
} from '@auto-claim/contract';
import type { AppContext } from '../../../context.js';
import type { ClaimStatus } from '../tables.js';
import { operatorActionsOfClaim, releasesOfRecord } from '../../audit/index.js';
import { linesOf, revisionsOf } from '../../intake/index.js';
import { joinedOf } from '../follow.js';
import { bankNameOf } from '../../reference/index.js';
import { payoutAccountOf, postNoMissingOf } from '../../subscriptions/index.js';
import { claimView } from './actions.js';
import { claimsDb } from '../tables.js';
import { maskedPatients, namesOf } from './patients.js';

const iso = (d: Date | string) => new Date(d).toISOString();

/** Within one instant, the order things happen in: a record, then the claim, its sending, the insurer, operators. */
const STATUS_RANK: Record<ClaimStatus, number> = {
  received: 1,
  claimed: 2,
  sent: 4,
  failed: 4,
  accepted: 6,
  documents_requested: 6,
  rejected: 6,
  paid: 7,
  withdrawn: 7,
};
const empty = { detail: null, actor: null, status: null, channel: null, outcome: null, attempt: null };

const won = (n: number) => `${n.toLocaleString('ko-KR')}원`;

/**
 * What the operator does next in the claim's state (README "Operator console"): a dead letter is sent again or
 * claimed by phone at the insurer's number; documents requested says what the patient was asked for; the rest say what
 * the claim waits for, or that nothing is left to do.
 */
export function nextStepOf(
  view: Pick<OpsClaimDetail, 'status' | 'delivery' | 'scheduledFor' | 'paidAmount' | 'amount'>,
  history: { status: ClaimStatus; reason: string | null }[],
  insurer: { insurerNm: string; insurerPhone: string | null },
): OpsClaimDetail['nextStep'] {
  const phone = insurer.insurerPhone;
  if (view.delivery?.status === 'dead') {
    return {
      text: phone
        ? `보험사에 보내지 못했어요. '다시 보내기'를 누르거나, ${insurer.insurerNm} 고객센터(${phone})에 전화해 접수해 주세요.`
        : `보험사에 보내지 못했어요. '다시 보내기'를 누르거나, ${insurer.insurerNm}에 전화해 접수해 주세요.`,
      insurerPhone: phone,
    };
  }
  switch (view.status) {
    case 'received':
    case 'claimed':
      return {
        text: view.scheduledFor
          ? '정해진 날에 보험사로 보내요. 할 일은 없어요.'
          : view.delivery && view.delivery.attempts > 0
            ? '보험사에 보내는 중이에요. 실패하면 자동으로 다시 보내요.'
            : '곧 보험사로 보내요. 할 일은 없어요.',
        insurerPhone: null,
      };
    case 'sent':
    case 'accepted':
      return { text: '보험사의 답을 기다려요. 지금 할 일은 없어요.', insurerPhone: null };
    case 'documents_requested': {
      const asked = [...history].reverse().find((h) => h.status === 'documents_requested')?.reason;
      return {
        text: asked
          ? `환자에게 ${withParticle(asked, '을/를')} 보내 달라고 요청했어요. 서류가 오면 보험사에 보내요.`
          : '보험사가 서류를 더 요청했어요. 환자에게 요청한 서류가 오면 보험사에 보내요.',
        insurerPhone: null,
      };
    }
    case 'rejected':
      return { text: '보험사가 반려했어요. 환자가 문의하면 반려 사유를 안내해 주세요.', insurerPhone: null };
    case 'paid':
      return {
        text:
          view.paidAmount !== null && view.paidAmount < view.amount
            ? `보험사가 ${won(view.paidAmount)}을 지급했어요(청구 금액 ${won(view.amount)}). 할 일은 없어요.`
            : '보험사가 지급했어요. 할 일은 없어요.',
        insurerPhone: null,
      };
    case 'failed':
      return { text: '보험사에 보내지 못했어요. 전송 상태를 확인해 주세요.', insurerPhone: phone };
    case 'withdrawn':
      return { text: '병원이 영수증을 취소해 보내지 않았어요. 할 일은 없어요.', insurerPhone: null };
  }
}

/** A claim with its masked patient and timeline: record received → claim built → each attempt → insurer answers. */
export async function claimDetail(ctx: AppContext, claimId: number): Promise<OpsClaimDetail> {
  const view = await claimView(ctx, claimId);
  const db = claimsDb(ctx);
  const [c, history, attempts, answers, actions, notes] = await Promise.all([
    db
      .selectFrom('claim as c')
      .innerJoin('treatmentRecord as r', 'r.id', 'c.recordId')
      .leftJoin('claimDelivery as d', 'd.claimId', 'c.id')
      .select([
        'c.insuApplyId',
        'c.createdAt',
        'c.recordId',
        'r.releasedAt',
        'r.personEnc',
        'r.receiptNo',
        'r.receivedAt',
        'd.handledAt',
        'd.handledBy',
        'd.handledNote',
      ])
      .where('c.id', '=', claimId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('claimStatusHistory')
      .select(['id', 'status', 'reason', 'actor', 'at'])
      .where('claimId', '=', claimId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('claimDeliveryAttempt')
      .select(['id', 'attempt', 'channel', 'outcome', 'error', 'externalRef', 'at'])
      .where('claimId', '=', claimId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('insurerAnswer')
      .select(['id', 'insuCompCd', 'answer', 'statusAfter', 'occurredAt', 'receivedAt'])
      .where('claimId', '=', claimId)
      .orderBy('id')
      .execute(),
    operatorActionsOfClaim(db, claimId),
    db
      .selectFrom('claimNote')
      .select(['id', 'loginId', 'noteEnc', 'at'])
      .where('claimId', '=', claimId)
      .orderBy('id')
      .execute(),
  ]);
  const notices = await db
    .selectFrom('claimNotice')
    .select(['kind', 'receiptNo', 'state', 'attempts', 'sentAt', 'lastError'])
    .where('claimId', '=', claimId)
    .orderBy('id')
    .execute();
  const [[patient], names, postNoMissing, account, releases, lines, revisions, joinedRecords] = await Promise.all([
    maskedPatients(ctx, [c]),
    namesOf(db, [view.hospitalCd], [view.insuCompCd]),
    c.insuApplyId ? postNoMissingOf(ctx, ctx.db, c.insuApplyId) : undefined,
    c.insuApplyId ? payoutAccountOf(ctx, ctx.db, c.insuApplyId) : undefined,
    // A record held for its identity and released by an operator: the release is part of this claim's story.
    c.releasedAt ? releasesOfRecord(db, Number(c.recordId)) : [],
    // The visit's 세부산정내역 and what corrected or cancelled receipts did to it: the intake's (modules/intake).
    linesOf(db, Number(c.recordId)),
    revisionsOf(db, Number(c.recordId)),
    // Visits claimed with this one (follow.ts), and their lines.
    joinedOf(db, [Number(c.recordId)]).then((m) => m.get(Number(c.recordId)) ?? []),
  ]);
  const joined = await Promise.all(
    joinedRecords.map(async (j) => ({
      hospitalCd: j.hospitalCd,
      receiptNo: j.receiptNo,
      visitDate: j.visitDate,
      totalPaid: j.totalPaid,
      lines: await linesOf(db, j.id),
    })),
  );
  const payout = account
    ? {
        bankNm: (await bankNameOf(ctx.db, account.bankCd)) || null,
        accountMasked: account.accountMasked,
        holderMasked: account.holderMasked,
      }
    : null;
  // When it was paid: the insurer's own time in its newest paid answer, else when the paid status was recorded.
  const paidAnswer = answers.filter((a) => a.answer === 'paid').at(-1);
  const paidStatus = history.filter((h) => h.status === 'paid').at(-1);
  const paidAt =
    view.status === 'paid'
      ? paidAnswer
        ? iso(paidAnswer.occurredAt ?? paidAnswer.receivedAt)
        : paidStatus
          ? iso(paidStatus.at)
          : null
      : null;

  type Ranked = TimelineEntry & { rank: number; seq: number };
  const entries: Ranked[] = [
    {
      ...empty,
      at: iso(c.receivedAt),
      kind: 'record',
      title: '병원에서 진료 기록을 받았어요',
      detail: `영수증 번호 ${c.receiptNo}`,
      actor: `hospital:${view.hospitalCd}`,
      rank: 0,
      seq: 0,
    },
    ...releases.map((a) => ({
      ...empty,
      at: iso(a.at),
      kind: 'operator' as const,
      title: operatorActionDid(a.action),
      detail: [
        a.reason,
        patient!.recordName
          ? `병원 기록상 이름 ${patient!.recordName}, 보험사에는 가입자 ${patient!.patient.name} 이름으로 청구`
          : null,
      ]
        .filter(Boolean)
        .join(' · '),
      actor: `operator:${a.loginId}`,
      rank: 0,
      seq: 1 + Number(a.id),
    })),
    ...history.map((h) => ({
      ...empty,
      at: iso(h.at),
      kind: 'status' as const,
      title: h.status === 'received' ? '청구를 만들었어요' : `상태: ${CLAIM_STATUS_NM[h.status]}`,
      detail: h.reason,
      actor: h.actor,
      status: h.status,
      rank: STATUS_RANK[h.status],
      seq: Number(h.id),
    })),
    ...attempts.map((a) => ({
      ...empty,
      at: iso(a.at),
      kind: 'attempt' as const,
      title: `${a.attempt}번째 전송 (${DELIVERY_CHANNEL_NM[a.channel]}): ${DELIVERY_ATTEMPT_OUTCOME_NM[a.outcome]}`,
      detail: a.error ?? (a.externalRef ? `접수 번호 ${a.externalRef}` : null),
      actor: 'engine',
      channel: a.channel,
      outcome: a.outcome,
      attempt: a.attempt,
      rank: 3,
      seq: Number(a.id),
    })),
    ...answers.map((a) => ({
      ...empty,
      at: iso(a.occurredAt ?? a.receivedAt),
      kind: 'answer' as const,
      title: INSURER_ANSWER_NM[a.answer],
      actor: `insurer:${a.insuCompCd}`,
      status: a.statusAfter,
      rank: 5,
      seq: Number(a.id),
    })),
    // A note's own entry says what it says; the operators' record of adding it would only repeat it.
    ...actions
      .filter((a) => a.action !== 'claim_note_added')
      .map((a) => ({
        ...empty,
        at: iso(a.at),
        kind: 'operator' as const,
        title: operatorActionDid(a.action),
        detail: a.reason ?? a.detail,
        actor: `operator:${a.loginId}`,
        rank: 8,
        seq: Number(a.id),
      })),
    ...notes.map((n) => ({
      ...empty,
      at: iso(n.at),
      kind: 'note' as const,
      title: '운영자 메모',
      detail: ctx.crypto.decrypt(n.noteEnc),
      actor: `operator:${n.loginId}`,
      rank: 9,
      seq: Number(n.id),
    })),
  ];
  entries.sort((a, b) => a.at.localeCompare(b.at) || a.rank - b.rank || a.seq - b.seq);
  return {
    ...view,
    patient: patient!.patient,
    recordName: patient!.recordName,
    insuApplyId: c.insuApplyId,
    hospitalNm: names.hospital.get(view.hospitalCd) ?? null,
    insuCompNm: names.insurer.get(view.insuCompCd) ?? null,
    receiptNo: c.receiptNo,
    createdAt: iso(c.createdAt),
    handled: c.handledAt && c.handledBy ? { at: iso(c.handledAt), by: c.handledBy, note: c.handledNote ?? '' } : null,
    nextStep: nextStepOf(view, history, {
      insurerNm: names.insurer.get(view.insuCompCd) ?? view.insuCompCd,
      insurerPhone: names.callCenter.get(view.insuCompCd) ?? null,
    }),
    deliveryFailure: view.delivery?.lastError ?? null,
    postNoMissing: postNoMissing ?? false,
    payout,
    paidAt,
    lines,
    revisions,
    notices: notices.map((n) => ({ ...n, sentAt: n.sentAt ? iso(n.sentAt) : null })),
    ...(joined.length ? { joined } : {}),
    timeline: entries.map(({ rank: _r, seq: _s, ...e }) => e),
  };
}
