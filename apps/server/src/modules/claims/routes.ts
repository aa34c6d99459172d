// HTTP of the claim engine: the hospital feed (HOSPITAL_API) and the operator's view and actions (OPERATOR_API).
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  HOSPITAL_API,
  HOSPITAL_KEY_HEADER,
  OPERATOR_API,
  claimIdParams,
  claimStatusBody,
  deadLettersAnswer,
  feedAnswer,
  feedBody,
  hospitalCd,
  operatorClaimView,
} from '@auto-claim/contract';
import type { AppContext } from '../../context.js';
import { notFound } from '../../http/problem.js';
import { requireOperator } from '../../security/session.js';
import { createClaimEngine, type ClaimEngine } from './engine.js';
import { recordClaimPackage, renderFaxPackage } from './documents.js';
import { ingest, issueHospitalKey, requireHospital } from './feed.js';
import { claimView, deadLetters, retryDeadLetter, setInsurerAnswer } from './operator.js';

const colon = (path: string) => path.replace('/0', '/:claimId');

export const claimRoutes =
  (ctx: AppContext, engine: ClaimEngine): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      HOSPITAL_API.treatments,
      {
        preHandler: requireHospital(ctx),
        schema: {
          tags: ['hospital'],
          summary: '진료 기록(영수증) 전송: 병원 → 자동청구',
          description:
            `병원마다 발급한 API 키를 \`${HOSPITAL_KEY_HEADER}\` 헤더로 보내요. 같은 병원의 같은 영수증 번호는 ` +
            '한 번만 저장돼요: 같은 내용을 다시 보내면 duplicate, 다른 내용이면 conflict로 답하고 아무것도 바꾸지 않아요.',
          headers: z.object({ [HOSPITAL_KEY_HEADER]: z.string().optional() }),
          body: feedBody,
          response: { 200: feedAnswer },
        },
      },
      async (req) => {
        const answer = await ingest(ctx, req.hospitalCd!, req.body.records);
        if (answer.created > 0) await engine.kick();
        return answer;
      },
    );

    const operator = { preHandler: requireOperator(ctx) };
    const tags = ['operator'];

    app.get(
      OPERATOR_API.deadLetters,
      {
        ...operator,
        schema: { tags, summary: '보내지 못한 청구 (dead letters)', response: { 200: deadLettersAnswer } },
      },
      () => deadLetters(ctx),
    );

    app.get(
      colon(OPERATOR_API.claim(0)),
      {
        ...operator,
        schema: {
          tags,
          summary: '청구 한 건: 상태 이력, 전송, 문서 해시',
          params: claimIdParams,
          response: { 200: operatorClaimView },
        },
      },
      (req) => claimView(ctx, req.params.claimId),
    );

    app.post(
      colon(OPERATOR_API.claimRetry(0)),
      {
        ...operator,
        schema: {
          tags,
          summary: '보내지 못한 청구를 다시 보내기',
          params: claimIdParams,
          response: { 200: operatorClaimView },
        },
      },
      async (req) => {
        await retryDeadLetter(ctx, req.params.claimId, req.operatorId!);
        await engine.kick();
        return claimView(ctx, req.params.claimId);
      },
    );

    app.post(
      colon(OPERATOR_API.claimStatus(0)),
      {
        ...operator,
        schema: {
          tags,
          summary: '보험사의 답 기록: 접수(accepted), 반려(rejected, 사유), 지급(paid)',
          params: claimIdParams,
          body: claimStatusBody,
          response: { 200: operatorClaimView },
        },
      },
      async (req) => {
        await setInsurerAnswer(ctx, req.params.claimId, req.body, req.operatorId!);
        return claimView(ctx, req.params.claimId);
      },
    );

    app.get(
      colon(OPERATOR_API.claimPackage(0)),
      {
        ...operator,
        schema: {
          tags,
          summary: '청구 서류 PDF (청구서, 영수증 내역, 위임장, 동의서, 필요하면 신분증 사본)',
          params: claimIdParams,
        },
      },
      async (req, reply) => {
        const exists = await ctx.db
          .selectFrom('claim')
          .select('id')
          .where('id', '=', req.params.claimId)
          .executeTakeFirst();
        if (!exists) throw notFound('청구를 찾을 수 없어요.', 'CLAIM_NOT_FOUND');
        const pdf = await recordClaimPackage(ctx, req.params.claimId, req.operatorId!);
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="claim-${req.params.claimId}.pdf"`)
          .header('cache-control', 'no-store')
          .send(Buffer.from(pdf));
      },
    );

    app.post(
      OPERATOR_API.hospitalApiKeys(':hospitalCd'),
      {
        ...operator,
        schema: {
          tags,
          summary: '병원 API 키 발급 (키는 이 응답에서 한 번만 보여요)',
          params: z.object({ hospitalCd }),
          body: z.object({ label: z.string().trim().max(100).optional() }).optional(),
          response: { 201: z.object({ hospitalCd: z.string(), apiKey: z.string() }) },
        },
      },
      async (req, reply) => {
        const exists = await ctx.db
          .selectFrom('hospital')
          .select('hospitalCd')
          .where('hospitalCd', '=', req.params.hospitalCd)
          .executeTakeFirst();
        if (!exists) throw notFound('병원을 찾을 수 없어요.', 'HOSPITAL_NOT_FOUND');
        const apiKey = await issueHospitalKey(ctx, req.params.hospitalCd, req.body?.label ?? '');
        return reply.code(201).send({ hospitalCd: req.params.hospitalCd, apiKey });
      },
    );
  };

declare module 'fastify' {
  interface FastifyInstance {
    /** The claim engine: main.ts starts its workers; tests call drain(). */
    claimEngine: ClaimEngine;
  }
}

/** The engine on the app (stopped with it) and its routes. */
export async function registerClaims(app: FastifyInstance, ctx: AppContext) {
  const engine = createClaimEngine(ctx, { renderFax: renderFaxPackage });
  app.decorate('claimEngine', engine);
  app.addHook('onClose', () => engine.stop());
  await app.register(claimRoutes(ctx, engine));
}
