// 예금주 조회 through Popbill's AccountCheckService (docs/providers/popbill.md): POST /EasyFin/AccountCheck?c={기관코드}
// &n={계좌번호} with an empty body answers {resultCode (or result), resultMessage, accountName, bankCode, accountNumber,
// checkDate}: the status code (Popbill's examples read `resultCode`, the reference's object table names `result`)
// decides, and only its success code makes `accountName` the holder; any other code is an account not confirmed,
// whatever name came with it. An answer with neither field is no verdict: the patient is told to try later (503) and
// the operator's log and provider metrics show the failure, never "no such account".
// Popbill's 기관코드 is the 금융결제원 code with a leading 0 (KB국민 004 → 0004; Popbill reference, 은행 기관코드).
// An answer that names a holder is a found account; an answer without one (closed, unknown or not a personal account)
// is {found: false}, which the wizard shows as "은행에 없는 계좌예요"; so is an account Popbill refuses to check (its
// error JSON for the request, not for our membership). When Popbill cannot answer (outage, timeout,
// garbled answer, refused token, empty balance) the patient is told plainly to try again later: BANK_CHECK_UNAVAILABLE
// (503), never a 500. The account number travels only in the request to Popbill: errors and logs carry the
// operation and Popbill's code.
import { AppError } from '../../http/errors.js';
import type { Checkable, ProviderCheck } from '../check.js';
import {
  checkAccount,
  digits,
  failureDetail,
  POPBILL_SCOPES,
  type PopbillAccount,
  popbillClient,
  PopbillError,
  str,
} from '../popbill/client.js';
import type { BankCheckProvider } from './types.js';

export interface PopbillBankCheckOptions {
  account: PopbillAccount;
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Told why a check could not be answered (operation and Popbill's code), never the account or the name. */
  onFailure?: (reason: string) => void;
}

/** Our bank code (금융결제원, 3 digits) as Popbill's 4-digit 기관코드. */
export function popbillBankCode(bankCd: string) {
  if (!/^\d{3}$/.test(bankCd)) throw new Error('a bank code is 3 digits');
  return `0${bankCd}`;
}

/**
 * Popbill refused this account itself (a bank code or account number it will not check): the patient should check
 * both, as for an account the bank does not know. Refusals of our membership or token (-100…) and an empty balance
 * (-990…, retryable) are ours to fix, not the patient's.
 */
const refusedAccount = (e: unknown) =>
  e instanceof PopbillError && !e.retryable && typeof e.code === 'number' && !String(e.code).startsWith('-100');

/** AccountCheckInfo.result of a confirmed account (docs/providers/popbill.md: where the code table was looked for). */
export const ACCOUNT_CHECK_OK = '0000';

/**
 * The status code of an AccountCheckInfo: `resultCode`, which Popbill's official examples print (popbill.example.py
 * `accountInfo.resultCode`, the node, JSP and VB examples likewise; popbill.sdk.java AccountCheckInfo has both
 * fields), else `result`, which the reference's object table names (…/accountcheck/python/api/object). '' when the
 * answer carries neither.
 */
export const accountCheckResult = (answer: { result?: unknown; resultCode?: unknown }) =>
  str(answer.resultCode).trim() || str(answer.result).trim();

export const bankCheckUnavailable = () =>
  new AppError('BANK_CHECK_UNAVAILABLE', '지금은 은행에 예금주를 확인할 수 없어요. 잠시 후 다시 시도해 주세요.');

export function popbillBankCheck(opts: PopbillBankCheckOptions): BankCheckProvider & Checkable {
  const client = popbillClient({
    account: opts.account,
    scopes: POPBILL_SCOPES.accountCheck,
    timeoutMs: opts.timeoutMs,
    fetch: opts.fetch,
  });
  return {
    name: 'popbill',
    async holderOf({ bankCd, bankAccount }) {
      const q = new URLSearchParams({ c: popbillBankCode(bankCd), n: digits(bankAccount) });
      let answer: { accountName?: unknown; result?: unknown; resultCode?: unknown };
      try {
        answer = (await client.call('account check', {
          method: 'POST',
          path: `/EasyFin/AccountCheck?${q}`,
          timeoutMs: opts.timeoutMs ?? 10_000,
        })) as typeof answer;
      } catch (e) {
        opts.onFailure?.(failureDetail(e));
        if (refusedAccount(e)) return { found: false };
        throw bankCheckUnavailable();
      }
      const result = accountCheckResult(answer);
      if (!result) {
        // Neither field: we cannot tell "no such account" from "not checked"; the operator must see it, and the
        // patient is told to try later rather than that her account does not exist.
        opts.onFailure?.('account check: no resultCode or result in the answer');
        throw bankCheckUnavailable();
      }
      if (result !== ACCOUNT_CHECK_OK) {
        opts.onFailure?.(`account check: result ${result}`);
        return { found: false };
      }
      const holderNm = str(answer.accountName).trim();
      return holderNm ? { found: true, holderNm } : { found: false };
    },

    async check(): Promise<ProviderCheck[]> {
      const out: ProviderCheck[] = [];
      const add = (ok: boolean, detail: string) => out.push({ kind: 'bankCheck', vendor: 'popbill', ok, detail });
      await checkAccount(client, add, {
        scopes: '예금주조회',
        unitCostPath: `/EasyFin/AccountCheck/UnitCost?serviceType=${encodeURIComponent('성명')}`,
        service: '예금주 조회',
      });
      return out;
    },
  };
}
