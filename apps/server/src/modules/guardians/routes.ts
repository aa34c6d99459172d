// The child case (README "Children: a guardian claims for a child"), HTTP only: the guardian's children and the
// relation document she uploads for each (patient session), and the operators' queue of those documents and the
// disputes over whose subscription an insured person is (operator session). The rules are in children.ts (the
// guardian's list), relation.ts (the upload), console.ts (the queue) and disputes.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CHILD_API,
  IMAGE_BODY_LIMIT_BYTES,
  childParams,
  childrenAnswer,
  childrenQuery,
  childSubscription,
  relationDocumentBody,
} from '@auto-claim/contract';
import {
  OPS_CHILD_API,
  disputeResolveBody,
  insuredDispute,
  insuredDisputeParams,
  insuredDisputesPage,
  insuredDisputesQuery,
  relationConfirmBody,
  relationDecisionAnswer,
  relationDocumentDetail,
  relationDocumentParams,
  relationDocumentsPage,
  relationDocumentsQuery,
  relationRefuseBody,
} from '@auto-claim/contract/ops';
import type { AppContext } from '../../context.js';
import type { ErrorCode } from '../../http/errors.js';
import { operatorRoute } from '../../http/route-contract.js';
import { assertOwnCi } from '../../security/session.js';
import { byOperator } from '../audit/index.js';
import { childrenOf } from './children.js';
import {
  confirmRelation,
  openRelationDocument,
  refuseRelation,
  relationDocumentFile,
  relationQueue,
} from './console.js';
import { disputePage, resolveDispute } from './disputes.js';
import { uploadRelationDocument } from './relation.js';

/** A parent uploads a document a few times at most; this only stops floods. */
export const RELATION_UPLOAD_RATE_LIMIT = { max: 20, timeWindow: '10 minutes' };

export const guardianRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['children'];

    app.get(
      CHILD_API.children,
      {
        config: {
          auth: 'patient',
          // A link session of one of her children's messages reads them too (her own children only).
          scope: { link: ['treat', 'idCard', 'statement'], what: '자녀 가입 정보를 보려면' },
          problems: ['CI_MISMATCH'] as ErrorCode[],
        },
        schema: {
          operationId: 'listChildren',
          tags,
          summary: '보호자가 가입한 자녀 목록 (자녀마다 가입, 관계 서류 확인 상태, 만 19세가 되는 날)',
          description:
            '본인인증한 보호자(법정대리인)가 자녀로 가입한 자동청구예요. 가입 중인 자녀가 먼저, 해지된 자녀는 개인정보를 지우기 전까지 보여요.',
          querystring: childrenQuery,
          response: { 200: childrenAnswer },
        },
      },
      async (req) => childrenOf(ctx, assertOwnCi(req, req.query.userCi)),
    );

    app.post(
      CHILD_API.relationDocument(':insuApplyId'),
      {
        bodyLimit: IMAGE_BODY_LIMIT_BYTES,
        config: {
          auth: 'patient',
          scope: { what: '가족관계 서류를 올리려면' },
          rateLimit: RELATION_UPLOAD_RATE_LIMIT,
          problems: [
            'CI_MISMATCH',
            'CHILD_NOT_FOUND',
            'RELATION_ALREADY_CONFIRMED',
            'IMAGE_EMPTY',
            'IMAGE_TOO_LARGE',
            'IMAGE_TYPE',
            'IMAGE_UNREADABLE',
            'IMAGE_TOO_MANY_PIXELS',
            'IMAGE_TOO_SMALL',
          ] as ErrorCode[],
        },
        schema: {
          operationId: 'uploadRelationDocument',
          tags,
          summary: '자녀의 가족관계증명서·주민등록등본 올리기 (사진 또는 PDF, 3개월 안에 발급)',
          description:
            '운영자가 확인할 때까지 이 자녀의 진료 기록은 보류하고 청구하지 않아요. 반려되면 사유를 보고 다시 올릴 수 있어요. 파일은 암호화해 보관해요.',
          params: childParams,
          body: relationDocumentBody,
          response: { 200: childSubscription },
        },
      },
      async (req) => {
        const guardian = assertOwnCi(req, req.body.userCi);
        return uploadRelationDocument(ctx, guardian, req.params.insuApplyId, req.body);
      },
    );

    const opsTags = ['operator'];
    app.get(
      OPS_CHILD_API.relationDocuments,
      {
        config: operatorRoute('operator'),
        schema: {
          operationId: 'listRelationDocuments',
          tags: opsTags,
          summary: '확인할 가족관계 서류 (자녀 자동청구; 오래 기다린 것부터, 이름은 가려서)',
          querystring: relationDocumentsQuery,
          response: { 200: relationDocumentsPage },
        },
      },
      async (req) => relationQueue(ctx, req.query),
    );

    app.get(
      OPS_CHILD_API.relationDocument(':docId'),
      {
        config: operatorRoute('operator', 'RELATION_DOCUMENT_NOT_FOUND', 'OPERATOR_RELEASE_LIMITED'),
        schema: {
          operationId: 'getRelationDocument',
          tags: opsTags,
          summary:
            '가족관계 서류 하나: 보호자가 입력한 이름을 가리지 않고 (열어 본 것은 기록하고, 보호자의 열람 기록에 남아요)',
          params: relationDocumentParams,
          response: { 200: relationDocumentDetail },
        },
      },
      async (req) => openRelationDocument(ctx, req.params.docId, byOperator(ctx, req)),
    );

    app.get(
      OPS_CHILD_API.relationDocumentFile(':docId'),
      {
        config: operatorRoute('operator', 'RELATION_DOCUMENT_NOT_FOUND', 'OPERATOR_RELEASE_LIMITED'),
        schema: {
          operationId: 'getRelationDocumentFile',
          tags: opsTags,
          summary: '가족관계 서류 파일 (JPEG, PNG 또는 PDF)',
          params: relationDocumentParams,
          response: {
            200: {
              description: '올린 서류 그대로 (사진은 다시 인코딩해 EXIF 없이)',
              content: Object.fromEntries(
                ['image/jpeg', 'image/png', 'application/pdf'].map((t) => [
                  t,
                  { schema: z.string().meta({ format: 'binary' }) as unknown as z.ZodType<Buffer> },
                ]),
              ),
            },
          },
        },
      },
      async (req, reply) => {
        const file = await relationDocumentFile(ctx, req.params.docId, byOperator(ctx, req));
        return (
          reply
            .type(file.contentType)
            .header('content-disposition', `inline; filename="relation-${req.params.docId}.${file.extension}"`)
            .header('cache-control', 'no-store')
            // An uploaded PDF may carry scripts or links: shown, never run, and never a page of our origin.
            .header('content-security-policy', "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'")
            .send(file.bytes)
        );
      },
    );

    app.post(
      OPS_CHILD_API.relationDocumentConfirm(':docId'),
      {
        config: operatorRoute('operator', 'RELATION_DOCUMENT_NOT_FOUND', 'RELATION_DOCUMENT_DECIDED'),
        schema: {
          operationId: 'confirmRelationDocument',
          tags: opsTags,
          summary: '가족관계 확인 (보류된 자녀의 진료 기록을 다시 맞춰 청구해요; 이미 처리된 서류는 409)',
          params: relationDocumentParams,
          body: relationConfirmBody,
          response: { 200: relationDecisionAnswer },
        },
      },
      async (req) => {
        const answer = await confirmRelation(ctx, req.params.docId, req.body, byOperator(ctx, req));
        await req.server.claimEngine?.kick();
        return answer;
      },
    );

    app.post(
      OPS_CHILD_API.relationDocumentRefuse(':docId'),
      {
        config: operatorRoute('operator', 'RELATION_DOCUMENT_NOT_FOUND', 'RELATION_DOCUMENT_DECIDED'),
        schema: {
          operationId: 'refuseRelationDocument',
          tags: opsTags,
          summary: '가족관계 서류 반려 (사유는 보호자에게 보내요; 보호자는 다시 올릴 수 있어요)',
          params: relationDocumentParams,
          body: relationRefuseBody,
          response: { 200: relationDecisionAnswer },
        },
      },
      async (req) => refuseRelation(ctx, req.params.docId, req.body, byOperator(ctx, req)),
    );

    app.get(
      OPS_CHILD_API.insuredDisputes,
      {
        config: operatorRoute('operator'),
        schema: {
          operationId: 'listInsuredDisputes',
          tags: opsTags,
          summary: '한 사람을 두 번 가입하려 한 경우 (다른 보호자, 또는 보호자와 본인)',
          querystring: insuredDisputesQuery,
          response: { 200: insuredDisputesPage },
        },
      },
      async (req) => disputePage(ctx, req.query),
    );

    app.post(
      OPS_CHILD_API.insuredDisputeResolve(':disputeId'),
      {
        config: operatorRoute('operator', 'DISPUTE_NOT_FOUND', 'DISPUTE_RESOLVED'),
        schema: {
          operationId: 'resolveInsuredDispute',
          tags: opsTags,
          summary: '어느 가입을 유지할지 정하기 (claimant: 지금 가입을 끝내고 신청한 분이 가입할 수 있게 알려요)',
          params: insuredDisputeParams,
          body: disputeResolveBody,
          response: { 200: insuredDispute },
        },
      },
      async (req) => resolveDispute(ctx, req.params.disputeId, req.body, byOperator(ctx, req)),
    );
  };
