// The sandbox fax gateway: writes what it would have faxed to the outbox (channel 'fax', to the number's digits), as
// the sandbox delivery does, and says every fax went through. The receipt number is derived from the idempotency
// key, so a retry of the same delivery answers the same receipt.
import { createHash } from 'node:crypto';
import type { Outbox } from '../outbox.js';
import type { FaxSender } from '../delivery/types.js';

export function sandboxFax(outbox: Outbox): FaxSender {
  return {
    name: 'sandbox',
    async send(fax) {
      await outbox.write({
        channel: 'fax',
        to: fax.to.replace(/\D/g, ''),
        body: JSON.stringify({
          idempotencyKey: fax.idempotencyKey,
          title: fax.title,
          contentType: 'application/pdf',
          sha256: createHash('sha256').update(fax.pdf).digest('hex'),
          bytes: fax.pdf.byteLength,
        }),
      });
      return {
        ok: true,
        receiptNum: `SBX-FAX-${createHash('sha256').update(fax.idempotencyKey).digest('hex').slice(0, 12)}`,
      };
    },
    async outcomeOf() {
      return { state: 'delivered' };
    },
  };
}
