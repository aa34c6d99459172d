// The console's calls about claims (README "Operator console"): search, one claim and what may be done to it (send
// again, an insurer's answer, its PDF package with a reason), reveal a patient with a reason, the held records, and the
// dead letters of claims and of 알림톡 (list, retry one or many, close with a note). All need the operator role: a
// viewer sees no personal data. Handlers parse, authorise, call this folder's functions and answer.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  OPS_CLAIMS_API,
  OPERATOR_RELEASES_PER_HOUR,
  heldRecordsQuery,
  opsClaimDetail,
  packageBody,
  bulkAnswer,
  bulkHandledBody,
  bulkRetryBody,
  deadLettersPage,
  deadLettersQuery,
  opsClaimsAnswer,
  opsClaimsQuery,
  opsClaimsSearchBody,
  jobBulkAnswer,
  notificationDeadLettersPage,
  notificationDeadLettersQuery,
  notificationsHandledBody,
  notificationsRetryBody,
  offsetOf,
  revealAnswer,
  revealBody,
  OPS_HELD_API,
  claimNoteBody,
  heldDecisionAnswer,
  heldDecisionBody,
  heldRecordParams,
  heldRecordDetail as heldRecordDetailAnswer,
  heldRecordsSearchBody,
  OPS_SUBSCRIBER_API,
  subscriberClaimsPage,
  subscriberClaimsQuery,
  subscriberDetail as subscriberDetailAnswer,
  subscriberParams,
} from '@auto-claim/contract/ops';
import {
  OPERATOR_API,
  claimIdParams,
  claimStatusBody,
  heldRecordsAnswer,
  notificationJobParams,
} from '@auto-claim/contract';
import type { AppContext } from '../../../context.js';
import { AppError } from '../../../http/problem.js';
import { operatorRoute, pdfAnswer } from '../../../http/route-contract.js';
import { byOperator } from '../../audit/index.js';
import type { ClaimEngine } from '../engine.js';
import type { AnswerPorts } from '../answers.js';
import { addClaimNote, retryDeadLetter, setInsurerAnswer } from './actions.js';
import { claimDetail } from './claim-detail.js';
import { searchClaims, searchClaimsByPerson } from './claim-list.js';
import {
  deadLetterPage,
  markHandled,
  markNotificationsHandled,
  retryMany,
  retryNotification,
  retryNotifications,
} from './dead-letters.js';
import { revealPatient } from './reveal.js';
import { claimExportRoutes } from './export-routes.js';
import { heldRecordDetail, heldRecords, releaseHeldRecord, searchHeldRecords, setAsideHeldRecord } from './held.js';
import { hospitalConsoleRoutes } from './hospital-routes.js';
import { recordClaimPackage } from './package.js';
import { subscriberClaims, subscriberDetail } from './subscriber.js';

/** One claim (its detail, sending it again, an insurer's answer, its PDF package), the held records, one 알림톡 again. */
const oneClaimRoutes =
  (ctx: AppContext, engine: ClaimEngine, ports: AnswerPorts): FastifyPluginAsyncZod =>
  async (app) => {
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

    // A POST: the caller's name, phone or birth date ride in the body, never in a URL (nor the server's request log).
    app.post(
      OPS_HELD_API.search,
      {
        config: operatorRoute('operator', 'OPERATOR_SEARCH_LIMITED'),
        schema: {
          operationId: 'searchHeldRecordsByPerson',
          tags,
          summary:
            '전화한 분이 말하는 것으로 확인이 필요한 기록 찾기 (병원 기록상 이름·생년월일, 영수증 번호, 가입자 휴대폰 번호를 하나 이상)',
          description:
            '값은 저장하지 않고 키를 건 해시로만 비교해요. 검색은 운영자 기록(무엇으로 찾았는지, 값은 빼고)과 찾은 환자의 열람 기록에 남아요.',
          body: heldRecordsSearchBody,
          response: { 200: heldRecordsAnswer },
        },
      },
      (req) => searchHeldRecords(ctx, req.body, byOperator(ctx, req)),
    );

    app.get(
      OPS_HELD_API.detail(':recordId'),
      {
        config: operatorRoute('operator', 'RECORD_NOT_FOUND', 'RECORD_NOT_HELD'),
        schema: {
          operationId: 'getHeldRecord',
          tags,
          summary:
            '보류된 기록과 가입자의 이름·생년월일을 나란히 (다른 항목 표시; 운영자 기록과 환자 열람 기록에 남아요)',
          params: heldRecordParams,
          response: { 200: heldRecordDetailAnswer },
        },
      },
      (req) => heldRecordDetail(ctx, req.params.recordId, byOperator(ctx, req)),
    );

    app.post(
      OPS_HELD_API.release(':recordId'),
      {
        config: operatorRoute('operator', 'RECORD_NOT_FOUND', 'RECORD_NOT_HELD'),
        schema: {
          operationId: 'releaseHeldRecord',
          tags,
          summary:
            '보류된 기록을 가입자에게 연결 (이유를 적어야 해요; 그다음 평소처럼 청구해요. 이미 처리된 기록은 409 RECORD_NOT_HELD)',
          params: heldRecordParams,
          body: heldDecisionBody,
          response: { 200: heldDecisionAnswer },
        },
      },
      async (req) => {
        const answer = await releaseHeldRecord(ctx, req.params.recordId, req.body, byOperator(ctx, req));
        await engine.kick();
        return answer;
      },
    );

    app.post(
      OPS_HELD_API.setAside(':recordId'),
      {
        config: operatorRoute('operator', 'RECORD_NOT_FOUND', 'RECORD_NOT_HELD'),
        schema: {
          operationId: 'setAsideHeldRecord',
          tags,
          summary: '보류된 기록을 청구하지 않기로 (이유를 적어야 해요; 병원은 피드 답에서 set_aside로 봐요)',
          params: heldRecordParams,
          body: heldDecisionBody,
          response: { 200: heldDecisionAnswer },
        },
      },
      (req) => setAsideHeldRecord(ctx, req.params.recordId, req.body, byOperator(ctx, req)),
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
        if (!(await retryNotification(ctx, engine, req.params.jobId, byOperator(ctx, req)))) {
          throw new AppError('NOTIFICATION_NOT_DEAD', '끝내 보내지 못한 알림만 다시 보낼 수 있어요.');
        }
        return reply.code(202).send({ jobId: req.params.jobId });
      },
    );

    app.get(
      OPS_SUBSCRIBER_API.subscriber(':insuApplyId'),
      {
        config: operatorRoute('operator', 'SUBSCRIBER_NOT_FOUND'),
        schema: {
          operationId: 'getSubscriber',
          tags,
          summary: '가입자 한 명: 가입, 자녀(보호자일 때), 청구(최근 순), 운영자 메모, 열람 기록 (모두 가려서)',
          description:
            '이 화면을 연 일은 운영자 기록과 가입자의 열람 기록에 남아요. 가리지 않은 정보는 청구에서 이유를 적고 확인해요.',
          params: subscriberParams,
          response: { 200: subscriberDetailAnswer },
        },
      },
      (req) => subscriberDetail(ctx, req.params.insuApplyId, byOperator(ctx, req)),
    );

    app.get(
      OPS_SUBSCRIBER_API.claims(':insuApplyId'),
      {
        config: operatorRoute('operator', 'SUBSCRIBER_NOT_FOUND'),
        schema: {
          operationId: 'listSubscriberClaims',
          tags,
          summary: '가입자 한 명의 청구 (최근 순, 다음 쪽)',
          params: subscriberParams,
          querystring: subscriberClaimsQuery,
          response: { 200: subscriberClaimsPage },
        },
      },
      (req) => subscriberClaims(ctx, req.params.insuApplyId, req.query),
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
        config: operatorRoute('operator', 'CLAIM_NOT_FOUND', 'CLAIM_STATUS_CONFLICT', 'CLAIM_NOT_SENT'),
        schema: {
          operationId: 'setClaimStatus',
          tags,
          summary:
            '보험사의 답 기록: 접수(accepted), 반려(rejected, 사유), 지급(paid), 서류 요청(documents_requested, 서류: 병원이 발급하는 서류는 병원에 요청)',
          params: claimIdParams,
          body: claimStatusBody,
          response: { 200: opsClaimDetail },
        },
      },
      async (req) => {
        await setInsurerAnswer(ctx, req.params.claimId, req.body, byOperator(ctx, req), ports);
        return claimDetail(ctx, req.params.claimId);
      },
    );

    app.post(
      OPS_CLAIMS_API.claimNotes(':claimId'),
      {
        config: operatorRoute('operator', 'CLAIM_NOT_FOUND'),
        schema: {
          operationId: 'addClaimNote',
          tags,
          summary: '청구에 메모 남기기 (누가 언제 남겼는지와 함께 타임라인에 보여요; 고치거나 지울 수 없어요)',
          params: claimIdParams,
          body: claimNoteBody,
          response: { 200: opsClaimDetail },
        },
      },
      async (req) => {
        await addClaimNote(ctx, req.params.claimId, req.body.note, byOperator(ctx, req));
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
            `환자 열람 기록에 남아요. 운영자마다 환자 정보 확인·서류 열람·내려받기를 합쳐 한 시간에 ${OPERATOR_RELEASES_PER_HOUR}건까지`,
          params: claimIdParams,
          body: packageBody,
          response: { 200: pdfAnswer('청구 서류 PDF (첨부 파일로 내려받아요)') },
        },
      },
      async (req, reply) => {
        const pdf = await recordClaimPackage(ctx, req.params.claimId, req.body, byOperator(ctx, req));
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="claim-${req.params.claimId}.pdf"`)
          .header('cache-control', 'no-store')
          .send(Buffer.from(pdf));
      },
    );
  };

/** The claim search, a patient revealed, and the dead letters of claims and of 알림톡. */
const claimListRoutes =
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

    // A POST: the caller's name, phone or birth date ride in the body, never in a URL (nor the server's request log).
    app.post(
      OPS_CLAIMS_API.claimsSearch,
      {
        config: operatorRoute('operator', 'OPERATOR_SEARCH_LIMITED'),
        schema: {
          operationId: 'searchClaimsByPerson',
          tags,
          summary:
            '전화한 분이 말하는 것으로 청구 찾기 (이름, 휴대폰 번호, 생년월일, 영수증 번호, 청구 번호를 하나 이상; 환자는 가려서 보여요)',
          description:
            '값은 저장하지 않고 키를 건 해시로만 비교해요. 사람을 찾는 검색은 운영자 기록(무엇으로 찾았는지, 값은 빼고)과 ' +
            '찾은 환자의 열람 기록에 남아요.',
          body: opsClaimsSearchBody,
          response: { 200: opsClaimsAnswer },
        },
      },
      (req) => searchClaimsByPerson(ctx, req.body, byOperator(ctx, req)),
    );

    app.post(
      OPS_CLAIMS_API.claimReveal(':claimId'),
      {
        config: operatorRoute('operator', 'CLAIM_NOT_FOUND', 'OPERATOR_RELEASE_LIMITED'),
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
        engine.failedNotifications({
          handled: req.query.handled,
          order: req.query.order,
          limit: req.query.size,
          offset: offsetOf(req.query),
        }),
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

/** Every console route of the claim engine. */
export const claimConsoleRoutes =
  (ctx: AppContext, engine: ClaimEngine, ports: AnswerPorts = {}): FastifyPluginAsyncZod =>
  async (app) => {
    // In this order: the API document lists the paths as they were registered (and the hospital client is made from it).
    await app.register(oneClaimRoutes(ctx, engine, ports));
    await app.register(hospitalConsoleRoutes(ctx));
    await app.register(claimListRoutes(ctx, engine));
    await app.register(claimExportRoutes(ctx));
  };
