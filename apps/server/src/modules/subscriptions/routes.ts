// The subscription calls of spec §7 at their exact paths, plus the documents (ours). HTTP only: the rules are in
// service.ts. Every call needs the patient session and acts only for its own CI.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API,
  IDEMPOTENCY_HEADER,
  IMAGE_BODY_LIMIT_BYTES,
  addHospitalBody,
  addHospitalsV2Body,
  cancelQuery,
  documentBody,
  hospitalsConfirm,
  hospitalsConfirmBody,
  removeHospitalQuery,
  subscriptionBody,
  subscriptionChangeBody,
  subscriptionConfirm,
  subscriptionConfirmBody,
  subscriptionQuery,
  subscriptionV2Body,
  subscriptionView,
} from '@auto-claim/contract';
import type { AppContext } from '../../context.js';
import { assertOwnCi, requirePatient } from '../../security/session.js';
import { documentPdf } from './documents.js';
import * as service from './service.js';

const idempotencyHeaders = z.object({
  [IDEMPOTENCY_HEADER]: z
    .string()
    .min(8, { message: 'Idempotency-Key는 8자 이상이어야 해요.' })
    .max(128, { message: 'Idempotency-Key는 128자까지예요.' })
    .optional(),
});

/** Subscribing is a handful of calls per person; this only stops floods. */
export const SUBSCRIBE_RATE_LIMIT = { max: 30, timeWindow: '10 minutes' };

export const subscriptionRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['subscriptions'];
    // onRequest, not preHandler: without a session the answer is 401 before the body is read or judged.
    const onRequest = requirePatient(ctx);
    const created = { 201: subscriptionView, 200: subscriptionView };

    app.post(
      API.subscriptionsConfirm,
      {
        onRequest,
        schema: {
          tags,
          summary: '가입 여부 확인 (reg 채우기)',
          description: "가입이 없으면 200으로 subscriptionStatus 'none'과 빈 reg를 돌려줘요.",
          body: subscriptionConfirmBody,
          response: { 200: subscriptionConfirm },
        },
      },
      async (req) => service.confirm(ctx, assertOwnCi(req, req.body.userCi), req.body),
    );

    app.post(
      API.subscriptionHospitalsConfirm,
      {
        onRequest,
        schema: {
          tags,
          summary: '가입한 병원 목록',
          body: hospitalsConfirmBody,
          response: { 200: hospitalsConfirm },
        },
      },
      async (req) => service.hospitalsConfirm(ctx, assertOwnCi(req, req.body.userCi)),
    );

    app.get(
      API.subscriptions,
      {
        onRequest,
        schema: {
          tags,
          summary: '가입 상태 (내 자동청구)',
          description: "subscriptionStatus가 'subscribe'일 때만 가입 중이에요(spec §4). 개인정보는 가려서 보여줘요.",
          querystring: subscriptionQuery,
          response: { 200: subscriptionView },
        },
      },
      async (req) => service.view(ctx, assertOwnCi(req, req.query.userCi)),
    );

    for (const [path, body, mode] of [
      [API.subscriptions, subscriptionBody, 'outer'],
      [API.subscriptionsV2, subscriptionV2Body, 'inner'],
    ] as const) {
      app.post(
        path,
        {
          onRequest,
          bodyLimit: IMAGE_BODY_LIMIT_BYTES,
          config: { rateLimit: SUBSCRIBE_RATE_LIMIT },
          schema: {
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
          const r = await service.subscribe(ctx, patient, req.body, {
            mode,
            idempotencyKey: req.headers[IDEMPOTENCY_HEADER],
          });
          return reply.code(r.created ? 201 : 200).send(r.view);
        },
      );
    }

    app.put(
      API.subscriptions,
      {
        onRequest,
        schema: {
          tags,
          summary: '가입 정보 바꾸기 (계좌, 주소, 이메일, 최소 청구 금액)',
          body: subscriptionChangeBody,
          response: { 200: subscriptionView },
        },
      },
      async (req) => service.change(ctx, assertOwnCi(req, req.body.userCi), req.body),
    );

    app.delete(
      API.subscriptions,
      {
        onRequest,
        schema: {
          tags,
          summary: '자동청구 해지',
          description:
            '신분증 사진, 서명, 신분증 번호, 계좌번호는 바로 지우고, 남은 개인정보는 해지 후 CANCELLED_PURGE_DAYS일에 행째 지워요.',
          querystring: cancelQuery,
          response: { 200: subscriptionView },
        },
      },
      async (req) => service.cancel(ctx, assertOwnCi(req, req.query.userCi)),
    );

    app.post(
      API.subscriptionHospitals,
      {
        onRequest,
        schema: {
          tags,
          summary: '병원 추가 (outer: hospitalCd, agreeId)',
          body: addHospitalBody,
          response: { 200: subscriptionView },
        },
      },
      async (req) =>
        service.addHospitals(ctx, assertOwnCi(req, req.body.userCi), req.body, [
          { code: req.body.hospitalCd, field: 'hospitalCd' },
        ]),
    );

    app.post(
      API.subscriptionHospitalsV2,
      {
        onRequest,
        schema: {
          tags,
          summary: '병원 추가 (inner: hospitals 목록)',
          body: addHospitalsV2Body,
          response: { 200: subscriptionView },
        },
      },
      async (req) =>
        service.addHospitals(
          ctx,
          assertOwnCi(req, req.body.userCi),
          req.body,
          req.body.hospitals.map((code, i) => ({ code, field: `hospitals.${i}` })),
        ),
    );

    app.delete(
      API.subscriptionHospitals,
      {
        onRequest,
        schema: {
          tags,
          summary: '병원 하나 빼기',
          querystring: removeHospitalQuery,
          response: { 200: subscriptionView },
        },
      },
      async (req) => service.removeHospital(ctx, assertOwnCi(req, req.query.userCi), req.query.hospitalCd),
    );

    for (const [path, kind] of [
      [API.documentCommission, 'commission'],
      [API.documentAgree, 'agree'],
    ] as const) {
      app.post(
        path,
        {
          onRequest,
          schema: {
            tags: ['documents'],
            summary: kind === 'commission' ? '위임장 PDF' : '동의서 PDF',
            description:
              '200: application/pdf (A4, 한글 글꼴 포함). 가입 뒤에는 insuApplyId만 보내면 저장된 내용과 서명으로, 가입 전에는 보낸 reg 항목으로 만들어요. 이름·생년월일·전화번호는 본인인증 정보를 써요.',
            body: documentBody,
          },
        },
        async (req, reply) => {
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
  };
