// Who may call the operator API (README "Operator console"): every registered /api/admin route is called by nobody, by
// a patient and by each role, and each is refused before its body is read (an empty or malformed body would answer
// 400 if it were read first). The two calls the patient app itself makes under /api/admin (spec §7: the hospital list
// and the screen-view log) are the only public ones. An operator session short of the second factor reaches only the
// sign-in's own calls, and a state-changing call without the session's CSRF token is refused, both before the body.
import type { RouteOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@auto-claim/contract';
import { upsertOperator } from '../../../src/modules/operators/operators.js';
import {
  OPERATOR_PASSWORD,
  build,
  problemOf,
  signInOperator,
  totpCode,
  verifyPatient,
  type TestApp,
} from '../../helper.js';

let t: TestApp;
const sessions: Record<string, Record<string, string>> = {};
beforeAll(async () => {
  t = await build();
  sessions.patient = { cookie: (await verifyPatient(t)).cookie };
  for (const role of ['viewer', 'operator', 'admin'] as const) sessions[role] = (await signInOperator(t, role)).headers;
});
afterAll(() => t?.close());

const SPEC_PUBLIC = new Set<string>([API.hospitalCommons, API.appMenuLogs]);
const RANK = { viewer: 0, operator: 1, admin: 2 } as const;
const methodsOf = (r: RouteOptions) =>
  [r.method]
    .flat()
    .map(String)
    .filter((m) => m !== 'HEAD');
const concrete = (url: string) =>
  url.replace(/:(\w+)/g, (_m, name: string) => (name === 'hospitalCd' ? '90000001' : '1'));
const adminRoutes = () => t.app.routeList.filter((r) => r.url.startsWith('/api/admin') && !SPEC_PUBLIC.has(r.url));

async function call(r: RouteOptions, method: string, headers?: Record<string, string>) {
  return t.app.inject({
    method: method as 'GET',
    url: concrete(r.url),
    headers: { ...headers, 'content-type': 'application/json' },
    // Not JSON at all: a route that read the body before knowing the caller would answer 400.
    ...(method === 'GET' ? {} : { payload: '{not json' }),
  });
}

describe('every /api/admin route', () => {
  it('names the least role it needs', () => {
    expect(adminRoutes().length).toBeGreaterThan(10);
    for (const r of adminRoutes()) {
      expect(r.config?.auth, r.url).toBe('operator');
      expect(['viewer', 'operator', 'admin'], r.url).toContain(r.config?.role);
    }
  });

  it('answers nobody and a patient 401 before reading the body', async () => {
    for (const r of adminRoutes()) {
      for (const method of methodsOf(r)) {
        for (const who of [undefined, sessions.patient]) {
          const res = await call(r, method, who);
          expect(res.statusCode, `${method} ${r.url} as ${who ? 'a patient' : 'nobody'}`).toBe(401);
          expect(problemOf(res).code).toBe('UNAUTHENTICATED');
        }
      }
    }
  });

  it('answers a role below the route’s 403 ROLE_FORBIDDEN, and lets the others past the check', async () => {
    for (const r of adminRoutes()) {
      const needed = RANK[r.config!.role as keyof typeof RANK];
      for (const method of methodsOf(r)) {
        for (const role of ['viewer', 'operator', 'admin'] as const) {
          const res = await call(r, method, sessions[role]);
          const where = `${method} ${r.url} as ${role}`;
          if (RANK[role] < needed) {
            expect(res.statusCode, where).toBe(403);
            expect(problemOf(res).code, where).toBe('ROLE_FORBIDDEN');
            expect(problemOf(res).detail, where).toMatch(/권한이 있어야/);
          } else {
            expect([401, 403], where).not.toContain(res.statusCode);
            expect(res.statusCode, where).toBeLessThan(500);
          }
        }
      }
    }
  });

  it('ends the session of a disabled account at its next call', async () => {
    const { loginId, headers } = await signInOperator(t, 'admin');
    const heldRecords = t.app.routeList.find((r) => r.url === '/api/admin/records/held')!;
    expect((await call(heldRecords, 'GET', headers)).statusCode).toBe(200);
    await t.db.db.updateTable('operator').set({ disabledAt: new Date() }).where('loginId', '=', loginId).execute();
    expect((await call(heldRecords, 'GET', headers)).statusCode).toBe(401);
  });

  it('lets a session with the password only reach the sign-in’s own calls and nothing else', async () => {
    // One admin before the second factor is set up (stage setup), one after (stage password).
    const setUp = await signInOperator(t, 'admin');
    await upsertOperator(t.db.db, 'stage-setup', OPERATOR_PASSWORD, 'admin');
    const pending: Record<string, Record<string, string>> = {};
    for (const [stage, loginId] of [
      ['setup', 'stage-setup'],
      ['password', setUp.loginId],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: API.login,
        remoteAddress: `127.8.0.${stage === 'setup' ? 1 : 2}`,
        payload: { loginId, password: OPERATOR_PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().stage).toBe(stage);
      pending[stage] = {
        cookie: `${res.cookies[0]!.name}=${res.cookies[0]!.value}`,
        'x-csrf-token': res.json().csrfToken,
      };
    }
    for (const r of adminRoutes()) {
      for (const method of methodsOf(r)) {
        for (const stage of ['setup', 'password'] as const) {
          const res = await call(r, method, pending[stage]);
          const where = `${method} ${r.url} at stage ${stage}`;
          if (r.config?.stages?.includes(stage)) {
            expect([401, 403], where).not.toContain(res.statusCode);
          } else {
            expect(res.statusCode, where).toBe(403);
            expect(problemOf(res).code, where).toBe('SECOND_FACTOR_REQUIRED');
          }
        }
      }
    }
    // The password stage's one call, with a code: a full session.
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login/second-factor',
      remoteAddress: '127.8.0.2',
      headers: pending.password,
      payload: { code: await totpCode(setUp.secret, 1) },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().stage).toBe('full');
  });

  it('refuses a state-changing call without the session’s CSRF token before reading the body', async () => {
    const changing = adminRoutes().filter((r) => methodsOf(r).some((m) => m !== 'GET'));
    expect(changing.length).toBeGreaterThan(5);
    for (const r of changing) {
      for (const method of methodsOf(r).filter((m) => m !== 'GET')) {
        for (const csrf of [undefined, 'wrong', sessions.operator!['x-csrf-token']]) {
          const headers = { cookie: sessions.admin!.cookie!, ...(csrf ? { 'x-csrf-token': csrf } : {}) };
          const res = await call(r, method, headers);
          const where = `${method} ${r.url} with ${csrf ? 'another token' : 'no token'}`;
          expect(res.statusCode, where).toBe(403);
          expect(problemOf(res).code, where).toBe('CSRF_FAILED');
        }
      }
    }
  });

  it('keeps the operators’ record append-only', async () => {
    await t.db.db
      .insertInto('operatorAction')
      .values({ at: new Date(), loginId: 'x', ipEnc: 'x', action: 'sign_in' })
      .execute();
    await expect(t.db.db.updateTable('operatorAction').set({ reason: 'changed' }).execute()).rejects.toThrow(
      /append-only/,
    );
    await expect(t.db.db.deleteFrom('operatorAction').execute()).rejects.toThrow(/append-only/);
  });

  it('refuses TRUNCATE of the operators’ record, as of the access log: nothing goes', async () => {
    await t.db.db
      .insertInto('operatorAction')
      .values({ at: new Date(), loginId: 'x', ipEnc: 'x', action: 'sign_in' })
      .execute();
    const count = async () =>
      Number(
        (
          await t.db.db
            .selectFrom('operatorAction')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    await expect(sql`truncate operator_action`.execute(t.db.db)).rejects.toThrow(/append-only/);
    await expect(sql`truncate table operator_action restart identity cascade`.execute(t.db.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`truncate access_log`.execute(t.db.db)).rejects.toThrow(/append-only/);
    expect(await count()).toBe(before);
  });
});
