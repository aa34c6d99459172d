// The fax kind as config.ts and create-context.ts see it: its variables, its part of the Config, its gateway.
import { z } from 'zod';
import type { FaxSender } from '../delivery/types.js';
import { unsetOr, type Need } from '../env.js';
import type { Outbox } from '../outbox.js';
import { chosenMember, phoneDigits, type PopbillMember } from '../popbill/account.js';
import { popbillFax } from './popbill.js';
import { sandboxFax } from './sandbox.js';

/** The fax gateway claims to fax-only insurers go through: the outbox (sandbox) or Popbill. */
export const faxEnv = z.object({
  FAX_PROVIDER: z.enum(['sandbox', 'popbill']).default('sandbox'),
  /** Unset: POPBILL_SENDER_NUMBER. */
  POPBILL_FAX_SENDER_NUMBER: unsetOr(phoneDigits),
});

export function faxConfig(e: z.output<typeof faxEnv>, popbill: PopbillMember | undefined, need: Need) {
  if (e.FAX_PROVIDER === 'sandbox') return { kind: 'sandbox' } as const;
  const member = chosenMember(popbill);
  return {
    kind: 'popbill',
    account: member.account,
    senderNumber: need(
      e.POPBILL_FAX_SENDER_NUMBER ?? member.senderNumber,
      'POPBILL_FAX_SENDER_NUMBER (or POPBILL_SENDER_NUMBER)',
    ),
  } as const;
}
export type FaxConfig = ReturnType<typeof faxConfig>;

/**
 * The gateway the config names; unset is the sandbox, which writes to `outbox`: hand it the caller's, bound to its
 * transaction, as the sandbox delivery writes to the engine's.
 */
export function faxSender(config: FaxConfig | undefined, outbox: Outbox): FaxSender {
  return config?.kind === 'popbill'
    ? popbillFax({ account: config.account, senderNumber: config.senderNumber })
    : sandboxFax(outbox);
}
