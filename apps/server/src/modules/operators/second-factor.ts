// The operators' second factor (README "Operator console"): TOTP (RFC 6238: 30 s, 6 digits, one step either way) by
// otplib, set up once by scanning a QR code made here (qrcode, an SVG data URL: nothing from a CDN), and ten recovery
// codes shown once, stored as keyed hashes, each good once. The secret is encrypted at rest; the time step of the last
// code accepted is kept, so a code is never taken twice. Every wrong code counts toward the account's lockout
// (operators.ts), like a wrong password.
import { randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { sql } from 'kysely';
import { RECOVERY_CODE_COUNT } from '@auto-claim/contract/ops';
import type { AppContext } from '../../context.js';
import type { Handle } from '../../db/handle.js';
import { AppError } from '../../http/problem.js';
import { guardedTry } from './operators.js';
import { operatorsDb } from './tables.js';

export const TOTP_ISSUER = '자동청구 운영';
const PERIOD = 30;

/**
 * The time the codes are checked against: the wall clock, as the operator's authenticator app reads it (not ctx.clock,
 * which the sandbox and tests move to let waiting periods pass).
 */
const totpEpoch = () => Math.floor(Date.now() / 1000);

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** Ten characters of 31 (about 50 bits), written xxxxx-xxxxx. */
function newRecoveryCode() {
  let s = '';
  for (let i = 0; i < 10; i++) s += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${s.slice(0, 5)}-${s.slice(5)}`;
}
const normalizeRecovery = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');
const recoveryHmac = (ctx: AppContext, loginId: string, code: string) =>
  ctx.crypto.hmac('operator-recovery', `${loginId}\u0000${normalizeRecovery(code)}`);

/** The matching time step of a code within one step either way and after `afterStep`, or undefined. */
async function matchStep(secret: string, code: string, afterStep: number | null) {
  const epoch = totpEpoch();
  try {
    const result = await verify({
      secret,
      token: code,
      period: PERIOD,
      epoch,
      epochTolerance: PERIOD,
      ...(afterStep !== null ? { afterTimeStep: afterStep } : {}),
    });
    return result.valid ? Math.floor(epoch / PERIOD) + result.delta : undefined;
  } catch {
    // otplib refuses an afterTimeStep beyond the window (a clock set back): no code can be taken then.
    return undefined;
  }
}

/** The 423 of a locked count, password or second factor alike: locked from where the try came, for a while. */
export const LOCKED = (lockedUntil: Date, now: Date) => {
  const minutes = Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 60_000));
  return new AppError(
    'OPERATOR_LOCKED',
    `로그인에 여러 번 실패해서 이 연결에서는 이 계정으로 잠시 로그인할 수 없어요. ${minutes}분 뒤에 다시 시도하거나 관리자에게 잠금 해제를 부탁해 주세요.`,
  );
};

/**
 * One try of the account's second factor, counted with its passwords per account and address (operators.ts): answers
 * whether `check` passed; a failure that fills a count, or a count already locked, is a 423.
 */
async function guarded(ctx: AppContext, loginId: string, ip: string, check: () => Promise<boolean>) {
  const outcome = await guardedTry(ctx, loginId, ip, async () => ((await check()) ? 'done' : false));
  if (outcome.passed) return true;
  if (outcome.lockedUntil) throw LOCKED(outcome.lockedUntil, ctx.clock.now());
  return false;
}

/** A new secret for an account without a second factor: kept pending until a code from it confirms it. */
export async function startTotpSetup(ctx: AppContext, loginId: string) {
  const secret = generateSecret();
  const updated = await operatorsDb(ctx.db)
    .updateTable('operator')
    .set({ totpPendingEnc: ctx.crypto.encrypt(secret) })
    .where('loginId', '=', loginId)
    .where('totpSecretEnc', 'is', null)
    .returning('loginId')
    .executeTakeFirst();
  if (!updated) throw new AppError('SECOND_FACTOR_DONE', '이미 2단계 인증을 설정했어요. 다시 로그인해 주세요.');
  const otpauthUri = generateURI({ issuer: TOTP_ISSUER, label: loginId, secret, period: PERIOD, digits: 6 });
  const svg = await QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, otpauthUri, qrDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/**
 * The first code from the pending secret: the secret becomes the account's, and ten new recovery codes are made and
 * answered (this once). `onSet` runs in the same transaction (the operators' record).
 */
export async function confirmTotpSetup(
  ctx: AppContext,
  loginId: string,
  code: string,
  ip: string,
  onSet: (tx: Handle) => Promise<void>,
): Promise<string[]> {
  const row = await operatorsDb(ctx.db)
    .selectFrom('operator')
    .select(['totpPendingEnc', 'totpSecretEnc'])
    .where('loginId', '=', loginId)
    .executeTakeFirst();
  if (row?.totpSecretEnc)
    throw new AppError('SECOND_FACTOR_DONE', '이미 2단계 인증을 설정했어요. 다시 로그인해 주세요.');
  if (!row?.totpPendingEnc) {
    throw new AppError('SECOND_FACTOR_NOT_STARTED', 'QR 코드를 먼저 만들어 주세요.');
  }
  const pending = row.totpPendingEnc;
  const secret = ctx.crypto.decrypt(pending);
  let step: number | undefined;
  const passed = await guarded(ctx, loginId, ip, async () => {
    step = await matchStep(secret, code, null);
    return step !== undefined;
  });
  if (!passed || step === undefined) {
    throw new AppError('SECOND_FACTOR_WRONG', '인증 앱의 숫자가 맞지 않아요. 앱에 지금 보이는 6자리를 입력해 주세요.', [
      { field: 'code', message: '인증 앱의 숫자가 맞지 않아요.' },
    ]);
  }
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const now = ctx.clock.now();
  await operatorsDb(ctx.db)
    .transaction()
    .execute(async (tx) => {
      const set = await tx
        .updateTable('operator')
        .set({ totpSecretEnc: pending, totpPendingEnc: null, totpSetAt: now, totpLastStep: step! })
        .where('loginId', '=', loginId)
        .where('totpSecretEnc', 'is', null)
        .where('totpPendingEnc', '=', pending)
        .returning('loginId')
        .executeTakeFirst();
      if (!set) throw new AppError('SECOND_FACTOR_DONE', '이미 2단계 인증을 설정했어요. 다시 로그인해 주세요.');
      await tx.deleteFrom('operatorRecoveryCode').where('loginId', '=', loginId).execute();
      await tx
        .insertInto('operatorRecoveryCode')
        .values(codes.map((c) => ({ loginId, codeHmac: recoveryHmac(ctx, loginId, c), usedAt: null })))
        .execute();
      await onSet(tx);
    });
  return codes;
}

/** The second factor at sign-in: a TOTP code of a step not taken before, or an unused recovery code (then used). */
export async function checkSecondFactor(
  ctx: AppContext,
  loginId: string,
  given: { code?: string; recoveryCode?: string },
  ip: string,
): Promise<'totp' | 'recovery_code'> {
  const passed = await guarded(ctx, loginId, ip, async () => {
    if (given.recoveryCode !== undefined) {
      const used = await operatorsDb(ctx.db)
        .updateTable('operatorRecoveryCode')
        .set({ usedAt: ctx.clock.now() })
        .where('loginId', '=', loginId)
        .where('codeHmac', '=', recoveryHmac(ctx, loginId, given.recoveryCode))
        .where('usedAt', 'is', null)
        .returning('id')
        .executeTakeFirst();
      return Boolean(used);
    }
    const row = await operatorsDb(ctx.db)
      .selectFrom('operator')
      .select(['totpSecretEnc', 'totpLastStep'])
      .where('loginId', '=', loginId)
      .executeTakeFirst();
    if (!row?.totpSecretEnc || given.code === undefined) return false;
    const last = row.totpLastStep === null ? null : Number(row.totpLastStep);
    const step = await matchStep(ctx.crypto.decrypt(row.totpSecretEnc), given.code, last);
    if (step === undefined) return false;
    // Taken once: of two calls with the same code, only the one that moves the step on passes.
    const taken = await operatorsDb(ctx.db)
      .updateTable('operator')
      .set({ totpLastStep: step })
      .where('loginId', '=', loginId)
      .where((eb) => eb.or([eb('totpLastStep', 'is', null), eb('totpLastStep', '<', sql<number>`${step}`)]))
      .returning('loginId')
      .executeTakeFirst();
    return Boolean(taken);
  });
  if (!passed) {
    throw given.recoveryCode !== undefined
      ? new AppError('SECOND_FACTOR_WRONG', '복구 코드가 맞지 않거나 이미 쓴 코드예요.', [
          { field: 'recoveryCode', message: '복구 코드가 맞지 않거나 이미 쓴 코드예요.' },
        ])
      : new AppError(
          'SECOND_FACTOR_WRONG',
          '인증 앱의 숫자가 맞지 않거나 이미 쓴 숫자예요. 앱에 새로 보이는 6자리를 입력해 주세요.',
          [{ field: 'code', message: '인증 앱의 숫자가 맞지 않아요.' }],
        );
  }
  return given.recoveryCode !== undefined ? 'recovery_code' : 'totp';
}

/** How many recovery codes the account has left. */
export async function recoveryCodesLeft(ctx: AppContext, loginId: string) {
  const row = await operatorsDb(ctx.db)
    .selectFrom('operatorRecoveryCode')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('loginId', '=', loginId)
    .where('usedAt', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
