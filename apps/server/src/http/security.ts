// Security headers on every answer: a CSP with no inline script, nosniff, no framing, a strict referrer policy,
// and HSTS on answers that go over https (the scheme the trusted proxy reports, or production; never decided by the
// Host header, which any client writes).
// The headers are the same on every answer: helmet works them out once, at start, and one hook sets them (the
// Fastify plugin would run all of helmet's middlewares again on every request, CSP parsing included).
// A page's script or stylesheet drops those that only a document reads (docs/performance.md, "Serving the SPA").
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance } from 'fastify';
import { isSecureRequest } from '../security/cookies.js';

export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  // React sets style properties through the CSSOM (not blocked); the toast library injects one <style>.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  // The ID photo's own module worker (apps/web photo.worker.ts), served from here; no blob: or CDN worker.
  workerSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
};

const HELMET: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
  hsts: false,
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  crossOriginEmbedderPolicy: false,
  frameguard: { action: 'deny' },
};

/** What helmet's middleware sets on an answer with these options, as name → value. */
export function helmetHeaders(options: HelmetOptions = HELMET): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let failed: unknown;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => (failed = err));
  if (failed) throw failed;
  return headers;
}

/**
 * What only a document (a page, a worker) reads: a CSP, framing, the opener and agent cluster, the permissions, the
 * referrer policy of the requests it makes, and old browsers' switches. A module script or a stylesheet the page
 * loads is governed by the page's; nosniff and the resource policy, which guard the file itself, stay.
 */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'permissions-policy',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

/**
 * A built script or stylesheet, as the static route names the file it sends (its .br/.gz copy included). Not a
 * worker's script: a worker is a document of its own, and runs under the CSP its script comes with.
 */
export const isSubresourceFile = (file: string) =>
  /\.(?:m?js|css)(?:\.br|\.gz)?$/.test(file) && !/\.worker[-.]/.test(file);

export async function registerSecurityHeaders(app: FastifyInstance) {
  const headers = {
    ...helmetHeaders(),
    'permissions-policy': 'camera=(self), geolocation=(), microphone=(), payment=()',
  };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    if (isSecureRequest(app.ctx, request)) {
      reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    }
    done();
  });
}
