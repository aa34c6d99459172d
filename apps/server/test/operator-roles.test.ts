// Who may call the operator API (README "Operator console"): every registered /api/admin route is called by nobody, by
// a patient and by each role, and each is refused before its body is read (an empty or malformed body would answer
// 400 if it were read first). The two calls the patient app itself makes under /api/admin (spec §7: the hospital list
// and the screen-view log) are the only public ones.
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@auto-claim/contract';
import { build, problemOf, signInOperator, verifyPatient, type TestApp } from './helper.js';

let t: TestApp;
const cookies: Record<string, string> = {};
beforeAll(async () => {
  t = await build();
  cookies.patient = (await verifyPatient(t)).cookie;
  for (const role of ['viewer', 'operator', 'admin'] as const) cookies[role] = (await signInOperator(t, role)).cookie;
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

async function call(r: RouteOptions, method: string, cookie?: string) {
  return t.app.inject({
    method: method as 'GET',
    url: concrete(r.url),
    headers: { ...(cookie ? { cookie } : {}), 'content-type': 'application/json' },
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
        for (const who of [undefined, cookies.patient]) {
          const res = await call(r, method, who);
          expect(res.statusCode, `${method} ${r.url} as ${who ? 'a patient' : 'nobody'}`).toBe(401);
          expect(problemOf(res).code).toBe('UNAUTHENTICATED');
        }
      }
    }
  });

  it('answers a role below the route’s 403 ROLE_FORBIDDEN, and lets the others past the check', async () => {
    for (const r of adminRoutes()) {
      const needed = RANK[r.config!.role!];
      for (const method of methodsOf(r)) {
        for (const role of ['viewer', 'operator', 'admin'] as const) {
          const res = await call(r, method, cookies[role]);
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
    const { loginId, cookie } = await signInOperator(t, 'admin');
    const heldRecords = t.app.routeList.find((r) => r.url === '/api/admin/records/held')!;
    expect((await call(heldRecords, 'GET', cookie)).statusCode).toBe(200);
    await t.db.db.updateTable('operator').set({ disabledAt: new Date() }).where('loginId', '=', loginId).execute();
    expect((await call(heldRecords, 'GET', cookie)).statusCode).toBe(401);
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
});
