// buildApp(deps) → a Fastify instance. main.ts listens on it; tests call app.inject().
import { constants as zlib } from 'node:zlib';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type RouteOptions,
} from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import type { DestinationStream } from 'pino';
import { sql } from 'kysely';
import {
  APP_ROOT,
  BODY_LIMIT_BYTES,
  CONTEXT_PATH,
  LINK_SCREENS,
  LINK_TOKEN_PARAM,
  SHORT_LINK_PREFIX,
  withRulesClock,
} from '@auto-claim/contract';
import { trustProxyOption } from './config.js';
import type { Db } from './db/index.js';
import { tableless } from './db/handle.js';
import { createMetrics, type Metrics } from './metrics.js';
import type { AppContext, Clock, ContextConfig } from './context.js';
import { createContext } from './create-context.js';
import { registerControlTextGuard } from './http/control-text.js';
import { registerProblemHandlers, sendProblem } from './http/problem.js';
import {
  documentTransform,
  HOSPITAL_DOCUMENT_PATH,
  hospitalDocument,
  registerRouteContract,
  SECURITY_SCHEMES,
  transformDocument,
} from './http/route-contract.js';
import { registerSecurityHeaders } from './http/security.js';
import { registerOriginCheck } from './http/origin.js';
import { registerCacheControl } from './http/cache.js';
import { registerSandboxGate } from './http/sandbox-gate.js';
import { addressKey } from './http/client-address.js';
import { clientErrorHandler, frameworkErrors, registerUrlLimit } from './http/bad-request.js';
import { requirePatient, requireSession } from './security/session.js';
import { isSignedInAdmin, requireOperator } from './security/operator-session.js';
import { verifyLookupKey } from './security/lookup-key.js';
import { tokenOfShortCode } from './security/linkToken.js';
import { databaseRateLimitStore } from './security/rate-limit.js';
import { registerSpa } from './http/spa.js';
import {
  createReferenceCache,
  publicHospital,
  referenceOpsRoutes,
  referenceRoutes,
} from './modules/reference/index.js';
import { identityRoutes } from './modules/identity/index.js';
import { operatorAccountOf, operatorRoutes } from './modules/operators/index.js';
import { docrequestRoutes, hospitalDocumentPort } from './modules/docrequests/index.js';
import { hospitalRoutes } from './modules/hospitals/index.js';
import {
  linkSubscriptionLive,
  reagreeCounts,
  reagreePage,
  subscriptionRoutes,
  termsListingCount,
} from './modules/subscriptions/index.js';
import { accountRoutes } from './modules/accounts/index.js';
import { ocrRoutes } from './modules/ocr/index.js';
import { addressRoutes } from './modules/address/index.js';
import { requestIdCard, treatsRoutes } from './modules/treats/index.js';
import { payoutRoutes, recordPayoutAnswer } from './modules/payout/index.js';
import { deleteRelationDocumentsOf, guardianRoutes } from './modules/guardians/index.js';
import { statementRoutes } from './modules/statements/index.js';
import { outboxRoutes } from './providers/outbox.js';
import { sandboxDeliveryRoutes } from './providers/delivery/sandbox.js';
import {
  maskedPatientsOf,
  patientCiHmacOf,
  personCiHmacsOf,
  personMatchOf,
  recordPersonSearch,
  createVisitPort,
  registerClaims,
  startPersonSearch,
  requireHospital,
} from './modules/claims/index.js';
import { auditRoutes } from './modules/audit/index.js';
import { intakeRoutes } from './modules/intake/index.js';
import { funnelRoutes } from './modules/funnel/index.js';
import { alertsRoutes, dashboardRoutes } from './modules/dashboard/index.js';
import { termsAdminRoutes, termsRoutes } from './modules/terms/index.js';
import { guideRoutes } from './modules/guide/index.js';
import { createJobs, type JobRuntime } from './jobs/index.js';

export interface AppDeps {
  config: ContextConfig;
  db: Db;
  /** Scripts pass false to keep output clean. */
  logger?: boolean;
  /** Where the log lines go (default stdout): tests capture them (apps/server/test/logs.ts). */
  logStream?: DestinationStream;
  /** Tests pass a controlled clock. */
  clock?: Clock;
  /** main.ts passes the process's registry (with process metrics); tests get a fresh one. */
  metrics?: Metrics;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** The jobs runtime (src/jobs/): main.ts starts it, and with it the workers where the role says so. */
    jobs: JobRuntime;
    /** Every route as registered (HEAD twins included): tests walk it so that no route escapes a check. */
    routeList: readonly RouteOptions[];
  }
}

/**
 * One log line per request, when its answer is done: method, route pattern, status and milliseconds, under the
 * request's id. Never the URL (a path or query may carry a code, a token or a patient's identifiers, DESIGN §5), no
 * header, no body. Fastify's other lines (errors, a stream that broke) stay as they are.
 */
class RequestLog extends LogController {
  override incomingRequest() {}
  override requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply) {
    const line = {
      method: req.method,
      route: req.routeOptions.url ?? 'unmatched',
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request');
    else reply.log.info(line, 'request');
  }
}

const HEALTHZ_BODY = JSON.stringify({ status: 'ok' });

/** The Fastify instance: its JSON log lines, body limit, trusted proxies and answers to what it cannot parse. */
function createServer({ config, logger, logStream }: Pick<AppDeps, 'config' | 'logger' | 'logStream'>) {
  return Fastify({
    // JSON lines (no pretty printer anywhere: a log shipper reads them); one line per request, written below.
    logger: logger
      ? {
          level: config.logLevel,
          ...(logStream ? { stream: logStream } : {}),
          redact: {
            paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
            remove: true,
          },
          // The path only: query strings may carry what a patient typed (spec §7 sends GET params as query).
          serializers: {
            // A short link's code opens a patient's link: never logged (`/m/<code>` is written `/m/…`).
            req: (req) => ({
              method: req.method,
              path: String(req.url)
                .split('?')[0]!
                .replace(/^\/m\/[^/]+/, '/m/…'),
              reqId: req.id,
            }),
          },
        }
      : false,
    // Fastify's own two lines per request (with the raw URL) replaced by one (RequestLog).
    logController: new RequestLog(),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: trustProxyOption(config.trustProxy),
    return503OnClosing: true,
    // A URL the router cannot decode, and bytes Node's parser refuses, are answered as problems too.
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
}
type App = ReturnType<typeof createServer>;

/**
 * What every request passes on its way to a route: authentication by the route's contract, validation on the app's
 * clock, problem answers, security headers, the origin check, caching, URL and control-text limits, compression,
 * cookies, the sandbox's gate and the per-address rate limits.
 */
async function registerHttpStack(app: App, ctx: AppContext, config: ContextConfig) {
  // First of the onRoute hooks: the rate limit's check then follows the auth check, as route options would have it.
  // A link session lasts only while the subscription its link belonged to is live (security/session.ts).
  const linkLive = (ciHmac: string, insuApplyId: string) => linkSubscriptionLive(ctx.db, ciHmac, insuApplyId);
  registerRouteContract(app, {
    patient: requirePatient(ctx, linkLive),
    operator: requireOperator(ctx, operatorAccountOf(ctx.db)),
    session: requireSession(ctx, linkLive),
    hospital: requireHospital(ctx),
  });
  // The contract's date rules ("not in the future") count from this app's clock, not the machine's: the sandbox's
  // clock, moved forward, moves them with every other rule (a visit dated on the sandbox's today is not refused).
  app.setValidatorCompiler<ZodType>((route) => {
    const validate = validatorCompiler(route);
    return (data) =>
      withRulesClock(
        () => ctx.clock.now(),
        () => validate(data),
      );
  });
  app.setSerializerCompiler(serializerCompiler);
  registerProblemHandlers(app);
  await registerSecurityHeaders(app);
  registerOriginCheck(app, config.publicUrl);
  registerCacheControl(app);
  registerUrlLimit(app);
  registerControlTextGuard(app);
  // JSON answers of 1 KB or more go compressed as the request accepts (brotli at a cheap level, else gzip), with
  // Vary: accept-encoding. Not the SPA's files (compressed at build time, http/spa.ts), not PDFs, not anything
  // already compressed (the reference cache's answers).
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith(`${CONTEXT_PATH}/*`)) route.compress = false;
  });
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
    customTypes: /^application\/(?:[\w.-]+\+)?json(?:;|$)/,
  });
  await app.register(cookie);
  // After the cookies are read, before any route's own checks: the sandbox's calls exist only for this machine (and
  // its demo controls for admins).
  if (ctx.sandbox) registerSandboxGate(app, (req) => isSignedInAdmin(ctx, req, operatorAccountOf(ctx.db)));
  // Per-address limits are set route by route (config.rateLimit); nothing is limited unless it says so. Each counts
  // by the client's address key (an IPv6 client by its /64: http/client-address.ts) unless it names its own key, and
  // in the database, so that every web process counts together (security/rate-limit.ts).
  await app.register(rateLimit, {
    global: false,
    keyGenerator: (req) => addressKey(req.ip),
    store: databaseRateLimitStore(ctx.db, ctx.crypto),
  });
}

/** The API document (OpenAPI) and its pages at /api-docs. */
async function registerApiDocs(app: App, config: ContextConfig) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: '자동청구 API',
        version: '1.0.0',
        description:
          '실손보험 자동청구: 환자용 화면과 병원·보험사 연동이 쓰는 API. 오류는 RFC 9457 problem details로 답해요.',
        // The package is private and carries no licence: all rights reserved.
        license: { name: 'Proprietary' },
      },
      servers: [{ url: config.publicUrl ?? '/', description: '자동청구 서버' }],
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: documentTransform(config.nodeEnv === 'production'),
    transformObject: transformDocument,
  });
  await app.register(swaggerUi, { routePrefix: '/api-docs', staticCSP: true });
  app.get('/openapi.json', { schema: { hide: true } }, () => app.swagger());
  // The hospitals' own document (README "Hospital API"), cut once from the whole one when first asked for.
  let hospitals: object | undefined;
  app.get(HOSPITAL_DOCUMENT_PATH, { schema: { hide: true } }, () => (hospitals ??= hospitalDocument(app.swagger())));
}

/** The SMS's short links, /m/<code>. */
function registerShortLinks(app: App, ctx: AppContext) {
  // The SMS's short link (contract shortLinkPath; README "Patient messages"): our own origin + /m/<code>, redirected
  // to the tokenised link (the token in the fragment, which the screen trades as always). An unknown or expired code,
  // and /m itself, open the history, which asks for SMS verification; /m/start the landing. Never cached, no Referer.
  const shortLink = (reply: FastifyReply, to: string) =>
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(to, 302);
  app.get(SHORT_LINK_PREFIX, { schema: { hide: true } }, (_req, reply) =>
    shortLink(reply, `${APP_ROOT}${LINK_SCREENS.treat}`),
  );
  app.get(`${SHORT_LINK_PREFIX}/start`, { schema: { hide: true } }, (_req, reply) => shortLink(reply, `${APP_ROOT}/`));
  app.get<{ Params: { code: string } }>(
    `${SHORT_LINK_PREFIX}/:code`,
    { schema: { hide: true } },
    async (req, reply) => {
      const link = await tokenOfShortCode(ctx, req.params.code);
      return shortLink(
        reply,
        link
          ? `${APP_ROOT}${LINK_SCREENS[link.purpose]}#${LINK_TOKEN_PARAM}=${encodeURIComponent(link.token)}`
          : `${APP_ROOT}${LINK_SCREENS.treat}`,
      );
    },
  );
}

/** /healthz and /readyz. */
function registerProbes(app: App, ctx: AppContext, jobs: JobRuntime, db: Db) {
  // The process is up and its HTTP stack answers, through every hook a request runs; the answer is written once
  // (docs/performance.md, "Measuring: npm run bench:api").
  app.get('/healthz', { schema: { hide: true } }, (_req, reply) =>
    reply.type('application/json; charset=utf-8').send(HEALTHZ_BODY),
  );
  // The public port says ready or not and nothing of what stands behind it (which database, the queue, what failed):
  // the ops listener (METRICS_PORT, ops-server.ts) keeps the details.
  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) =>
    (await readiness(ctx, jobs, db.kind)).ok
      ? { status: 'ok' }
      : sendProblem(reply, {
          status: 503,
          code: 'NOT_READY',
          detail: '지금은 요청을 받을 수 없어요. 잠시 후 다시 시도해 주세요.',
        }),
  );
}

/** Every module's routes, with the reference answers' cache and what one module hands another. */
async function registerModules(app: App, ctx: AppContext, db: Db, jobs: JobRuntime) {
  // Reference answers from memory (modules/reference/cache.ts). A change made through the console drops them here
  // before its answer leaves, whatever the notification's timing; other processes hear of it by NOTIFY.
  const referenceCache = await createReferenceCache(db, app.log);
  app.addHook('onClose', () => referenceCache.close());
  app.addHook('onSend', (req, reply, payload, done) => {
    if (req.method !== 'GET' && req.method !== 'HEAD' && req.routeOptions.config?.auth === 'operator') {
      if (reply.statusCode < 400) referenceCache.invalidate();
    }
    done(null, payload);
  });
  await app.register(referenceRoutes(db.db, referenceCache));
  await app.register(termsRoutes(ctx, referenceCache));
  await app.register(referenceOpsRoutes(app.ctx));
  await app.register(identityRoutes(ctx));
  await app.register(operatorRoutes(ctx));
  // A subscription that ends takes its relation documents with it (guardians sits above subscriptions: handed in).
  await app.register(subscriptionRoutes(app.ctx, { ended: (id) => deleteRelationDocumentsOf(ctx, id) }));
  await app.register(accountRoutes(app.ctx));
  await app.register(ocrRoutes(app.ctx));
  await app.register(addressRoutes(app.ctx));
  await app.register(treatsRoutes(app.ctx));
  // An insurer's answer that asks for the patient's ID copy starts the same request the sandbox insurer makes.
  // What an insurer's answer says of the amount is the payout module's, and a paper the hospital issues is asked of the
  // hospital (payout and docrequests sit above claims: handed in).
  await registerClaims(app, ctx, {
    jobs,
    requestIdCopy: (r) => requestIdCard(ctx, r),
    hospitalDocuments: hospitalDocumentPort(ctx),
    answered: recordPayoutAnswer,
  });
  await app.register(payoutRoutes(ctx));
  // The FHIR intake sits below claims: the engine's visit calls are handed in.
  await app.register(intakeRoutes(ctx, { ...createVisitPort(ctx), kick: () => app.claimEngine.kick() }));
  await app.register(guardianRoutes(app.ctx));
  await app.register(statementRoutes(app.ctx));
  await app.register(funnelRoutes(ctx));
  await app.register(dashboardRoutes(ctx));
  await app.register(alertsRoutes(ctx));
  await app.register(hospitalRoutes(ctx));
  await app.register(docrequestRoutes(ctx));
  await app.register(guideRoutes(ctx));
  // Who must agree again is the subscriptions' answer: handed in, as subscriptions sits above terms.
  await app.register(termsAdminRoutes(ctx, { listing: termsListingCount, counts: reagreeCounts, page: reagreePage }));
  await app.register(
    auditRoutes(ctx, {
      patientCiHmacOf: (by) => patientCiHmacOf(ctx, by),
      maskedPatientsOf: (by) => maskedPatientsOf(ctx, by),
      personCiHmacsOf: async (p) => personCiHmacsOf(ctx, await personMatchOf(ctx, p)),
      startPersonSearch: (p, o) => startPersonSearch(ctx, p, { ...o, target: 'access-log' }),
      recordPersonSearch: (p, found, o) => recordPersonSearch(ctx.db, p, found, { ...o, now: ctx.clock.now() }),
    }),
  );
  if (ctx.sandbox) await app.register(outboxRoutes(db.db, ctx.clock));
  if (ctx.sandbox && ctx.sandboxDeliveryFailures)
    await app.register(sandboxDeliveryRoutes(ctx.sandboxDeliveryFailures));
}

export async function buildApp({
  config,
  db,
  logger = true,
  logStream,
  clock,
  metrics,
}: AppDeps): Promise<FastifyInstance> {
  const app = createServer({ config, logger, logStream });

  const ctx = createContext({ db: db.db, config, clock, log: app.log, metrics: metrics ?? createMetrics() });
  // Before anything reads or writes a lookup hash: refuse a lookup key the data was not hashed with.
  await verifyLookupKey(ctx.db, ctx.crypto);
  // Answer time by route pattern (never the URL: it may carry a code or a token).
  app.addHook('onResponse', (req, reply, done) => {
    ctx.metrics.httpDuration.observe(
      { method: req.method, route: req.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });
  app.decorate('ctx', ctx);
  const jobs = createJobs(ctx);
  app.decorate('jobs', jobs);
  // Jobs stop first (the running ones finish), then the PDF workers they may be using.
  app.addHook('onClose', async () => {
    await jobs.stop();
    await ctx.pdf.close();
  });
  const routeList: RouteOptions[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => void routeList.push(route));
  await registerHttpStack(app, ctx, config);
  await registerApiDocs(app, config);
  registerShortLinks(app, ctx);
  registerProbes(app, ctx, jobs, db);
  await registerModules(app, ctx, db, jobs);
  await registerSpa(app, config.webDist, (hospitalCd) => publicHospital(db.db, hospitalCd));
  return app;
}

/** Ready to take work: the database answers and, where this process runs the jobs runtime, so does its queue. */
export async function readiness(ctx: Pick<AppContext, 'db'>, jobs: JobRuntime, database: string) {
  try {
    await sql`select 1`.execute(tableless(ctx.db));
  } catch {
    return { ok: false as const, code: 'DATABASE_UNAVAILABLE', detail: '데이터베이스에 연결할 수 없어요.' };
  }
  if (jobs.started && !(await jobs.reachable())) {
    return { ok: false as const, code: 'QUEUE_UNAVAILABLE', detail: '작업 대기열에 연결할 수 없어요.' };
  }
  return { ok: true as const, status: 'ok', database, queue: jobs.started };
}
