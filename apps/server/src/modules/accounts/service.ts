// The payout account's holder, asked of the bank (bank-check provider). A mismatch is never silently accepted: the
// check call answers it plainly (result MISMATCH, the bank's name masked), and a subscription or change refuses it.
import { BANK_HOLDER_NAME_MAX, maskAccount, maskName, sameName, type AccountCheck } from '@auto-claim/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/problem.js';
import type { Patient } from '../../security/session.js';
import { findBank } from '../reference/index.js';
import { accountsDb } from './tables.js';

const ACCOUNT_NOT_FOUND = () =>
  new AppError('ACCOUNT_NOT_FOUND', '은행에 없는 계좌예요. 은행과 계좌번호를 다시 확인해 주세요.', [
    { field: 'bankAccount', message: '은행에 없는 계좌예요. 은행과 계좌번호를 다시 확인해 주세요.' },
  ]);
const UNKNOWN_BANK = () =>
  new AppError('VALIDATION_FAILED', '은행을 다시 골라 주세요.', [
    { field: 'bankCd', message: '은행을 다시 골라 주세요.' },
  ]);

/** GET/POST …/users/accounts: what the bank says, as MATCH or MISMATCH; an account that does not exist is a 422. */
export async function checkAccount(
  ctx: AppContext,
  patient: Patient,
  q: { bankCd: string; bankAccount: string; bankAccountHolder?: string },
): Promise<AccountCheck> {
  const bank = await findBank(ctx.db, q.bankCd);
  if (!bank) throw UNKNOWN_BANK();
  const asked = (q.bankAccountHolder ?? patient.person.userNm).trim();
  const answer = await ctx.providers.bankCheck.holderOf({
    bankCd: q.bankCd,
    bankAccount: q.bankAccount,
    askedHolderNm: asked,
  });
  if (!answer.found) throw ACCOUNT_NOT_FOUND();
  // The bank's spelling of the name (a foreigner's upper-case, maybe cut at 20) against hers, by the one name rule.
  const match = sameName(answer.holderNm, asked, { aCutAt: BANK_HOLDER_NAME_MAX });
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

/**
 * How long the answer to a GET stands for the same patient, account and holder: a screen's repeats, reloads and
 * prefetches within it ask the bank nothing more; long enough for one sitting, short enough that a closed account is
 * soon seen as closed.
 */
export const ACCOUNT_CHECK_KEPT_SECONDS = 10 * 60;

type Kept = { found: true; answer: AccountCheck } | { found: false };

/**
 * GET …/users/accounts (spec §7 "GET is the bank account check"): the same check as an idempotent read. A holder
 * check is a paid call to the bank (and the bank's own record of a lookup), so a GET asks the bank once per patient,
 * account and holder; repeating it within ACCOUNT_CHECK_KEPT_SECONDS answers the kept result (an account that does
 * not exist included) and changes nothing. The key is a keyed hash, the answer sealed (it names the holder).
 * The bank not answering is not kept: the next GET asks again.
 */
export async function checkAccountOnce(
  ctx: AppContext,
  patient: Patient,
  q: { bankCd: string; bankAccount: string; bankAccountHolder?: string },
): Promise<AccountCheck> {
  const asked = (q.bankAccountHolder ?? patient.person.userNm).trim();
  const keyHmac = ctx.crypto.hmac('account-check', `${patient.ciHmac}|${q.bankCd}|${q.bankAccount}|${asked}`);
  const now = ctx.clock.now();
  const db = accountsDb(ctx.db);
  const row = await db
    .selectFrom('accountCheck')
    .select('answerEnc')
    .where('keyHmac', '=', keyHmac)
    .where('expiresAt', '>', now)
    .executeTakeFirst();
  if (row) {
    const kept = ctx.crypto.decryptJson<Kept>(row.answerEnc);
    if (!kept.found) throw ACCOUNT_NOT_FOUND();
    return kept.answer;
  }
  let kept: Kept;
  try {
    kept = { found: true, answer: await checkAccount(ctx, patient, q) };
  } catch (e) {
    if (!(e instanceof AppError && e.code === 'ACCOUNT_NOT_FOUND')) throw e;
    kept = { found: false };
  }
  const answerEnc = ctx.crypto.encryptJson(kept);
  const expiresAt = new Date(now.getTime() + ACCOUNT_CHECK_KEPT_SECONDS * 1000);
  await db.deleteFrom('accountCheck').where('expiresAt', '<=', now).execute();
  await db
    .insertInto('accountCheck')
    .values({ keyHmac, answerEnc, createdAt: now, expiresAt })
    .onConflict((oc) => oc.column('keyHmac').doUpdateSet({ answerEnc, createdAt: now, expiresAt }))
    .execute();
  if (!kept.found) throw ACCOUNT_NOT_FOUND();
  return kept.answer;
}

/** For submission and change: the holder must be the name given, or the call is refused naming the field. */
export async function checkHolder(
  ctx: AppContext,
  patient: Patient,
  q: { bankCd: string; bankAccount: string; bankAccountHolder: string },
) {
  const r = await checkAccount(ctx, patient, q);
  if (r.result !== 'MATCH') {
    throw new AppError('ACCOUNT_HOLDER_MISMATCH', r.message, [{ field: 'bankAccountHolder', message: r.message }]);
  }
  return r;
}
