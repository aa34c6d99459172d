// RRN_CHECK_PROVIDER=none: no vendor confirms resident numbers. No Korean vendor publishes the wire protocol of a
// real-name check (name + RRN) or of deriving a CI from an RRN (docs/providers/rrn-check.md lists what was searched),
// so no adapter is written against a guessed one. Every subscription's RRN stays unconfirmed: records matched only by
// it are held for the patient to confirm, and records whose name or birth date differ are held for an operator.
import type { Checkable, ProviderCheck } from '../check.js';
import type { RrnCheckProvider } from './types.js';

export const NO_RRN_VENDOR_DETAIL =
  'no vendor confirms resident numbers (none publishes its protocol: docs/providers/rrn-check.md); ' +
  'records matched only by RRN are held for the patient to confirm on /web/treat';

export function noRrnCheck(): RrnCheckProvider & Checkable {
  return {
    name: 'none',
    verify: async () => 'unchecked',
    // Nothing to reach: the line says what is missing, so a rollout report shows it.
    check: async (): Promise<ProviderCheck[]> => [
      { kind: 'rrnCheck', vendor: 'none', ok: true, detail: NO_RRN_VENDOR_DETAIL },
    ],
  };
}
