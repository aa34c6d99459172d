// buildApp(deps) → a Fastify instance. main.ts listens on it; tests call app.inject().
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { BODY_LIMIT_BYTES } from '@auto-claim/contract';
import type { Db } from './db/index.js';
import { createContext, type AppContext, type Clock, type ContextConfig } from './context.js';
import { registerProblemHandlers, sendProblem } from './http/problem.js';
import { registerSecurityHeaders } from './http/security.js';
import { registerSpa } from './http/spa.js';
import { referenceRoutes } from './modules/reference/routes.js';
import { authRoutes } from './modules/auth/routes.js';
import { subscriptionRoutes } from './modules/subscriptions/routes.js';
import { accountRoutes } from './modules/accounts/routes.js';
import { ocrRoutes } from './modules/ocr/routes.js';
import { addressRoutes } from './modules/address/routes.js';
import { treatsRoutes } from './modules/treats/routes.js';
import { outboxRoutes } from './providers/outbox.js';
import { registerClaims } from './modules/claims/routes.js';

export interface AppDeps {
  config: ContextConfig;
  db: Db;
  /** Tests pass false to keep output clean. */
  logger?: boolean;
  /** Tests pass a controlled clock. */
  clock?: Clock;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export async function buildApp({ config, db, logger = true, clock }: AppDeps): Promise<FastifyInstance> {
  const ctx = createContext({ db: db.db, config, clock });
  const app = Fastify({
    logger: logger
      ? {
          level: config.logLevel,
          redact: {
            paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
            remove: true,
          },
          // The path only: query strings may carry what a patient typed (spec §7 sends GET params as query).
          serializers: {
            req: (req) => ({ method: req.method, path: String(req.url).split('?')[0], reqId: req.id }),
          },
        }
      : false,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  app.decorate('ctx', ctx);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerProblemHandlers(app);
  await registerSecurityHeaders(app);
  await app.register(cookie);
  // Per-IP limits are set route by route (config.rateLimit); nothing is limited unless it says so.
  await app.register(rateLimit, { global: false });

  await app.register(swagger, {
    openapi: {
      info: {
        title: '자동청구 API',
        version: '1.0.0',
        description:
          '실손보험 자동청구: 환자용 화면과 병원·보험사 연동이 쓰는 API. 오류는 RFC 9457 problem details로 답해요.',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api-docs', staticCSP: true });
  app.get('/openapi.json', { schema: { hide: true } }, () => app.swagger());

  app.get('/healthz', { schema: { hide: true } }, () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    try {
      await sql`select 1`.execute(db.db);
      return { status: 'ok', database: db.kind };
    } catch {
      return sendProblem(reply, {
        status: 503,
        code: 'DATABASE_UNAVAILABLE',
        detail: '데이터베이스에 연결할 수 없어요.',
      });
    }
  });

  await app.register(referenceRoutes(db.db));
  await app.register(authRoutes(ctx));
  await app.register(subscriptionRoutes(app.ctx));
  await app.register(accountRoutes(app.ctx));
  await app.register(ocrRoutes(app.ctx));
  await app.register(addressRoutes(app.ctx));
  await app.register(treatsRoutes(app.ctx));
  await registerClaims(app, ctx);
  if (ctx.sandbox) await app.register(outboxRoutes(db.db));
  await registerSpa(app, config.webDist);
  return app;
}
