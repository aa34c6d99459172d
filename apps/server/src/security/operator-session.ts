// The operator console's session (README "Operator console"). Its own cookie (`__Host-ac_ops`, SameSite=Strict:
// cookies.ts), so a patient's and an operator's session in one browser never mix: each kind's checks read only their
// own cookie. It lasts 30 minutes idle (the console's background polls do not count) and 8 hours in all, has a stage (`setup`, `password`, `full`: the second
// factor) and a CSRF token derived from its id, which every state-changing call must carry in `x-csrf-token`. The
// account (its role, whether it is disabled) is the operators module's: app.ts hands in how to read it.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { OPERATOR_ROLES, type SessionInfo } from '@auto-claim/contract';
import {
  BACKGROUND_HEADER,
  CSRF_HEADER,
  OPS_SESSION_ABSOLUTE_SECONDS,
  OPS_SESSION_IDLE_SECONDS,
  OPS_SESSION_PENDING_SECONDS,
  OPERATOR_ROLE_NM,
  type OpsSession,
} from '@auto-claim/contract/ops';
import type { AppContext } from '../context.js';
import type { Handle } from '../db/handle.js';
import type { OperatorRoleName as OperatorRole } from '@auto-claim/contract';
import { AppError } from '../http/errors.js';
import { clearSessionCookies } from './cookies.js';
import { insertSession, loadSession, revokeCurrent, revokeSession, revokeSessionsOf } from './sessions.js';
import type { OperatorStage } from './tables.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireOperator: the operator's login id. */
    operatorId?: string;
    /** Set by requireOperator: the operator's role (read from the account at every call). */
    operatorRole?: OperatorRole;
    /** Set by requireOperator for a hospital user: the one hospital she sees (her account's). */
    consoleHospitalCd?: string;
    /** Set by requireOperator: the operator session (its stage, limits and CSRF token). */
    operatorSession?: OpsSession & { idHash: string };
  }
  interface FastifyContextConfig {
    /** The least role an operator route needs (auth 'operator' requires it: README "Operator console"). */
    role?: OperatorRole;
    /**
     * The operator session stages an operator route accepts (default: `full` only): the sign-in's own calls accept
     * `setup` (the second factor's set-up) or `password` (the second factor).
     */
    stages?: readonly OperatorStage[];
    /**
     * Whether a full session whose account must still change its issued password may call it (the session's own
     * calls and the change): every other operator call answers 403 PASSWORD_CHANGE_REQUIRED until then.
     */
    whilePasswordIssued?: boolean;
    /**
     * The console session's own calls (who am I, the sign-in's steps, the password, sign-out), which a hospital user
     * needs as much as an operator: any account may call them. Every other operator call refuses a hospital user,
     * and a call of role `hospital` refuses every operator (README "Hospital users").
     */
    everyAccount?: boolean;
  }
}

/** What the session's checks read of the account at every call (the operators module answers it). */
export type OperatorAccountOf = (
  loginId: string,
) => Promise<
  { role: OperatorRole; disabledAt: Date | null; mustChangePassword: boolean; hospitalCd: string | null } | undefined
>;

/** The CSRF token of an operator session: derived from its id, so it needs no column and changes with the id. */
const csrfOf = (ctx: AppContext, idHash: string) => ctx.crypto.hmac('ops-csrf', idHash);

/**
 * An operator's sign-in moves a stage on (password → `setup` or `password`; second factor → `full`): each step is a new
 * session with a new id and CSRF token, and the one before it ends (no fixation). A session short of `full` lasts
 * OPS_SESSION_PENDING_SECONDS at most; a full one OPS_SESSION_ABSOLUTE_SECONDS from the second factor.
 */
export async function startOperatorSession(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  s: { loginId: string; role: OperatorRole; stage: OperatorStage },
): Promise<OpsSession & SessionInfo> {
  await revokeCurrent(ctx, req, 'operator');
  const now = ctx.clock.now();
  const seconds = s.stage === 'full' ? OPS_SESSION_ABSOLUTE_SECONDS : OPS_SESSION_PENDING_SECONDS;
  const { idHash, ...session } = await insertSession(ctx, req, reply, {
    kind: 'operator',
    subject: s.loginId,
    person: null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + seconds * 1000),
    scope: 'full',
    linkPurpose: null,
    linkInsuApplyId: null,
    verifiedAt: null,
    operatorStage: s.stage,
  });
  return {
    ...session,
    kind: 'operator',
    loginId: s.loginId,
    role: s.role,
    stage: s.stage,
    csrfToken: csrfOf(ctx, idHash),
  };
}

/** Ends every session of an operator account (disabled, second factor reset), in the caller's transaction. */
export async function endOperatorSessions(
  ctx: Pick<AppContext, 'crypto' | 'clock'> & { db: Handle },
  loginId: string,
  /** The caller's own session, which stays (a password changed). */
  except?: string,
) {
  await revokeSessionsOf(ctx, 'operator', loginId, except);
}

/** Operator logout: ends the operator session only (a patient session in the same browser goes on). */
export async function endOperatorSession(ctx: AppContext, req: FastifyRequest, reply: FastifyReply) {
  await revokeCurrent(ctx, req, 'operator');
  clearSessionCookies(ctx, req, reply, 'operator');
}

/** Whether the request carries a live, fully signed-in session of an enabled admin account (the sandbox gate). */
export async function isSignedInAdmin(ctx: AppContext, req: FastifyRequest, accountOf: OperatorAccountOf) {
  const s = await loadSession(ctx, req, 'operator');
  if (s?.operatorStage !== 'full') return false;
  const account = await accountOf(s.subject);
  return account?.role === 'admin' && !account.disabledAt && !account.mustChangePassword;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function sameText(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export const UNAUTHENTICATED_OPERATOR = () =>
  new AppError('UNAUTHENTICATED', '로그인 시간이 지났거나 로그인하지 않았어요. 다시 로그인해 주세요.');

/**
 * onRequest of operator calls, before any body is read: 401 without a live operator session (its own cookie) or for a
 * disabled account; 403 CSRF_FAILED when a state-changing call lacks the session's token; 403 SECOND_FACTOR_REQUIRED
 * when the session is short of the stage the route needs; 403 ROLE_FORBIDDEN when the account's role (read now, so a
 * change holds at once) is below the route's; 403 PASSWORD_CHANGE_REQUIRED while a full session's account must still
 * change the password an admin issued (except config.whilePasswordIssued).
 */
export const requireOperator = (ctx: AppContext, accountOf: OperatorAccountOf) => async (req: FastifyRequest) => {
  // A background poll reads the session without restarting its idle clock (BACKGROUND_HEADER).
  const s = await loadSession(ctx, req, 'operator', { touch: req.headers[BACKGROUND_HEADER] !== '1' });
  if (!s || !s.operatorStage) throw UNAUTHENTICATED_OPERATOR();
  const account = await accountOf(s.subject);
  if (!account || account.disabledAt) {
    await revokeSession(ctx, s.idHash);
    throw UNAUTHENTICATED_OPERATOR();
  }
  const csrfToken = csrfOf(ctx, s.idHash);
  if (!SAFE_METHODS.has(req.method)) {
    const sent = req.headers[CSRF_HEADER];
    if (typeof sent !== 'string' || !sameText(sent, csrfToken)) {
      throw new AppError('CSRF_FAILED', '보안 확인 값이 맞지 않아요. 화면을 새로 고친 뒤 다시 시도해 주세요.');
    }
  }
  const stages = req.routeOptions.config.stages ?? ['full'];
  if (!stages.includes(s.operatorStage)) {
    if (s.operatorStage === 'full') {
      throw new AppError('SECOND_FACTOR_DONE', '이미 로그인을 마쳤어요. 콘솔로 이동해 주세요.');
    }
    throw new AppError(
      'SECOND_FACTOR_REQUIRED',
      s.operatorStage === 'setup'
        ? '2단계 인증을 먼저 설정해 주세요.'
        : '인증 앱의 6자리 숫자로 2단계 인증을 마쳐야 쓸 수 있어요.',
    );
  }
  // A password an admin issued (a new account): nothing but its change until she sets her own.
  if (s.operatorStage === 'full' && account.mustChangePassword && !req.routeOptions.config.whilePasswordIssued) {
    throw new AppError(
      'PASSWORD_CHANGE_REQUIRED',
      '관리자가 정해 준 비밀번호를 먼저 내 비밀번호로 바꿔 주세요. 바꾼 뒤에 콘솔을 쓸 수 있어요.',
    );
  }
  const needed = req.routeOptions.config.role ?? 'admin';
  const every = req.routeOptions.config.everyAccount === true;
  // A hospital user is off the operators' ladder: her own calls (role `hospital`) and the session's, nothing else;
  // and her calls are hers alone (README "Hospital users").
  const isHospital = account.role === 'hospital';
  const refused = every
    ? false
    : isHospital || needed === 'hospital'
      ? account.role !== needed
      : // Each operator role may do all the one before it in OPERATOR_ROLES can (README "Operator console").
        OPERATOR_ROLES.indexOf(account.role) < OPERATOR_ROLES.indexOf(needed);
  if (refused || (isHospital && !account.hospitalCd)) {
    throw new AppError('ROLE_FORBIDDEN', `이 기능은 ${OPERATOR_ROLE_NM[needed]} 권한이 있어야 쓸 수 있어요.`);
  }
  req.operatorId = s.subject;
  req.operatorRole = account.role;
  if (isHospital) req.consoleHospitalCd = account.hospitalCd!;
  const idle = new Date(s.lastSeenAt.getTime() + OPS_SESSION_IDLE_SECONDS * 1000);
  req.operatorSession = {
    kind: 'operator',
    idHash: s.idHash,
    loginId: s.subject,
    role: account.role,
    stage: s.operatorStage,
    ...(account.hospitalCd ? { hospitalCd: account.hospitalCd } : {}),
    mustChangePassword: account.mustChangePassword,
    idleExpiresAt: (idle < s.expiresAt ? idle : s.expiresAt).toISOString(),
    absoluteExpiresAt: s.expiresAt.toISOString(),
    csrfToken,
  };
};
