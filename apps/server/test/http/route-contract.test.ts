// The API document tells the truth about who may call what: every registered route is called without credentials,
// and what it answers must match the security its operation declares (http/route-contract.ts derives both from the
// route's config.auth). The document itself: an operationId, a Korean summary and tags on every operation. The
// hospitals' document: their operations only (README "Hospital API").
import Fastify, { type RouteOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { HOSPITAL_API } from '@auto-claim/contract';
import {
  HOSPITAL_DOCUMENT_PATH,
  HOSPITAL_TAG,
  SECURITY_OF,
  problemCodesOf,
  registerRouteContract,
  type Guards,
} from '../../src/http/route-contract.js';
import { build, problemOf, allowLog } from '../helper.js';

// Every route is called signed out, the insurers' answer route too: that refusal is logged as a warning
// (claims/answers.ts), as it should be; the refusal itself is insurer-api.test.ts's.
allowLog({ level: 'warn', msg: 'insurer answer refused' });

const t = await build();
afterAll(() => t.close());

type Operation = {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: unknown;
  responses: Record<string, unknown>;
};
const doc = t.app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> };

const methodsOf = (r: RouteOptions) => [r.method].flat().map(String);
/** Fastify's `/a/:b` as the document writes it, `/a/{b}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');
const operationOf = (r: RouteOptions, method: string) => doc.paths[openApiPath(r.url)]?.[method.toLowerCase()];
const isDocumented = (r: RouteOptions) => r.schema !== undefined && !(r.schema as { hide?: boolean }).hide;

/** A path parameter that gets past routing (validation runs after authentication anyway). */
const concrete = (url: string) =>
  url.replace(/:(\w+)/g, (_m, name: string) => (name === 'hospitalCd' ? '90000001' : '1')).replace(/\*$/, 'x');

const documented = t.app.routeList.filter(isDocumented);

describe('every documented route', () => {
  it('declares who may call it, and the document says the same', () => {
    expect(documented.length).toBeGreaterThan(40);
    for (const r of documented) {
      const auth = r.config?.auth;
      expect(auth, `${String(r.method)} ${r.url}`).toBeDefined();
      for (const method of methodsOf(r).filter((m) => m !== 'HEAD')) {
        const op = operationOf(r, method);
        expect(op, `${method} ${r.url} in the document`).toBeDefined();
        expect(op!.security, `${method} ${r.url}`).toEqual(SECURITY_OF[auth!]);
        for (const status of problemCodesOf(r).keys()) expect(op!.responses).toHaveProperty(String(status));
      }
    }
  });

  it('has a unique camelCase operationId, a Korean summary and a tag', () => {
    const ids = new Set<string>();
    for (const ops of Object.values(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const where = `${method} ${op.operationId}`;
        expect(op.operationId, where).toMatch(/^[a-z][a-zA-Z0-9]+$/);
        expect(ids.has(op.operationId!), `${where} twice`).toBe(false);
        ids.add(op.operationId!);
        expect(op.summary, where).toMatch(/[가-힣]/);
        expect(op.tags?.length, where).toBe(1);
        expect(op.security, `${where}: security`).toBeDefined();
      }
    }
  });
});

describe('an anonymous call', () => {
  // HEAD twins included: each gets its guard from the same onRoute hook.
  const calls = t.app.routeList.flatMap((r) => methodsOf(r).map((method) => ({ r, method })));

  it.each(calls.map(({ r, method }) => [`${method} ${r.url}`, r, method] as const))(
    '%s answers as its declared security says',
    async (_name, r, method) => {
      const res = await t.app.inject({
        method: method as 'GET',
        url: concrete(r.url),
        ...(method === 'GET' || method === 'HEAD' ? {} : { payload: {} }),
      });
      const auth = r.config?.auth ?? 'public';
      if (auth === 'public') {
        // A public route answers 401 only by its own rule (a login, a signed call such as an insurer's answer), with a
        // code it declares.
        if (res.statusCode === 401) expect([...(problemCodesOf(r).get(401) ?? [])]).toContain(problemOf(res).code);
        return;
      }
      expect(res.statusCode).toBe(401);
      if (method === 'HEAD') return;
      expect(problemOf(res).code).toBe(auth === 'hospital' ? 'HOSPITAL_KEY_INVALID' : 'UNAUTHENTICATED');
      if (isDocumented(r)) expect(operationOf(r, method)!.responses).toHaveProperty('401');
    },
  );
});

describe("the hospitals' document", () => {
  const operations = (paths: Record<string, Record<string, unknown>>) =>
    Object.entries(paths).flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`));

  it('has every operation a hospital calls, and nothing else: no console, sandbox or patient call', async () => {
    const res = await t.app.inject(HOSPITAL_DOCUMENT_PATH);
    expect(res.statusCode).toBe(200);
    const hospitals = res.json() as {
      paths: Record<string, Record<string, Operation>>;
      components: { securitySchemes: object; schemas: Record<string, unknown> };
    };
    const listed = operations(hospitals.paths);
    // What a hospital's key opens, and whatever else is tagged for hospitals (a route of theirs with another sign-in).
    const theirs = documented
      .filter((r) => r.config?.auth === 'hospital' || (r.schema as { tags?: string[] }).tags?.includes(HOSPITAL_TAG))
      .flatMap((r) =>
        methodsOf(r)
          .filter((m) => m !== 'HEAD')
          .map((m) => `${m} ${openApiPath(r.url)}`),
      );
    expect(theirs.length).toBeGreaterThan(0);
    expect(listed.sort()).toEqual(theirs.sort());
    expect(Object.keys(hospitals.paths)).toEqual(
      expect.arrayContaining(
        Object.values(HOSPITAL_API).map((p) => (typeof p === 'function' ? openApiPath(p(':requestId')) : p)),
      ),
    );
    expect(Object.keys(hospitals.paths).filter((p) => /^\/(api\/admin|sandbox)(\/|$)/.test(p))).toEqual([]);
    expect(operations(doc.paths).length).toBeGreaterThan(listed.length + 60);
    // Only the sign-in and schemas its operations use, and every reference resolves.
    expect(Object.keys(hospitals.components.securitySchemes)).toEqual(['hospitalApiKey']);
    const refs = [...JSON.stringify(hospitals).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(0);
    expect(Object.keys(hospitals.components.schemas).sort()).toEqual([...new Set(refs)].sort());
  });

  it("refuses to start with a route a hospital's key opens that is not tagged for hospitals", async () => {
    const app = Fastify();
    const pass = async () => {};
    registerRouteContract(app, { patient: pass, operator: pass, session: pass, hospital: pass } as Guards);
    const route = (tags: string[]) => () =>
      app.post(`/hospital/x-${tags.length}`, { config: { auth: 'hospital' }, schema: { tags } }, async () => ({}));
    expect(route(['reference'])).toThrow(`POST /hospital/x-1: a hospital route needs the tag '${HOSPITAL_TAG}'`);
    expect(route([HOSPITAL_TAG])).not.toThrow();
    await app.close();
  });
});
