// Identity and session calls of spec §7: identity by SMS (NICE-shaped), step-up, the patient's session (refresh,
// current, logout). Terms and their agreements are the terms module's. The operator's sign-in is the operators module's (operators/routes.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API,
  SMS_PENDING_PATH,
  SMS_SENDS_PER_DAY,
  sessionCurrent,
  sessionInfo,
  smsAuthAnswer,
  smsAuthBody,
  smsPendingAnswer,
  smsPendingBody,
  stepUpAnswer,
  stepUpBody,
  stepUpConfirmAnswer,
  stepUpConfirmBody,
  userAuthAnswer,
  userAuthBody,
} from '@auto-claim/contract';
import type { AppContext } from '../../context.js';
import { clientDeviceOf } from '../../providers/identity/types.js';
import type { ErrorCode } from '../../http/errors.js';
import {
  currentSession,
  endSession,
  patientOf,
  patientSessionPerson,
  rotateSession,
  startSession,
  stepUpSession,
} from '../../security/session.js';
import {
  SMS_ALL_SENDS_PER_PHONE_PER_DAY,
  SMS_OPEN_SENDS_PER_ADDRESS_PER_DAY,
  SMS_SENDS_PER_PHONE_PER_DAY,
  STEP_UP_HOSPITAL,
  confirmVerification,
  pendingVerification,
  startStepUp,
  startVerification,
} from './service.js';

/** Per-IP limits (a hospital's Wi-Fi puts many patients behind one address: generous, but a wall for scripts). */
/** Per client address, by default (IDENTITY_STARTS_PER_ADDRESS raises the starts, and the code checks with them). */
export const IDENTITY_RATE_LIMITS = {
  userAuth: { max: 30, timeWindow: '10 minutes' },
  smsAuth: { max: 60, timeWindow: '10 minutes' },
} as const;

const identityRateLimits = (startsPerAddress: number = IDENTITY_RATE_LIMITS.userAuth.max) => ({
  userAuth: { ...IDENTITY_RATE_LIMITS.userAuth, max: startsPerAddress },
  smsAuth: { ...IDENTITY_RATE_LIMITS.smsAuth, max: startsPerAddress * 2 },
});

const ok = z.object({ ok: z.literal(true) });

export const identityRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['auth'];
    const limits = identityRateLimits(ctx.config.identityStartsPerAddress);
    // What sending a code can answer, at sign-in and at step-up alike (the same rules: identity/service.ts).
    const SEND_PROBLEMS: ErrorCode[] = [
      'TERMS_REQUIRED',
      'TERMS_UNKNOWN',
      'SMS_TOO_SOON',
      'SMS_DAILY_LIMIT',
      'IDENTITY_REFUSED',
      'IDENTITY_LIMITED',
      'IDENTITY_UNAVAILABLE',
    ];

    app.post(
      API.niceUserAuth,
      {
        config: {
          auth: 'public',
          rateLimit: limits.userAuth,
          problems: SEND_PROBLEMS,
        },
        schema: {
          operationId: 'startPhoneVerification',
          tags,
          summary: '휴대폰 본인확인 시작: 인증번호 문자 발송',
          description:
            '인증번호 6자리(3분 유효)를 보내요. 같은 사람(이름·생년월일·성별·번호)에게는 60초에 한 번 보낼 수 있어요. ' +
            `인증을 마치지 않은 요청은 하루에 같은 사람에게 ${SMS_SENDS_PER_DAY}번, 한 번호에 ${SMS_SENDS_PER_PHONE_PER_DAY}번, ` +
            `한 인터넷 연결에서 ${SMS_OPEN_SENDS_PER_ADDRESS_PER_DAY}번까지예요. 그 사람이 인증을 마친 적 있는 연결에서 보낸 ` +
            `요청은 다른 사람이 보낸 요청과 따로 세요(하루 ${SMS_SENDS_PER_DAY}번). 인증을 마친 요청과 본인확인 기관이 보내지 ` +
            `못한 요청은 세지 않아요(한 번호에 모두 합쳐 하루 ${SMS_ALL_SENDS_PER_PHONE_PER_DAY}번까지). 필수 TELECOM 약관 동의가 필요해요.`,
          body: userAuthBody,
          response: { 200: userAuthAnswer },
        },
      },
      async (req) => startVerification(ctx, req.body, req.ip, false, clientDeviceOf(req.headers)),
    );

    app.post(
      API.niceSmsAuth,
      {
        config: {
          auth: 'public',
          rateLimit: limits.smsAuth,
          problems: [
            'SMS_REQUEST_UNKNOWN',
            'SMS_CODE_WRONG',
            'SMS_ALREADY_USED',
            'SMS_EXPIRED',
            'SMS_LOCKED',
            'PERSON_MISMATCH',
            'IDENTITY_UNAVAILABLE',
          ],
        },
        schema: {
          operationId: 'confirmPhoneVerification',
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
        const session = await startSession(ctx, req, reply, { kind: 'patient', ci, person, origin: { via: 'sms' } });
        return { responseCode: '0000' as const, hash: session.hash, ci };
      },
    );

    app.post(
      SMS_PENDING_PATH,
      {
        config: { auth: 'public', rateLimit: limits.smsAuth, problems: ['SMS_REQUEST_UNKNOWN'] },
        schema: {
          operationId: 'pendingPhoneVerification',
          tags,
          summary: '보낸 인증번호 요청 다시 보기: 새로 고침 뒤 인증번호 입력 화면을 그대로 보여 줘요',
          description:
            '인증번호를 보낸 요청(smsRequestSeq, smsResponseSeq, hospitalCode)이 아직 열려 있는지, 어느 번호(가려서)로 보냈는지, 서버 시계로 몇 초 남았는지 답해요. 아무것도 바꾸지 않아요.',
          body: smsPendingBody,
          response: { 200: smsPendingAnswer },
        },
      },
      async (req) => pendingVerification(ctx, req.body),
    );

    app.post(
      API.stepUp,
      {
        // Either scope: a link session steps up to a full one, a full one makes itself fresh again.
        config: {
          auth: 'patient',
          scope: { link: ['treat', 'idCard', 'statement'] },
          rateLimit: limits.userAuth,
          problems: SEND_PROBLEMS,
        },
        schema: {
          operationId: 'startStepUp',
          tags,
          summary: '본인인증 한 번 더 (step-up): 세션의 본인 휴대폰으로 인증번호 발송',
          description:
            '계좌·연락처 변경, 해지, 가입처럼 돈이나 신원이 걸린 일 앞에서 STEP_UP_REQUIRED를 받았을 때 써요. 이름·생년월일·휴대폰 번호는 세션의 것을 쓰고, 통신사와 TELECOM 약관 동의만 받아요. 보내는 규칙(60초 간격, 마치지 않은 요청 하루 5번)은 처음 인증과 같고, 휴대폰 본인인증으로 연 세션의 요청은 다른 사람이 보낸 요청과 따로 세요.',
          body: stepUpBody,
          response: { 200: stepUpAnswer },
        },
      },
      async (req) =>
        startStepUp(
          ctx,
          await patientSessionPerson(ctx, req),
          req.body,
          req.ip,
          patientOf(req).scope === 'full',
          clientDeviceOf(req.headers),
        ),
    );

    app.post(
      API.stepUpConfirm,
      {
        config: {
          auth: 'patient',
          scope: { link: ['treat', 'idCard', 'statement'] },
          rateLimit: limits.smsAuth,
          problems: [
            'SMS_REQUEST_UNKNOWN',
            'SMS_CODE_WRONG',
            'SMS_ALREADY_USED',
            'SMS_EXPIRED',
            'SMS_LOCKED',
            'PERSON_MISMATCH',
            'STEP_UP_PERSON_MISMATCH',
            'IDENTITY_UNAVAILABLE',
          ],
        },
        schema: {
          operationId: 'confirmStepUp',
          tags,
          summary: '본인인증 한 번 더: 인증번호 확인',
          description: `세션과 같은 사람(CI)이면 세션을 새 id로 바꾸고(알림톡 링크 세션은 일반 세션이 돼요) 지금부터 STEP_UP_FRESH_SECONDS 동안 인증이 새것으로 쳐져요. 다른 사람이면 403 STEP_UP_PERSON_MISMATCH, 세션은 그대로예요.`,
          body: stepUpConfirmBody,
          response: { 200: stepUpConfirmAnswer },
        },
      },
      async (req, reply) => {
        const verified = await confirmVerification(ctx, { ...req.body, hospitalCode: STEP_UP_HOSPITAL });
        const session = await stepUpSession(ctx, req, reply, verified);
        return { responseCode: '0000' as const, hash: session.hash, ci: verified.ci, freshUntil: session.freshUntil };
      },
    );

    app.post(
      API.refreshToken,
      {
        config: { auth: 'session' },
        schema: {
          operationId: 'refreshSession',
          tags,
          summary: '세션 연장 (새 세션 id로 바꿔요)',
          description: '쉬는 시간 15분을 다시 시작해요. 처음 인증한 뒤 12시간이 지나면 더 늘릴 수 없어요.',
          response: { 200: sessionInfo },
        },
      },
      async (req, reply) => rotateSession(ctx, req, reply),
    );

    app.post(
      API.logout,
      {
        // Needs nothing: ends the patient session its cookie names, if any, and clears the cookies either way. An
        // operator signs out with POST /api/admin/logout (their own cookie; a patient session in the same browser
        // is not touched, nor the other way round).
        config: { auth: 'public' },
        schema: {
          operationId: 'logout',
          tags,
          summary: '로그아웃',
          description:
            '환자 세션 쿠키가 있으면 그 세션을 끝내고, 없어도 쿠키를 지우고 성공으로 답해요. 운영자 세션은 건드리지 않아요(운영자 로그아웃은 POST /api/admin/logout).',
          response: { 200: ok },
        },
      },
      async (req, reply) => {
        await endSession(ctx, req, reply);
        return { ok: true as const };
      },
    );

    app.get(
      API.session,
      {
        config: { auth: 'session' },
        schema: {
          operationId: 'getSession',
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
