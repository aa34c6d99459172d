// HTTP of the claim engine: the hospital feed (HOSPITAL_API) and the operator's view and actions (OPERATOR_API).
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { heldRecordsQuery } from '@auto-claim/contract/ops';
import {
  HOSPITAL_API,
  HOSPITAL_KEY_HEADER,
  OPERATOR_API,
  claimIdParams,
  claimStatusBody,
  deadLettersAnswer,
  heldRecordsAnswer,
  notificationDeadLettersAnswer,
  notificationJobParams,
  feedAnswer,
  feedBody,
  hospitalApiKeyIssued,
  hospitalApiKeyList,
  hospitalApiKeyParams,
  hospitalApiKeyView,
  hospitalCd,
  operatorClaimView,
} from '@auto-claim/contract';
import type { AppContext } from '../../context.js';
import type { OperatorRole } from '../../db/schema.js';
import type { ErrorCode } from '../../http/errors.js';
import { pdfAnswer } from '../../http/route-contract.js';
import { AppError, notFound } from '../../http/problem.js';
import { engineBacklog } from './backlog.js';
import { createClaimEngine, type ClaimEngine } from './engine.js';
import { recordClaimPackage, renderPackage } from './documents.js';
import { HOSPITAL_FEED_RATE_LIMIT, hospitalKeys, ingest, issueHospitalKey, revokeHospitalKey } from './feed.js';
import { hospitalsByCode } from '../reference/index.js';
import { claimView, deadLetters, retryDeadLetter, setInsurerAnswer } from './operator.js';
import { heldRecords } from './held.js';
import { insurerAnswerRoutes, type IdCopyRequester } from './answers.js';

export const claimRoutes =
  (ctx: AppContext, engine: ClaimEngine): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      HOSPITAL_API.treatments,
      {
        // The key is checked first (onRequest, before the body is read); then the calls per key are limited.
        config: { auth: 'hospital', rateLimit: HOSPITAL_FEED_RATE_LIMIT, problems: ['HOSPITAL_KEY_FAILURES'] },
        schema: {
          operationId: 'sendTreatmentRecords',
          tags: ['hospital'],
          summary: '진료 기록(영수증) 전송: 병원 → 자동청구',
          description:
            `병원마다 발급한 API 키를 \`${HOSPITAL_KEY_HEADER}\` 헤더로 보내요. 같은 병원의 같은 영수증 번호는 ` +
            '한 번만 저장돼요: 같은 내용을 다시 보내면 duplicate, 다른 내용이면 conflict로 답하고 아무것도 바꾸지 않아요.',
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

    const tags = ['operator'];
    // Each operator call names the least role it needs (README "Operator console").
    const operator = (role: OperatorRole, ...problems: ErrorCode[]) => ({
      config: { auth: 'operator' as const, role, problems },
    });

    app.get(
      OPERATOR_API.deadLetters,
      {
        ...operator('operator'),
        schema: {
          operationId: 'listDeadLetters',
          tags,
          summary: '보내지 못한 청구 (dead letters)',
          response: { 200: deadLettersAnswer },
        },
      },
      () => deadLetters(ctx),
    );

    app.get(
      OPERATOR_API.heldRecords,
      {
        ...operator('operator'),
        schema: {
          operationId: 'listHeldRecords',
          tags,
          summary: '누구의 진료인지 확인이 필요한 기록 (이름·생년월일이 다르거나 환자가 아니라고 한 기록)',
          querystring: heldRecordsQuery,
          response: { 200: heldRecordsAnswer },
        },
      },
      async (req) => heldRecords(ctx, req.query),
    );

    app.get(
      OPERATOR_API.notificationDeadLetters,
      {
        ...operator('operator'),
        schema: {
          operationId: 'listNotificationDeadLetters',
          tags,
          summary: '끝내 보내지 못한 알림톡/문자 (dead letters)',
          response: { 200: notificationDeadLettersAnswer },
        },
      },
      async () => {
        const list = await engine.failedNotifications();
        return { list, total: list.length };
      },
    );

    app.post(
      OPERATOR_API.notificationRetry(':jobId'),
      {
        ...operator('operator', 'NOTIFICATION_NOT_DEAD'),
        schema: {
          operationId: 'retryNotification',
          tags,
          summary: '보내지 못한 알림톡/문자를 다시 보내기',
          params: notificationJobParams,
          response: { 202: z.object({ jobId: z.string() }) },
        },
      },
      async (req, reply) => {
        if (!(await engine.retryNotification(req.params.jobId))) {
          throw new AppError('NOTIFICATION_NOT_DEAD', '끝내 보내지 못한 알림만 다시 보낼 수 있어요.');
        }
        return reply.code(202).send({ jobId: req.params.jobId });
      },
    );

    app.get(
      OPERATOR_API.claim(':claimId'),
      {
        ...operator('operator', 'CLAIM_NOT_FOUND'),
        schema: {
          operationId: 'getClaim',
          tags,
          summary: '청구 한 건: 상태 이력, 전송, 문서 해시',
          params: claimIdParams,
          response: { 200: operatorClaimView },
        },
      },
      (req) => claimView(ctx, req.params.claimId),
    );

    app.post(
      OPERATOR_API.claimRetry(':claimId'),
      {
        ...operator('operator', 'CLAIM_NOT_FOUND', 'CLAIM_NOT_DEAD'),
        schema: {
          operationId: 'retryClaim',
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
      OPERATOR_API.claimStatus(':claimId'),
      {
        ...operator('operator', 'CLAIM_NOT_FOUND', 'CLAIM_STATUS_CONFLICT'),
        schema: {
          operationId: 'setClaimStatus',
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
      OPERATOR_API.claimPackage(':claimId'),
      {
        ...operator('operator', 'CLAIM_NOT_FOUND'),
        schema: {
          operationId: 'getClaimPackage',
          tags,
          summary: '청구 서류 PDF (청구서, 영수증 내역, 위임장, 동의서, 필요하면 신분증 사본)',
          params: claimIdParams,
          response: { 200: pdfAnswer('청구 서류 PDF (첨부 파일로 내려받아요)') },
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

    const hospitalParams = z.object({ hospitalCd });
    const knownHospital = async (code: string) => {
      const [exists] = await hospitalsByCode(ctx.db, [code]);
      if (!exists) throw notFound('병원을 찾을 수 없어요.', 'HOSPITAL_NOT_FOUND');
    };

    app.get(
      OPERATOR_API.hospitalApiKeys(':hospitalCd'),
      {
        ...operator('admin', 'HOSPITAL_NOT_FOUND'),
        schema: {
          operationId: 'listHospitalApiKeys',
          tags,
          summary: '병원 API 키 목록 (마지막 사용 시각, 폐기 여부; 키 자체는 보이지 않아요)',
          params: hospitalParams,
          response: { 200: hospitalApiKeyList },
        },
      },
      async (req) => {
        await knownHospital(req.params.hospitalCd);
        return { list: await hospitalKeys(ctx, req.params.hospitalCd) };
      },
    );

    app.post(
      OPERATOR_API.hospitalApiKeys(':hospitalCd'),
      {
        ...operator('admin', 'HOSPITAL_NOT_FOUND'),
        schema: {
          operationId: 'issueHospitalApiKey',
          tags,
          summary: '병원 API 키 발급 (키는 이 응답에서 한 번만 보여요)',
          params: hospitalParams,
          body: z.object({ label: z.string().trim().max(100).optional() }).optional(),
          response: { 201: hospitalApiKeyIssued },
        },
      },
      async (req, reply) => {
        await knownHospital(req.params.hospitalCd);
        const issued = await issueHospitalKey(ctx, req.params.hospitalCd, req.body?.label ?? '');
        return reply.code(201).send({ hospitalCd: req.params.hospitalCd, ...issued });
      },
    );

    app.post(
      OPERATOR_API.hospitalApiKeyRevoke(':hospitalCd', ':keyId'),
      {
        ...operator('admin', 'HOSPITAL_NOT_FOUND', 'HOSPITAL_KEY_NOT_FOUND'),
        schema: {
          operationId: 'revokeHospitalApiKey',
          tags,
          summary: '병원 API 키 폐기 (바로 다음 요청부터 거절돼요)',
          params: hospitalParams.extend(hospitalApiKeyParams.shape),
          response: { 200: hospitalApiKeyView },
        },
      },
      async (req) => {
        await knownHospital(req.params.hospitalCd);
        const key = await revokeHospitalKey(ctx, req.params.hospitalCd, req.params.keyId, req.operatorId!);
        if (!key) throw notFound('이 병원의 API 키 중에 그 번호는 없어요.', 'HOSPITAL_KEY_NOT_FOUND');
        return key;
      },
    );
  };

declare module 'fastify' {
  interface FastifyInstance {
    /** The claim engine: main.ts starts its workers; tests call drain(). */
    claimEngine: ClaimEngine;
  }
}

/**
 * The engine on the app (stopped with it), its routes, and insurers' answers; `requestIdCopy` is how an insurer's
 * request for the patient's ID copy reaches the patient (the treats module, which reads this one).
 */
export async function registerClaims(
  app: FastifyInstance,
  ctx: AppContext,
  opts: { requestIdCopy?: IdCopyRequester } = {},
) {
  const engine = createClaimEngine(ctx, { renderPackage });
  app.decorate('claimEngine', engine);
  app.addHook('onClose', () => engine.stop());
  ctx.metrics.setBacklogSource(() => engineBacklog(ctx.db, ctx.clock.now()));
  await app.register(claimRoutes(ctx, engine));
  await app.register(insurerAnswerRoutes(ctx, opts.requestIdCopy));
}
