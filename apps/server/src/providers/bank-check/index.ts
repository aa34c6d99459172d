// The 예금주 조회 kind as config.ts and create-context.ts see it: its variable, its part of the Config, its provider.
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Outbox } from '../outbox.js';
import { chosenMember, type PopbillMember } from '../popbill/account.js';
import { popbillBankCheck } from './popbill.js';
import { sandboxBankCheck } from './sandbox.js';
import type { BankCheckProvider } from './types.js';

/** 예금주 조회: the outbox (sandbox) or Popbill. */
export const bankCheckEnv = z.object({
  BANK_CHECK_PROVIDER: z.enum(['sandbox', 'popbill']).default('sandbox'),
});

export function bankCheckConfig(e: z.output<typeof bankCheckEnv>, popbill: PopbillMember | undefined) {
  if (e.BANK_CHECK_PROVIDER === 'sandbox') return { kind: 'sandbox' } as const;
  return { kind: 'popbill', account: chosenMember(popbill).account } as const;
}
export type BankCheckConfig = ReturnType<typeof bankCheckConfig>;

/** The provider the config names; unset is the sandbox. */
export function bankCheckProvider(
  config: BankCheckConfig | undefined,
  deps: { outbox: Outbox; log: FastifyBaseLogger },
): BankCheckProvider {
  return config?.kind === 'popbill'
    ? popbillBankCheck({
        account: config.account,
        onFailure: (reason) => deps.log.warn({ vendor: 'popbill', reason }, '예금주 조회 not answered'),
      })
    : sandboxBankCheck(deps.outbox);
}
