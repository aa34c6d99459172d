// HTTP of the claim engine: the hospital feed (HOSPITAL_API) and the operator's view and actions (OPERATOR_API).
import type { FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PACKAGE_DOWNLOADS_PER_HOUR, heldRecordsQuery, packageBody } from '@auto-claim/contract/ops';
import {
  HOSPITAL_API,
  HOSPITAL_KEY_HEADER,
  OPERATOR_API,
  claimIdParams,
  claimStatusBody,
  heldRecordsAnswer,
  notificationJobParams,
  feedAnswer,
  feedBody,
  hospitalApiKeyIssued,
  hospitalApiKeyParams,
  hospitalCd,
} from '@auto-claim/contract';
import {
  OPS_HOSPITALS_API,
  feedRejectionsPage,
  feedRejectionsQuery,
  hospitalFeed as hospitalFeedAnswer,
  hospitalKeyRotateBody,
  hospitalKeyRotated,
  opsHospitalKey,
  opsHospitalKeyList,
  opsClaimDetail,
} from '@auto-claim/contract/ops';
import type { AppContext } from '../../context.js';
import { operatorRoute } from '../../http/route-contract.js';
import { pdfAnswer } from '../../http/route-contract.js';
import { AppError, notFound } from '../../http/problem.js';
import { engineBacklog } from './backlog.js';
import type { JobRuntime } from '../../jobs/runtime.js';
import { createClaimEngine, type ClaimEngine } from './engine.js';
import { recordClaimPackage } from './documents.js';
import {
  HOSPITAL_FEED_RATE_LIMIT,
  hospitalKeys,
  ingest,
  issueHospitalKeyBy,
  revokeHospitalKey,
  rotateHospitalKey,
} from './feed.js';
import { hospitalFeed, pageRejections, recordRejections, rejectionsOf } from './rejections.js';
import { hospitalsByCode } from '../reference/index.js';
import { retryDeadLetter, setInsurerAnswer } from './operator.js';
import { claimDetail } from './console.js';
import { opsClaimRoutes } from './ops-routes.js';
import { heldRecords } from './held.js';
import { byOperator, recordOperatorAction } from '../audit/index.js';
import { insurerAnswerRoutes, type IdCopyRequester } from './answers.js';
import { claimsDb } from './tables.js';

export const claimRoutes =
  (ctx: AppContext, engine: ClaimEngine): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      HOSPITAL_API.treatments,
      {
        // The key is checked first (onRequest, before the body is read); then the calls per key are limited.
        config: { auth: 'hospital', rateLimit: HOSPITAL_FEED_RATE_LIMIT, problems: ['HOSPITAL_KEY_FAILURES'] },
        // A refused body is answered as always, after its records' reasons are kept for the console.
        attachValidation: true,
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
        const invalid = req.validationError;
        if (invalid) {
          if (hasZodFastifySchemaValidationErrors(invalid)) {
            const errors = invalid.validation.map((v: { instancePath: string; message?: string }) => ({
              field: v.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body',
              message: v.message ?? '값이 올바르지 않아요.',
            }));
            await recordRejections(ctx, req.hospitalCd!, rejectionsOf(req.body, errors, 'VALIDATION_FAILED'));
          }
          throw invalid;
        }
        const answer = await ingest(ctx, req.hospitalCd!, req.body.records);
        const conflicts = answer.results.filter((r) => r.status === 'conflict');
        await recordRejections(
          ctx,
          req.hospitalCd!,
          conflicts.map((r) => ({
            receiptNo: r.receiptNo,
            code: 'RECEIPT_CONFLICT',
            field: 'receiptNo',
            message: '같은 영수증 번호로 다른 내용이 먼저 와 있어요. 아무것도 바꾸지 않았어요.',
          })),
        );
        if (answer.created > 0) await engine.kick();
        return answer;
      },
    );

    const tags = ['operator'];

    app.get(
      OPERATOR_API.heldRecords,
      {
        config: operatorRoute('operator'),
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

    app.post(
      OPERATOR_API.notificationRetry(':jobId'),
      {
        config: operatorRoute('operator', 'NOTIFICATION_NOT_DEAD'),
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
        await recordOperatorAction(
          ctx.db,
          { ...byOperator(ctx, req), action: 'notification_retried', target: req.params.jobId },
          ctx.clock.now(),
        );
        return reply.code(202).send({ jobId: req.params.jobId });
      },
    );

    app.get(
      OPERATOR_API.claim(':claimId'),
      {
        config: operatorRoute('operator', 'CLAIM_NOT_FOUND'),
        schema: {
          operationId: 'getClaim',
          tags,
          summary: '청구 한 건: 환자(가려서), 상태 이력, 전송 시도, 보험사 답, 문서 해시, 타임라인',
          params: claimIdParams,
          response: { 200: opsClaimDetail },
        },
      },
      (req) => claimDetail(ctx, req.params.claimId),
    );

    app.post(
      OPERATOR_API.claimRetry(':claimId'),
      {
        config: operatorRoute('operator', 'CLAIM_NOT_FOUND', 'CLAIM_NOT_DEAD'),
        schema: {
          operationId: 'retryClaim',
          tags,
          summary: '보내지 못한 청구를 다시 보내기',
          params: claimIdParams,
          response: { 200: opsClaimDetail },
        },
      },
      async (req) => {
        await retryDeadLetter(ctx, req.params.claimId, byOperator(ctx, req));
        await engine.kick();
        return claimDetail(ctx, req.params.claimId);
      },
    );

    app.post(
      OPERATOR_API.claimStatus(':claimId'),
      {
        config: operatorRoute('operator', 'CLAIM_NOT_FOUND', 'CLAIM_STATUS_CONFLICT'),
        schema: {
          operationId: 'setClaimStatus',
          tags,
          summary: '보험사의 답 기록: 접수(accepted), 반려(rejected, 사유), 지급(paid)',
          params: claimIdParams,
          body: claimStatusBody,
          response: { 200: opsClaimDetail },
        },
      },
      async (req) => {
        await setInsurerAnswer(ctx, req.params.claimId, req.body, byOperator(ctx, req));
        return claimDetail(ctx, req.params.claimId);
      },
    );

    // A POST with the reason, as a reveal: a GET had no body for it, and its automatic HEAD ran the handler, writing a
    // release to the patient's log for bytes never sent. POST has no HEAD; the reason never rides in the URL.
    app.post(
      OPERATOR_API.claimPackage(':claimId'),
      {
        config: operatorRoute('operator', 'CLAIM_NOT_FOUND', 'OPERATOR_RELEASE_LIMITED'),
        schema: {
          operationId: 'getClaimPackage',
          tags,
          summary:
            '청구 서류 PDF (청구서, 영수증 내역, 위임장, 동의서, 필요하면 신분증 사본): 이유를 골라 적어야 하고, 운영자 기록과 ' +
            `환자 열람 기록에 남아요. 운영자마다 한 시간에 ${PACKAGE_DOWNLOADS_PER_HOUR}건까지`,
          params: claimIdParams,
          body: packageBody,
          response: { 200: pdfAnswer('청구 서류 PDF (첨부 파일로 내려받아요)') },
        },
      },
      async (req, reply) => {
        const exists = await claimsDb(ctx)
          .selectFrom('claim')
          .select('id')
          .where('id', '=', req.params.claimId)
          .executeTakeFirst();
        if (!exists) throw notFound('청구를 찾을 수 없어요.', 'CLAIM_NOT_FOUND');
        const pdf = await recordClaimPackage(ctx, req.params.claimId, req.body, byOperator(ctx, req));
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
        config: operatorRoute('admin', 'HOSPITAL_NOT_FOUND'),
        schema: {
          operationId: 'listHospitalApiKeys',
          tags,
          summary: '병원 API 키 목록 (마지막 사용 시각, 폐기 여부; 키 자체는 보이지 않아요)',
          params: hospitalParams,
          response: { 200: opsHospitalKeyList },
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
        config: operatorRoute('admin', 'HOSPITAL_NOT_FOUND'),
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
        const issued = await issueHospitalKeyBy(ctx, req.params.hospitalCd, req.body?.label ?? '', req);
        return reply.code(201).send({ hospitalCd: req.params.hospitalCd, ...issued });
      },
    );

    app.post(
      OPERATOR_API.hospitalApiKeyRevoke(':hospitalCd', ':keyId'),
      {
        config: operatorRoute('admin', 'HOSPITAL_NOT_FOUND', 'HOSPITAL_KEY_NOT_FOUND'),
        schema: {
          operationId: 'revokeHospitalApiKey',
          tags,
          summary: '병원 API 키 폐기 (바로 다음 요청부터 거절돼요)',
          params: hospitalParams.extend(hospitalApiKeyParams.shape),
          response: { 200: opsHospitalKey },
        },
      },
      async (req) => {
        await knownHospital(req.params.hospitalCd);
        const key = await revokeHospitalKey(ctx, req.params.hospitalCd, req.params.keyId, req);
        if (!key) throw notFound('이 병원의 API 키 중에 그 번호는 없어요.', 'HOSPITAL_KEY_NOT_FOUND');
        return key;
      },
    );

    app.post(
      OPS_HOSPITALS_API.keyRotate(':hospitalCd', ':keyId'),
      {
        config: operatorRoute('admin', 'HOSPITAL_NOT_FOUND', 'HOSPITAL_KEY_NOT_FOUND', 'HOSPITAL_KEY_NOT_LIVE'),
        schema: {
          operationId: 'rotateHospitalApiKey',
          tags,
          summary: '병원 API 키 교체 (새 키는 이 응답에서 한 번만 보여요; 옛 키는 겹쳐 쓸 시간 뒤에 거절돼요)',
          params: hospitalParams.extend(hospitalApiKeyParams.shape),
          body: hospitalKeyRotateBody,
          response: { 201: hospitalKeyRotated },
        },
      },
      async (req, reply) => {
        await knownHospital(req.params.hospitalCd);
        const rotated = await rotateHospitalKey(ctx, req.params.hospitalCd, req.params.keyId, req.body, req);
        if (!rotated) throw notFound('이 병원의 API 키 중에 그 번호는 없어요.', 'HOSPITAL_KEY_NOT_FOUND');
        return reply.code(201).send({ hospitalCd: req.params.hospitalCd, ...rotated });
      },
    );

    app.get(
      OPS_HOSPITALS_API.feed(':hospitalCd'),
      {
        config: operatorRoute('viewer', 'HOSPITAL_NOT_FOUND'),
        schema: {
          operationId: 'getHospitalFeed',
          tags,
          summary: '병원 기록 수신 현황 (마지막 수신 시각, 오늘 받은 기록, 오늘 거절한 기록)',
          params: hospitalParams,
          response: { 200: hospitalFeedAnswer },
        },
      },
      async (req) => {
        await knownHospital(req.params.hospitalCd);
        return hospitalFeed(claimsDb(ctx), req.params.hospitalCd, ctx.clock.now());
      },
    );

    app.get(
      OPS_HOSPITALS_API.rejections(':hospitalCd'),
      {
        config: operatorRoute('operator', 'HOSPITAL_NOT_FOUND'),
        schema: {
          operationId: 'listFeedRejections',
          tags,
          summary: '거절한 진료 기록과 그 이유 (영수증 번호만, 환자 정보 없이; 90일 보관)',
          params: hospitalParams,
          querystring: feedRejectionsQuery,
          response: { 200: feedRejectionsPage },
        },
      },
      async (req) => {
        await knownHospital(req.params.hospitalCd);
        return pageRejections(claimsDb(ctx), req.params.hospitalCd, req.query);
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
 * The engine on the app (on the app's jobs runtime, which the app stops), its routes, and insurers' answers; `requestIdCopy` is how an insurer's
 * request for the patient's ID copy reaches the patient (the treats module, which reads this one).
 */
export async function registerClaims(
  app: FastifyInstance,
  ctx: AppContext,
  opts: { jobs: JobRuntime; requestIdCopy?: IdCopyRequester },
) {
  const engine = createClaimEngine(ctx, opts.jobs);
  app.decorate('claimEngine', engine);
  ctx.metrics.setBacklogSource(() => engineBacklog(ctx.db, ctx.clock.now()));
  await app.register(claimRoutes(ctx, engine));
  await app.register(opsClaimRoutes(ctx, engine));
  await app.register(insurerAnswerRoutes(ctx, opts.requestIdCopy));
}
