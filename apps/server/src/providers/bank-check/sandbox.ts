// Sandbox bank check. No bank is asked; the answer depends only on the account number, so tests and demos can reach
// every outcome (documented in README "Sandbox providers"):
//   …0000  no such account                         → the patient is told the account does not exist
//   …9999  the account is someone else's (SANDBOX_OTHER_HOLDER) → a mismatch the patient must resolve
//   other  the holder is the name the patient gave (by default the verified person's own name) → a match
// Each question is written to the outbox (channel 'api', to 'bank-check') with the account masked.
import { maskAccount } from '@auto-claim/contract';
import type { Outbox } from '../outbox.js';
import type { BankCheckProvider } from './types.js';

export const SANDBOX_NO_ACCOUNT_SUFFIX = '0000';
export const SANDBOX_OTHER_HOLDER_SUFFIX = '9999';
/** The holder of every …9999 account in the sandbox: never a test person's name. */
export const SANDBOX_OTHER_HOLDER = '박타인';

export function sandboxBankCheck(outbox: Outbox): BankCheckProvider {
  return {
    name: 'sandbox',
    async holderOf({ bankCd, bankAccount, askedHolderNm }) {
      await outbox.write({
        channel: 'api',
        to: 'bank-check',
        body: `예금주 조회 ${bankCd} ${maskAccount(bankAccount)}`,
      });
      if (bankAccount.endsWith(SANDBOX_NO_ACCOUNT_SUFFIX)) return { found: false };
      if (bankAccount.endsWith(SANDBOX_OTHER_HOLDER_SUFFIX)) return { found: true, holderNm: SANDBOX_OTHER_HOLDER };
      return { found: true, holderNm: askedHolderNm };
    },
  };
}
