// The built SPA under /ui/insu in history mode: real files first, then index.html for any other /ui/insu GET
// that is not an API call. The operator console is a page of its own (ops.html, its own bundle) at /ops and every
// path below it. Unknown API paths and everything else get a JSON 404.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { APP_ROOT, CONTEXT_PATH } from '@auto-claim/contract';
import { sendProblem } from './problem.js';

/** Below /ui/insu, these prefixes are API (spec §7): never the SPA. */
const API_PREFIXES = [`${CONTEXT_PATH}/v1/`, `${CONTEXT_PATH}/v2/`];

export const isSpaPath = (url: string) =>
  (url === CONTEXT_PATH || url.startsWith(`${CONTEXT_PATH}/`)) && !API_PREFIXES.some((p) => url.startsWith(p));

/** The operator console's pages (README "Operator console"). */
export const OPS_ROOT = '/ops';
export const isOpsPath = (url: string) => url === OPS_ROOT || url.startsWith(`${OPS_ROOT}/`);

export async function registerSpa(app: FastifyInstance, webDist: string) {
  const indexFile = path.join(webDist, 'index.html');
  const built = existsSync(indexFile);
  const indexHtml = built ? readFileSync(indexFile) : undefined;
  const opsFile = path.join(webDist, 'ops.html');
  const opsHtml = existsSync(opsFile) ? readFileSync(opsFile) : undefined;
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: `${CONTEXT_PATH}/`,
      index: false,
      wildcard: true,
      // Hashed assets never change; everything else is checked each time.
      setHeaders(reply, file) {
        reply.header(
          'Cache-Control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.get('/', { schema: { hide: true } }, (_req, reply) => reply.redirect(`${APP_ROOT}/`));

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0]!;
    const page = request.method === 'GET' || request.method === 'HEAD';
    if (page && isOpsPath(pathname)) {
      if (!opsHtml) {
        return sendProblem(reply, {
          status: 503,
          code: 'WEB_NOT_BUILT',
          detail: '운영 콘솔 화면이 아직 준비되지 않았어요. npm run build 뒤에 다시 열어 주세요.',
        });
      }
      return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(opsHtml);
    }
    if (page && isSpaPath(pathname)) {
      if (!indexHtml) {
        return sendProblem(reply, {
          status: 503,
          code: 'WEB_NOT_BUILT',
          detail: '화면이 아직 준비되지 않았어요. 잠시 후 다시 시도해 주세요.',
        });
      }
      return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(indexHtml);
    }
    return sendProblem(reply, { status: 404, code: 'NOT_FOUND', detail: '요청한 주소를 찾을 수 없어요.' });
  });
}
