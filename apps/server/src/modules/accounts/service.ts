// The payout account's holder, asked of the bank (bank-check provider). A mismatch is never silently accepted: the
// check call answers it plainly (result MISMATCH, the bank's name masked), and a subscription or change refuses it.
import { maskAccount, maskName, type AccountCheck } from '@auto-claim/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/problem.js';
import type { Patient } from '../../security/session.js';

const ACCOUNT_NOT_FOUND = () =>
  new AppError(422, 'ACCOUNT_NOT_FOUND', '은행에 없는 계좌예요. 은행과 계좌번호를 다시 확인해 주세요.', [
    { field: 'bankAccount', message: '은행에 없는 계좌예요. 은행과 계좌번호를 다시 확인해 주세요.' },
  ]);
const UNKNOWN_BANK = () =>
  new AppError(400, 'VALIDATION_FAILED', '은행을 다시 골라 주세요.', [
    { field: 'bankCd', message: '은행을 다시 골라 주세요.' },
  ]);

const sameName = (a: string, b: string) => a.replace(/\s+/g, '') === b.replace(/\s+/g, '');

/** GET/POST …/users/accounts: what the bank says, as MATCH or MISMATCH; an account that does not exist is a 422. */
export async function checkAccount(
  ctx: AppContext,
  patient: Patient,
  q: { bankCd: string; bankAccount: string; bankAccountHolder?: string },
): Promise<AccountCheck> {
  const bank = await ctx.db
    .selectFrom('bank')
    .select(['bankCd', 'bankNm'])
    .where('bankCd', '=', q.bankCd)
    .where('active', '=', true)
    .executeTakeFirst();
  if (!bank) throw UNKNOWN_BANK();
  const asked = (q.bankAccountHolder ?? patient.person.userNm).trim();
  const answer = await ctx.providers.bankCheck.holderOf({
    bankCd: q.bankCd,
    bankAccount: q.bankAccount,
    askedHolderNm: asked,
  });
  if (!answer.found) throw ACCOUNT_NOT_FOUND();
  const match = sameName(answer.holderNm, asked);
  return {
    bankCd: bank.bankCd,
    bankNm: bank.bankNm,
    bankAccountMasked: maskAccount(q.bankAccount),
    result: match ? 'MATCH' : 'MISMATCH',
    checkBankAccountNm: match ? answer.holderNm : maskName(answer.holderNm),
    message: match
      ? `${bank.bankNm} 계좌의 예금주가 ${asked} 님으로 확인됐어요.`
      : `이 계좌의 예금주는 ${maskName(answer.holderNm)} 님이에요. 입력한 예금주(${asked})와 달라요. 계좌번호나 예금주를 확인해 주세요.`,
  };
}

/** For submission and change: the holder must be the name given, or the call is refused naming the field. */
export async function checkHolder(
  ctx: AppContext,
  patient: Patient,
  q: { bankCd: string; bankAccount: string; bankAccountHolder: string },
) {
  const r = await checkAccount(ctx, patient, q);
  if (r.result !== 'MATCH') {
    throw new AppError(422, 'ACCOUNT_HOLDER_MISMATCH', r.message, [{ field: 'bankAccountHolder', message: r.message }]);
  }
  return r;
}
