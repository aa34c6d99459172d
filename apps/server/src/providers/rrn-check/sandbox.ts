// Sandbox resident-number check. No registry is asked; the answer depends only on the RRN's last four digits, so
// tests and demos reach every outcome (README "Sandbox providers"; docs/providers/rrn-check.md):
//   …9999  the RRN is someone else's (SANDBOX_RRN_OTHER_HOLDER's)  → mismatch: the subscription is refused
//   …0000  the vendor does not answer                              → unavailable: subscribed, RRN unconfirmed
//   other  the RRN is the verified person's                        → confirmed
// Each question is written to the outbox (channel 'api', to 'rrn-check') with the RRN masked.
import type { Outbox } from '../outbox.js';
import type { RrnCheckProvider } from './types.js';

export const SANDBOX_RRN_OTHER_SUFFIX = '9999';
export const SANDBOX_RRN_UNAVAILABLE_SUFFIX = '0000';
/** Whose every …9999 RRN is in the sandbox: never a test person's name. */
export const SANDBOX_RRN_OTHER_HOLDER = '박타인';

export function sandboxRrnCheck(outbox: Outbox): RrnCheckProvider {
  return {
    name: 'sandbox',
    async verify({ rrn }) {
      await outbox.write({ channel: 'api', to: 'rrn-check', body: `실명확인 ${rrn.slice(0, 7)}******` });
      if (rrn.endsWith(SANDBOX_RRN_UNAVAILABLE_SUFFIX)) return 'unavailable';
      if (rrn.endsWith(SANDBOX_RRN_OTHER_SUFFIX)) return 'mismatch';
      return 'confirmed';
    },
  };
}
