// Telling the patient: one 알림톡 per record that was claimed or fell below the minimum, with a link to the history
// (one device, 72 hours: security/linkToken.ts); pg-boss carries the jobs and retries them.
import type PgBoss from 'pg-boss';
import { patientLinkPath } from '@auto-claim/contract';
import type { AppContext } from '../../context.js';
import { dbOutbox } from '../../providers/outbox.js';
import { signLinkTokens } from '../../security/linkToken.js';
import { hospitalsByCode } from '../reference/index.js';
import { contactsOf } from '../subscriptions/index.js';
import { QUEUES } from './jobs.js';
import { claimsTransaction } from './tables.js';

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
        return {
          to: r.userTel,
          template: r.outcome === 'claimed' ? 'AUTO_CLAIM_SENT' : 'AUTO_CLAIM_BELOW_MIN',
          text:
            r.outcome === 'claimed'
              ? `${r.hospitalNm}에서 ${date}에 받은 진료(${paid})를 보험사에 자동으로 청구할게요. 진행 상황은 아래 버튼에서 볼 수 있어요.`
              : `${r.hospitalNm}에서 ${date}에 받은 진료(${paid})는 설정한 최소 금액보다 적어 자동으로 청구하지 않았어요. 아래 버튼에서 직접 청구할 수 있어요.`,
          linkPath: patientLinkPath('treat', tokens[i]!),
        };
      }),
      dbOutbox(tx, () => ctx.clock.now()),
    );
  });
}

export async function notifyQueued(ctx: AppContext, boss: PgBoss | undefined, limit = 200): Promise<number> {
  if (!boss) return 0;
  const jobs = await boss.fetch<{ recordId: number }>(QUEUES.notify, { batchSize: limit });
  if (!jobs?.length) return 0;
  const ids = jobs.map((j) => j.id);
  try {
    await notifyRecords(
      ctx,
      jobs.map((j) => j.data.recordId),
    );
    await boss.complete(QUEUES.notify, ids);
  } catch (e) {
    // pg-boss retries them with backoff (jobs.ts, CLAIM_QUEUES: retryLimit 5); the error stays in the job's output.
    ctx.log.warn({ err: e, jobs: ids.length }, '알림톡 batch failed; pg-boss retries it');
    await boss.fail(QUEUES.notify, ids);
  }
  return jobs.length;
}
