// What a route promises its callers, declared once on the route and read by one onRoute hook:
//   config.auth     who may call it; the hook installs the check that enforces it (onRequest, so an unauthenticated
//                   call is refused before its body is read) and writes the same thing as the operation's `security`;
//   config.problems the error codes its rules can answer (errors.ts gives each its status), beside the ones its shape
//                   implies (input → 400, body → 413/415, auth → 401, rate limit → 429).
// The API document is thus derived from what runs, never kept by hand beside it.
import type { FastifyInstance, FastifySchema, onRequestHookHandler, RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HOSPITAL_KEY_HEADER, PROBLEM_CONTENT_TYPE, problem } from '@auto-claim/contract';
import type { OperatorRoleName } from '@auto-claim/contract/ops';
import { OPS_SESSION_COOKIE, SESSION_COOKIE } from '../security/cookies.js';
import { ERROR_STATUS, type ErrorCode } from './errors.js';

export type AuthKind = 'public' | 'patient' | 'operator' | 'session' | 'hospital';
export type Guards = Record<Exclude<AuthKind, 'public'>, onRequestHookHandler>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route: every documented route says it (the app refuses to start otherwise). */
    auth?: AuthKind;
    /** The error codes the route's rules can answer, for the API document. */
    problems?: readonly ErrorCode[];
  }
}

/**
 * An operator route's config, the one way to write it: the least role it needs (README "Operator console") and the
 * error codes its rules can answer.
 */
export const operatorRoute = (role: OperatorRoleName, ...problems: ErrorCode[]) => ({
  auth: 'operator' as const,
  role,
  problems,
});

const cookieNames = `https에서는 \`${SESSION_COOKIE.https}\`, 개발용 http에서는 \`${SESSION_COOKIE.localhost}\``;

export const SECURITY_SCHEMES = {
  patientSession: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE.https,
    description:
      `환자 세션 쿠키(HttpOnly, SameSite=Lax; ${cookieNames}). 휴대폰 본인확인(인증번호 확인)이나 알림톡 링크 교환이 ` +
      '설정해요. 15분 동안 쓰지 않거나 인증 후 12시간이 지나면 끝나요. 알림톡 링크로 시작한 세션은 진료 내역(신분증 ' +
      '요청 링크는 신분증 제출까지)만 쓸 수 있고, 계좌·연락처 변경, 해지, 가입, 저장된 서류는 최근 휴대폰 본인인증' +
      '(POST /rest/auth/stepUp)이 필요해요(403 STEP_UP_REQUIRED).',
  },
  operatorSession: {
    type: 'apiKey',
    in: 'cookie',
    name: OPS_SESSION_COOKIE.https,
    description:
      `운영자 세션 쿠키(HttpOnly, SameSite=Strict; https에서는 \`${OPS_SESSION_COOKIE.https}\`, 개발용 http에서는 ` +
      `\`${OPS_SESSION_COOKIE.localhost}\`; 환자 세션과 따로예요). 운영자 로그인이 설정하고, 30분 동안 쓰지 않거나 ` +
      '8시간이 지나면 끝나요. 비밀번호만 맞힌 세션은 2단계 인증(설정이나 확인) 호출만 쓸 수 있어요. 상태를 바꾸는 ' +
      '호출은 x-csrf-token 헤더에 세션의 CSRF 토큰을 실어야 해요(403 CSRF_FAILED). x-ops-background: 1 헤더를 ' +
      '실은 호출(콘솔이 1분마다 다시 묻는 것)은 세션을 연장하지 않아요.',
  },
  hospitalApiKey: {
    type: 'apiKey',
    in: 'header',
    name: HOSPITAL_KEY_HEADER,
    description: '병원마다 운영자가 발급한 API 키. 발급할 때 한 번만 보여 줘요.',
  },
} as const;

type SchemeName = keyof typeof SECURITY_SCHEMES;

/** The OpenAPI `security` of each kind; `[]` says on purpose that the call needs nothing. */
export const SECURITY_OF: Record<AuthKind, Partial<Record<SchemeName, string[]>>[]> = {
  public: [],
  patient: [{ patientSession: [] }],
  operator: [{ operatorSession: [] }],
  session: [{ patientSession: [] }, { operatorSession: [] }],
  hospital: [{ hospitalApiKey: [] }],
};

const UNAUTHENTICATED_CODE: Record<Exclude<AuthKind, 'public'>, ErrorCode> = {
  patient: 'UNAUTHENTICATED',
  operator: 'UNAUTHENTICATED',
  session: 'UNAUTHENTICATED',
  hospital: 'HOSPITAL_KEY_INVALID',
};

const STATUS_TEXT: Record<number, string> = {
  400: '요청이 올바르지 않아요',
  401: '인증이 필요해요',
  403: '허용되지 않아요',
  404: '찾을 수 없어요',
  409: '지금 상태와 맞지 않아요',
  410: '유효 시간이 지났어요',
  413: '보낸 내용이 너무 커요',
  415: 'JSON으로 보내야 해요',
  422: '처리할 수 없는 내용이에요',
  423: '잠겼어요',
  429: '요청이 너무 많아요',
  503: '잠시 이용할 수 없어요',
};

/** The problem answer's schema; with an id, the document shows it once as a component. */
const problemSchema = problem.meta({ id: 'Problem' });

/** Status → the codes a route can answer with it, from its declaration and its shape. */
export function problemCodesOf(route: Pick<RouteOptions, 'method' | 'schema' | 'config'>): Map<number, Set<string>> {
  const schema = (route.schema ?? {}) as FastifySchema;
  const config = route.config ?? {};
  const out = new Map<number, Set<string>>();
  const add = (status: number, code: string) => out.set(status, (out.get(status) ?? new Set()).add(code));
  if (schema.body || schema.querystring || schema.params || schema.headers) add(400, 'VALIDATION_FAILED');
  // Fastify reads a body on every method but GET and HEAD, whether or not the route expects one.
  const methods = [route.method].flat();
  if (schema.body || methods.some((m) => m !== 'GET' && m !== 'HEAD')) {
    add(400, 'INVALID_JSON');
    add(400, 'EMPTY_BODY');
    add(413, 'BODY_TOO_LARGE');
    add(415, 'UNSUPPORTED_MEDIA_TYPE');
  }
  // A state-changing call from a page of another site (http/origin.ts).
  if (methods.some((m) => m !== 'GET' && m !== 'HEAD' && m !== 'OPTIONS')) add(403, 'ORIGIN_FORBIDDEN');
  if (config.auth && config.auth !== 'public') add(401, UNAUTHENTICATED_CODE[config.auth]);
  // A patient session's scope (security/session.ts): a link session ends with its subscription, and a call outside
  // what the session may do asks for step-up.
  if (config.auth === 'patient' || config.auth === 'session') add(403, 'LINK_INVALID');
  if (config.auth === 'patient') add(403, 'STEP_UP_REQUIRED');
  // An operator route names the least role it needs (security/operator-session.ts).
  if (config.auth === 'operator' && config.role !== 'viewer') add(403, 'ROLE_FORBIDDEN');
  // An operator session short of the stage the route needs, and a state-changing call without its CSRF token.
  if (config.auth === 'operator') {
    const stages = config.stages ?? ['full'];
    if (stages.length < 3) add(403, 'SECOND_FACTOR_REQUIRED');
    if (stages.length < 3 && !stages.includes('full')) add(409, 'SECOND_FACTOR_DONE');
    if (stages.includes('full') && !config.whilePasswordIssued) add(403, 'PASSWORD_CHANGE_REQUIRED');
    if (methods.some((m) => m !== 'GET' && m !== 'HEAD' && m !== 'OPTIONS')) add(403, 'CSRF_FAILED');
  }
  if ((config as { rateLimit?: unknown }).rateLimit) add(429, 'RATE_LIMITED');
  for (const code of config.problems ?? []) add(ERROR_STATUS[code], code);
  return new Map([...out].sort(([a], [b]) => a - b));
}

const problemResponses = (route: RouteOptions) =>
  Object.fromEntries(
    [...problemCodesOf(route)].map(([status, codes]) => [
      status,
      {
        description: `${STATUS_TEXT[status] ?? '오류'} (code: ${[...codes].join(', ')})`,
        // Keyed by media type: Fastify serializes only problem answers with it, and they fit it field for field.
        content: { [PROBLEM_CONTENT_TYPE]: { schema: problemSchema } },
      },
    ]),
  );

/** A PDF answer as the document shows it. Fastify sends a Buffer as it is: this schema never serializes anything. */
export const pdfAnswer = (description: string) => ({
  description,
  // Typed as what handlers send (a Buffer), which Fastify never passes to a serializer.
  content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) as unknown as z.ZodType<Buffer> } },
});

/** The operator console's calls (README "Operator console"): `/api/admin/…`, and any route an operator session needs. */
const isConsoleCall = (url: string, route: Pick<RouteOptions, 'config'>) =>
  url.startsWith('/api/admin/') || route.config?.auth === 'operator';

/**
 * Each route's entry in the API document. In production the document served (`/openapi.json`, `/api-docs`) is the
 * hospitals', insurers' and patient app's: the console's calls are left out, so the internet gets no map of them.
 * Everywhere else (development, the artifact `npm run lint:api` writes and lints) it lists every route.
 */
export const documentTransform =
  (production: boolean): typeof jsonSchemaTransform =>
  (arg) =>
    jsonSchemaTransform(
      production && isConsoleCall(arg.url, arg.route) ? { ...arg, schema: { ...arg.schema, hide: true } } : arg,
    );

/**
 * The document's components, keeping only schemas something refers to: every schema with an id comes in an input
 * and an output variant, and the problem answer is only ever output.
 */
export function transformDocument(doc: Parameters<typeof jsonSchemaTransformObject>[0]) {
  const out = jsonSchemaTransformObject(doc);
  const schemas = (out as { components?: { schemas?: Record<string, unknown> } }).components?.schemas;
  if (schemas) {
    const text = JSON.stringify({ ...out, components: {} });
    for (const name of Object.keys(schemas)) {
      if (!text.includes(`"#/components/schemas/${name}"`)) delete schemas[name];
    }
  }
  return out;
}

/**
 * The hospitals' operations (README "Hospital API"): a route joins their document (`HOSPITAL_DOCUMENT_PATH`, from which
 * packages/hospital-client is generated) by carrying this tag; every route a hospital's key opens must carry it.
 */
export const HOSPITAL_TAG = 'hospital';

/** Where the hospitals' document is served: their operations only, none of the console's, sandbox's or patient app's. */
export const HOSPITAL_DOCUMENT_PATH = '/hospital/openapi.json';

type Document = {
  info?: object;
  paths?: Record<string, Record<string, unknown>>;
  components?: { securitySchemes?: Record<string, unknown>; schemas?: Record<string, unknown> };
  tags?: { name: string }[];
};

/**
 * The hospitals' document, cut from the whole one: the operations tagged `HOSPITAL_TAG`, and the schemas and security
 * schemes they use. A console change thus never changes what hospitals are given.
 */
export function hospitalDocument(whole: object): Document {
  const doc = whole as Document;
  const tagged = (op: unknown) => ((op as { tags?: string[] }).tags ?? []).includes(HOSPITAL_TAG);
  const paths = Object.fromEntries(
    Object.entries(doc.paths ?? {})
      .map(([path, item]) => [path, Object.fromEntries(Object.entries(item).filter(([, op]) => tagged(op)))] as const)
      .filter(([, item]) => Object.keys(item).length > 0),
  );
  const schemes = new Set(
    Object.values(paths)
      .flatMap((item) => Object.values(item))
      .flatMap((op) => (op as { security?: Record<string, unknown>[] }).security ?? [])
      .flatMap((requirement) => Object.keys(requirement)),
  );
  // A schema may refer to another: keep adding what the kept text refers to until nothing new comes in.
  const allSchemas = doc.components?.schemas ?? {};
  const schemas: Record<string, unknown> = {};
  for (let text = JSON.stringify(paths), more = true; more; text = JSON.stringify([paths, schemas])) {
    more = false;
    for (const [name, schema] of Object.entries(allSchemas)) {
      if (!(name in schemas) && text.includes(`"#/components/schemas/${name}"`)) {
        schemas[name] = schema;
        more = true;
      }
    }
  }
  return {
    ...doc,
    info: {
      ...doc.info,
      title: '자동청구 병원 API',
      description:
        '병원(EMR·원무 시스템)이 자동청구에 보내는 호출이에요. 병원마다 발급한 API 키로 인증하고, 오류는 RFC 9457 ' +
        'problem details로 답해요.',
    },
    paths,
    components: {
      ...doc.components,
      securitySchemes: Object.fromEntries(
        Object.entries(doc.components?.securitySchemes ?? {}).filter(([name]) => schemes.has(name)),
      ),
      schemas,
    },
    ...(doc.tags ? { tags: doc.tags.filter((t) => t.name === HOSPITAL_TAG) } : {}),
  };
}

const asArray = <T>(x: T | T[] | undefined): T[] => (x === undefined ? [] : Array.isArray(x) ? x : [x]);

/** Before any route is registered: every route's auth check and its document entry come from its config. */
export function registerRouteContract(app: FastifyInstance, guards: Guards) {
  app.addHook('onRoute', (route) => {
    const schema = route.schema as (FastifySchema & { hide?: boolean }) | undefined;
    const documented = schema !== undefined && !schema.hide;
    const auth = route.config?.auth;
    if (!auth) {
      if (documented) throw new Error(`${String(route.method)} ${route.url}: config.auth is missing`);
      return;
    }
    if (auth === 'operator' && !route.config?.role) {
      throw new Error(`${String(route.method)} ${route.url}: an operator route needs config.role`);
    }
    // What a hospital's key opens belongs in the hospitals' document (and their client): never left out by mistake.
    if (auth === 'hospital' && !(schema as { tags?: string[] } | undefined)?.tags?.includes(HOSPITAL_TAG)) {
      throw new Error(`${String(route.method)} ${route.url}: a hospital route needs the tag '${HOSPITAL_TAG}'`);
    }
    if (auth !== 'public') route.onRequest = [guards[auth], ...asArray(route.onRequest)];
    if (!documented) return;
    route.schema = {
      ...schema,
      security: SECURITY_OF[auth],
      response: { ...problemResponses(route), ...(schema.response as object | undefined) },
    };
  });
}
