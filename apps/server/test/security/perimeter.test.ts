// The perimeter through app.inject(): who a request comes from behind a proxy (TRUST_PROXY), which scheme it came by
// (Secure cookies, HSTS), which site sent it (Origin), which bodies are read (JSON only), and operators' sign-in
// locked per account. Each attack is performed and shown to fail.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, OPERATOR_API } from '@auto-claim/contract';
import { OPERATOR_LOCKOUT, upsertOperator } from '../../src/modules/operators/operators.js';
import { IDENTITY_RATE_LIMITS } from '../../src/modules/identity/routes.js';
import { SIGN_IN_RATE_LIMIT } from '../../src/modules/operators/routes.js';
import { ACCOUNT_CHECK_RATE_LIMIT } from '../../src/modules/accounts/routes.js';
import { SUBSCRIBE_RATE_LIMIT } from '../../src/modules/subscriptions/routes.js';
import { addressKey, coarseAddress } from '../../src/http/client-address.js';
import { isSecureRequest } from '../../src/security/cookies.js';
import {
  build,
  problemOf,
  signInOperator,
  testClock,
  verifyPatient,
  type TestApp,
  freshAddress,
  expectLog,
} from '../helper.js';

const clock = testClock(new Date('2026-06-15T03:00:00Z'));
/** One proxy in front (TRUST_PROXY=1): the client is the address the proxy appended, the last of X-Forwarded-For. */
let hop: TestApp;
/** Only the proxy at 10.0.0.1 is believed (TRUST_PROXY=10.0.0.1), with the public origin set. */
let listed: TestApp;

beforeAll(async () => {
  hop = await build({ clock, config: { trustProxy: 1 } });
  listed = await build({ clock, config: { trustProxy: ['10.0.0.1'], publicUrl: 'https://claim.example.kr' } });
  await upsertOperator(listed.db.db, 'perimeter-ops', 'correct horse battery');
  // Two apps on two databases: more than one's time on a busy machine.
}, 180_000);
afterAll(async () => {
  await Promise.all([hop?.close(), listed?.close()]);
});

const PROXY = '10.0.0.1';
let fakeSeq = 0;
/** An address the attacker writes into X-Forwarded-For, new every time. */
const fakeIp = () => `1.2.${(++fakeSeq >> 8) & 255}.${fakeSeq & 255}`;

describe('TRUST_PROXY as a hop count: a client cannot choose its own address for the per-address limits', () => {
  /** max calls from one real client, each claiming another address first; then one more, and one from another. */
  async function spoofPast(
    t: TestApp,
    max: number,
    call: (headers: Record<string, string>) => Promise<LightMyRequestResponse>,
    real: string,
  ) {
    for (let i = 0; i < max; i++) {
      const res = await call({ 'x-forwarded-for': `${fakeIp()}, ${real}` });
      expect(res.statusCode).not.toBe(429);
    }
    const over = await call({ 'x-forwarded-for': `${fakeIp()}, ${fakeIp()}, ${real}` });
    expect(over.statusCode).toBe(429);
    // The limit is that client's, not the proxy's: another client through the same proxy is still served.
    const other = await call({ 'x-forwarded-for': `${fakeIp()}, 203.0.113.250` });
    expect(other.statusCode).not.toBe(429);
    return over;
  }
  const post =
    (t: TestApp, url: string, extra: { cookie?: string } = {}) =>
    (h: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url,
        remoteAddress: PROXY,
        headers: { ...h, ...(extra.cookie ? { cookie: extra.cookie } : {}) },
        payload: {},
      });

  it('operator sign-in', async () => {
    const over = await spoofPast(hop, SIGN_IN_RATE_LIMIT.max, post(hop, API.login), '203.0.113.1');
    expect(problemOf(over).code).toBe('RATE_LIMITED');
  });

  it('sending SMS codes (userAuth) and checking them (smsAuth)', async () => {
    await spoofPast(hop, IDENTITY_RATE_LIMITS.userAuth.max, post(hop, API.niceUserAuth), '203.0.113.2');
    await spoofPast(hop, IDENTITY_RATE_LIMITS.smsAuth.max, post(hop, API.niceSmsAuth), '203.0.113.3');
  });

  it('IDENTITY_STARTS_PER_ADDRESS and OPERATOR_SIGN_INS_PER_ADDRESS set the limits per address', async () => {
    const few = await build({
      clock,
      config: { trustProxy: 1, identityStartsPerAddress: 3, operatorSignInsPerAddress: 4 },
    });
    try {
      await spoofPast(few, 3, post(few, API.niceUserAuth), '203.0.113.4');
      await spoofPast(few, 6, post(few, API.niceSmsAuth), '203.0.113.5');
      await spoofPast(few, 4, post(few, API.login), '203.0.113.6');
      // Subscribing never falls below its own floor of 30 in 10 minutes.
      const v = await verifyPatient(few);
      await spoofPast(few, SUBSCRIBE_RATE_LIMIT.max, post(few, API.subscriptions, { cookie: v.cookie }), '203.0.113.7');
      // Nor the account check below its 20.
      await spoofPast(
        few,
        ACCOUNT_CHECK_RATE_LIMIT.max,
        post(few, API.userAccounts, { cookie: v.cookie }),
        '203.0.113.11',
      );
    } finally {
      await few.close();
    }
    // An address allowed more verifications (a hospital's Wi-Fi) may subscribe as many people as it verifies, and
    // check as many accounts and have as many ID photos read: every patient there takes those steps.
    const many = await build({ clock, config: { trustProxy: 1, identityStartsPerAddress: 40 } });
    try {
      const v = await verifyPatient(many);
      await spoofPast(many, 40, post(many, API.subscriptions, { cookie: v.cookie }), '203.0.113.8');
      // In proportion to the default's 30 verifications: 20 account checks become 27, 30 photos read 40.
      await spoofPast(many, 27, post(many, API.userAccounts, { cookie: v.cookie }), '203.0.113.9');
      await spoofPast(many, 40, post(many, API.ocrIdCard, { cookie: v.cookie }), '203.0.113.10');
    } finally {
      await many.close();
    }
  }, 180_000);

  it('the account-holder check', async () => {
    const v = await verifyPatient(hop);
    await spoofPast(
      hop,
      ACCOUNT_CHECK_RATE_LIMIT.max,
      post(hop, API.userAccounts, { cookie: v.cookie }),
      '203.0.113.4',
    );
  });

  it('the 알림톡 link exchange', async () => {
    await spoofPast(hop, 20, post(hop, API.linkExchange), '203.0.113.5');
  });
});

describe('TRUST_PROXY as the proxies’ addresses', () => {
  it('believes X-Forwarded-For from the listed proxy only: a client that reaches the server directly is itself', async () => {
    const direct = '198.51.100.7';
    for (let i = 0; i < SIGN_IN_RATE_LIMIT.max; i++) {
      const res = await listed.app.inject({
        method: 'POST',
        url: API.login,
        remoteAddress: direct,
        headers: { 'x-forwarded-for': fakeIp() },
        payload: {},
      });
      expect(res.statusCode).toBe(400);
    }
    const over = await listed.app.inject({
      method: 'POST',
      url: API.login,
      remoteAddress: direct,
      headers: { 'x-forwarded-for': fakeIp() },
      payload: {},
    });
    expect(problemOf(over)).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
  });
});

describe('https is what the trusted proxy reports, never what the Host header says', () => {
  const login = (remoteAddress: string, headers: Record<string, string>) =>
    listed.app.inject({
      method: 'POST',
      url: API.login,
      remoteAddress,
      headers,
      payload: { loginId: 'perimeter-ops', password: 'correct horse battery' },
    });

  it('over https through the proxy: the operator’s cookie is __Host-, Secure and Strict, and HSTS is sent', async () => {
    const res = await login(PROXY, {
      host: 'claim.example.kr',
      'x-forwarded-for': '203.0.113.20',
      'x-forwarded-proto': 'https',
    });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === '__Host-ac_ops')).toMatchObject({
      secure: true,
      httpOnly: true,
      path: '/',
      sameSite: 'Strict',
    });
    // Not the patient's cookies: an operator's session is another cookie altogether.
    expect(res.cookies.map((c) => c.name)).toEqual(['__Host-ac_ops']);
    expect(res.headers['strict-transport-security']).toContain('max-age=');
  });

  it('a client that is not the proxy claims https (or a public Host) in vain; over plain http nothing is Secure', async () => {
    const res = await login('198.51.100.20', { host: 'claim.example.kr', 'x-forwarded-proto': 'https' });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === '__Host-ac_ops')).toBeUndefined();
    expect(res.cookies.find((c) => c.name === 'ac_ops')?.secure).toBeFalsy();
    expect(res.headers['strict-transport-security']).toBeUndefined();
    // The proxy saying http is believed too: a cookie is never marked Secure over plain http (it would be lost).
    const plain = await login(PROXY, { host: 'claim.example.kr', 'x-forwarded-proto': 'http' });
    expect(plain.cookies.find((c) => c.name === 'ac_ops')?.secure).toBeFalsy();
  });

  it('over https only the __Host- session cookies count: the same token under the plain name opens nothing', async () => {
    const https = { 'x-forwarded-for': '203.0.113.21', 'x-forwarded-proto': 'https' };
    const session = (cookie: string, headers: Record<string, string> = https) =>
      listed.app.inject({ url: API.session, remoteAddress: PROXY, headers: { ...headers, cookie } });
    // The operator's, issued over https.
    const ops = (await login(PROXY, https)).cookies.find((c) => c.name === '__Host-ac_ops')!.value;
    expect((await session(`__Host-ac_ops=${ops}`)).statusCode).toBe(200);
    // A plain-named cookie is what a sibling subdomain or a network attacker over http can plant (fixation).
    expect(problemOf(await session(`ac_ops=${ops}`))).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    // The patient's: a session token planted as `ac_sess` is not read over https; under `__Host-` it is.
    const patient = await verifyPatient(listed);
    const token = /(?:^|; )ac_sess=([^;]+)/.exec(patient.cookie)![1]!;
    expect(problemOf(await session(`ac_sess=${token}`))).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    expect((await session(`__Host-ac_sess=${token}`)).statusCode).toBe(200);
    // Over plain http (development) the plain names are the ones read.
    expect((await session(`ac_sess=${token}`, { 'x-forwarded-for': '203.0.113.21' })).statusCode).toBe(200);
  });

  it('production is only ever served over https: its cookies are Secure even when a proxy forgets the header', () => {
    const req = { protocol: 'http' } as Parameters<typeof isSecureRequest>[1];
    expect(isSecureRequest({ config: { nodeEnv: 'production' } as never }, req)).toBe(true);
    expect(isSecureRequest({ config: { nodeEnv: 'development' } as never }, req)).toBe(false);
  });
});

describe('per-address limits count an IPv6 client by its /64 (http/client-address.ts)', () => {
  const loginFrom = (remoteAddress: string) =>
    listed.app.inject({ method: 'POST', url: API.login, remoteAddress, payload: {} });
  const max = SIGN_IN_RATE_LIMIT.max;

  it('a client rotating through the addresses of its /64 meets one limit; another /64 is served', async () => {
    for (let i = 1; i <= max; i++) expect((await loginFrom(`2001:db8:aa:1::${i.toString(16)}`)).statusCode).toBe(400);
    // Any other host of the same /64, however written, is the same client.
    for (const same of ['2001:db8:aa:1:ffff:ffff:ffff:ffff', '2001:0db8:00aa:0001:0:0:0:abcd']) {
      expect(problemOf(await loginFrom(same))).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    }
    expect((await loginFrom('2001:db8:aa:2::1')).statusCode).toBe(400);
  });

  it('an IPv4-mapped IPv6 address is its IPv4 address', async () => {
    for (let i = 0; i < max; i++) expect((await loginFrom('::ffff:198.51.100.70')).statusCode).toBe(400);
    expect(problemOf(await loginFrom('198.51.100.70'))).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    expect((await loginFrom('198.51.100.71')).statusCode).toBe(400);
  });

  it('one helper gives the key (and the coarse form operators see of each other), for every way of writing it', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('2001:0db8:0000:0000:ffff:0:0:1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('64:ff9b::192.0.2.33')).toBe('64:ff9b:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(coarseAddress('203.0.113.9')).toBe('203.0.113.*');
    expect(coarseAddress('::ffff:203.0.113.9')).toBe('203.0.113.*');
    expect(coarseAddress('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:*');
    expect(coarseAddress('not an address')).toBe('*');
  });
});

describe('a state-changing call from a page of another site', () => {
  /** A signed-in admin's cookie and CSRF token: what the console's own page sends. */
  const operatorHeaders = async () => (await signInOperator(listed, 'admin')).headers;
  const keysOf = async () =>
    Number(
      (
        await listed.db.db
          .selectFrom('hospitalApiKey')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('is refused before anything runs, even with the operator’s cookie; the own site and PUBLIC_URL are served', async () => {
    const ops = await operatorHeaders();
    const before = await keysOf();
    const issue = (headers: Record<string, string>) =>
      listed.app.inject({
        method: 'POST',
        url: OPERATOR_API.hospitalApiKeys('90000001'),
        headers: { ...ops, ...headers },
        payload: { label: 'attacker' },
      });
    for (const origin of ['https://evil.example', 'null', 'http://claim.example.kr.evil.example', 'file://x']) {
      const res = await issue({ origin });
      expect(problemOf(res)).toMatchObject({ status: 403, code: 'ORIGIN_FORBIDDEN' });
      expect(problemOf(res).detail).toMatch(/요\.$/);
    }
    expect(await keysOf()).toBe(before);
    // The site itself: PUBLIC_URL's origin, or the host the request was sent to (a default port is no difference).
    expect((await issue({ origin: 'https://claim.example.kr', host: 'internal:3000' })).statusCode).toBe(201);
    expect((await issue({ origin: 'http://localhost' })).statusCode).toBe(201);
    expect((await issue({ origin: 'http://localhost:80' })).statusCode).toBe(201);
    // No Origin at all (the hospital feed, insurers, scripts): served as before.
    expect((await issue({})).statusCode).toBe(201);
    expect(await keysOf()).toBe(before + 4);
  });

  it('a read (GET) is not a state change: a foreign Origin does not stop it', async () => {
    const res = await listed.app.inject({
      url: '/ui/insu/v1/claims/banks',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('text/plain (what a cross-site form can send without asking) is never read: 415 before any rule', async () => {
    const ops = await operatorHeaders();
    const before = await keysOf();
    const res = await listed.app.inject({
      method: 'POST',
      url: OPERATOR_API.hospitalApiKeys('90000001'),
      headers: { ...ops, 'content-type': 'text/plain' },
      payload: '{"label":"attacker"}',
    });
    expect(problemOf(res)).toMatchObject({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
    const login = await listed.app.inject({
      method: 'POST',
      url: API.login,
      remoteAddress: '127.0.0.10',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({ loginId: 'perimeter-ops', password: 'correct horse battery' }),
    });
    expect(problemOf(login)).toMatchObject({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(login.cookies).toHaveLength(0);
    expect(await keysOf()).toBe(before);
  });
});

// Each sign-in checks an argon2id hash (64 MiB): slow on purpose, so these tests get more time.
// Some 40 password checks a test, each a memory-hard hash: beside the browser tests they take minutes.
describe('operator sign-in is locked per account and address', { timeout: 180_000 }, () => {
  /** Every guess from an address of its own, as a botnet would: the per-address limit never trips. */
  const signIn = (loginId: string, password: string) =>
    listed.app.inject({
      method: 'POST',
      url: API.login,
      remoteAddress: freshAddress(),
      payload: { loginId, password },
    });
  const RIGHT = 'correct horse battery';

  it(`guessing one operator's password from many addresses locks every address she never signed in from after ${OPERATOR_LOCKOUT.unknownAddressesMaxTries} tries, even for the right password`, async () => {
    // The lock is a warning in the log (docs/security.md).
    expectLog({ level: 'warn', msg: 'operator sign-in locked', count: 1 });
    await upsertOperator(listed.db.db, 'lock-ops', RIGHT);
    for (let i = 1; i < OPERATOR_LOCKOUT.unknownAddressesMaxTries; i++) {
      expect(problemOf(await signIn('lock-ops', `guess-${i}-password`)).code).toBe('LOGIN_FAILED');
    }
    const locked = problemOf(await signIn('lock-ops', 'guess-last-password'));
    expect(locked).toMatchObject({ status: 423, code: 'OPERATOR_LOCKED' });
    expect(locked.detail).toContain('15분 뒤에 다시 시도하거나 관리자에게 잠금 해제를 부탁해 주세요.');
    // The right password from yet another address: still locked, no session.
    const right = await signIn('lock-ops', RIGHT);
    expect(problemOf(right).code).toBe('OPERATOR_LOCKED');
    expect(right.cookies).toHaveLength(0);

    // Recorded: which id (encrypted), from which address (keyed hash), how many tries, until when.
    const rows = await listed.db.db.selectFrom('operatorLockout').selectAll().execute();
    const row = rows.find((r) => listed.app.ctx.crypto.decrypt(r.loginIdEnc) === 'lock-ops')!;
    expect(row).toMatchObject({ tries: OPERATOR_LOCKOUT.unknownAddressesMaxTries });
    expect(new Date(row.lockedUntil).getTime() - new Date(row.lockedAt).getTime()).toBe(
      OPERATOR_LOCKOUT.lockMinutes * 60_000,
    );
    expect(JSON.stringify(rows)).not.toContain('lock-ops');

    // When the lock ends the count starts again, the right password works, and a success clears that address's count.
    clock.advance(OPERATOR_LOCKOUT.lockMinutes * 60_000);
    for (let i = 1; i < OPERATOR_LOCKOUT.maxTries; i++) await signIn('lock-ops', `again-${i}-password`);
    expect((await signIn('lock-ops', RIGHT)).statusCode).toBe(200);
    expect(problemOf(await signIn('lock-ops', 'after-success-password')).code).toBe('LOGIN_FAILED');
  });

  it('parallel guesses get no more than the allowed tries, from one address or from many', async () => {
    // Each lock is a warning in the log (docs/security.md).
    expectLog({ level: 'warn', msg: 'operator sign-in locked' });
    await upsertOperator(listed.db.db, 'burst-ops', RIGHT);
    const one = freshAddress();
    const fromOne = await Promise.all(
      Array.from({ length: 3 * OPERATOR_LOCKOUT.maxTries }, (_, i) =>
        listed.app.inject({
          method: 'POST',
          url: API.login,
          remoteAddress: one,
          payload: { loginId: 'burst-ops', password: `burst-${i}-password` },
        }),
      ),
    );
    const codes = fromOne.map((a) => problemOf(a).code);
    expect(codes.filter((c) => c === 'LOGIN_FAILED').length).toBeLessThan(OPERATOR_LOCKOUT.maxTries);
    expect(codes.filter((c) => c === 'OPERATOR_LOCKED').length).toBeGreaterThan(2 * OPERATOR_LOCKOUT.maxTries);

    await upsertOperator(listed.db.db, 'spread-ops', RIGHT);
    const fromMany = await Promise.all(
      Array.from({ length: OPERATOR_LOCKOUT.unknownAddressesMaxTries + 5 }, (_, i) =>
        signIn('spread-ops', `spread-${i}-password`),
      ),
    );
    const failed = fromMany.map((a) => problemOf(a).code).filter((c) => c === 'LOGIN_FAILED');
    expect(failed.length).toBeLessThan(OPERATOR_LOCKOUT.unknownAddressesMaxTries);
    expect(problemOf(await signIn('spread-ops', RIGHT)).code).toBe('OPERATOR_LOCKED');
  });

  it('an id that does not exist is counted and locked alike (the answers tell no one which ids exist)', async () => {
    // The lock is a warning in the log, for an id that exists or not.
    expectLog({ level: 'warn', msg: 'operator sign-in locked', count: 1 });
    const one = freshAddress();
    const guess = (password: string) =>
      listed.app.inject({
        method: 'POST',
        url: API.login,
        remoteAddress: one,
        payload: { loginId: 'no-such-ops', password },
      });
    for (let i = 1; i < OPERATOR_LOCKOUT.maxTries; i++) {
      expect(problemOf(await guess(`guess-${i}-password`)).code).toBe('LOGIN_FAILED');
    }
    expect(problemOf(await guess('guess-last-password')).code).toBe('OPERATOR_LOCKED');
  });
});
