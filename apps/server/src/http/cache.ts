// No answer that may carry personal data is kept by a browser, a shared device's back button or a proxy (DESIGN §5):
// every answer gets `Cache-Control: no-store` unless it set its own (the SPA's files, spa.ts: hashed assets immutable,
// the rest no-cache) or its route declares that it serves public reference data only (config.publicReference: terms,
// banks, insurers, hospitals: they say no-cache with an ETag themselves, modules/reference/cache.ts). A new route is
// thus no-store without saying anything.
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The same answer for everyone, never personal data: a browser may keep it (reference module). */
    publicReference?: boolean;
  }
}

export const NO_STORE = 'no-store';

export function registerCacheControl(app: FastifyInstance) {
  // Callback style: on every answer, so no promise for nothing.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!reply.hasHeader('cache-control') && request.routeOptions.config?.publicReference !== true) {
      reply.header('cache-control', NO_STORE);
    }
    done(null, payload);
  });
}
