// The sandbox delivery provider: behaves like an insurer API (or fax gateway) that accepts every claim, and writes
// what it would have sent to the outbox, in the engine's transaction. Channel 'api' goes to `insurer:<code>`,
// channel 'fax' to the fax number's digits.
import { createHash } from 'node:crypto';
import type { Outbox } from '../outbox.js';
import type { DeliveryChannel, DeliveryProvider, DeliveryRequest, DeliveryResult } from './types.js';

export interface SandboxDeliveryOptions {
  /** Insurers reached by fax instead of an API. */
  faxInsurers?: ReadonlySet<string>;
  now: () => Date;
}

export const sandboxRecipient = (r: Pick<DeliveryRequest, 'channel' | 'insuCompCd' | 'destination'>) =>
  r.channel === 'api' ? `insurer:${r.insuCompCd}` : r.destination.replace(/\D/g, '');

export function sandboxDelivery(opts: SandboxDeliveryOptions): DeliveryProvider {
  return {
    channelFor: (insuCompCd): DeliveryChannel => (opts.faxInsurers?.has(insuCompCd) ? 'fax' : 'api'),
    async deliver(batch: DeliveryRequest[], outbox: Outbox): Promise<DeliveryResult[]> {
      if (batch.length === 0) return [];
      const rows = batch.map((r) => ({
        channel: r.channel,
        to: sandboxRecipient(r),
        body: JSON.stringify({
          idempotencyKey: r.idempotencyKey,
          claimId: r.claimId,
          ...(r.test ? { test: true } : {}),
          documents: r.documents.map((d) => ({ kind: d.kind, sha256: d.sha256, contentType: d.contentType })),
        }),
      }));
      await outbox.writeMany(rows);
      return batch.map((r) => ({
        ok: true as const,
        externalRef: `SBX-${createHash('sha256').update(r.idempotencyKey).digest('hex').slice(0, 12)}`,
      }));
    },
  };
}
