// What every caller gets from the HTTP layer: problems, headers, limits, the SPA fallback, health.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API } from '@auto-claim/contract';
import { HOSPITAL_DOCUMENT_PATH } from '../../src/http/route-contract.js';
import { build, problemOf, type TestApp } from '../helper.js';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

describe('health', () => {
  it('answers healthz and readyz on the public port with a bare status: no database, queue or failure named', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok' });
    // Not ready (the jobs runtime's queue unreachable): a 503 problem that says only that.
    vi.spyOn(t.app.jobs, 'started', 'get').mockReturnValue(true);
    vi.spyOn(t.app.jobs, 'reachable').mockResolvedValue(false);
    try {
      const down = await t.app.inject('/readyz');
      expect(problemOf(down)).toMatchObject({ status: 503, code: 'NOT_READY' });
      expect(down.body).not.toMatch(/pglite|postgres|database|queue|QUEUE|DATABASE|데이터베이스|대기열/);
    } finally {
      vi.restoreAllMocks();
    }
  });
});

describe('SPA in history mode', () => {
  it.each([
    '/ui/insu/vuex/auto-claim/',
    '/ui/insu/vuex/auto-claim/90000001',
    '/ui/insu/vuex/auto-claim/security/jumin',
    '/ui/insu/anything',
  ])('answers index.html for %s', async (url) => {
    const res = await t.app.inject(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('자동청구 test index');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/ops', '/ops/', '/ops/claims/12', '/ops/hospitals?q=서울'])(
    'answers the operator console’s own page for %s, never the patient app',
    async (url) => {
      const res = await t.app.inject(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('운영 콘솔 test page');
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it('serves real files, hashed assets as immutable', async () => {
    const res = await t.app.inject('/ui/insu/assets/app.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('redirects the bare root to the app', async () => {
    const res = await t.app.inject('/');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/ui/insu/vuex/auto-claim/');
  });

  it('never answers an unknown API path with HTML', async () => {
    for (const url of ['/ui/insu/v1/nope', '/ui/insu/v2/claims/unknown', '/api/nope', '/auth/rest/nope', '/nope']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(problemOf(res)).toMatchObject({ status: 404, code: 'NOT_FOUND', title: 'Not Found' });
    }
  });

  it('does not answer index.html to a POST', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/ui/insu/vuex/auto-claim/' });
    expect(problemOf(res).status).toBe(404);
  });
});

describe('security headers', () => {
  it('sends a CSP without inline script, nosniff, no framing and a referrer policy on every answer', async () => {
    for (const url of ['/ui/insu/vuex/auto-claim/', '/ui/insu/v1/claims/banks', '/nope']) {
      const h = (await t.app.inject(url)).headers;
      const csp = String(h['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(h['x-content-type-options']).toBe('nosniff');
      expect(h['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  it('sends a page’s script and stylesheet only the headers that guard a file; a worker, a page and an image all of them', async () => {
    const documentOnly = [
      'content-security-policy',
      'cross-origin-opener-policy',
      'permissions-policy',
      'x-frame-options',
    ];
    for (const url of ['/ui/insu/assets/app.js', '/ui/insu/assets/app.css']) {
      const h = (await t.app.inject(url)).headers;
      expect(h['x-content-type-options'], url).toBe('nosniff');
      expect(h['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(h['cache-control'], url).toContain('immutable');
      expect(h.etag, url).toBeDefined();
      for (const name of [...documentOnly, 'referrer-policy', 'last-modified'])
        expect(h[name], `${url} ${name}`).toBeUndefined();
    }
    // A worker runs under the CSP its own script comes with; a page, and an SVG opened as one, under their own.
    for (const url of [
      '/ui/insu/assets/photo.worker-test.js',
      '/ui/insu/assets/logo.svg',
      '/ui/insu/vuex/auto-claim/',
      '/ui/insu/v1/claims/banks',
    ]) {
      const h = (await t.app.inject(url)).headers;
      for (const name of documentOnly) expect(h[name], `${url} ${name}`).toBeDefined();
      expect(String(h['content-security-policy'])).toContain("script-src 'self'");
    }
  });

  it('sends HSTS only over https: neither the Host header nor an untrusted X-Forwarded-Proto decides it', async () => {
    // Over https as a trusted proxy reports it: security/perimeter.test.ts.
    for (const headers of [
      { host: 'localhost:3000' },
      { host: 'claim.example.kr' },
      { host: 'claim.example.kr', 'x-forwarded-proto': 'https' },
    ]) {
      const res = await t.app.inject({ url: '/healthz', headers });
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });
});

describe('bad input', () => {
  it('answers a body over 1 MB with 413 problem', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/ui/insu/v1/claims/banks',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ x: 'a'.repeat(1024 * 1024 + 10) }),
    });
    expect(problemOf(res)).toMatchObject({ status: 413, code: 'BODY_TOO_LARGE' });
  });

  it('answers a wrong method on a known path with a problem, never 5xx', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/ui/insu/v1/claims/banks' });
    expect(res.statusCode).toBeLessThan(500);
    expect(problemOf(res).status).toBe(res.statusCode);
  });
});

describe('OpenAPI', () => {
  it('serves a document generated from the zod schemas, with every reference call', async () => {
    const doc = (await t.app.inject('/openapi.json')).json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const p of [
      '/ui/insu/v1/claims/banks',
      '/ui/insu/v1/claims/insurances',
      '/ui/insu/v1/claims/hospitals/{hospitalCd}',
      '/api/insu/rest/findHospitalNm/{hospitalCd}',
      '/auth/rest/terms/{version}/{termsGroup}',
    ]) {
      expect(doc.paths[p], p).toBeDefined();
    }
    const params = doc.paths['/ui/insu/v1/claims/insurances'].get.parameters.map((x: { name: string }) => x.name);
    expect(params).toEqual(expect.arrayContaining(['insuType', 'page', 'pageSize']));
  });

  it('in production lists the hospital, insurer and patient calls only: no operator route, in either document', async () => {
    const dev = (await t.app.inject('/openapi.json')).json() as { paths: Record<string, unknown> };
    const consoleCalls = Object.keys(dev.paths).filter((p) => p.startsWith('/api/admin/'));
    // Development (and the artifact npm run lint:api writes) keeps them.
    expect(consoleCalls.length).toBeGreaterThan(20);
    const prod = await build({ config: { nodeEnv: 'production' } });
    try {
      for (const url of ['/openapi.json', '/api-docs/json']) {
        const res = await prod.app.inject(url);
        expect(res.statusCode, url).toBe(200);
        const doc = res.json() as { paths: Record<string, Record<string, { security?: object[] }>> };
        const paths = Object.keys(doc.paths);
        expect(
          paths.filter((p) => p.startsWith('/api/admin')),
          url,
        ).toEqual([]);
        const operatorOnly = paths.filter((p) =>
          Object.values(doc.paths[p]!).some((op) => JSON.stringify(op.security) === '[{"operatorSession":[]}]'),
        );
        expect(operatorOnly, url).toEqual([]);
        for (const p of [API.niceUserAuth, API.linkExchange, API.subscriptions, '/hospital/api/v1/treatments']) {
          expect(paths, `${url} ${p}`).toContain(p);
        }
        // Everything else is as in development (the sandbox's calls do not exist in production at all; a hospital
        // user's console calls, /api/hospital/, are the console's and hidden like the operators').
        expect(paths, url).toEqual(
          Object.keys(dev.paths).filter(
            (p) => !p.startsWith('/api/admin/') && !p.startsWith('/api/hospital/') && !p.startsWith('/sandbox/'),
          ),
        );
      }
      // The hospitals' document is theirs everywhere: the same in production as in development.
      const hospitals = await prod.app.inject(HOSPITAL_DOCUMENT_PATH);
      expect(hospitals.statusCode).toBe(200);
      expect(hospitals.json()).toEqual((await t.app.inject(HOSPITAL_DOCUMENT_PATH)).json());
    } finally {
      await prod.close();
    }
  });

  it('serves a readable reference page', async () => {
    const res = await t.app.inject('/api-docs/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });
});

describe('the sandbox clock', () => {
  it('moves forward for a caller on this machine only, by a whole number of seconds', async () => {
    const before = t.app.ctx.clock.now().getTime();
    const res = await t.app.inject({ method: 'POST', url: '/sandbox/clock', payload: { advanceSeconds: 61 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(t.app.ctx.clock.now().getTime() - before).toBeGreaterThanOrEqual(61_000);
    const remote = await t.app.inject({
      method: 'POST',
      url: '/sandbox/clock',
      payload: { advanceSeconds: 61 },
      remoteAddress: '203.0.113.9',
    });
    // Another machine does not see the sandbox at all (http/sandbox-gate.ts; http/edges.test.ts).
    expect(remote.statusCode).toBe(404);
    expect(remote.json()).toMatchObject({ code: 'NOT_FOUND' });
    const bad = await t.app.inject({ method: 'POST', url: '/sandbox/clock', payload: { advanceSeconds: -5 } });
    expect(bad.statusCode).toBe(400);
  });
});
