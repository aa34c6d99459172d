// Every refusal is Korean: each POST/PUT/DELETE/PATCH route, and each GET that takes a query or path parameters,
// gets what a broken client or a script sends (null, an array, wrong types, too long text, no body, not JSON) with
// the credentials that reach its validation, and without any. A refusal is a 4xx problem whose detail and field
// messages are Korean, never the validator's English and never a 5xx.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  API,
  HOSPITAL_API,
  HOSPITAL_KEY_HEADER,
  INSURER_SIGNATURE_HEADER,
  INSURER_TIMESTAMP_HEADER,
  OPERATOR_API,
} from '@auto-claim/contract';
import { upsertOperator } from '../../src/modules/operators/operators.js';
import { insurerHmac } from '../../fixtures/insurer-double.js';
import { fieldsOf, routesOf, type Route, type Schema } from '../route-walk.js';
import {
  build,
  pendingOperatorSession,
  signInHospitalUser,
  signInOperator,
  verifyPatient,
  freshAddress,
  allowLog,
} from '../helper.js';
import { OPS_AUTH_API } from '@auto-claim/contract/ops';

// The walk calls the insurers' answer route signed out, as a patient and as an operator before it signs: each unsigned
// call is refused and logged as a warning (claims/answers.ts), as it should be; the refusal is insurer-api.test.ts's.
allowLog({ level: 'warn', msg: 'insurer answer refused' });

const t = await build();
afterAll(() => t.close());

const OPERATOR = { loginId: 'korean-ops', password: 'correct horse battery' };
beforeAll(async () => {
  await upsertOperator(t.db.db, OPERATOR.loginId, OPERATOR.password);
});

const HANGUL = /[가-힣]/;
/**
 * What validators and Fastify say in English ("Invalid input: expected object, received null", "Too big", "Required",
 * "Unsupported Media Type"). Our own messages may name a parameter or a code value (codeCls, 'INSU_PHOTO'): those are
 * what the caller must send, not prose.
 */
const ENGLISH =
  /\b(?:invalid|input|expected|received|required|option|unrecognized|keys?|too|big|small|characters|items|must|should|match|pattern|string|number|object|array|boolean|undefined|null|nan|bigint|instanceof|body|request|unsupported|media|empty|error)\b/i;

// --- the routes -----------------------------------------------------------------------------------------------------

const CHECKED = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);
const routes = routesOf(t.app).filter(
  (r) => CHECKED.has(r.method) || (r.method === 'GET' && (r.querystring || r.params)),
);

// --- what is sent ---------------------------------------------------------------------------------------------------

/** A value of the wrong type for a field: a number where text is expected, text where a number is. */
function wrongType(field: Schema) {
  return [12345, '가나다', true, { a: 1 }].find((v) => !field.safeParse(v).success) ?? null;
}

const mapFields = (schema: Schema | undefined, f: (field: Schema) => unknown) =>
  Object.fromEntries(Object.entries(fieldsOf(schema)).map(([k, field]) => [k, f(field)]));

/** The sandbox insurer's signature (docs/providers/insurer-api.md §5) over a request's raw body. */
function insurerSignature(url: string, payload: string | undefined): Record<string, string> {
  const code = /^\/api\/insurers\/([^/]+)\//.exec(url)?.[1] ?? '';
  const ts = String(Math.floor(Date.now() / 1000));
  const mac = insurerHmac(`sandbox-${code}`, ts, payload ?? '');
  return { [INSURER_TIMESTAMP_HEADER]: ts, [INSURER_SIGNATURE_HEADER]: `v1=${mac}` };
}

/** Path parameters that pass the route's own check, so the body is what gets judged. */
function fillParams(route: Route, bad = false) {
  return route.url.replace(/:(\w+)/g, (_m, name: string) => {
    if (bad) return 'zz';
    const field = fieldsOf(route.params)[name];
    return ['1', '90000001', 'A1'].find((v) => field?.safeParse(v).success) ?? '1';
  });
}

interface Variant {
  name: string;
  request: (route: Route) => {
    url: string;
    query?: Record<string, string | string[]>;
    payload?: string;
    headers?: Record<string, string>;
  };
  /** Whether the route must refuse it: its schema does, or Fastify does before any schema. */
  refuses: boolean;
  /** The status of that refusal once credentials reach validation. */
  status: number;
}

const json = { 'content-type': 'application/json' };
const judge = (schema: Schema | undefined, value: unknown) => Boolean(schema && !schema.safeParse(value).success);

const BODIES: [string, (r: Route) => unknown][] = [
  ['null body', () => null],
  ['array body', () => [{ a: 1 }]],
  ['wrong types', (r) => mapFields(r.body, wrongType)],
  ['too long text', (r) => mapFields(r.body, () => 'A'.repeat(300))],
  ['empty object', () => ({})],
];

const QUERIES: [string, (r: Route) => Record<string, string | string[]>][] = [
  ['query fields twice', (r) => mapFields(r.querystring, () => ['가', '나']) as Record<string, string[]>],
  ['query too long', (r) => mapFields(r.querystring, () => 'A'.repeat(300)) as Record<string, string>],
  ['no query', () => ({})],
];

function variantsOf(route: Route): Variant[] {
  const out: Variant[] = [];
  if (route.method !== 'GET') {
    for (const [name, make] of BODIES) {
      const value = make(route);
      out.push({
        name,
        request: (r) => ({ url: fillParams(r), payload: JSON.stringify(value), headers: json }),
        refuses: judge(route.body, value),
        status: 400,
      });
    }
    out.push({
      name: 'no body',
      request: (r) => ({ url: fillParams(r) }),
      refuses: judge(route.body, undefined),
      status: 400,
    });
    out.push({
      name: 'not JSON',
      request: (r) => ({ url: fillParams(r), payload: '{"a": ', headers: json }),
      refuses: true,
      status: 400,
    });
    // Only JSON is read: plain text and form bodies (what a cross-site form sends) are refused outright.
    out.push({
      name: 'plain text',
      request: (r) => ({ url: fillParams(r), payload: 'hello', headers: { 'content-type': 'text/plain' } }),
      refuses: true,
      status: 415,
    });
    out.push({
      name: 'form body',
      request: (r) => ({
        url: fillParams(r),
        payload: 'a=1',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
      refuses: true,
      status: 415,
    });
  }
  for (const [name, make] of route.querystring ? QUERIES : []) {
    const value = make(route);
    out.push({
      name,
      request: (r) => ({ url: fillParams(r), query: value }),
      refuses: judge(route.querystring, value),
      status: 400,
    });
  }
  if (route.params && route.url.includes(':')) {
    const bad = Object.fromEntries(Object.keys(fieldsOf(route.params)).map((k) => [k, 'zz']));
    out.push({
      name: 'bad path parameter',
      request: (r) => ({ url: fillParams(r, true) }),
      refuses: judge(route.params, bad),
      status: 400,
    });
  }
  return out;
}

// --- who sends it ---------------------------------------------------------------------------------------------------

type Credentials = Record<string, string>;
async function patientCredentials(): Promise<Credentials> {
  const { cookie } = await verifyPatient(t);
  return { cookie, [HOSPITAL_KEY_HEADER]: 'sandbox-90000001' };
}
/** An admin's session, at the stage the route takes (the sign-in's own calls take one short of the second factor). */
async function operatorCredentials(url: string): Promise<Credentials> {
  const stages = t.app.routeList.find((r) => r.url === url && r.config?.auth === 'operator')?.config?.stages ?? [
    'full',
  ];
  // A hospital user's own calls (README "Hospital users") take her session, made by an admin, and no operator's.
  const role = t.app.routeList.find((r) => r.url === url && r.config?.auth === 'operator')?.config?.role;
  if (role === 'hospital') return (await signInHospitalUser(t, (await signInOperator(t, 'admin')).headers)).headers;
  if (stages.includes('full')) return (await signInOperator(t, 'admin')).headers;
  return (await pendingOperatorSession(t, stages[0] === 'setup' ? 'setup' : 'password', 'admin')).headers;
}

/** What is wrong with an answer a patient could see; empty when it is fine. */
function faultsOf(res: LightMyRequestResponse, mustRefuse: number | undefined): string[] {
  const faults: string[] = [];
  if (res.statusCode >= 500) faults.push(`status ${res.statusCode}`);
  if (mustRefuse !== undefined && res.statusCode !== mustRefuse && res.statusCode !== 401) {
    faults.push(`status ${res.statusCode}, not ${mustRefuse}`);
  }
  if (res.statusCode < 400) return faults;
  // The FHIR intake refuses as FHIR does (fhir/ig/README.md, "Answers"): an OperationOutcome, each issue's
  // details.text in Korean (its diagnostics carry the English).
  if (String(res.headers['content-type']).startsWith('application/fhir+json')) {
    const outcome = res.json() as { resourceType?: string; issue?: { details?: { text?: string } }[] };
    if (outcome.resourceType !== 'OperationOutcome' || !outcome.issue?.length)
      return [...faults, 'not an OperationOutcome'];
    for (const [i, issue] of outcome.issue.entries()) {
      const text = issue.details?.text;
      if (!text || !HANGUL.test(text)) faults.push(`issue[${i}].details.text: ${JSON.stringify(text)}`);
    }
    return faults;
  }
  if (!String(res.headers['content-type']).startsWith('application/problem+json')) {
    return [...faults, `content type ${String(res.headers['content-type'])}`];
  }
  const p = res.json() as { detail?: string; errors?: { field: string; message: string }[] };
  for (const [where, text] of [
    ['detail', p.detail],
    ...(p.errors ?? []).map((e) => [`errors[${e.field}]`, e.message] as const),
  ] as const) {
    // A value in quotes is what the caller must send ('received', 'Idempotency-Key'), not prose.
    const prose = text?.replace(/'[^']*'/g, '');
    if (!text || !HANGUL.test(text) || ENGLISH.test(prose!)) faults.push(`${where}: ${JSON.stringify(text)}`);
  }
  return faults;
}

// --- the checks -----------------------------------------------------------------------------------------------------

describe('every refusal is Korean', () => {
  it('walks every route that takes input, the hospital, operator and patient ones among them', () => {
    const names = routes.map((r) => `${r.method} ${r.url}`);
    for (const expected of [
      `POST ${API.niceUserAuth}`,
      `POST ${API.login}`,
      `PUT ${API.subscriptions}`,
      `DELETE ${API.subscriptions}`,
      `POST ${API.treats}`,
      `POST ${HOSPITAL_API.treatments}`,
      `POST ${OPERATOR_API.claimStatus(0).replace('/0', '/:claimId')}`,
    ]) {
      expect(names).toContain(expected);
    }
    // Fastify's own route table agrees: no POST/PUT/DELETE/PATCH escaped the list the app keeps.
    const printed = [...t.app.printRoutes({ commonPrefix: false }).matchAll(/\(([A-Z, ]+)\)/g)]
      .flatMap((m) => m[1]!.split(', '))
      .filter((m) => CHECKED.has(m));
    const writes = routes.filter((r) => CHECKED.has(r.method));
    expect(writes.length).toBe(printed.length);
    expect(writes.length).toBeGreaterThanOrEqual(25);
  });

  it.each(routes.map((r) => [`${r.method} ${r.url}`, r] as const))(
    '%s',
    async (_name, route) => {
      const faults: string[] = [];
      // A fresh session per route, and per call for logout and refreshToken: they end the one they are sent with, and
      // a dead session is refused (401) before the body is read.
      let patient: Credentials | undefined;
      let operator: Credentials | undefined;
      const endsSession = route.url === API.logout || route.url === API.refreshToken;
      const endsOperatorSession = route.url === OPS_AUTH_API.logout;
      for (const variant of variantsOf(route)) {
        if (endsSession) patient = operator = undefined;
        if (endsOperatorSession) operator = undefined;
        const send = (headers: Credentials | 'insurer-signed') => {
          const r = variant.request(route);
          return t.app.inject({
            method: route.method as 'POST',
            url: r.url,
            query: r.query,
            payload: r.payload,
            headers: { ...r.headers, ...(headers === 'insurer-signed' ? insurerSignature(r.url, r.payload) : headers) },
            // The sandbox's calls exist only for a caller on this machine (docs/security.md); the others, from many
            // addresses so that no per-address limit answers before validation does.
            remoteAddress: route.url.startsWith('/sandbox/') ? '127.0.0.1' : freshAddress(),
          });
        };
        const mustRefuse = variant.refuses ? variant.status : undefined;

        const anonymous = await send({});
        faults.push(...faultsOf(anonymous, undefined).map((f) => `${variant.name}, signed out: ${f}`));

        patient ??= await patientCredentials();
        let res = await send(patient);
        if (res.statusCode === 401 || res.statusCode === 403) {
          operator ??= await operatorCredentials(route.url);
          res = await send(operator);
        }
        // An insurer's answer is authenticated by its signature over the very bytes sent.
        if (res.statusCode === 401 && route.url.startsWith('/api/insurers/')) res = await send('insurer-signed');
        // A refusal by validation must have reached it: 401 with every credential is a fault then.
        if (mustRefuse !== undefined && res.statusCode === 401)
          faults.push(`${variant.name}: 401 with every credential`);
        // A route with a body limit of its own (the screen-view log's 512 bytes) refuses a long text as too large.
        const refusedAs = route.bodyLimit && res.statusCode === 413 ? 413 : mustRefuse;
        faults.push(...faultsOf(res, refusedAs).map((f) => `${variant.name}: ${f}`));
      }
      expect(faults).toEqual([]);
      // An operator's sign-in (argon2id, then the second factor) per variant for the routes that end sessions.
    },
    90_000,
  );
});

describe('zod speaks Korean wherever the contract is loaded', () => {
  // The browser's own form schemas use zod directly: importing the contract (as every screen that validates does)
  // is what gives them these messages.
  const form = z.object({
    name: z.string().max(5),
    count: z.number().int().min(1),
    kind: z.enum(['a', 'b']),
    email: z.email(),
    tags: z.array(z.string()).min(1),
  });
  const messages = (value: unknown) =>
    Object.fromEntries(
      (form.safeParse(value).error?.issues ?? []).map((i) => [i.path.join('.') || '(root)', i.message]),
    );

  it('names the common refusals in 해요체', () => {
    expect(messages(null)).toEqual({ '(root)': '보낸 내용이 비어 있어요.' });
    expect(messages([])).toEqual({ '(root)': '보낸 내용의 형식이 올바르지 않아요.' });
    expect(messages({})).toEqual({
      name: '꼭 입력해야 하는 항목이에요.',
      count: '꼭 입력해야 하는 항목이에요.',
      kind: '꼭 입력해야 하는 항목이에요.',
      email: '꼭 입력해야 하는 항목이에요.',
      tags: '꼭 입력해야 하는 항목이에요.',
    });
    expect(messages({ name: 1, count: '1', kind: 'c', email: 'x', tags: 'x' })).toEqual({
      name: '글자로 입력해 주세요.',
      count: '숫자로 입력해 주세요.',
      kind: '고를 수 있는 값이 아니에요. 다시 골라 주세요.',
      email: '이메일 주소를 확인해 주세요.',
      tags: '목록으로 보내 주세요.',
    });
    expect(messages({ name: '가나다라마바', count: 0, kind: 'a', email: 'a@b.kr', tags: [] })).toEqual({
      name: '5자까지 입력할 수 있어요.',
      count: '1 이상으로 입력해 주세요.',
      tags: '하나 이상 골라 주세요.',
    });
  });

  it('keeps a schema’s own message', () => {
    const own = z.string({ message: '이름을 입력해 주세요.' });
    expect(own.safeParse(1).error?.issues[0]?.message).toBe('이름을 입력해 주세요.');
  });
});
