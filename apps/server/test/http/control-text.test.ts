// A NUL byte or another control character in any text a caller sends (docs/security.md, "A stranger's text"): before,
// PostgreSQL refused the NUL and the caller got a 500 with a stack trace in the log (login, smsAuth, pending, userAuth,
// the patient terms call, the operator calls). Now every field of every route's body, query and path is refused with
// a 400 naming the field, in Korean, whoever sends it; only the fields the contract marks multi-line take line breaks.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  HOSPITAL_KEY_HEADER,
  INSURER_SIGNATURE_HEADER,
  INSURER_TIMESTAMP_HEADER,
  SMS_PENDING_PATH,
} from '@auto-claim/contract';
import { OPS_AUTH_API } from '@auto-claim/contract/ops';
import { upsertOperator } from '../../src/modules/operators/operators.js';
import { fieldsOf, routesOf, type Route } from '../route-walk.js';
import {
  build,
  pendingOperatorSession,
  problemOf,
  signInHospitalUser,
  signInOperator,
  verifyPatient,
  freshAddress,
} from '../helper.js';

const t = await build();
afterAll(() => t.close());
beforeAll(async () => {
  await upsertOperator(t.db.db, 'nul-ops', 'correct horse battery');
});

const NUL = '가\u0000나';
const HANGUL = /[가-힣]/;

// --- the routes (as http/validation-korean.test.ts walks them) -----------------------------------------------------------

const routes = routesOf(t.app).filter((r) => r.method !== 'HEAD' && (r.body || r.querystring || r.params));

/** Each field of the route's body, query and path, as the request that carries NUL in it alone. */
function attacks(route: Route) {
  const out: { field: string; url: string; query?: Record<string, string>; payload?: string }[] = [];
  const fill = (nul?: string) =>
    route.url.replace(/:(\w+)/g, (_m, name: string) => {
      if (name === nul) return encodeURIComponent(NUL);
      const field = fieldsOf(route.params)[name];
      return ['1', '90000001', 'A1', 'nul-ops'].find((v) => field?.safeParse(v).success) ?? '1';
    });
  const body = route.method === 'GET' ? undefined : '{}';
  for (const field of Object.keys(fieldsOf(route.body))) {
    out.push({ field, url: fill(), payload: JSON.stringify({ [field]: NUL }) });
  }
  for (const field of Object.keys(fieldsOf(route.querystring))) {
    out.push({ field, url: fill(), query: { [field]: NUL }, payload: body });
  }
  for (const field of route.url.includes(':') ? Object.keys(fieldsOf(route.params)) : []) {
    out.push({ field, url: fill(field), payload: body });
  }
  return out;
}

// --- who sends it ---------------------------------------------------------------------------------------------------

type Credentials = Record<string, string>;
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
function insurerSignature(url: string, payload: string | undefined): Credentials {
  const code = /^\/api\/insurers\/([^/]+)\//.exec(url)?.[1] ?? '';
  const ts = String(Math.floor(Date.now() / 1000));
  const mac = createHmac('sha256', `sandbox-${code}`)
    .update(`${ts}.${payload ?? ''}`)
    .digest('hex');
  return { [INSURER_TIMESTAMP_HEADER]: ts, [INSURER_SIGNATURE_HEADER]: `v1=${mac}` };
}

// --- the walk -------------------------------------------------------------------------------------------------------

describe('a control character in any field', () => {
  it('walks the routes named in the attack report among all the others', () => {
    const names = routes.map((r) => `${r.method} ${r.url}`);
    for (const expected of [API.login, API.niceSmsAuth, SMS_PENDING_PATH, API.niceUserAuth, API.termsAgree]) {
      expect(names).toContain(`POST ${expected}`);
    }
    expect(names.filter((n) => n.includes('/api/admin/')).length).toBeGreaterThanOrEqual(9);
  });

  it.each(routes.map((r) => [`${r.method} ${r.url}`, r] as const))(
    '%s: each field with NUL is a 400 naming it',
    async (_name, route) => {
      const faults: string[] = [];
      let patient: Credentials | undefined;
      let operator: Credentials | undefined;
      const endsSession = route.url === API.logout || route.url === API.refreshToken;
      for (const attack of attacks(route)) {
        if (endsSession) patient = operator = undefined;
        if (route.url === OPS_AUTH_API.logout) operator = undefined;
        const send = (headers: Credentials) =>
          t.app.inject({
            method: route.method as 'POST',
            url: attack.url,
            query: attack.query,
            payload: attack.payload,
            headers: { ...(attack.payload ? { 'content-type': 'application/json' } : {}), ...headers },
            remoteAddress: route.url.startsWith('/sandbox/') ? '127.0.0.1' : freshAddress(),
          });
        let res = await send({});
        if (res.statusCode === 401 || res.statusCode === 403) {
          patient ??= { cookie: (await verifyPatient(t)).cookie, [HOSPITAL_KEY_HEADER]: 'sandbox-90000001' };
          res = await send(patient);
        }
        if (res.statusCode === 401 || res.statusCode === 403) {
          operator ??= await operatorCredentials(route.url);
          res = await send(operator);
        }
        if (res.statusCode === 401 && route.url.startsWith('/api/insurers/')) {
          res = await send(insurerSignature(attack.url, attack.payload));
        }
        const where = `${attack.field}`;
        // An insurer is known by the code in its path: no insurer has this one, so its signature is refused first.
        const insurerCode = route.url.startsWith('/api/insurers/') && attack.field === 'insuCompCd';
        if (insurerCode && res.statusCode === 401) continue;
        if (res.statusCode !== 400) {
          faults.push(`${where}: status ${res.statusCode} ${res.body.slice(0, 200)}`);
          continue;
        }
        const p = problemOf(res);
        const named = p.errors?.find((e) => e.field === attack.field);
        if (!named) faults.push(`${where}: not named in ${JSON.stringify(p.errors)}`);
        else if (!HANGUL.test(named.message) || !HANGUL.test(p.detail)) faults.push(`${where}: not Korean`);
      }
      expect(faults).toEqual([]);
    },
    90_000,
  );
});

describe('the attack as reported', () => {
  it('login, SMS and terms calls with NUL: 400 naming the field, no 5xx, no code sent', async () => {
    const { cookie } = await verifyPatient(t);
    const before = await t.db.db
      .selectFrom('smsVerification')
      .select((eb) => eb.fn.countAll().as('n'))
      .execute();
    for (const [url, payload, field] of [
      [API.login, { loginId: `nul${NUL}`, password: 'x'.repeat(12) }, 'loginId'],
      [API.login, { loginId: 'nul-ops', password: `correct horse${NUL}` }, 'password'],
      [API.niceSmsAuth, { smsRequestSeq: NUL, smsResponseSeq: 'a', smsAuthNum: '123456', hospitalCode: '90000001' }],
      [SMS_PENDING_PATH, { smsRequestSeq: NUL, smsResponseSeq: 'a', hospitalCode: '90000001' }, 'smsRequestSeq'],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url, payload, remoteAddress: freshAddress() });
      const p = problemOf(res);
      expect(p.status, res.body).toBe(400);
      expect(p.errors?.map((e) => e.field)).toContain(field ?? 'smsRequestSeq');
    }
    // The TELECOM terms of a send, and a patient's terms agreement: the term ids are looked up in the database.
    const person = { custName: '홍길동', korRegId: '9001011', telecomType: '1', custHp: '01012345678' };
    const send = await t.app.inject({
      method: 'POST',
      url: API.niceUserAuth,
      remoteAddress: freshAddress(),
      payload: { ...person, hospitalCode: '90000001', termsIds: [`TELECOM${NUL}`] },
    });
    expect(problemOf(send)).toMatchObject({ status: 400, errors: [{ field: 'termsIds.0' }] });
    const agree = await t.app.inject({
      method: 'POST',
      url: API.termsAgree,
      headers: { cookie },
      remoteAddress: freshAddress(),
      payload: { termsIds: [`SERVICE${NUL}`] },
    });
    expect(problemOf(agree)).toMatchObject({ status: 400, errors: [{ field: 'termsIds.0' }] });
    const after = await t.db.db
      .selectFrom('smsVerification')
      .select((eb) => eb.fn.countAll().as('n'))
      .execute();
    expect(after).toEqual(before);
  });

  it('line breaks go only where the contract takes several lines', async () => {
    const { headers } = await signInOperator(t, 'admin');
    const publish = (title: string, content: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/terms',
        headers,
        payload: { termsId: 'T_NUL', title, content, required: false, effectiveDate: '20990101' },
      });
    // A one-line title with a line break or a tab is refused; a multi-line content takes them, but never a NUL.
    for (const title of ['제목\n둘째 줄', '제목\t탭', '제목\u0085']) {
      const p = problemOf(await publish(title, '내용'));
      expect(p).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
      expect(p.errors?.map((e) => e.field)).toEqual(['title']);
    }
    expect(problemOf(await publish('제목', `첫 줄\n둘째 ${NUL}`)).errors?.map((e) => e.field)).toEqual(['content']);
    const res = await publish('제목', '첫 줄\r\n\t둘째 줄');
    expect(res.statusCode, res.body).not.toBe(400);
    expect(res.statusCode).toBeLessThan(500);
  });

  it('a body nested 100,000 deep is refused by validation, not a 500', async () => {
    const n = 100_000;
    const res = await t.app.inject({
      method: 'POST',
      url: API.login,
      remoteAddress: freshAddress(),
      headers: { 'content-type': 'application/json' },
      payload: `{"loginId":${'['.repeat(n)}${']'.repeat(n)}}`,
    });
    expect(problemOf(res)).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
  });
});
