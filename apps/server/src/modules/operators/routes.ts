// The operator console's sign-in (the password: POST /rest/auth/login, then the second factor) and the operator
// accounts (README "Operator console"). The sign-in's own calls accept a session short of the second factor
// (config.stages); every other operator call needs a full one (security/operator-session.ts requireOperator).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { API, loginBody } from '@auto-claim/contract';
import {
  ACCOUNT_CHANGE_SHOWN_HOURS,
  OPS_AUTH_API,
  accountChangeAnswer,
  accountChangeList,
  accountChangeParams,
  operatorAnswer,
  operatorCreateAnswer,
  operatorCreateBody,
  operatorListQuery,
  operatorLoginAnswer,
  operatorPage,
  operatorParams,
  operatorRoleBody,
  opsSession,
  passwordChangeBody,
  secondFactorBody,
  totpConfirmAnswer,
  totpConfirmBody,
  totpSetupAnswer,
} from '@auto-claim/contract/ops';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/problem.js';
import { UNAUTHENTICATED_OPERATOR, endOperatorSession, startOperatorSession } from '../../security/operator-session.js';
import { byOperator, recordOperatorAction } from '../audit/index.js';
import { applyDueAccountChanges, decideAccountChange, listAccountChanges } from './account-changes.js';
import {
  createOperator,
  disableOperator,
  existingOperator,
  listOperators,
  operatorAccountOf,
  resetSecondFactor,
  setOperatorRole,
  unlockSignIn,
} from './operator-accounts.js';
import { OPERATOR_LOCKOUT, changeOwnPassword, completeSignIn, signInOperator } from './operators.js';
import { LOCKED, checkSecondFactor, confirmTotpSetup, startTotpSetup } from './second-factor.js';

/** Per-IP: an operations office signs in from one address; each account is locked after 5 failures anyway (operators.ts). */
/** Per client address, by default (OPERATOR_SIGN_INS_PER_ADDRESS sets it: an operations office shares one address). */
export const SIGN_IN_RATE_LIMIT = { max: 30, timeWindow: '15 minutes' } as const;

const ALL_STAGES = ['setup', 'password', 'full'] as const;
const ok = z.object({ ok: z.literal(true) });

/** The console's session as the operator may see it (no session id). */
function sessionOf(req: FastifyRequest) {
  if (!req.operatorSession) throw UNAUTHENTICATED_OPERATOR();
  const { idHash: _id, ...session } = req.operatorSession;
  return session;
}

export const operatorRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const signInLimit = { ...SIGN_IN_RATE_LIMIT, max: ctx.config.operatorSignInsPerAddress ?? SIGN_IN_RATE_LIMIT.max };
    const tags = ['operators'];

    /** Signed in for good: the account's last sign-in, the record, and a full session under a new id. */
    async function signedIn(req: FastifyRequest, reply: Parameters<typeof startOperatorSession>[2], via: string) {
      const loginId = req.operatorId!;
      await completeSignIn(ctx, loginId, req.ip, (tx, now) =>
        recordOperatorAction(tx, { ...byOperator(ctx, req), action: 'sign_in', detail: via }, now),
      );
      const {
        kind: _k,
        hash: _h,
        ...session
      } = await startOperatorSession(ctx, req, reply, {
        loginId,
        role: req.operatorRole!,
        stage: 'full',
      });
      const account = await operatorAccountOf(ctx.db)(loginId);
      return { kind: 'operator' as const, ...session, mustChangePassword: account?.mustChangePassword ?? false };
    }

    /** A wrong code, or one refused by the lockout, is written down as a failed sign-in (detail: which factor). */
    async function failuresRecorded<T>(req: FastifyRequest, factor: string, run: () => Promise<T>): Promise<T> {
      try {
        return await run();
      } catch (err) {
        if (err instanceof AppError && (err.code === 'SECOND_FACTOR_WRONG' || err.code === 'OPERATOR_LOCKED')) {
          const detail = err.code === 'OPERATOR_LOCKED' ? `${factor}, locked` : factor;
          await recordOperatorAction(
            ctx.db,
            { ...byOperator(ctx, req), action: 'sign_in_failed', detail },
            ctx.clock.now(),
          );
        }
        throw err;
      }
    }

    app.post(
      API.login,
      {
        config: {
          auth: 'public',
          rateLimit: signInLimit,
          problems: ['LOGIN_FAILED', 'OPERATOR_LOCKED'],
        },
        schema: {
          operationId: 'login',
          // Listed with the patients' sign-in calls in the API document, where it always was.
          tags: ['auth'],
          summary: '운영자 로그인 (비밀번호; 이어서 2단계 인증)',
          description:
            '운영자 세션 쿠키(환자 세션과 따로)를 설정해요. 2단계 인증을 아직 설정하지 않은 계정은 stage `setup`(설정 ' +
            '호출만), 설정한 계정은 stage `password`(POST /api/admin/login/second-factor만)로 시작해요. 답의 csrfToken을 ' +
            `상태를 바꾸는 호출에 x-csrf-token으로 실어요. 실패는 계정과 주소마다 세요(2단계 인증 실패도 세요): 그 운영자가 ` +
            `로그인한 적 없는 주소에서 ${OPERATOR_LOCKOUT.windowMinutes}분 안에 ${OPERATOR_LOCKOUT.maxTries}번 실패하면 그 ` +
            `주소에서 그 계정을 ${OPERATOR_LOCKOUT.lockMinutes}분 동안 잠그고, 그런 주소들을 모두 합쳐 ` +
            `${OPERATOR_LOCKOUT.unknownAddressesMaxTries}번이면 그런 주소 모두에서 잠가요(423 OPERATOR_LOCKED). 로그인한 적 ` +
            `있는 주소는 다른 곳의 실패로 잠기지 않고, 그곳에서 ${OPERATOR_LOCKOUT.maxTries}번 실패하면 ` +
            `${OPERATOR_LOCKOUT.backoffFirstMinutes}분부터 두 배씩 기다려요. 로그인을 마치면 그 주소의 실패 횟수가 지워지고, ` +
            '관리자는 잠금을 풀 수 있어요(POST /api/admin/operators/{loginId}/unlock).',
          body: loginBody,
          response: { 200: operatorLoginAnswer },
        },
      },
      async (req, reply) => {
        // An approved admin account (or role) whose hold ended now exists, whether or not the minute's tick ran.
        await applyDueAccountChanges(ctx);
        const outcome = await signInOperator(ctx, req.body.loginId, req.body.password, req.ip);
        if (!outcome.ok) {
          // Written only for an account that exists: what someone typed as an id may be anything (a password).
          const known = await existingOperator(ctx.db, req.body.loginId);
          if (known) {
            await recordOperatorAction(
              ctx.db,
              {
                loginId: known.loginId,
                ipEnc: ctx.crypto.encrypt(req.ip),
                action: 'sign_in_failed',
                detail: outcome.lockedUntil ? 'locked' : 'password',
              },
              ctx.clock.now(),
            );
          }
        }
        if (!outcome.ok && outcome.lockedUntil) throw LOCKED(outcome.lockedUntil, ctx.clock.now());
        if (!outcome.ok) throw new AppError('LOGIN_FAILED', '아이디 또는 비밀번호가 맞지 않아요.');
        return startOperatorSession(ctx, req, reply, {
          loginId: req.body.loginId,
          role: outcome.role,
          stage: outcome.secondFactorSet ? 'password' : 'setup',
        });
      },
    );

    app.get(
      OPS_AUTH_API.me,
      {
        config: { auth: 'operator', role: 'viewer', everyAccount: true, stages: ALL_STAGES, whilePasswordIssued: true },
        schema: {
          operationId: 'getOperatorSession',
          tags,
          summary: '로그인한 운영자와 세션',
          description:
            '아이디, 역할, 로그인 단계(setup: 2단계 인증 설정 전, password: 2단계 인증 전, full), 세션이 끝나는 시각, ' +
            '상태를 바꾸는 호출에 x-csrf-token으로 실을 CSRF 토큰, 관리자가 정해 준 비밀번호를 먼저 바꿔야 하는지' +
            '(mustChangePassword)를 답해요.',
          response: { 200: opsSession },
        },
      },
      async (req) => sessionOf(req),
    );

    app.post(
      OPS_AUTH_API.totpSetup,
      {
        config: { auth: 'operator', role: 'viewer', everyAccount: true, stages: ['setup'] },
        schema: {
          operationId: 'startOperatorTotpSetup',
          tags,
          summary: '2단계 인증 설정 시작: 비밀 키와 QR 코드',
          description:
            '2단계 인증을 아직 설정하지 않은 계정만 써요. 인증 앱으로 찍을 QR 코드(SVG data URL)와 직접 입력할 비밀 키를 ' +
            '답해요. 다시 부르면 새 키를 만들어요. 앱의 6자리로 확인해야 설정이 끝나요.',
          response: { 200: totpSetupAnswer },
        },
      },
      async (req) => startTotpSetup(ctx, req.operatorId!),
    );

    app.post(
      OPS_AUTH_API.totpConfirm,
      {
        config: {
          auth: 'operator',
          role: 'viewer',
          everyAccount: true,
          stages: ['setup'],
          rateLimit: signInLimit,
          problems: ['SECOND_FACTOR_WRONG', 'SECOND_FACTOR_NOT_STARTED', 'SECOND_FACTOR_DONE', 'OPERATOR_LOCKED'],
        },
        schema: {
          operationId: 'confirmOperatorTotpSetup',
          tags,
          summary: '2단계 인증 설정 확인: 복구 코드 10개',
          description:
            '인증 앱에 보이는 6자리가 맞으면 설정을 마치고, 한 번만 보여 주는 복구 코드 10개와 로그인을 마친 세션을 답해요. ' +
            '틀린 숫자는 로그인 실패로 세요(5번이면 15분 잠김).',
          body: totpConfirmBody,
          response: { 200: totpConfirmAnswer },
        },
      },
      async (req, reply) => {
        const recoveryCodes = await failuresRecorded(req, 'setup', () =>
          confirmTotpSetup(ctx, req.operatorId!, req.body.code, req.ip, (tx) =>
            recordOperatorAction(tx, { ...byOperator(ctx, req), action: 'second_factor_set' }, ctx.clock.now()),
          ),
        );
        return { ...(await signedIn(req, reply, 'setup')), recoveryCodes };
      },
    );

    app.post(
      OPS_AUTH_API.secondFactor,
      {
        config: {
          auth: 'operator',
          role: 'viewer',
          everyAccount: true,
          stages: ['password'],
          rateLimit: signInLimit,
          problems: ['SECOND_FACTOR_WRONG', 'SECOND_FACTOR_DONE', 'OPERATOR_LOCKED'],
        },
        schema: {
          operationId: 'operatorSecondFactor',
          tags,
          summary: '운영자 2단계 인증: 인증 앱의 6자리 또는 복구 코드',
          description:
            '비밀번호로 로그인한 세션(stage password)만 써요. `code`(인증 앱의 6자리, 한 번 쓴 숫자는 다시 받지 않아요)나 ' +
            '`recoveryCode`(각각 한 번만) 가운데 하나를 보내요. 틀리면 비밀번호 실패와 함께 세요(5번이면 15분 잠김).',
          body: secondFactorBody,
          response: { 200: opsSession },
        },
      },
      async (req, reply) => {
        const via = await failuresRecorded(req, req.body.recoveryCode !== undefined ? 'recovery_code' : 'totp', () =>
          checkSecondFactor(ctx, req.operatorId!, req.body, req.ip),
        );
        return signedIn(req, reply, via);
      },
    );

    app.post(
      OPS_AUTH_API.password,
      {
        config: {
          auth: 'operator',
          role: 'viewer',
          everyAccount: true,
          whilePasswordIssued: true,
          rateLimit: signInLimit,
        },
        schema: {
          operationId: 'changeOperatorPassword',
          tags,
          summary: '내 비밀번호 바꾸기 (관리자가 정해 준 비밀번호는 처음 로그인할 때 꼭 바꿔요)',
          description:
            '로그인을 마친 세션(stage full)만 써요. 관리자가 콘솔에서 만든 계정은 비밀번호와 2단계 인증 다음에 이 호출만 ' +
            '쓸 수 있고(다른 호출은 403 PASSWORD_CHANGE_REQUIRED), 바꾸면 콘솔을 쓸 수 있어요. 새 비밀번호는 ' +
            '12자 이상이고 지금 비밀번호와 달라야 해요. 그 계정의 다른 세션은 모두 끝나요.',
          body: passwordChangeBody,
          response: { 200: opsSession },
        },
      },
      async (req) => {
        await changeOwnPassword(ctx, req.operatorSession!.idHash, req.operatorId!, req.body.newPassword, (tx, now) =>
          recordOperatorAction(tx, { ...byOperator(ctx, req), action: 'password_changed' }, now),
        );
        return { ...sessionOf(req), mustChangePassword: false };
      },
    );

    app.post(
      OPS_AUTH_API.logout,
      {
        config: { auth: 'operator', role: 'viewer', everyAccount: true, stages: ALL_STAGES, whilePasswordIssued: true },
        schema: {
          operationId: 'operatorLogout',
          tags,
          summary: '운영자 로그아웃',
          description:
            '운영자 세션만 끝내고 그 쿠키를 지워요. 같은 브라우저의 환자 세션은 그대로예요(환자 로그아웃은 POST /rest/auth/logout).',
          response: { 200: ok },
        },
      },
      async (req, reply) => {
        await recordOperatorAction(ctx.db, { ...byOperator(ctx, req), action: 'sign_out' }, ctx.clock.now());
        await endOperatorSession(ctx, req, reply);
        return { ok: true as const };
      },
    );

    app.get(
      OPS_AUTH_API.operators,
      {
        config: { auth: 'operator', role: 'admin' },
        schema: {
          operationId: 'listOperators',
          tags,
          summary: '운영자 목록',
          description: '아이디(q, 일부), 역할, 상태(active, disabled)로 찾고 쪽으로 나눠 답해요(한 번에 100명까지).',
          querystring: operatorListQuery,
          response: { 200: operatorPage },
        },
      },
      async (req) => {
        await applyDueAccountChanges(ctx);
        return listOperators(ctx, req.query);
      },
    );

    app.get(
      OPS_AUTH_API.accountChanges,
      {
        config: { auth: 'operator', role: 'admin' },
        schema: {
          operationId: 'listOperatorAccountChanges',
          tags,
          summary: '관리자 계정 변경 요청 (승인 대기, 적용 대기, 최근 처리된 것)',
          description:
            `관리자 추가, 관리자로 올리기, 관리자 2단계 인증 초기화 요청을 모두 보여 줘요(처리된 것은 ` +
            `${ACCOUNT_CHANGE_SHOWN_HOURS / 24}일 동안). 각 요청에 지금 로그인한 관리자가 승인할 수 있는지(mayApprove)와 ` +
            '없다면 그 이유(whyNot)를 실어요.',
          response: { 200: accountChangeList },
        },
      },
      async (req) => listAccountChanges(ctx, req.operatorId!),
    );

    for (const [decision, path, operationId, summary] of [
      [
        'approved',
        OPS_AUTH_API.accountChangeApprove,
        'approveOperatorAccountChange',
        '관리자 계정 변경 승인 (요청한 관리자가 만들거나 바꾼 계정, 최근에 만들어지거나 바뀐 계정은 못 해요)',
      ],
      [
        'refused',
        OPS_AUTH_API.accountChangeRefuse,
        'refuseOperatorAccountChange',
        '관리자 계정 변경 거절 (요청한 관리자는 취소)',
      ],
    ] as const) {
      app.post(
        path,
        {
          config: {
            auth: 'operator',
            role: 'admin',
            problems: [
              'CHANGE_NOT_FOUND',
              ...(decision === 'approved'
                ? (['SAME_ADMIN', 'APPROVER_NOT_INDEPENDENT', 'CHANGE_EXPIRED'] as const)
                : []),
            ],
          },
          schema: { operationId, tags, summary, params: accountChangeParams, response: { 200: accountChangeAnswer } },
        },
        async (req) => ({
          change: await decideAccountChange(ctx, byOperator(ctx, req), req.params.changeId, decision),
        }),
      );
    }

    app.post(
      OPS_AUTH_API.operators,
      {
        config: { auth: 'operator', role: 'admin', problems: ['OPERATOR_EXISTS', 'ACCOUNT_CHANGE_OPEN'] },
        schema: {
          operationId: 'createOperator',
          tags,
          summary: '운영자 추가 (관리자는 다른 관리자가 승인하고 기다린 뒤에 만들어져요)',
          description:
            '비밀번호를 보내지 않으면 서버가 만들어 이 답에서 한 번만 보여 줘요. 새 계정은 처음 로그인할 때 2단계 인증을 설정해요. ' +
            '관리자 계정은 바로 만들지 않고 요청(pendingChange)이 돼요: 요청한 관리자와 독립적인, 전부터 있던 다른 ' +
            '관리자가 승인하면 ADMIN_CHANGE_HOLD_HOURS(기본 24시간) 뒤에 만들어지고, 그동안 모든 관리자에게 보여요.',
          body: operatorCreateBody,
          response: { 200: operatorCreateAnswer },
        },
      },
      async (req) => createOperator(ctx, byOperator(ctx, req), req.body),
    );

    app.put(
      OPS_AUTH_API.operatorRole,
      {
        config: { auth: 'operator', role: 'admin', problems: ['NOT_FOUND', 'LAST_ADMIN', 'ACCOUNT_CHANGE_OPEN'] },
        schema: {
          operationId: 'setOperatorRole',
          tags,
          summary: '운영자 역할 바꾸기',
          description:
            '관리자로 올리기는 요청(pendingChange)이 되어 다른 관리자가 승인하고 기다린 뒤에 적용돼요. 다른 변경은 바로 ' +
            '적용돼요. 활성 관리자가 한 명도 남지 않게 되는 변경은 받지 않아요(409 LAST_ADMIN).',
          params: operatorParams,
          body: operatorRoleBody,
          response: { 200: operatorAnswer },
        },
      },
      async (req) => setOperatorRole(ctx, byOperator(ctx, req), req.params.loginId, req.body.role),
    );

    app.post(
      OPS_AUTH_API.operatorSecondFactorReset,
      {
        config: { auth: 'operator', role: 'admin', problems: ['NOT_FOUND', 'ACCOUNT_CHANGE_OPEN'] },
        schema: {
          operationId: 'resetOperatorSecondFactor',
          tags,
          summary: '운영자 2단계 인증 초기화',
          description:
            '인증 앱 키와 복구 코드를 지우고 그 계정의 세션을 모두 끝내요. 다음 로그인 때 다시 설정해요. 관리자 계정의 ' +
            '초기화는 요청(pendingChange)이 되어 다른 관리자가 승인하고 기다린 뒤에 적용돼요.',
          params: operatorParams,
          response: { 200: operatorAnswer },
        },
      },
      async (req) => resetSecondFactor(ctx, byOperator(ctx, req), req.params.loginId),
    );

    app.post(
      OPS_AUTH_API.operatorUnlock,
      {
        config: { auth: 'operator', role: 'admin', problems: ['NOT_FOUND'] },
        schema: {
          operationId: 'unlockOperator',
          tags,
          summary: '운영자 로그인 잠금 해제',
          description:
            '여러 번 실패해서 잠긴 로그인을 모든 주소에서 바로 풀고 실패 횟수를 지워요. 누가 풀었는지 운영자 기록에 남아요.',
          params: operatorParams,
          response: { 200: operatorAnswer },
        },
      },
      async (req) => ({ operator: await unlockSignIn(ctx, byOperator(ctx, req), req.params.loginId) }),
    );

    app.post(
      OPS_AUTH_API.operatorDisable,
      {
        config: { auth: 'operator', role: 'admin', problems: ['NOT_FOUND', 'LAST_ADMIN'] },
        schema: {
          operationId: 'disableOperator',
          tags,
          summary: '운영자 사용 중지',
          description:
            '더는 로그인할 수 없고 그 계정의 세션이 바로 끝나요. 활성 관리자가 한 명도 남지 않게 되면 받지 않아요(409 LAST_ADMIN).',
          params: operatorParams,
          response: { 200: operatorAnswer },
        },
      },
      async (req) => ({ operator: await disableOperator(ctx, byOperator(ctx, req), req.params.loginId) }),
    );
  };
