// Requests too broken to reach a route still get our problem details (DESIGN §3), never Fastify's or Node's own
// bodies: a path whose percent-encoding does not decode (`/rest/%E0%A4%A`), a URL longer than any of our calls needs,
// and what Node's HTTP parser refuses before Fastify sees a request (headers too large, malformed HTTP, a timeout).
import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PROBLEM_CONTENT_TYPE } from '@auto-claim/contract';
import { sendProblem } from './problem.js';

/** The longest URL (path and query) we read: our longest GET is far below it; anything longer is refused, 414. */
export const MAX_URL_LENGTH = 4096;

const BAD_URL = { code: 'BAD_URL', detail: '주소를 읽을 수 없어요. 주소가 올바른지 확인해 주세요.' };
const URL_TOO_LONG = { code: 'URL_TOO_LONG', detail: '주소가 너무 길어요. 주소가 올바른지 확인해 주세요.' };

/** Fastify's `frameworkErrors`: what the router refuses before a route is found. */
export function frameworkErrors(error: FastifyError, _req: FastifyRequest, reply: FastifyReply) {
  // No route, so no hooks run for this answer: it says no-store itself.
  reply.header('cache-control', 'no-store');
  if (error.code === 'FST_ERR_BAD_URL') return sendProblem(reply, { status: 400, ...BAD_URL });
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return sendProblem(reply, { status: 414, ...URL_TOO_LONG });
  return sendProblem(reply, {
    status: 500,
    code: 'INTERNAL_ERROR',
    detail: '일시적인 문제가 생겼어요. 잠시 후 다시 시도해 주세요.',
  });
}

/** Before anything else reads the request: a URL longer than MAX_URL_LENGTH is refused. */
export function registerUrlLimit(app: FastifyInstance) {
  app.addHook('onRequest', (req, reply, done) => {
    if (req.url.length > MAX_URL_LENGTH) return sendProblem(reply, { status: 414, ...URL_TOO_LONG });
    done();
  });
}

const RAW: Record<string, { status: number; code: string; detail: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    code: 'HEADERS_TOO_LARGE',
    detail: '요청의 주소나 헤더가 너무 길어요. 주소가 올바른지 확인해 주세요.',
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    code: 'REQUEST_TIMEOUT',
    detail: '요청을 받는 데 시간이 너무 오래 걸렸어요. 다시 시도해 주세요.',
  },
};

/**
 * Fastify's `clientErrorHandler`: Node's HTTP parser refused the bytes (no request exists, so no hook or reply); we
 * answer on the socket with a problem, as Node itself would answer with an empty 400, and close it.
 */
export function clientErrorHandler(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const p = RAW[err.code ?? ''] ?? {
    status: 400,
    code: 'BAD_REQUEST',
    detail: '요청을 읽을 수 없어요. 다시 시도해 주세요.',
  };
  const body = JSON.stringify({ title: http.STATUS_CODES[p.status], ...p });
  this.log.debug({ code: err.code }, 'client error');
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${p.status} ${http.STATUS_CODES[p.status]}\r\n` +
        `Content-Type: ${PROBLEM_CONTENT_TYPE}; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Cache-Control: no-store\r\nConnection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(err);
}
