// The console's calls about claims (README "Operator console"): search, reveal a patient with a reason, and the dead
// letters (list, retry many, close with a note). All need the operator role: a viewer sees no personal data.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  OPS_CLAIMS_API,
  bulkAnswer,
  bulkHandledBody,
  bulkRetryBody,
  deadLettersPage,
  deadLettersQuery,
  opsClaimsAnswer,
  opsClaimsQuery,
  jobBulkAnswer,
  notificationDeadLettersPage,
  notificationDeadLettersQuery,
  notificationsHandledBody,
  notificationsRetryBody,
  offsetOf,
  revealAnswer,
  revealBody,
} from '@auto-claim/contract/ops';
import { OPERATOR_API, claimIdParams } from '@auto-claim/contract';
import type { AppContext } from '../../context.js';
import { operatorRoute } from '../../http/route-contract.js';
import { byOperator } from '../audit/index.js';
import {
  deadLetterPage,
  markHandled,
  markNotificationsHandled,
  retryMany,
  retryNotifications,
  revealPatient,
  searchClaims,
} from './console.js';
import type { ClaimEngine } from './engine.js';

export const opsClaimRoutes =
  (ctx: AppContext, engine: ClaimEngine): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['operator'];

    app.get(
      OPS_CLAIMS_API.claims,
      {
        config: operatorRoute('operator'),
        schema: {
          operationId: 'searchClaims',
          tags,
          summary: '청구 검색 (병원, 보험사, 진료일 또는 청구일, 상태, 청구 번호; 환자는 가려서 보여요)',
          querystring: opsClaimsQuery,
          response: { 200: opsClaimsAnswer },
        },
      },
      (req) => searchClaims(ctx, req.query),
    );

    app.post(
      OPS_CLAIMS_API.claimReveal(':claimId'),
      {
        config: operatorRoute('operator', 'CLAIM_NOT_FOUND'),
        schema: {
          operationId: 'revealClaimPatient',
          tags,
          summary:
            '청구 환자의 이름·휴대폰 번호·생년월일 확인 (이유를 적어야 하고, 운영자 기록과 환자 열람 기록에 남아요)',
          params: claimIdParams,
          body: revealBody,
          response: { 200: revealAnswer },
        },
      },
      (req) => revealPatient(ctx, req.params.claimId, req.body, byOperator(ctx, req)),
    );

    app.get(
      OPERATOR_API.deadLetters,
      {
        config: operatorRoute('operator'),
        schema: {
          operationId: 'listDeadLetters',
          tags,
          summary: '보내지 못한 청구 (dead letters): 처리할 것, 처리 완료한 것(handled=true)',
          querystring: deadLettersQuery,
          response: { 200: deadLettersPage },
        },
      },
      (req) => deadLetterPage(ctx, req.query),
    );

    app.post(
      OPS_CLAIMS_API.deadLettersRetry,
      {
        config: operatorRoute('operator'),
        schema: {
          operationId: 'retryDeadLetters',
          tags,
          summary: '보내지 못한 청구 여러 건을 다시 보내기 (건마다 결과를 답해요)',
          body: bulkRetryBody,
          response: { 200: bulkAnswer },
        },
      },
      async (req) => {
        const answer = await retryMany(ctx, req.body.claimIds, byOperator(ctx, req));
        if (answer.results.some((r) => r.ok)) await engine.kick();
        return answer;
      },
    );

    app.post(
      OPS_CLAIMS_API.deadLettersHandled,
      {
        config: operatorRoute('operator'),
        schema: {
          operationId: 'markDeadLettersHandled',
          tags,
          summary: '보내지 못한 청구를 처리 완료로 표시 (메모와 함께; 목록에서 빠지고 handled=true로 찾을 수 있어요)',
          body: bulkHandledBody,
          response: { 200: bulkAnswer },
        },
      },
      (req) => markHandled(ctx, req.body.claimIds, req.body.note, byOperator(ctx, req)),
    );

    app.get(
      OPERATOR_API.notificationDeadLetters,
      {
        config: operatorRoute('operator'),
        schema: {
          operationId: 'listNotificationDeadLetters',
          tags,
          summary: '끝내 보내지 못한 알림톡/문자 (dead letters): 처리할 것, 처리 완료한 것(handled=true)',
          querystring: notificationDeadLettersQuery,
          response: { 200: notificationDeadLettersPage },
        },
      },
      (req) =>
        engine.failedNotifications({ handled: req.query.handled, limit: req.query.size, offset: offsetOf(req.query) }),
    );

    app.post(
      OPS_CLAIMS_API.notificationsRetry,
      {
        config: operatorRoute('operator'),
        schema: {
          operationId: 'retryNotifications',
          tags,
          summary: '보내지 못한 알림톡/문자 여러 건을 다시 보내기 (건마다 결과를 답해요)',
          body: notificationsRetryBody,
          response: { 200: jobBulkAnswer },
        },
      },
      (req) => retryNotifications(ctx, engine, req.body.jobIds, byOperator(ctx, req)),
    );

    app.post(
      OPS_CLAIMS_API.notificationsHandled,
      {
        config: operatorRoute('operator'),
        schema: {
          operationId: 'markNotificationsHandled',
          tags,
          summary: '보내지 못한 알림톡/문자를 처리 완료로 표시 (메모와 함께)',
          body: notificationsHandledBody,
          response: { 200: jobBulkAnswer },
        },
      },
      (req) => markNotificationsHandled(ctx, engine, req.body.jobIds, req.body.note, byOperator(ctx, req)),
    );
  };
