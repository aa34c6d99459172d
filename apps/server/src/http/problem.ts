// One error shape for every answer: RFC 9457 problem details (DESIGN §3). 5xx never leak details.
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { PROBLEM_CONTENT_TYPE, type Problem } from '@auto-claim/contract';
import { CursorRefused } from '../db/page.js';
import { AppError, type ErrorCode } from './errors.js';
import { cursorRefused } from './signed-cursor.js';

// AppError lives in the catalogue (errors.ts), a leaf that providers and security/ can import without Fastify.
export { AppError };

export const notFound = (
  detail: string,
  code: Extract<ErrorCode, `${string}NOT_FOUND` | 'NOT_SUBSCRIBED'> = 'NOT_FOUND',
) => new AppError(code, detail);

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Content Too Large',
  410: 'Gone',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  423: 'Locked',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export function sendProblem(reply: FastifyReply, p: Omit<Problem, 'title'> & { title?: string }) {
  const body: Problem = { title: TITLES[p.status] ?? 'Error', ...p };
  return reply.code(p.status).type(PROBLEM_CONTENT_TYPE).send(body);
}

/** Korean detail for the client errors Fastify itself raises. */
const FASTIFY_CODES: Record<string, { code: string; detail: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: {
    code: 'BODY_TOO_LARGE',
    detail: '보낸 내용이 너무 커요. 크기를 줄여 다시 시도해 주세요.',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'UNSUPPORTED_MEDIA_TYPE', detail: 'JSON 형식으로 보내 주세요.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'EMPTY_BODY', detail: '보낸 내용이 비어 있어요.' },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'INVALID_JSON', detail: '보낸 내용을 읽을 수 없어요. 형식을 확인해 주세요.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'INVALID_CONTENT_LENGTH', detail: '보낸 내용의 길이가 맞지 않아요.' },
};

export function registerProblemHandlers(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return sendProblem(reply, { status: error.status, code: error.code, detail: error.detail, errors: error.errors });
    }
    if (error instanceof CursorRefused) {
      const refused = cursorRefused();
      return sendProblem(reply, { status: 400, code: refused.code, detail: refused.detail, errors: refused.errors });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A field is named by its path in the body/query/params; an error on the whole object by where it was.
      const where = String(error.validationContext ?? 'body');
      const errors = error.validation.map((v) => ({
        field: v.instancePath.replace(/^\//, '').replaceAll('/', '.') || where,
        message: v.message ?? '값이 올바르지 않아요.',
      }));
      return sendProblem(reply, {
        status: 400,
        code: 'VALIDATION_FAILED',
        detail: errors.length === 1 ? errors[0]!.message : '입력한 내용을 확인해 주세요.',
        errors,
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const known = FASTIFY_CODES[error.code];
      if (status === 429) {
        return sendProblem(reply, {
          status,
          code: 'RATE_LIMITED',
          detail: '요청이 너무 많아요. 잠시 후 다시 시도해 주세요.',
        });
      }
      return sendProblem(reply, {
        status,
        code: known?.code ?? 'BAD_REQUEST',
        detail: known?.detail ?? '요청을 처리할 수 없어요. 입력한 내용을 확인해 주세요.',
      });
    }
    // Our fault: log the error (never the body), answer without details.
    request.log.error({ err: error }, 'request failed');
    return sendProblem(reply, {
      status: 500,
      code: 'INTERNAL_ERROR',
      detail: '일시적인 문제가 생겼어요. 잠시 후 다시 시도해 주세요.',
    });
  });
}
