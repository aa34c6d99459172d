// No answer that may carry personal data is kept by a browser or a proxy (http/cache.ts): every route answers
// `Cache-Control: no-store` unless it serves public reference data only, walked over the route table so that a new
// route cannot forget it; the answers that carry the most (the session with the raw CI, the subscription, the history,
// the holder check, operator calls) are checked as their rightful owner gets them.
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@auto-claim/contract';
import { upsertOperator } from '../../src/modules/operators/operators.js';
import {
  OPERATOR_PASSWORD,
  build,
  signInOperator,
  testClock,
  verifyPatient,
  type TestApp,
  allowLog,
} from '../helper.js';

// Every route is called as every caller, the insurers' answer route unsigned too: that refusal is logged as a warning
// (claims/answers.ts), as it should be; the refusal itself is insurer-api.test.ts's.
allowLog({ level: 'warn', msg: 'insurer answer refused' });

const clock = testClock(new Date('2026-06-15T03:00:00Z'));
let t: TestApp;
beforeAll(async () => {
  t = await build({ clock });
});
afterAll(() => t.close());

const methodsOf = (r: RouteOptions) =>
  [r.method]
    .flat()
    .map(String)
    .filter((m) => m !== 'HEAD');
const concrete = (url: string) =>
  url.replace(/:(\w+)/g, (_m, name: string) => (name === 'hospitalCd' ? '90000001' : '1')).replace(/\*$/, 'x');
/** The SPA's files and the API document are not data: they keep their own caching. */
const isStaticOrDoc = (r: RouteOptions) => r.url.includes('*') || r.url.startsWith('/api-docs') || r.url === '/';

describe('Cache-Control', () => {
  it('only GETs of public reference data may be kept, and none of them needs a session', () => {
    const kept = (t?.app.routeList ?? []).filter((r) => r.config?.publicReference);
    expect(kept.length).toBeGreaterThan(5);
    for (const r of kept) {
      expect(r.config?.auth, r.url).toBe('public');
      for (const m of [r.method].flat()) expect(['GET', 'HEAD'], `${String(m)} ${r.url}`).toContain(m);
      expect(r.url, r.url).not.toMatch(/subscriptions|accounts|treats|idCards|auth\/session|admin\/claims/);
    }
  });

  it('every other route answers no-store, whoever calls it', async () => {
    const routes = t.app.routeList.filter((r) => !r.config?.publicReference && !isStaticOrDoc(r));
    expect(routes.length).toBeGreaterThan(40);
    for (const r of routes) {
      for (const method of methodsOf(r)) {
        const res = await t.app.inject({
          method: method as 'GET',
          url: concrete(r.url),
          ...(method === 'GET' ? {} : { payload: {} }),
        });
        expect(res.headers['cache-control'], `${method} ${r.url} → ${res.statusCode}`).toBe('no-store');
      }
    }
  });

  it('the answers that carry a patient’s data are no-store as the patient gets them', async () => {
    const p = await verifyPatient(t);
    const headers = { cookie: p.cookie };
    const calls = [
      { url: '/rest/auth/session' },
      { url: API.subscriptions },
      { url: API.treats },
      { url: API.idCards },
      { url: `${API.userAccounts}?bankCd=004&bankAccount=123-456-781234` },
      { method: 'POST' as const, url: API.userAccounts, payload: { bankCd: '004', bankAccount: '123-456-781234' } },
    ];
    for (const c of calls) {
      const res = await t.app.inject({ ...c, headers });
      expect(res.statusCode, `${c.url}: ${res.body}`).toBeLessThan(300);
      expect(res.headers['cache-control'], c.url).toBe('no-store');
    }
    // The session answer is the one with the raw CI in it.
    const session = await t.app.inject({ url: '/rest/auth/session', headers });
    expect(session.json()).toMatchObject({ ci: p.ci });
    expect(session.headers['cache-control']).toBe('no-store');
  });

  it('operator answers are no-store too', async () => {
    await upsertOperator(t.db.db, 'ops-cache', OPERATOR_PASSWORD);
    const login = await t.app.inject({
      method: 'POST',
      url: '/rest/auth/login',
      payload: { loginId: 'ops-cache', password: OPERATOR_PASSWORD },
    });
    expect(login.headers['cache-control']).toBe('no-store');
    const { headers } = await signInOperator(t, 'operator');
    const me = await t.app.inject({ url: '/api/admin/me', headers });
    expect(me.headers['cache-control']).toBe('no-store');
    const res = await t.app.inject({ url: '/api/admin/claims/dead-letters', headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('public reference data and the SPA’s files keep their caching', async () => {
    const banks = await t.app.inject('/ui/insu/v1/claims/banks');
    expect(banks.statusCode).toBe(200);
    // Kept, asked again each time with its ETag (modules/reference/cache.ts).
    expect(banks.headers['cache-control']).toBe('no-cache');
    expect(banks.headers.etag).toBeDefined();
    const asset = await t.app.inject('/ui/insu/assets/app.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const page = await t.app.inject('/ui/insu/vuex/auto-claim/');
    expect(page.headers['cache-control']).toBe('no-cache');
  });
});
