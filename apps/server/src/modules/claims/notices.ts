// A corrected or cancelled receipt of a claim already sent, told to the insurer (docs/providers/insurer-api.md, "A
// corrected or cancelled receipt"): each notice visits.ts wrote is delivered through the delivery provider like a
// claim, idempotent on `claim-notice-<id>`, one JSON document: the corrected receipt as the claim's receipt is written
// (its fields and lines, as the record is now), or the cancellation of the receipt named; retried, then dead, as every
// document after a claim is (late-documents.ts). An insurer reached by fax gets the notice as a PDF (claim-form.ts,
// writeReceiptNotice): for a correction, the receipt and its 세부산정내역 as they are now.
import type { AppContext } from '../../context.js';
import type { DeliveryChannel, DeliveryDocument } from '../../providers/delivery/types.js';
import { linesOfRecords } from '../intake/index.js';
import { RECEIPT_COLUMNS, sha256Hex } from './common.js';
import { receiptOf } from './deliver.js';
import { renderReceiptNotice } from './documents.js';
import { deliverLate } from './late-documents.js';
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
    const lines = await linesOfRecords(tx, [...new Set(due.map((d) => Number(d.recordId)))]);
    const outcomes = await deliverLate(
      ctx,
      tx,
      due.map((d) => {
        const kind = d.kind === 'corrected' ? 'receipt_correction' : 'receipt_cancellation';
        return {
          idempotencyKey: `claim-notice-${d.id}`,
          claimId: Number(d.claimId),
          insuCompCd: d.insuCompCd,
          attempts: d.attempts,
          // An insurer's API reads the notice as JSON; a fax carries it as a PDF.
          documents: async (channel: DeliveryChannel): Promise<DeliveryDocument[]> => {
            if (channel === 'fax') {
              const pdf = await renderReceiptNotice(
                ctx,
                tx,
                { kind: d.kind, receiptNo: d.noticeReceiptNo, replaces: d.receiptNo },
                Number(d.claimId),
                now,
              );
              return [{ kind, contentType: 'application/pdf', body: pdf, sha256: sha256Hex(pdf) }];
            }
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
            return [{ kind, contentType: 'application/json', body, sha256: sha256Hex(body) }];
          },
        };
      }),
      now,
    );
    for (const [i, d] of due.entries()) {
      const r = outcomes[i]!;
      await tx
        .updateTable('claimNotice')
        .set(
          r.ok
            ? {
                state: 'sent',
                attempts: r.attempts,
                sentAt: now,
                externalRef: r.externalRef,
                lastError: null,
                nextAttemptAt: null,
              }
            : {
                state: r.nextAttemptAt ? 'pending' : 'dead',
                attempts: r.attempts,
                lastError: r.error.slice(0, 500),
                nextAttemptAt: r.nextAttemptAt,
              },
        )
        .where('id', '=', d.id)
        .execute();
    }
    return due.length;
  });
}
