// Cross-site requests (defence in depth beside SameSite=Lax cookies): a state-changing call whose Origin header names
// another site is refused before anything else runs, and a body is read only as JSON (a cross-site form can send
// text/plain, form-encoded or multipart bodies without a preflight; none of them has a parser here, so 415).
// Callers that send no Origin (the hospital feed, insurers, scripts: server to server) are unaffected.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './problem.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether an Origin header names this site: PUBLIC_URL's origin, or the host the request itself was sent to (the
 * browser writes both; a page of another site cannot make them agree). `null` and anything unreadable are foreign.
 */
export function isOwnOrigin(origin: string, req: Pick<FastifyRequest, 'host'>, publicOrigin: string | undefined) {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.origin === 'null' || (url.protocol !== 'https:' && url.protocol !== 'http:')) return false;
  if (url.origin === publicOrigin) return true;
  // The request's host as a URL of the Origin's scheme writes it (a default port dropped), or nothing if unreadable.
  let own: string | undefined;
  try {
    own = new URL(`${url.protocol}//${req.host}`).host;
  } catch {
    own = undefined;
  }
  return url.host === own;
}

export function registerOriginCheck(app: FastifyInstance, publicUrl: string | undefined) {
  const publicOrigin = publicUrl ? new URL(publicUrl).origin : undefined;
  // Only JSON bodies: Fastify's default text/plain parser would read what a cross-site form sends.
  app.removeContentTypeParser('text/plain');
  // Callback style, as every hook each request runs (docs/performance.md, "Per-request work"): no promise per request.
  app.addHook('onRequest', (req, _reply, done) => {
    const origin = req.headers.origin;
    if (SAFE_METHODS.has(req.method) || origin === undefined || isOwnOrigin(origin, req, publicOrigin)) return done();
    done(
      new AppError(
        'ORIGIN_FORBIDDEN',
        '다른 사이트에서 보낸 요청은 받을 수 없어요. 자동청구 화면에서 다시 시도해 주세요.',
      ),
    );
  });
}
