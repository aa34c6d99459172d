// The subscription calls of spec §7 at their exact paths, plus the documents (ours). HTTP only: the rules are in
// view.ts (reads), enrol.ts (subscribing), manage.ts (changes, cancelling) and documents.ts. Every call needs the
// patient session and acts only for its own CI.
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API,
  IDEMPOTENCY_HEADER,
  IMAGE_BODY_LIMIT_BYTES,
  addHospitalBody,
  addHospitalsV2Body,
  cancelQuery,
  deskHandoffAnswer,
  deskHandoffBody,
  documentBody,
  enrolmentDraft,
  enrolmentDraftBody,
  hospitalsConfirm,
  hospitalsConfirmBody,
  policyGenerationBody,
  removeHospitalQuery,
  subscriptionBody,
  subscriptionChangeBody,
  subscriptionConfirm,
  subscriptionConfirmBody,
  subscriptionQuery,
  subscriptionV2Body,
  subscriptionView,
} from '@auto-claim/contract';
import { DESK_API, deskHandoffCreated, deskHandoffList } from '@auto-claim/contract/ops';
import type { AppContext } from '../../context.js';
import type { ErrorCode } from '../../http/errors.js';
import { operatorRoute, pdfAnswer } from '../../http/route-contract.js';
import { assertFresh, assertOwnCi, type Patient, type ScopeRule } from '../../security/session.js';
import { perPatientLimit } from '../../security/rate-limit.js';
import { asGuardianOf, childOfGuardian } from './children.js';
import { createHandoff, DESK_RATE_LIMITS, openHandoff, recentHandoffs } from './desk.js';
import { documentPdf } from './documents.js';
import { deleteDraft, readDraft, saveDraft } from './drafts.js';
import { subscribe } from './enrol.js';
import { addHospitals, cancel, change, removeHospital } from './manage.js';
import { setPolicyGeneration } from './policy-generation.js';
import { confirm, hospitalsConfirm as liveHospitalsConfirm, view } from './view.js';

const idempotencyHeaders = z.object({
  [IDEMPOTENCY_HEADER]: z
    .string()
    .min(8, { message: 'Idempotency-Key는 8자 이상이어야 해요.' })
    .max(128, { message: 'Idempotency-Key는 128자까지예요.' })
    .optional(),
});

/** What a checked ID photo or signature can be refused for (images/). */
const IMAGE_PROBLEMS: ErrorCode[] = [
  'IMAGE_EMPTY',
  'IMAGE_TOO_LARGE',
  'IMAGE_TYPE',
  'IMAGE_UNREADABLE',
  'IMAGE_TOO_MANY_PIXELS',
  'SIGNATURE_EMPTY',
];

/** What subscribing can be refused for, beyond the shape of the body. */
const SUBSCRIBE_PROBLEMS: ErrorCode[] = [
  'PERSON_MISMATCH',
  'ALREADY_SUBSCRIBED',
  'RRN_IN_USE',
  'RRN_MISMATCH',
  'CHILD_ALREADY_ENROLLED',
  'CHILD_NOT_ENROLLABLE',
  'CHILD_TOO_OLD',
  'CHILDREN_LIMIT',
  'HOSPITAL_NOT_AVAILABLE',
  'INSURER_NOT_FOUND',
  'ACCOUNT_NOT_FOUND',
  'ACCOUNT_HOLDER_MISMATCH',
  'BANK_CHECK_UNAVAILABLE',
  'DESK_GRANT_INVALID',
];

/**
 * Subscribing is a handful of calls per person; this only stops floods. Each needs a verification of its own, so an
 * address allowed more verifications (IDENTITY_STARTS_PER_ADDRESS: a hospital's Wi-Fi) may subscribe as many people
 * (perPatientLimit).
 */
export const SUBSCRIBE_RATE_LIMIT = { max: 30, timeWindow: '10 minutes' };

/**
 * The documents (위임장, 동의서): a patient reads each a few times while subscribing and now and then after. Each costs
 * a PDF worker a few hundred milliseconds, so one patient (whichever session, both documents together) and one
 * address (each document; a hospital's Wi-Fi carries many patients, so never less than its identity verifications:
 * perPatientLimit) are each held to a rate no person reaches.
 */
export const DOCUMENT_RATE_LIMITS = {
  perPatient: { max: 20, timeWindow: '10 minutes' },
  perAddress: { max: 60, timeWindow: '10 minutes' },
};

/** What the modules above want to hear of: `ended`, once a subscription ended and its own files went. */
export interface SubscriptionHooks {
  ended?(insuApplyId: string): Promise<void>;
}

export const subscriptionRoutes =
  (ctx: AppContext, hooks: SubscriptionHooks = {}): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['subscriptions'];
    // Every call: the patient's full session (checked before the body is read), acting for its own CI only; never a
    // link session (security/session.ts). What moves money or identity also needs a fresh SMS verification (step-up).
    const patient = (scope: ScopeRule, ...problems: ErrorCode[]) => ({
      config: { auth: 'patient' as const, scope, problems: ['CI_MISMATCH', ...problems] as ErrorCode[] },
    });
    const VIEW: ScopeRule = { what: '가입 정보를 보려면' };
    // The child case (README "Children: a guardian claims for a child"): a child's subscription named by its
    // insuApplyId, which the session's person must be the guardian of (else CHILD_NOT_FOUND); the session then acts for
    // her. Absent, the spec's own subscription.
    const whose = async (p: Patient, insuApplyId: string | undefined) =>
      insuApplyId ? asGuardianOf(ctx, p, insuApplyId) : p;
    // Adding hospitals names the spec's insuApplyId (her own): only a child's switches to the child.
    const whoseIfChild = async (p: Patient, insuApplyId: string | undefined) =>
      insuApplyId && (await childOfGuardian(ctx, p.ciHmac, insuApplyId)) ? asGuardianOf(ctx, p, insuApplyId) : p;
    const created = { 201: subscriptionView, 200: subscriptionView };

    app.post(
      API.subscriptionsConfirm,
      {
        ...patient(VIEW, 'PERSON_MISMATCH'),
        schema: {
          operationId: 'confirmSubscription',
          tags,
          summary: '가입 여부 확인 (reg 채우기)',
          description: "가입이 없으면 200으로 subscriptionStatus 'none'과 빈 reg를 돌려줘요.",
          body: subscriptionConfirmBody,
          response: { 200: subscriptionConfirm },
        },
      },
      async (req) => confirm(ctx, assertOwnCi(req, req.body.userCi), req.body),
    );

    // The enrolment typed so far (drafts.ts, README "Enrolment drafts"): the verified person's own only, whatever the
    // session's id; a link session has none.
    const DRAFT: ScopeRule = { what: '입력하던 가입 내용을 이어서 하려면' };
    app.get(
      API.enrolmentDraft,
      {
        ...patient(DRAFT),
        schema: {
          operationId: 'getEnrolmentDraft',
          tags,
          summary: '입력하던 가입 내용 (24시간)',
          description: '본인인증한 사람의 것만 돌려줘요. 없거나 24시간이 지났으면 draft가 null이에요.',
          response: { 200: enrolmentDraft },
        },
      },
      async (req) => readDraft(ctx, req.patient!.ciHmac),
    );
    app.put(
      API.enrolmentDraft,
      {
        ...patient(DRAFT),
        bodyLimit: 64 * 1024,
        schema: {
          operationId: 'saveEnrolmentDraft',
          tags,
          summary: '입력하던 가입 내용 저장',
          description:
            '암호화해서 마지막 저장부터 24시간 보관하고, 가입하면 바로 지워요. 사진·서명·서류 파일은 받지 않아요(값마다 300자까지).',
          body: enrolmentDraftBody,
          response: { 200: enrolmentDraft },
        },
      },
      async (req) => saveDraft(ctx, req.patient!.ciHmac, req.body),
    );
    app.delete(
      API.enrolmentDraft,
      {
        ...patient(DRAFT),
        schema: {
          operationId: 'deleteEnrolmentDraft',
          tags,
          summary: '입력하던 가입 내용 지우기',
          response: { 200: enrolmentDraft },
        },
      },
      async (req) => {
        await deleteDraft(ctx.db, req.patient!.ciHmac);
        return { draft: null, savedAt: null, expiresAt: null };
      },
    );

    app.post(
      API.subscriptionHospitalsConfirm,
      {
        ...patient(VIEW),
        schema: {
          operationId: 'listSubscribedHospitals',
          tags,
          summary: '가입한 병원 목록',
          body: hospitalsConfirmBody,
          response: { 200: hospitalsConfirm },
        },
      },
      async (req) => liveHospitalsConfirm(ctx, assertOwnCi(req, req.body.userCi)),
    );

    app.get(
      API.subscriptions,
      {
        ...patient(VIEW),
        schema: {
          operationId: 'getSubscription',
          tags,
          summary: '가입 상태 (내 자동청구)',
          description: "subscriptionStatus가 'subscribe'일 때만 가입 중이에요(spec §4). 개인정보는 가려서 보여줘요.",
          querystring: subscriptionQuery,
          response: { 200: subscriptionView },
        },
      },
      async (req) => view(ctx, assertOwnCi(req, req.query.userCi)),
    );

    for (const [path, body, mode] of [
      [API.subscriptions, subscriptionBody, 'outer'],
      [API.subscriptionsV2, subscriptionV2Body, 'inner'],
    ] as const) {
      app.post(
        path,
        {
          bodyLimit: IMAGE_BODY_LIMIT_BYTES,
          config: {
            ...patient({ fresh: '자동청구에 가입하려면' }, ...SUBSCRIBE_PROBLEMS, ...IMAGE_PROBLEMS).config,
            rateLimit: perPatientLimit(SUBSCRIBE_RATE_LIMIT, ctx.config.identityStartsPerAddress),
          },
          schema: {
            operationId: mode === 'outer' ? 'createSubscription' : 'createSubscriptionV2',
            tags,
            summary:
              mode === 'outer' ? '자동청구 가입 (병원별, outer)' : '자동청구 가입 (여러 병원, inner, multi-receipt)',
            description:
              '201: 새로 가입했어요. 200: 같은 Idempotency-Key로 다시 보낸 요청이라 처음 결과를 돌려줘요. 409 ALREADY_SUBSCRIBED: 이미 가입 중이에요.',
            headers: idempotencyHeaders,
            body,
            response: created,
          },
        },
        async (req, reply) => {
          const patient = assertOwnCi(req, req.body.userCi);
          const r = await subscribe(ctx, patient, req.body, {
            mode,
            idempotencyKey: req.headers[IDEMPOTENCY_HEADER],
            ended: hooks.ended,
          });
          return reply.code(r.created ? 201 : 200).send(r.view);
        },
      );
    }

    app.put(
      API.subscriptions,
      {
        // Fresh for every group; the words name the one being changed (below).
        ...patient(
          { what: '가입 정보를 바꾸려면' },
          'NOT_SUBSCRIBED',
          'CHILD_NOT_FOUND',
          'CHILD_GROWN_UP',
          'ACCOUNT_NOT_FOUND',
          'ACCOUNT_HOLDER_MISMATCH',
          'BANK_CHECK_UNAVAILABLE',
        ),
        schema: {
          operationId: 'updateSubscription',
          tags,
          summary: '가입 정보 바꾸기 (계좌, 주소, 이메일, 최소 청구 금액, 알림 받는 방법)',
          body: subscriptionChangeBody,
          response: { 200: subscriptionView },
        },
      },
      async (req) => {
        const b = req.body;
        assertFresh(
          req,
          b.bankCd !== undefined || b.bankAccount !== undefined
            ? '보험금 받을 계좌를 바꾸려면'
            : b.userEmail !== undefined || b.userAddr !== undefined || b.userPostNo !== undefined
              ? '연락처를 바꾸려면'
              : b.kakaoNotiCheck !== undefined
                ? '알림 받는 방법을 바꾸려면'
                : '가입 정보를 바꾸려면',
        );
        return change(ctx, await whose(assertOwnCi(req, b.userCi), b.insuApplyId), b, ctx.crypto.hmac('ip', req.ip));
      },
    );

    // Her contract's generation (docs/payout-rules.md): it moves no money and names no one, so a full session does
    // without a fresh verification; a link session may not (it only reads).
    app.put(
      API.subscriptionInsurers,
      {
        ...patient({ what: '가입 시기를 바꾸려면' }, 'NOT_SUBSCRIBED', 'CHILD_NOT_FOUND', 'INSURER_NOT_SUBSCRIBED'),
        schema: {
          operationId: 'setPolicyGeneration',
          tags,
          summary: '보험사별 실손 가입 시기(세대) 바꾸기 (내 자동청구)',
          description:
            'policyGeneration이 null이면 "잘 모르겠어요"예요: 보험사의 답이 세대를 알려 주면 채워져요. 예상 금액과 설명은 이 세대의 규칙으로 셈해요 (docs/payout-rules.md).',
          body: policyGenerationBody,
          response: { 200: subscriptionView },
        },
      },
      async (req) =>
        setPolicyGeneration(ctx, await whose(assertOwnCi(req, req.body.userCi), req.body.insuApplyId), req.body),
    );

    app.delete(
      API.subscriptions,
      {
        ...patient({ fresh: '자동청구를 해지하려면' }, 'NOT_SUBSCRIBED', 'CHILD_NOT_FOUND'),
        schema: {
          operationId: 'cancelSubscription',
          tags,
          summary: '자동청구 해지',
          description:
            '신분증 사진, 서명, 신분증 번호, 계좌번호는 바로 지우고, 남은 개인정보는 해지 후 CANCELLED_PURGE_DAYS일에 행째 지워요.',
          querystring: cancelQuery,
          response: { 200: subscriptionView },
        },
      },
      async (req) => cancel(ctx, await whose(assertOwnCi(req, req.query.userCi), req.query.insuApplyId), hooks.ended),
    );

    app.post(
      API.subscriptionHospitals,
      {
        ...patient({ fresh: '병원을 추가하려면' }, 'NOT_SUBSCRIBED', 'PERSON_MISMATCH', 'HOSPITAL_NOT_AVAILABLE'),
        schema: {
          operationId: 'addSubscriptionHospital',
          tags,
          summary: '병원 추가 (outer: hospitalCd, agreeId)',
          body: addHospitalBody,
          response: { 200: subscriptionView },
        },
      },
      async (req) =>
        addHospitals(ctx, await whoseIfChild(assertOwnCi(req, req.body.userCi), req.body.insuApplyId), req.body, [
          { code: req.body.hospitalCd, field: 'hospitalCd' },
        ]),
    );

    app.post(
      API.subscriptionHospitalsV2,
      {
        ...patient({ fresh: '병원을 추가하려면' }, 'NOT_SUBSCRIBED', 'PERSON_MISMATCH', 'HOSPITAL_NOT_AVAILABLE'),
        schema: {
          operationId: 'addSubscriptionHospitalsV2',
          tags,
          summary: '병원 추가 (inner: hospitals 목록)',
          body: addHospitalsV2Body,
          response: { 200: subscriptionView },
        },
      },
      async (req) =>
        addHospitals(
          ctx,
          await whoseIfChild(assertOwnCi(req, req.body.userCi), req.body.insuApplyId),
          req.body,
          req.body.hospitals.map((code, i) => ({ code, field: `hospitals.${i}` })),
        ),
    );

    app.delete(
      API.subscriptionHospitals,
      {
        ...patient({ fresh: '병원을 빼려면' }, 'NOT_SUBSCRIBED', 'HOSPITAL_NOT_SUBSCRIBED', 'LAST_HOSPITAL'),
        schema: {
          operationId: 'removeSubscriptionHospital',
          tags,
          summary: '병원 하나 빼기',
          querystring: removeHospitalQuery,
          response: { 200: subscriptionView },
        },
      },
      async (req) => removeHospital(ctx, assertOwnCi(req, req.query.userCi), req.query.hospitalCd),
    );

    // Per patient: after the session check (route-contract.ts puts it first), so req.patient is the caller. A second
    // limit of its own (createRateLimit): @fastify/rate-limit runs one of its hooks per request, the route's per address.
    const patientLimit = app.createRateLimit({
      ...DOCUMENT_RATE_LIMITS.perPatient,
      keyGenerator: (req) => `documents:${req.patient!.ciHmac}`,
    });
    const perPatient: onRequestAsyncHookHandler = async (req, reply) => {
      const limit = await patientLimit(req);
      if (!limit.isAllowed && limit.isExceeded) {
        reply.header('retry-after', limit.ttlInSeconds);
        // The problem handler answers it as every limit: 429 RATE_LIMITED.
        throw Object.assign(new Error('document calls of this patient over the limit'), { statusCode: 429 });
      }
    };
    for (const [path, kind] of [
      [API.documentCommission, 'commission'],
      [API.documentAgree, 'agree'],
    ] as const) {
      app.post(
        path,
        {
          // Before submission, from what the wizard sends; after it, the stored RRN, address and signature: fresh.
          config: {
            ...patient({ what: '서류를 보려면' }, 'NOT_SUBSCRIBED', ...IMAGE_PROBLEMS).config,
            rateLimit: perPatientLimit(DOCUMENT_RATE_LIMITS.perAddress, ctx.config.identityStartsPerAddress),
          },
          onRequest: perPatient,
          schema: {
            operationId: kind === 'commission' ? 'getCommissionDocument' : 'getConsentDocument',
            tags: ['documents'],
            summary: kind === 'commission' ? '위임장 PDF' : '동의서 PDF',
            description:
              '200: application/pdf (A4, 한글 글꼴 포함). 가입 뒤에는 insuApplyId만 보내면 저장된 내용과 서명으로, 가입 전에는 보낸 reg 항목으로 만들어요. 이름·생년월일·전화번호는 본인인증 정보를 써요.',
            body: documentBody,
            response: { 200: pdfAnswer(kind === 'commission' ? '위임장 PDF (A4)' : '동의서 PDF (A4)') },
          },
        },
        async (req, reply) => {
          if (req.body.insuApplyId) assertFresh(req, '저장된 위임장과 동의서를 보려면');
          const pdf = await documentPdf(ctx, assertOwnCi(req, req.body.userCi), kind, req.body);
          const name = kind === 'commission' ? '위임장.pdf' : '동의서.pdf';
          return reply
            .type('application/pdf')
            .header(
              'content-disposition',
              `inline; filename="${kind}.pdf"; filename*=UTF-8''${encodeURIComponent(name)}`,
            )
            .header('cache-control', 'no-store')
            .send(Buffer.from(pdf));
        },
      );
    }

    // A hospital desk's handoff (desk.ts, README "A helper beside her"). The clerk's calls are a hospital user's: her
    // hospital and staff account are her console session's (req.consoleHospitalCd, req.operatorId), never the body's.
    const desk = (req: { consoleHospitalCd?: string; operatorId?: string }) => {
      if (!req.consoleHospitalCd || !req.operatorId) throw new Error('a desk call without a hospital account');
      return { hospitalCd: req.consoleHospitalCd, operatorLoginId: req.operatorId };
    };
    app.post(
      DESK_API.handoffs,
      {
        config: { ...operatorRoute('hospital', 'DESK_HANDOFF_LIMITED'), rateLimit: DESK_RATE_LIMITS.create },
        schema: {
          operationId: 'createDeskHandoff',
          tags: ['hospital-user'],
          summary: '접수대 모드: 환자 휴대폰으로 이어 가는 QR 코드 만들기 (10분, 한 번)',
          description:
            'QR 코드의 주소에는 개인정보가 없고 한 번만 열리는 무작위 토큰만 있어요(10분 유효). 병원과 직원 계정은 로그인한 세션에서 정해요.',
          response: { 200: deskHandoffCreated },
        },
      },
      async (req) => createHandoff(ctx, desk(req)),
    );
    app.get(
      DESK_API.handoffs,
      {
        config: operatorRoute('hospital'),
        schema: {
          operationId: 'listDeskHandoffs',
          tags: ['hospital-user'],
          summary: '접수대 모드: 내가 만든 최근 QR 코드가 어디까지 갔는지 (환자 정보 없음)',
          response: { 200: deskHandoffList },
        },
      },
      async (req) => recentHandoffs(ctx, desk(req)),
    );
    app.post(
      API.deskHandoff,
      {
        config: { auth: 'public', rateLimit: DESK_RATE_LIMITS.open, problems: ['DESK_HANDOFF_INVALID'] },
        schema: {
          operationId: 'openDeskHandoff',
          tags,
          summary: '접수대 QR 코드 열기: 병원을 정하고 접수대 직원을 도와준 분으로 남길 연결(2시간) 받기',
          description:
            'QR 코드의 토큰은 한 번만, 만든 뒤 10분 안에만 열려요. 이미 열렸거나 지났거나 없는 토큰은 모두 410이에요.',
          body: deskHandoffBody,
          response: { 200: deskHandoffAnswer },
        },
      },
      async (req) => openHandoff(ctx, req.body.token),
    );
  };
