// The built SPA under /ui/insu in history mode: real files first, then index.html for any other /ui/insu GET
// that is not an API call. The operator console is a page of its own (ops.html, its own bundle) at /ops and every
// path below it. Unknown API paths and everything else get a JSON 404, and so does a file that is not there (an old
// page asking for an asset of a previous build must not get HTML to run as script).
// Files go compressed as the browser accepts: the build wrote .br and .gz copies (apps/web/vite-compress.ts) and
// @fastify/static picks one; the two HTML pages are compressed here once, at start, and a landing's page once per
// hospital and version of its data (landing-data.ts).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { APP_ROOT, CONTEXT_PATH, requestLang } from '@auto-claim/contract';
import { acceptedEncoding } from './accept-encoding.js';
import { sendProblem } from './problem.js';
import { landingPages, type HospitalOf } from './landing-data.js';
import { pageOf, type Page } from './page.js';
import { DOCUMENT_ONLY_HEADERS, isSubresourceFile } from './security.js';

/** Below /ui/insu, these prefixes are API (spec §7): never the SPA. */
const API_PREFIXES = [`${CONTEXT_PATH}/v1/`, `${CONTEXT_PATH}/v2/`];

export const isSpaPath = (url: string) =>
  (url === CONTEXT_PATH || url.startsWith(`${CONTEXT_PATH}/`)) && !API_PREFIXES.some((p) => url.startsWith(p));

/** The operator console's pages (README "Operator console"). */
export const OPS_ROOT = '/ops';
export const isOpsPath = (url: string) => url === OPS_ROOT || url.startsWith(`${OPS_ROOT}/`);

/** Where the builds put their hashed files (both builds use the base /ui/insu/; /ops/assets/ for safety). */
const ASSET_DIRS = [`${CONTEXT_PATH}/assets/`, `${OPS_ROOT}/assets/`];
/** Extensions of files a page loads: such a path is a file, never a screen of spec §2. */
const ASSET_EXTENSION =
  /\.(?:js|mjs|cjs|css|map|json|txt|xml|webmanifest|ico|png|jpe?g|gif|webp|avif|svg|woff2?|ttf|otf|eot|wasm|br|gz)$/i;

/** A request for a file (an asset directory or a file's extension): a miss is 404, never a page. */
export const isAssetPath = (pathname: string) =>
  ASSET_DIRS.some((d) => pathname.startsWith(d)) || ASSET_EXTENSION.test(pathname);

const pageIn = (file: string) => (existsSync(file) ? pageOf(readFileSync(file)) : undefined);

function sendPage(req: FastifyRequest, reply: FastifyReply, page: Page, vary = 'accept-encoding') {
  const encoding = acceptedEncoding(req.headers['accept-encoding']);
  reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').header('Vary', vary);
  if (!encoding) return reply.send(page.raw);
  return reply.header('Content-Encoding', encoding).send(page[encoding]);
}

export async function registerSpa(app: FastifyInstance, webDist: string, hospitalOf?: HospitalOf) {
  const indexHtml = pageIn(path.join(webDist, 'index.html'));
  const built = indexHtml !== undefined;
  const opsHtml = pageIn(path.join(webDist, 'ops.html'));
  const landingPage = hospitalOf && indexHtml ? landingPages(hospitalOf, webDist, indexHtml.raw) : undefined;
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: `${CONTEXT_PATH}/`,
      index: false,
      wildcard: true,
      // The build's .br/.gz copies, as Accept-Encoding allows (Content-Encoding and Vary: accept-encoding set).
      preCompressed: true,
      // Hashed assets never change; everything else is checked each time, by its ETag (Last-Modified adds nothing).
      lastModified: false,
      setHeaders(reply, file) {
        reply.header(
          'Cache-Control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        // A first screen loads fourteen of these: a page's kilobyte of headers on each was 7 % of its script bytes.
        if (isSubresourceFile(file)) for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
      },
    });
  }
  app.get('/', { schema: { hide: true } }, (_req, reply) => reply.redirect(`${APP_ROOT}/`));

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0]!;
    const page = request.method === 'GET' || request.method === 'HEAD';
    if (page && isAssetPath(pathname) && (isOpsPath(pathname) || isSpaPath(pathname))) {
      return sendProblem(reply, { status: 404, code: 'NOT_FOUND', detail: '요청한 파일을 찾을 수 없어요.' });
    }
    if (page && isOpsPath(pathname)) {
      if (!opsHtml) {
        return sendProblem(reply, {
          status: 503,
          code: 'WEB_NOT_BUILT',
          detail: '운영 콘솔 화면이 아직 준비되지 않았어요. npm run build 뒤에 다시 열어 주세요.',
        });
      }
      return sendPage(request, reply, opsHtml);
    }
    if (page && isSpaPath(pathname)) {
      if (!indexHtml) {
        return sendProblem(reply, {
          status: 503,
          code: 'WEB_NOT_BUILT',
          detail: '화면이 아직 준비되지 않았어요. 잠시 후 다시 시도해 주세요.',
        });
      }
      // A landing is drawn in her language: the one she chose (its cookie), else her phone's (Accept-Language).
      const lang = requestLang(request.headers.cookie, request.headers['accept-language']);
      const landing = await landingPage?.(pathname, request.log, lang);
      if (landing) return sendPage(request, reply, landing, 'accept-encoding, accept-language, cookie');
      return sendPage(request, reply, indexHtml);
    }
    return sendProblem(reply, { status: 404, code: 'NOT_FOUND', detail: '요청한 주소를 찾을 수 없어요.' });
  });
}
