// Telling the patient (README, "Patient messages"), with a link to the history (one device, 72 hours:
// security/linkToken.ts):
// - one message per record that was claimed or fell below the minimum;
// - one message per insurer answer that changed her claim (received, documents requested, paid with the amount,
//   rejected with the reason), at most once: answers.ts writes its answer_notice row with the answer, and the row
//   says it was sent in the transaction that sends it. Only 08:00–21:00 KST: a night answer waits (due_at) and the
//   minute tick queues it once due.
// Her optional 알림톡 consent (SUBS_KAKAO_NOTI, the spec's kakaoNotiCheck) decides the channel: 알림톡 with SMS/LMS
// fallback, or SMS/LMS only. pg-boss carries the jobs (claims.notify) and retries them; one that fails every retry is
// a dead letter (jobs.ts, failedNotifications).
import type PgBoss from 'pg-boss';
import { childPossessive, patientLinkPath } from '@auto-claim/contract';
import type { AppContext } from '../../context.js';
import { bossDb } from '../../jobs/runtime.js';
import type { PatientTemplate } from '../../providers/notification/types.js';
import { dbOutbox } from '../../providers/outbox.js';
import { signLinkTokens } from '../../security/linkToken.js';
import { hospitalsByCode, insurersByCode } from '../reference/index.js';
import { contactsOf } from '../subscriptions/index.js';
import { QUEUES } from './jobs.js';
import { claimsTransaction, type ClaimsDb } from './tables.js';

const WON = new Intl.NumberFormat('ko-KR');

/** One 알림톡 per record, for a batch of records in one transaction (the link's token exists only if the message does). */
export async function notifyRecords(ctx: AppContext, recordIds: number[]) {
  if (recordIds.length === 0) return;
  await claimsTransaction(ctx).execute(async (tx) => {
    const rows = await tx
      .selectFrom('treatmentRecord')
      .select(['id', 'outcome', 'visitDate', 'totalPaid', 'hospitalCd', 'insuApplyId'])
      .where('id', 'in', recordIds)
      .orderBy('id')
      .execute();
    const contacts = await contactsOf(ctx, tx, [
      ...new Set(rows.flatMap((r) => (r.insuApplyId ? [r.insuApplyId] : []))),
    ]);
    const names = new Map(
      (await hospitalsByCode(tx, [...new Set(rows.map((r) => r.hospitalCd))])).map((h) => [h.hospitalCd, h.hospitalNm]),
    );
    const due = rows.flatMap((r) => {
      if (r.outcome !== 'claimed' && r.outcome !== 'below_min') return [];
      const contact = r.insuApplyId ? contacts.get(r.insuApplyId) : undefined;
      return contact && r.insuApplyId
        ? [
            {
              ...r,
              ...contact,
              insuApplyId: r.insuApplyId,
              outcome: r.outcome,
              hospitalNm: names.get(r.hospitalCd) ?? '',
            },
          ]
        : [];
    });
    const tokens = await signLinkTokens(
      ctx,
      due.map((r) => ({ purpose: 'treat' as const, ciHmac: r.ciHmac, insuApplyId: r.insuApplyId, recordId: r.id })),
      tx,
    );
    await ctx.providers.notification.send(
      due.map((r, i) => {
        const date = `${Number(r.visitDate.slice(4, 6))}월 ${Number(r.visitDate.slice(6, 8))}일`;
        const paid = `${WON.format(r.totalPaid)}원`;
        // A child's go to her guardian's phone and name her (README "Children: a guardian claims for a child").
        const child = r.childNm ? childPossessive(r.childNm) : undefined;
        return {
          to: r.userTel,
          template: child
            ? r.outcome === 'claimed'
              ? 'AUTO_CLAIM_CHILD_SENT'
              : 'AUTO_CLAIM_CHILD_BELOW_MIN'
            : r.outcome === 'claimed'
              ? 'AUTO_CLAIM_SENT'
              : 'AUTO_CLAIM_BELOW_MIN',
          text: child
            ? r.outcome === 'claimed'
              ? `${child} 진료비를 보험사에 자동으로 청구할게요. ${r.hospitalNm}에서 ${date}에 받은 진료(${paid})예요. 진행 상황은 아래 버튼에서 볼 수 있어요.`
              : `${child} 진료비(${r.hospitalNm}, ${date}, ${paid})는 설정한 최소 금액보다 적어 자동으로 청구하지 않았어요. 아래 버튼에서 직접 청구할 수 있어요.`
            : r.outcome === 'claimed'
              ? `${r.hospitalNm}에서 ${date}에 받은 진료(${paid})를 보험사에 자동으로 청구할게요. 진행 상황은 아래 버튼에서 볼 수 있어요.`
              : `${r.hospitalNm}에서 ${date}에 받은 진료(${paid})는 설정한 최소 금액보다 적어 자동으로 청구하지 않았어요. 아래 버튼에서 직접 청구할 수 있어요.`,
          linkPath: patientLinkPath('treat', tokens[i]!),
          kakao: r.kakao,
        };
      }),
      dbOutbox(tx, () => ctx.clock.now()),
    );
  });
}

/** Hours (KST) patients' answer messages go out by default: from 08:00, until 21:00 (NOTICE_HOURS_KST). */
export const NOTICE_HOURS_KST = { from: 8, until: 21 } as const;

/** When a message made at `now` may go: now within the hours (KST), else the next `from` o'clock KST. */
export function sendableAt(now: Date, hours: { from: number; until: number } = NOTICE_HOURS_KST): Date {
  const kst = new Date(now.getTime() + 9 * 3_600_000);
  const h = kst.getUTCHours();
  if (h >= hours.from && h < hours.until) return now;
  // 08:00 KST is 23:00 UTC the day before: Date.UTC takes the hour -1 as that.
  const day = kst.getUTCDate() + (h >= hours.until ? 1 : 0);
  return new Date(Date.UTC(kst.getUTCFullYear(), kst.getUTCMonth(), day, hours.from - 9));
}

/** The notify job of an answer's message; recordId is its claim's record (the dead letters show it). */
export interface NotifyJob {
  recordId: number;
  answerId?: number;
}

/**
 * In the answer's transaction: the message's row (its unique key), and its job at once when it is daytime and the jobs
 * runtime runs (otherwise the minute tick queues it).
 */
export async function noteAnswer(
  ctx: AppContext,
  tx: ClaimsDb,
  a: { insurerAnswerId: number; claimId: number; recordId: number; reason: string | null },
  now: Date,
) {
  const dueAt = sendableAt(now, ctx.config.noticeHours);
  const queued =
    dueAt.getTime() <= now.getTime() &&
    (await ctx.jobs.send(QUEUES.notify, { recordId: a.recordId, answerId: a.insurerAnswerId } satisfies NotifyJob, {
      db: tx,
    }));
  await tx
    .insertInto('answerNotice')
    .values({
      insurerAnswerId: a.insurerAnswerId,
      claimId: a.claimId,
      reason: a.reason,
      dueAt,
      queuedAt: queued ? now : null,
    })
    .onConflict((oc) => oc.column('insurerAnswerId').doNothing())
    .execute();
}

/** The minute tick's part: jobs for the messages that waited (quiet hours, or no jobs runtime yet) and are due. */
export async function queueDueAnswers(ctx: AppContext, boss: PgBoss | undefined, limit = 500): Promise<number> {
  if (!boss) return 0;
  const now = ctx.clock.now();
  return claimsTransaction(ctx).execute(async (tx) => {
    const due = await tx
      .selectFrom('answerNotice as n')
      .innerJoin('claim as c', 'c.id', 'n.claimId')
      .select(['n.insurerAnswerId', 'c.recordId'])
      .where('n.queuedAt', 'is', null)
      .where('n.dueAt', '<=', now)
      .orderBy('n.dueAt')
      .limit(limit)
      .forUpdate('n')
      .skipLocked()
      .execute();
    if (due.length === 0) return 0;
    await boss.insert(
      due.map((d) => ({
        name: QUEUES.notify,
        data: { recordId: d.recordId, answerId: d.insurerAnswerId } satisfies NotifyJob,
      })),
      { db: bossDb(tx) },
    );
    await tx
      .updateTable('answerNotice')
      .set({ queuedAt: now })
      .where(
        'insurerAnswerId',
        'in',
        due.map((d) => d.insurerAnswerId),
      )
      .execute();
    return due.length;
  });
}

const TEMPLATE_OF: Record<string, PatientTemplate> = {
  received: 'AUTO_CLAIM_ANSWER_RECEIVED',
  documents_requested: 'AUTO_CLAIM_ANSWER_DOCUMENTS',
  paid: 'AUTO_CLAIM_ANSWER_PAID',
  rejected: 'AUTO_CLAIM_ANSWER_REJECTED',
};
/** The same, for a child's claim: to her guardian, naming her. */
const CHILD_TEMPLATE_OF: Record<string, PatientTemplate> = {
  received: 'AUTO_CLAIM_CHILD_ANSWER_RECEIVED',
  documents_requested: 'AUTO_CLAIM_CHILD_ANSWER_DOCUMENTS',
  paid: 'AUTO_CLAIM_CHILD_ANSWER_PAID',
  rejected: 'AUTO_CLAIM_CHILD_ANSWER_REJECTED',
};

/** The message's words: what happened, how much, when the money comes or what to do next (plain 해요체). */
export function answerText(a: {
  answer: string;
  insurerNm: string;
  hospitalNm: string;
  visitDate: string;
  amount: number;
  paidAmount: number | null;
  reason: string | null;
  /** A child's claim: her name (the message goes to her guardian and names her). */
  childNm?: string | undefined;
}): string {
  const visit = `${Number(a.visitDate.slice(4, 6))}월 ${Number(a.visitDate.slice(6, 8))}일 ${a.hospitalNm} 진료`;
  if (a.childNm) return childAnswerText({ ...a, visit, child: childPossessive(a.childNm) });
  switch (a.answer) {
    case 'paid':
      return (
        `${a.insurerNm}에서 ${visit}의 보험금 ${WON.format(a.paidAmount ?? 0)}원을 지급하기로 했어요. ` +
        '보험금은 보험사가 가입할 때 등록한 계좌로 직접 보내요(보통 3영업일 안). 자세한 내용은 아래 버튼에서 볼 수 있어요.'
      );
    case 'rejected':
      return (
        `${a.insurerNm}에서 ${visit} 청구(${WON.format(a.amount)}원)에 보험금을 지급하지 않기로 했어요. ` +
        `사유: ${a.reason ?? '보험사가 사유를 알려 주지 않았어요.'} ` +
        '궁금한 점은 보험사 고객센터에 물어볼 수 있어요. 자세한 내용은 아래 버튼에서 볼 수 있어요.'
      );
    case 'documents_requested':
      return (
        `${a.insurerNm}에서 ${visit} 청구를 심사하려면 서류가 더 필요하대요` +
        `${a.reason ? `(${a.reason})` : ''}. 아래 버튼에서 무엇을 어떻게 보내면 되는지 확인해 주세요.`
      );
    default:
      return (
        `${a.insurerNm}에서 ${visit} 청구(${WON.format(a.amount)}원)를 접수했어요. ` +
        '심사가 끝나면 결과를 다시 알려 드릴게요. 진행 상황은 아래 버튼에서 볼 수 있어요.'
      );
  }
}

/** A child's claim's answer, to her guardian: each begins with her ("지민이의 진료비 …"). */
function childAnswerText(a: Parameters<typeof answerText>[0] & { visit: string; child: string }): string {
  switch (a.answer) {
    case 'paid':
      return (
        `${a.child} 진료비 보험금 ${WON.format(a.paidAmount ?? 0)}원을 ${a.insurerNm}에서 지급하기로 했어요(${a.visit}). ` +
        '보험금은 가입할 때 등록한 계좌로 보험사가 직접 보내요(보통 3영업일 안). 자세한 내용은 아래 버튼에서 볼 수 있어요.'
      );
    case 'rejected':
      return (
        `${a.child} 진료비 청구(${a.visit}, ${WON.format(a.amount)}원)에 ${a.insurerNm}에서 보험금을 지급하지 않기로 했어요. ` +
        `사유: ${a.reason ?? '보험사가 사유를 알려 주지 않았어요.'} ` +
        '궁금한 점은 보험사 고객센터에 물어볼 수 있어요. 자세한 내용은 아래 버튼에서 볼 수 있어요.'
      );
    case 'documents_requested':
      return (
        `${a.child} 진료비 청구(${a.visit})를 심사하려면 ${a.insurerNm}에서 서류가 더 필요하대요` +
        `${a.reason ? `(${a.reason})` : ''}. 아래 버튼에서 무엇을 어떻게 보내면 되는지 확인해 주세요.`
      );
    default:
      return (
        `${a.child} 진료비 청구(${a.visit}, ${WON.format(a.amount)}원)를 ${a.insurerNm}에서 접수했어요. ` +
        '심사가 끝나면 결과를 다시 알려 드릴게요. 진행 상황은 아래 버튼에서 볼 수 있어요.'
      );
  }
}

/**
 * The messages of these answers, in one transaction: each row still unsent and due is sent and marked sent together,
 * so a retried job, a restart or a second job of the same answer sends nothing again. A row not yet due (its job came
 * early) goes back to the tick.
 */
export async function notifyAnswers(ctx: AppContext, answerIds: number[]) {
  if (answerIds.length === 0) return;
  const now = ctx.clock.now();
  await claimsTransaction(ctx).execute(async (tx) => {
    const rows = await tx
      .selectFrom('answerNotice as n')
      .innerJoin('insurerAnswer as a', 'a.id', 'n.insurerAnswerId')
      .innerJoin('claim as c', 'c.id', 'n.claimId')
      .select([
        'n.insurerAnswerId',
        'n.dueAt',
        'n.reason',
        'a.answer',
        'a.insuCompCd',
        'c.id as claimId',
        'c.recordId',
        'c.ciHmac',
        'c.insuApplyId',
        'c.hospitalCd',
        'c.visitDate',
        'c.amount',
        'c.paidAmount',
      ])
      .where('n.insurerAnswerId', 'in', answerIds)
      .where('n.sentAt', 'is', null)
      .orderBy('n.insurerAnswerId')
      .forUpdate('n')
      .execute();
    const early = rows.filter((r) => new Date(r.dueAt).getTime() > now.getTime());
    if (early.length) {
      await tx
        .updateTable('answerNotice')
        .set({ queuedAt: null })
        .where(
          'insurerAnswerId',
          'in',
          early.map((r) => r.insurerAnswerId),
        )
        .execute();
    }
    const ready = rows.filter((r) => new Date(r.dueAt).getTime() <= now.getTime());
    if (ready.length === 0) return;
    const contacts = await contactsOf(ctx, tx, [
      ...new Set(ready.flatMap((r) => (r.insuApplyId ? [r.insuApplyId] : []))),
    ]);
    const hospitals = new Map(
      (await hospitalsByCode(tx, [...new Set(ready.map((r) => r.hospitalCd))])).map((h) => [
        h.hospitalCd,
        h.hospitalNm,
      ]),
    );
    const insurers = new Map(
      (await insurersByCode(tx, [...new Set(ready.map((r) => r.insuCompCd))])).map((i) => [i.insuCompCd, i.insuCompNm]),
    );
    const due = ready.flatMap((r) => {
      const contact = r.insuApplyId ? contacts.get(r.insuApplyId) : undefined;
      return contact ? [{ ...r, contact }] : [];
    });
    const tokens = await signLinkTokens(
      ctx,
      due.map((r) => ({
        purpose: 'treat' as const,
        ciHmac: r.ciHmac,
        insuApplyId: r.insuApplyId,
        recordId: r.recordId,
      })),
      tx,
    );
    const sent = await ctx.providers.notification.send(
      due.map((r, i) => ({
        to: r.contact.userTel,
        template: r.contact.childNm
          ? (CHILD_TEMPLATE_OF[r.answer] ?? 'AUTO_CLAIM_CHILD_ANSWER_RECEIVED')
          : (TEMPLATE_OF[r.answer] ?? 'AUTO_CLAIM_ANSWER_RECEIVED'),
        text: answerText({
          answer: r.answer,
          insurerNm: insurers.get(r.insuCompCd) ?? r.insuCompCd,
          hospitalNm: hospitals.get(r.hospitalCd) ?? '병원',
          visitDate: r.visitDate,
          amount: r.amount,
          paidAmount: r.paidAmount,
          reason: r.reason,
          childNm: r.contact.childNm,
        }),
        linkPath: patientLinkPath('treat', tokens[i]!),
        kakao: r.contact.kakao,
      })),
      dbOutbox(tx, () => now),
    );
    const channelOf = new Map(due.map((r, i) => [r.insurerAnswerId, sent[i]?.channel ?? 'kakao']));
    for (const r of ready) {
      await tx
        .updateTable('answerNotice')
        .set({ sentAt: now, channel: channelOf.get(r.insurerAnswerId) ?? 'none' })
        .where('insurerAnswerId', '=', r.insurerAnswerId)
        .execute();
    }
  });
}

/**
 * The notify jobs of one batch: records' and answers' messages each in their own transaction; a group that fails is
 * failed (pg-boss retries it, then keeps it as a dead letter) while the other completes.
 */
export async function notifyJobs(ctx: AppContext, boss: PgBoss, jobs: PgBoss.Job<NotifyJob>[]) {
  const groups = [
    {
      jobs: jobs.filter((j) => j.data.answerId === undefined),
      run: (js: PgBoss.Job<NotifyJob>[]) =>
        notifyRecords(
          ctx,
          js.map((j) => j.data.recordId),
        ),
    },
    {
      jobs: jobs.filter((j) => j.data.answerId !== undefined),
      run: (js: PgBoss.Job<NotifyJob>[]) =>
        notifyAnswers(
          ctx,
          js.map((j) => j.data.answerId!),
        ),
    },
  ];
  for (const g of groups) {
    if (g.jobs.length === 0) continue;
    const ids = g.jobs.map((j) => j.id);
    try {
      await g.run(g.jobs);
      await boss.complete(QUEUES.notify, ids);
    } catch (e) {
      // pg-boss retries them with backoff (jobs.ts, CLAIM_QUEUES: retryLimit 5); the error stays in the job's output.
      ctx.log.warn({ err: e, jobs: ids.length }, 'patient message batch failed; pg-boss retries it');
      const message = e instanceof Error ? e.message : String(e);
      for (const id of ids) await boss.fail(QUEUES.notify, id, { message });
    }
  }
}

export async function notifyQueued(ctx: AppContext, boss: PgBoss | undefined, limit = 200): Promise<number> {
  if (!boss) return 0;
  const jobs = await boss.fetch<NotifyJob>(QUEUES.notify, { batchSize: limit });
  if (!jobs?.length) return 0;
  await notifyJobs(ctx, boss, jobs);
  return jobs.length;
}
