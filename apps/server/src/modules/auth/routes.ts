// Auth and session calls of spec §7: identity by SMS (NICE-shaped), terms agreements, sessions, operator sign-in.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API,
  loginBody,
  sessionCurrent,
  sessionInfo,
  smsAuthAnswer,
  smsAuthBody,
  termsAgreeAnswer,
  termsAgreeBody,
  userAuthAnswer,
  userAuthBody,
} from '@auto-claim/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/problem.js';
import {
  currentSession,
  endSession,
  patientOf,
  requirePatient,
  rotateSession,
  startSession,
} from '../../security/session.js';
import { checkOperator } from './operators.js';
import { confirmVerification, recordAgreements, startVerification } from './service.js';

/** Per-IP limits (a hospital's Wi-Fi puts many patients behind one address: generous, but a wall for scripts). */
export const AUTH_RATE_LIMITS = {
  userAuth: { max: 30, timeWindow: '10 minutes' },
  smsAuth: { max: 60, timeWindow: '10 minutes' },
  login: { max: 10, timeWindow: '15 minutes' },
} as const;

const ok = z.object({ ok: z.literal(true) });

export const authRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['auth'];

    app.post(
      API.niceUserAuth,
      {
        config: { rateLimit: AUTH_RATE_LIMITS.userAuth },
        schema: {
          tags,
          summary: '휴대폰 본인확인 시작: 인증번호 문자 발송',
          description:
            '인증번호 6자리(3분 유효)를 보내요. 같은 번호로는 60초에 한 번, 하루 5번까지 보낼 수 있어요. 필수 TELECOM 약관 동의가 필요해요.',
          body: userAuthBody,
          response: { 200: userAuthAnswer },
        },
      },
      async (req) => startVerification(ctx, req.body, req.ip),
    );

    app.post(
      API.niceSmsAuth,
      {
        config: { rateLimit: AUTH_RATE_LIMITS.smsAuth },
        schema: {
          tags,
          summary: '인증번호 확인: 성공하면 세션을 시작해요',
          description:
            '한 번만 쓸 수 있고, 5번 틀리면 그 요청은 잠겨요. 성공하면 HttpOnly 세션 쿠키와 화면의 가드가 읽는 claimAuth 쿠키를 설정하고 responseCode 0000, hash, ci를 답해요.',
          body: smsAuthBody,
          response: { 200: smsAuthAnswer },
        },
      },
      async (req, reply) => {
        const { ci, person } = await confirmVerification(ctx, req.body);
        const session = await startSession(ctx, req, reply, { kind: 'patient', ci, person });
        return { responseCode: '0000' as const, hash: session.hash, ci };
      },
    );

    app.post(
      API.termsAgree,
      {
        preHandler: requirePatient(ctx),
        schema: {
          tags,
          summary: '약관 동의 기록 (증빙)',
          description: '약관 id와 현재 버전, 시각, 본인인증한 사람을 기록해요.',
          body: termsAgreeBody,
          response: { 200: termsAgreeAnswer },
        },
      },
      async (req) => {
        const agreed = await recordAgreements(ctx, req.body.termsIds, {
          ciHmac: patientOf(req).ciHmac,
          ipHmac: ctx.crypto.hmac('ip', req.ip),
        });
        return { agreed };
      },
    );

    app.post(
      API.login,
      {
        config: { rateLimit: AUTH_RATE_LIMITS.login },
        schema: { tags, summary: '운영자 로그인', body: loginBody, response: { 200: sessionInfo } },
      },
      async (req, reply) => {
        if (!(await checkOperator(ctx.db, req.body.loginId, req.body.password))) {
          throw new AppError(401, 'LOGIN_FAILED', '아이디 또는 비밀번호가 맞지 않아요.');
        }
        return startSession(ctx, req, reply, { kind: 'operator', loginId: req.body.loginId });
      },
    );

    app.post(
      API.refreshToken,
      {
        schema: {
          tags,
          summary: '세션 연장 (새 세션 id로 바꿔요)',
          description: '쉬는 시간 15분을 다시 시작해요. 처음 인증한 뒤 12시간이 지나면 더 늘릴 수 없어요.',
          response: { 200: sessionInfo },
        },
      },
      async (req, reply) => rotateSession(ctx, req, reply),
    );

    app.post(API.logout, { schema: { tags, summary: '로그아웃', response: { 200: ok } } }, async (req, reply) => {
      await endSession(ctx, req, reply);
      return { ok: true as const };
    });

    app.get(
      API.session,
      {
        schema: {
          tags,
          summary: '현재 세션',
          description:
            '화면을 새로 고친 뒤 본인인증 상태를 서버에서 되찾아요. 브라우저 저장소에는 개인정보를 두지 않아요.',
          response: { 200: sessionCurrent },
        },
      },
      async (req) => currentSession(ctx, req),
    );
  };
