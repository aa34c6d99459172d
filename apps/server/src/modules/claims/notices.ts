// A corrected or cancelled receipt of a claim already sent, told to the insurer (docs/providers/insurer-api.md, "A
// corrected or cancelled receipt"): each notice visits.ts wrote is delivered through the delivery provider like a
// claim, idempotent on `claim-notice-<id>`, one JSON document: the corrected receipt as the claim's receipt is written
// (its fields and lines, as the record is now), or the cancellation of the receipt named. A failure is retried with the
// claims' backoff, MAX_DELIVERY_ATTEMPTS times, then the notice is dead (its last error kept). By fax there is no PDF of
// a notice: it is dead at once, for an operator to tell the insurer.
import { MAX_DELIVERY_ATTEMPTS } from '@auto-claim/contract';
import type { AppContext } from '../../context.js';
import type { DeliveryRequest } from '../../providers/delivery/types.js';
import { dbOutbox } from '../../providers/outbox.js';
import { linesOfRecords } from '../intake/index.js';
import { channelsOf, deliverySettingsOf, faxNumbers } from '../reference/index.js';
import { RECEIPT_COLUMNS, sha256Hex } from './common.js';
import { receiptOf } from './deliver.js';
import { retryDelayMs } from './rules.js';
import { claimsTransaction } from './tables.js';

/** Delivers one batch of due notices; answers how many it decided (0: nothing due). */
export async function deliverNotices(ctx: AppContext, limit = 50): Promise<number> {
  const now = ctx.clock.now();
  return claimsTransaction(ctx).execute(async (tx) => {
    const due = await tx
      .selectFrom('claimNotice as n')
      .innerJoin('claim as c', 'c.id', 'n.claimId')
      .innerJoin('treatmentRecord as r', 'r.id', 'c.recordId')
      .select(['n.id', 'n.claimId', 'n.insuCompCd', 'n.kind', 'n.receiptNo as noticeReceiptNo', 'n.attempts'])
      .select(['c.recordId', 'r.hospitalCd', ...RECEIPT_COLUMNS])
      .where('n.state', '=', 'pending')
      .where('n.nextAttemptAt', '<=', now)
      .orderBy('n.nextAttemptAt')
      .limit(limit)
      .forUpdate('n')
      .skipLocked()
      .execute();
    if (!due.length) return 0;
    const codes = [...new Set(due.map((d) => d.insuCompCd))];
    const [channels, settings, faxes, lines] = await Promise.all([
      channelsOf(ctx, tx, codes),
      deliverySettingsOf(tx, codes),
      faxNumbers(tx),
      linesOfRecords(tx, [...new Set(due.map((d) => Number(d.recordId)))]),
    ]);
    const requests: DeliveryRequest[] = due.map((d) => {
      const body = JSON.stringify(
        d.kind === 'corrected'
          ? {
              form: '진료비 영수증 정정',
              claimId: Number(d.claimId),
              receiptNo: d.noticeReceiptNo,
              replaces: d.receiptNo,
              receipt: receiptOf(ctx, d, lines.get(Number(d.recordId)) ?? []),
            }
          : { form: '진료비 영수증 취소', claimId: Number(d.claimId), receiptNo: d.noticeReceiptNo },
      );
      const channel = channels.get(d.insuCompCd)!;
      const apiUrl = settings.get(d.insuCompCd)?.apiUrl;
      return {
        idempotencyKey: `claim-notice-${d.id}`,
        claimId: Number(d.claimId),
        insuCompCd: d.insuCompCd,
        channel,
        destination: channel === 'fax' ? (faxes.get(d.insuCompCd) ?? '') : `api:${d.insuCompCd}`,
        documents: [
          {
            kind: d.kind === 'corrected' ? 'receipt_correction' : 'receipt_cancellation',
            contentType: 'application/json',
            body,
            sha256: sha256Hex(body),
          },
        ],
        ...(channel === 'api' && apiUrl ? { apiUrl } : {}),
      };
    });
    let results;
    try {
      results = await ctx.providers.delivery.deliver(
        requests,
        dbOutbox(tx, () => now),
      );
    } catch (e) {
      ctx.log.warn({ err: e, notices: requests.length }, 'receipt notices could not be delivered; retried');
      results = requests.map(() => ({ ok: false as const, error: '전송하지 못했어요', retryable: true }));
    }
    for (const [i, d] of due.entries()) {
      const r = results[i] ?? { ok: false as const, error: '보험사 응답이 없어요', retryable: true };
      const attempts = d.attempts + 1;
      if (r.ok) {
        await tx
          .updateTable('claimNotice')
          .set({
            state: 'sent',
            attempts,
            sentAt: now,
            externalRef: r.externalRef,
            lastError: null,
            nextAttemptAt: null,
          })
          .where('id', '=', d.id)
          .execute();
        continue;
      }
      const dead = !r.retryable || attempts >= MAX_DELIVERY_ATTEMPTS;
      ctx.log.warn({ noticeId: d.id, insuCompCd: d.insuCompCd, attempts, dead }, 'a receipt notice was not delivered');
      await tx
        .updateTable('claimNotice')
        .set({
          state: dead ? 'dead' : 'pending',
          attempts,
          lastError: r.error.slice(0, 500),
          nextAttemptAt: dead ? null : new Date(now.getTime() + retryDelayMs(attempts)),
        })
        .where('id', '=', d.id)
        .execute();
    }
    return due.length;
  });
}
