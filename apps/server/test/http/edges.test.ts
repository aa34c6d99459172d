// The edges of the HTTP surface an attacker probes first: the sandbox's calls (every code and link the sandbox sent,
// the clock) from another machine, and requests too broken to reach a route (bad percent-encoding, over-long URLs,
// bytes Node's parser refuses), which must still get our problem details.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertOperator } from '../../src/modules/operators/operators.js';
import { MAX_URL_LENGTH } from '../../src/http/bad-request.js';
import {
  OPERATOR_PASSWORD,
  build,
  latestSmsCode,
  problemOf,
  signInOperator,
  testPerson,
  verifyPatient,
  type TestApp,
} from '../helper.js';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

describe('the sandbox’s calls', () => {
  const calls = (to: string) => [
    { method: 'GET' as const, url: `/sandbox/outbox?to=${to}` },
    { method: 'POST' as const, url: '/sandbox/clock', payload: { advanceSeconds: 60 } },
    { method: 'POST' as const, url: '/sandbox/insurers/idCardRequests', payload: { claimId: 1 } },
  ];

  it('do not exist for a caller on another machine, whatever it claims', async () => {
    const p = await verifyPatient(t);
    const phone = p.person.custHp;
    const attempts = [
      { remoteAddress: '203.0.113.7' },
      { remoteAddress: '10.0.0.5', headers: { 'x-forwarded-for': '127.0.0.1' } },
      // A proxy on this machine connects from loopback: its header says the caller is elsewhere.
      { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.7' } },
      { remoteAddress: '127.0.0.1', headers: { forwarded: 'for=203.0.113.7' } },
      { remoteAddress: '127.0.0.1', headers: { 'x-real-ip': '203.0.113.7' } },
      // A proxy that says only that it is one, and the client headers of CDNs (Akamai, Cloudflare).
      { remoteAddress: '127.0.0.1', headers: { via: '1.1 proxy.example' } },
      { remoteAddress: '127.0.0.1', headers: { 'true-client-ip': '203.0.113.7' } },
      { remoteAddress: '127.0.0.1', headers: { 'cf-connecting-ip': '203.0.113.7' } },
      // A patient's session opens nothing here.
      { remoteAddress: '203.0.113.7', headers: { cookie: p.cookie } },
    ];
    for (const a of attempts) {
      for (const c of calls(phone)) {
        const res = await t.app.inject({ ...c, ...a });
        const where = `${c.method} ${c.url} from ${JSON.stringify(a)}`;
        expect(problemOf(res), where).toMatchObject({ status: 404, code: 'NOT_FOUND' });
        expect(res.body, where).not.toContain(phone);
      }
    }
    // Spelled so that only the router sees the sandbox in it.
    for (const url of [`/%73andbox/outbox?to=${phone}`, `/sandbox/%6Futbox?to=${phone}`]) {
      const res = await t.app.inject({ url, remoteAddress: '203.0.113.7' });
      expect(problemOf(res), url).toMatchObject({ status: 404, code: 'NOT_FOUND' });
      expect(res.body, url).not.toContain(phone);
    }
    // As a path that does not exist answers.
    const nothing = await t.app.inject({ url: '/no/such/path', remoteAddress: '203.0.113.7' });
    const outbox = await t.app.inject({ url: `/sandbox/outbox?to=${phone}`, remoteAddress: '203.0.113.7' });
    expect(outbox.json()).toEqual(nothing.json());
  });

  it('answer on loopback (IPv4 and IPv6); elsewhere the outbox to nobody, not even an admin', async () => {
    const person = testPerson();
    const sent = await t.app.inject({
      method: 'POST',
      url: '/auth/rest/nice/userAuth',
      remoteAddress: '127.0.9.9',
      payload: {
        ...person,
        hospitalCode: '90000001',
        termsIds: (
          (await t.app.inject('/auth/rest/terms/v2/TELECOM')).json() as { list: { termsId: string }[] }
        ).list.map((x) => x.termsId),
      },
    });
    expect(sent.statusCode).toBe(200);
    expect(await latestSmsCode(t, person.custHp)).toMatch(/^\d{6}$/);
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await t.app.inject({ url: `/sandbox/outbox?to=${person.custHp}`, remoteAddress });
      expect(res.statusCode, remoteAddress).toBe(200);
      expect((res.json() as { messages: unknown[] }).messages).toHaveLength(1);
    }

    // A password alone (the second factor still to come) is not a signed-in operator.
    await upsertOperator(t.db.db, 'ops-sandbox', OPERATOR_PASSWORD, 'admin');
    const login = await t.app.inject({
      method: 'POST',
      url: '/rest/auth/login',
      remoteAddress: '127.0.9.10',
      payload: { loginId: 'ops-sandbox', password: OPERATOR_PASSWORD },
    });
    const halfway = await t.app.inject({
      url: `/sandbox/outbox?to=${person.custHp}`,
      remoteAddress: '203.0.113.7',
      headers: { cookie: login.cookies.map((c) => `${c.name}=${c.value}`).join('; ') },
    });
    expect(halfway.statusCode).toBe(404);
    // Signed in, from another machine: the outbox (every SMS code and link) answers no role, the admin included.
    for (const role of ['viewer', 'operator', 'admin'] as const) {
      const { cookie } = await signInOperator(t, role);
      const res = await t.app.inject({
        url: `/sandbox/outbox?to=${person.custHp}`,
        remoteAddress: '203.0.113.7',
        headers: { cookie },
      });
      expect(problemOf(res), role).toMatchObject({ status: 404, code: 'NOT_FOUND' });
      expect(res.body, role).not.toContain(person.custHp);
    }
  });

  it('elsewhere, the demo controls answer a signed-in admin only; the clock stays this machine’s', async () => {
    const idCardRequest = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/sandbox/insurers/idCardRequests',
        remoteAddress: '203.0.113.7',
        headers,
        payload: { claimId: 999_999 },
      });
    for (const role of ['viewer', 'operator'] as const) {
      const { headers } = await signInOperator(t, role);
      expect(problemOf(await idCardRequest(headers)), role).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    }
    const admin = await signInOperator(t, 'admin');
    // Reached: the sandbox insurer's own answer about a claim that does not exist.
    expect(problemOf(await idCardRequest(admin.headers))).toMatchObject({ status: 404, code: 'CLAIM_NOT_FOUND' });
    // A disabled admin's session is no admin.
    await t.db.db
      .updateTable('operator')
      .set({ disabledAt: new Date() })
      .where('loginId', '=', admin.loginId)
      .execute();
    expect(problemOf(await idCardRequest(admin.headers))).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    // Moving the server's time stays this machine's alone.
    const other = await signInOperator(t, 'admin');
    const clock = await t.app.inject({
      method: 'POST',
      url: '/sandbox/clock',
      remoteAddress: '203.0.113.7',
      headers: other.headers,
      payload: { advanceSeconds: 60 },
    });
    expect(problemOf(clock)).toMatchObject({ status: 403, code: 'SANDBOX_LOCAL_ONLY' });
  });
});

describe('a request too broken to reach a route', () => {
  it.each([
    '/rest/%E0%A4%A',
    '/rest/auth/%',
    '/ui/insu/v1/claims/hospitals/%E0%A4%A',
    '/api/insu/rest/findHospitalNm/%C0%AF',
    '/api/admin/claims/%ZZ',
  ])('%s: a bad percent-encoding is our 400 problem', async (url) => {
    const res = await t.app.inject({ url });
    const p = problemOf(res);
    expect(p).toMatchObject({ status: 400, code: 'BAD_URL' });
    expect(p.detail).toMatch(/주소를 읽을 수 없어요/);
    expect(res.body).not.toContain('valid url component');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('a URL longer than any call needs, or a path parameter longer than the router takes, is our 4xx problem', async () => {
    for (const url of [
      `/rest/${'a'.repeat(MAX_URL_LENGTH)}`,
      `/ui/insu/v1/claims/subscriptions?x=${'%41'.repeat(MAX_URL_LENGTH / 3)}`,
    ]) {
      expect(problemOf(await t.app.inject({ url }))).toMatchObject({ status: 414, code: 'URL_TOO_LONG' });
    }
    const longParam = await t.app.inject({ url: `/ui/insu/v1/claims/hospitals/${'9'.repeat(300)}` });
    const p = problemOf(longParam);
    expect(p.status).toBeGreaterThanOrEqual(400);
    expect(p.status).toBeLessThan(500);
  });

  describe('on a real socket', () => {
    let port = 0;
    beforeAll(async () => {
      const other = await build();
      await other.app.listen({ port: 0, host: '127.0.0.1' });
      port = (other.app.server.address() as net.AddressInfo).port;
      afterAll(() => other.close());
    });
    /** Sends raw bytes and reads the whole answer (the server closes the connection). */
    const raw = (bytes: string) =>
      new Promise<string>((resolve, reject) => {
        const s = net.connect(port, '127.0.0.1', () => s.end(bytes));
        let out = '';
        s.on('data', (d) => (out += d.toString('utf8')));
        s.on('close', () => resolve(out));
        s.on('error', (e) => (out ? resolve(out) : reject(e)));
      });
    const parse = (answer: string) => {
      const [head, body] = answer.split('\r\n\r\n');
      return { status: Number(head!.split(' ')[1]), head: head!, body: JSON.parse(body!) as Record<string, unknown> };
    };

    it('a URL past Node’s header limit is our 431 problem', async () => {
      const a = parse(await raw(`GET /rest/${'a'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`));
      expect(a.status).toBe(431);
      expect(a.head).toContain('application/problem+json');
      expect(a.body).toMatchObject({ status: 431, code: 'HEADERS_TOO_LARGE' });
      expect(String(a.body.detail)).toMatch(/너무 길어요/);
    });

    it('bytes that are not HTTP are our 400 problem', async () => {
      const a = parse(await raw('GARBAGE \x01\x02\r\n\r\n'));
      expect(a.status).toBe(400);
      expect(a.head).toContain('application/problem+json');
      expect(a.body).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    });

    it('a bad percent-encoding over the wire is our 400 problem too', async () => {
      const a = parse(await raw('GET /rest/%E0%A4%A HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'));
      expect(a.status).toBe(400);
      expect(a.head).toContain('application/problem+json');
      expect(a.body).toMatchObject({ code: 'BAD_URL' });
    });
  });
});
