// Security headers on every answer: a CSP with no inline script, nosniff, no framing, a strict referrer policy,
// and HSTS on answers that go over https (the scheme the trusted proxy reports, or production; never decided by the
// Host header, which any client writes).
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { isSecureRequest } from '../security/session.js';

export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  // React sets style properties through the CSSOM (not blocked); the toast library injects one <style>.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  workerSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
};

export async function registerSecurityHeaders(app: FastifyInstance) {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    hsts: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
  });
  app.addHook('onRequest', async (request, reply) => {
    if (isSecureRequest(app.ctx, request)) {
      reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    }
    reply.header('Permissions-Policy', 'camera=(self), geolocation=(), microphone=(), payment=()');
  });
}
