// Document requests' calls (README "Documents an insurer asks for"): the hospital's EMR under its key (the
// hospitals' API document and client: its open requests, by key; its answer with a PDF), the hospital user's screen
// (role `hospital`, her hospital only, read from her account at every call) and the operators' list (viewer and up).
// Another hospital's request is not found, whichever way it is asked.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  HOSPITAL_API,
  HOSPITAL_KEY_HEADER,
  IMAGE_BODY_LIMIT_BYTES,
  documentAnswer,
  documentAnswerBody,
  documentRequestId,
  documentRequestsQuery,
  hospitalDocumentRequestPage,
} from '@auto-claim/contract';
import {
  DOCUMENT_REQUEST_API,
  consoleDocumentRequestQuery,
  documentRequestListQuery,
  documentRequestPage,
} from '@auto-claim/contract/ops';
import type { AppContext } from '../../context.js';
import { operatorRoute } from '../../http/route-contract.js';
import { HOSPITAL_FEED_RATE_LIMIT } from '../claims/index.js';
import { answerRequest } from './answer.js';
import { openRequestsOf, requestPage } from './requests.js';

/** Her hospital: set by the session's check for a hospital account, and only for one. */
const hers = (req: FastifyRequest) => {
  if (!req.consoleHospitalCd) throw new Error('a hospital call without a hospital account');
  return req.consoleHospitalCd;
};

const ANSWER_DESCRIPTION =
  `요청한 서류를 PDF 한 개로 보내요: \`pdf\`에 data:application/pdf;base64,… (최대 2MB, 30쪽). 파일의 앞부분이 PDF가 ` +
  '아니거나, 스크립트·첨부 파일이 있거나, 열 수 없으면 400으로 pdf 항목을 짚어 답하고 아무것도 남기지 않아요. ' +
  '받은 서류는 암호화해 보관하고 곧바로 그 보험사에 보내요. 이미 답한 요청은 409예요.';

export const docrequestRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      HOSPITAL_API.documentRequests,
      {
        config: { auth: 'hospital', rateLimit: HOSPITAL_FEED_RATE_LIMIT, problems: ['HOSPITAL_KEY_FAILURES'] },
        schema: {
          operationId: 'listDocumentRequests',
          tags: ['hospital'],
          summary: '보험사가 요청한 서류 중 아직 보내지 않은 것 (오래된 순; 다음 쪽은 after로)',
          description:
            `병원 API 키(\`${HOSPITAL_KEY_HEADER}\`)의 병원에 온 요청만 보여요. 영수증 번호와 진료일로 EMR에서 ` +
            '환자를 찾아 서류를 만들어 보내 주세요. 서류를 보낸 요청은 목록에서 빠져요.',
          querystring: documentRequestsQuery,
          response: { 200: hospitalDocumentRequestPage },
        },
      },
      async (req) => openRequestsOf(ctx.db, req.hospitalCd!, req.query),
    );

    app.post(
      HOSPITAL_API.documentRequestDocument(':requestId'),
      {
        bodyLimit: IMAGE_BODY_LIMIT_BYTES,
        config: {
          auth: 'hospital',
          rateLimit: HOSPITAL_FEED_RATE_LIMIT,
          problems: ['HOSPITAL_KEY_FAILURES', 'DOCUMENT_REQUEST_NOT_FOUND', 'DOCUMENT_REQUEST_ANSWERED'],
        },
        schema: {
          operationId: 'answerDocumentRequest',
          tags: ['hospital'],
          summary: '요청한 서류를 PDF로 보내기',
          description: ANSWER_DESCRIPTION,
          params: documentRequestId,
          body: documentAnswerBody,
          response: { 200: documentAnswer },
        },
      },
      async (req) =>
        answerRequest(
          ctx,
          req.hospitalCd!,
          req.params.requestId,
          req.body.pdf,
          `key:${req.hospitalKeyId ?? 'sandbox'}`,
        ),
    );

    app.get(
      DOCUMENT_REQUEST_API.portal,
      {
        config: operatorRoute('hospital'),
        schema: {
          operationId: 'hospitalDocumentRequests',
          tags: ['hospital-user'],
          summary: '보험사가 우리 병원에 요청한 서류 (답할 것, 답한 것; 환자 이름은 가려서)',
          querystring: documentRequestListQuery,
          response: { 200: documentRequestPage },
        },
      },
      async (req) => requestPage(ctx, { ...req.query, hospitalCd: hers(req) }),
    );

    app.post(
      DOCUMENT_REQUEST_API.portalDocument(':requestId'),
      {
        bodyLimit: IMAGE_BODY_LIMIT_BYTES,
        config: operatorRoute('hospital', 'DOCUMENT_REQUEST_NOT_FOUND', 'DOCUMENT_REQUEST_ANSWERED'),
        schema: {
          operationId: 'hospitalAnswerDocumentRequest',
          tags: ['hospital-user'],
          summary: '요청한 서류 PDF 올리기',
          description: ANSWER_DESCRIPTION,
          params: documentRequestId,
          body: documentAnswerBody,
          response: { 200: documentAnswer },
        },
      },
      async (req) => answerRequest(ctx, hers(req), req.params.requestId, req.body.pdf, `user:${req.operatorId ?? ''}`),
    );

    app.get(
      DOCUMENT_REQUEST_API.console,
      {
        config: operatorRoute('viewer'),
        schema: {
          operationId: 'consoleDocumentRequests',
          tags: ['operator'],
          summary: '병원에 요청한 서류: 답을 기다리는 것(오래된 순, 며칠째인지) 또는 답한 것',
          querystring: consoleDocumentRequestQuery,
          response: { 200: documentRequestPage },
        },
      },
      async (req) => requestPage(ctx, req.query),
    );
  };
