// Documents that follow a claim already sent (docs/providers/insurer-api.md): a corrected or cancelled receipt
// (notices.ts), a paper the insurer asked of the hospital (the docrequests module). Each goes through the delivery
// provider to the insurer's API or its claim fax, as the insurer's settings say, idempotent on its key; one that failed
// is tried again with the claims' backoff (retryDelayMs), MAX_DELIVERY_ATTEMPTS times, then given up, its last error
// kept for operators. The caller owns the rows: it locks the due ones, hands them here in its transaction and writes
// each outcome.
import { MAX_DELIVERY_ATTEMPTS } from '@auto-claim/contract';
import type { AppContext } from '../../context.js';
import type { Handle } from '../../db/handle.js';
import type { DeliveryChannel, DeliveryDocument, DeliveryRequest } from '../../providers/delivery/types.js';
import { dbOutbox } from '../../providers/outbox.js';
import { channelsOf, deliverySettingsOf, faxNumbers } from '../reference/index.js';
import { retryDelayMs } from './rules.js';

export interface LateDocument {
  idempotencyKey: string;
  claimId: number;
  insuCompCd: string;
  /** Attempts made before this one. */
  attempts: number;
  /** What goes, or what goes by this channel (a fax carries one PDF; an API takes the JSON). */
  documents: DeliveryDocument[] | ((channel: DeliveryChannel) => Promise<DeliveryDocument[]>);
}

export type LateOutcome =
  | { ok: true; attempts: number; externalRef: string }
  /** nextAttemptAt null: given up (not worth retrying, or the last attempt). */
  | { ok: false; attempts: number; error: string; nextAttemptAt: Date | null };

/** Delivers these documents now; answers each one's outcome, in order. */
export async function deliverLate(
  ctx: AppContext,
  tx: Handle,
  items: LateDocument[],
  now: Date,
): Promise<LateOutcome[]> {
  const codes = [...new Set(items.map((d) => d.insuCompCd))];
  const [channels, settings, faxes] = await Promise.all([
    channelsOf(ctx, tx, codes),
    deliverySettingsOf(tx, codes),
    faxNumbers(tx),
  ]);
  const requests: DeliveryRequest[] = [];
  for (const d of items) {
    const channel = channels.get(d.insuCompCd)!;
    const apiUrl = settings.get(d.insuCompCd)?.apiUrl;
    requests.push({
      idempotencyKey: d.idempotencyKey,
      claimId: d.claimId,
      insuCompCd: d.insuCompCd,
      channel,
      destination: channel === 'fax' ? (faxes.get(d.insuCompCd) ?? '') : `api:${d.insuCompCd}`,
      documents: typeof d.documents === 'function' ? await d.documents(channel) : d.documents,
      ...(channel === 'api' && apiUrl ? { apiUrl } : {}),
    });
  }
  let results;
  try {
    // The sandbox records what it sent in this transaction (one connection on PGlite; a crash keeps both or neither).
    results = await ctx.providers.delivery.deliver(
      requests,
      dbOutbox(tx, () => now),
    );
  } catch (e) {
    ctx.log.warn({ err: e, deliveries: requests.length }, 'documents after a claim could not be delivered; retried');
    results = requests.map(() => ({ ok: false as const, error: '전송하지 못했어요', retryable: true }));
  }
  return items.map((d, i) => {
    const r = results[i] ?? { ok: false as const, error: '보험사 응답이 없어요', retryable: true };
    const attempts = d.attempts + 1;
    if (r.ok) return { ok: true, attempts, externalRef: r.externalRef };
    const last = !r.retryable || attempts >= MAX_DELIVERY_ATTEMPTS;
    ctx.log.warn(
      { key: d.idempotencyKey, insuCompCd: d.insuCompCd, attempts, last },
      'a document after a claim was not delivered to the insurer',
    );
    return {
      ok: false,
      attempts,
      error: r.error,
      nextAttemptAt: last ? null : new Date(now.getTime() + retryDelayMs(attempts)),
    };
  });
}
