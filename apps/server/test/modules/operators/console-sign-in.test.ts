// Operators' sign-in with a second factor, their sessions and their accounts (README "Operator console"): the stages a
// password opens, TOTP set-up and codes (wrong, replayed), recovery codes (once each), the lockout counting second
// factor failures, 30 minutes idle and 8 hours in all, a cookie of their own, and what an admin may do to accounts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@auto-claim/contract';
import { BACKGROUND_HEADER, OPS_AUTH_API } from '@auto-claim/contract/ops';
import { OPERATOR_LOCKOUT, upsertOperator } from '../../../src/modules/operators/operators.js';
import {
  OPERATOR_PASSWORD,
  build,
  pendingOperatorSession,
  problemOf,
  signInOperator,
  testClock,
  totpCode,
  verifyPatient,
  type TestApp,
  freshAddress,
  cookieOf,
  expectLog,
} from '../../helper.js';

const clock = testClock(new Date('2026-06-15T03:00:00Z'));
let t: TestApp;
beforeAll(async () => {
  t = await build({ clock });
});
afterAll(() => t?.close());

const me = (headers: Record<string, string>) => t.app.inject({ url: OPS_AUTH_API.me, headers });
const post = (url: string, headers: Record<string, string>, payload?: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers, remoteAddress: freshAddress(), payload });
const actionsOf = async (loginId: string) =>
  (
    await t.db.db.selectFrom('operatorAction').select('action').where('loginId', '=', loginId).orderBy('id').execute()
  ).map((a) => a.action);

describe('signing in', { timeout: 60_000 }, () => {
  it('opens only the set-up until the second factor is set up; a code from the app then finishes the sign-in', async () => {
    await upsertOperator(t.db.db, 'first-admin', OPERATOR_PASSWORD, 'admin');
    const login = await t.app.inject({
      method: 'POST',
      url: API.login,
      remoteAddress: freshAddress(),
      payload: { loginId: 'first-admin', password: OPERATOR_PASSWORD },
    });
    expect(login.json()).toMatchObject({ kind: 'operator', loginId: 'first-admin', role: 'admin', stage: 'setup' });
    const pending = { cookie: cookieOf(login), 'x-csrf-token': login.json().csrfToken as string };
    expect((await me(pending)).json()).toMatchObject({ stage: 'setup', role: 'admin' });
    expect(problemOf(await t.app.inject({ url: '/api/admin/records/held', headers: pending }))).toMatchObject({
      status: 403,
      code: 'SECOND_FACTOR_REQUIRED',
    });
    // Confirming before a secret was made, and a second-factor call at this stage, are refused.
    expect(problemOf(await post(OPS_AUTH_API.totpConfirm, pending, { code: '123456' })).code).toBe(
      'SECOND_FACTOR_NOT_STARTED',
    );
    expect(problemOf(await post(OPS_AUTH_API.secondFactor, pending, { code: '123456' })).code).toBe(
      'SECOND_FACTOR_REQUIRED',
    );

    const setup = await post(OPS_AUTH_API.totpSetup, pending);
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUri, qrDataUrl } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/.*first-admin\?.*secret=/);
    expect(qrDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qrDataUrl.split(',')[1], 'base64').toString()).toContain('<svg');
    // The secret is stored encrypted, never as it is.
    const row = await t.db.db
      .selectFrom('operator')
      .selectAll()
      .where('loginId', '=', 'first-admin')
      .executeTakeFirst();
    expect(JSON.stringify(row)).not.toContain(secret);

    const wrong = problemOf(await post(OPS_AUTH_API.totpConfirm, pending, { code: '000000' }));
    expect(wrong).toMatchObject({ status: 400, code: 'SECOND_FACTOR_WRONG' });
    expect(wrong.detail).toMatch(/요\.$/);
    const malformed = problemOf(await post(OPS_AUTH_API.totpConfirm, pending, { code: '12ab' }));
    expect(malformed).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect(malformed.errors?.[0]).toMatchObject({ field: 'code', message: '인증 앱의 6자리 숫자를 입력해 주세요.' });

    const confirmed = await post(OPS_AUTH_API.totpConfirm, pending, { code: await totpCode(secret) });
    expect(confirmed.statusCode).toBe(200);
    const body = confirmed.json();
    expect(body).toMatchObject({ stage: 'full', loginId: 'first-admin', role: 'admin' });
    expect(body.recoveryCodes).toHaveLength(10);
    expect(new Set(body.recoveryCodes).size).toBe(10);
    const full = { cookie: cookieOf(confirmed), 'x-csrf-token': body.csrfToken as string };
    expect(full['x-csrf-token']).not.toBe(pending['x-csrf-token']);
    // The set-up session is over (a new id at each stage), the full one opens the console.
    expect((await me(pending)).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/admin/records/held', headers: full })).statusCode).toBe(200);
    // Set up once: the set-up calls are over.
    expect(problemOf(await post(OPS_AUTH_API.totpSetup, full)).code).toBe('SECOND_FACTOR_DONE');
    // Recovery codes are stored only as keyed hashes.
    const codes = await t.db.db.selectFrom('operatorRecoveryCode').selectAll().execute();
    expect(JSON.stringify(codes)).not.toContain(body.recoveryCodes[0]);
    expect(await actionsOf('first-admin')).toEqual(['sign_in_failed', 'second_factor_set', 'sign_in']);
  });

  it('takes a TOTP code once: a wrong one and a replayed one are refused', async () => {
    const account = await signInOperator(t, 'viewer');
    const login = await t.app.inject({
      method: 'POST',
      url: API.login,
      remoteAddress: freshAddress(),
      payload: { loginId: account.loginId, password: OPERATOR_PASSWORD },
    });
    expect(login.json().stage).toBe('password');
    const pending = { cookie: cookieOf(login), 'x-csrf-token': login.json().csrfToken as string };
    expect(problemOf(await post(OPS_AUTH_API.totpSetup, pending)).code).toBe('SECOND_FACTOR_REQUIRED');
    // The code the set-up took a moment ago is spent.
    const replayed = problemOf(await post(OPS_AUTH_API.secondFactor, pending, { code: account.usedCode }));
    expect(replayed).toMatchObject({ status: 400, code: 'SECOND_FACTOR_WRONG' });
    expect(problemOf(await post(OPS_AUTH_API.secondFactor, pending, { code: '000000' })).code).toBe(
      'SECOND_FACTOR_WRONG',
    );
    const both = problemOf(await post(OPS_AUTH_API.secondFactor, pending, { code: '123456', recoveryCode: 'x' }));
    expect(both.code).toBe('VALIDATION_FAILED');
    // The next time step's code (an app a little ahead) is within the window, once.
    const next = await totpCode(account.secret, 1);
    const ok = await post(OPS_AUTH_API.secondFactor, pending, { code: next });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ stage: 'full', loginId: account.loginId });

    const relogin = await pendingOperatorSession(t, 'password');
    const third = await post(OPS_AUTH_API.secondFactor, relogin.headers, { code: relogin.usedCode });
    expect(problemOf(third).code).toBe('SECOND_FACTOR_WRONG');
  });

  it('takes each recovery code once', async () => {
    const s = await pendingOperatorSession(t, 'password');
    const code = s.recoveryCodes[3]!;
    const ok = await post(OPS_AUTH_API.secondFactor, s.headers, { recoveryCode: code.toUpperCase() });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().stage).toBe('full');
    const relogin = await t.app.inject({
      method: 'POST',
      url: API.login,
      remoteAddress: freshAddress(),
      payload: { loginId: s.loginId, password: OPERATOR_PASSWORD },
    });
    const pending = { cookie: cookieOf(relogin), 'x-csrf-token': relogin.json().csrfToken as string };
    const reused = problemOf(await post(OPS_AUTH_API.secondFactor, pending, { recoveryCode: code }));
    expect(reused).toMatchObject({ status: 400, code: 'SECOND_FACTOR_WRONG' });
    expect(reused.errors?.[0]?.field).toBe('recoveryCode');
    expect((await post(OPS_AUTH_API.secondFactor, pending, { recoveryCode: s.recoveryCodes[4]! })).statusCode).toBe(
      200,
    );
    expect(await actionsOf(s.loginId)).toEqual([
      'second_factor_set',
      'sign_in',
      'sign_in',
      'sign_in_failed',
      'sign_in',
    ]);
  });

  it(`locks the account from that address after ${OPERATOR_LOCKOUT.maxTries} failures, second-factor ones counted, even for the right code`, async () => {
    // The lock is a warning in the log (docs/security.md): an operator hears of guessing.
    expectLog({ level: 'warn', msg: 'operator sign-in locked', count: 1 });
    const s = await pendingOperatorSession(t, 'password');
    const here = freshAddress();
    const postHere = (url: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url, headers: s.headers, remoteAddress: here, payload });
    for (let i = 1; i < OPERATOR_LOCKOUT.maxTries; i++) {
      expect(problemOf(await postHere(OPS_AUTH_API.secondFactor, { code: '000000' })).code).toBe('SECOND_FACTOR_WRONG');
    }
    const locked = problemOf(await postHere(OPS_AUTH_API.secondFactor, { code: '000000' }));
    expect(locked).toMatchObject({ status: 423, code: 'OPERATOR_LOCKED' });
    expect(locked.detail).toBe(
      '로그인에 여러 번 실패해서 이 연결에서는 이 계정으로 잠시 로그인할 수 없어요. 15분 뒤에 다시 시도하거나 관리자에게 잠금 해제를 부탁해 주세요.',
    );
    expect(problemOf(await postHere(OPS_AUTH_API.secondFactor, { code: await totpCode(s.secret, 1) })).code).toBe(
      'OPERATOR_LOCKED',
    );
    // The password too, from that address; from another one it still opens the second-factor step.
    const login = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: API.login,
        remoteAddress,
        payload: { loginId: s.loginId, password: OPERATOR_PASSWORD },
      });
    expect(problemOf(await login(here)).code).toBe('OPERATOR_LOCKED');
    expect((await login(freshAddress())).statusCode).toBe(200);
    clock.advance(OPERATOR_LOCKOUT.lockMinutes * 60_000);
  });

  it('does not let a known password buy endless guesses at the code: a right password does not clear the count', async () => {
    expectLog({ level: 'warn', msg: 'operator sign-in locked', count: 1 });
    const s = await pendingOperatorSession(t, 'password');
    const here = freshAddress();
    for (let i = 1; i < OPERATOR_LOCKOUT.maxTries; i++) {
      await t.app.inject({
        method: 'POST',
        url: OPS_AUTH_API.secondFactor,
        headers: s.headers,
        remoteAddress: here,
        payload: { code: '000000' },
      });
    }
    const login = await t.app.inject({
      method: 'POST',
      url: API.login,
      remoteAddress: here,
      payload: { loginId: s.loginId, password: OPERATOR_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const pending = { cookie: cookieOf(login), 'x-csrf-token': login.json().csrfToken as string };
    const code = await t.app.inject({
      method: 'POST',
      url: OPS_AUTH_API.secondFactor,
      headers: pending,
      remoteAddress: here,
      payload: { code: '000000' },
    });
    expect(problemOf(code).code).toBe('OPERATOR_LOCKED');
    clock.advance(OPERATOR_LOCKOUT.lockMinutes * 60_000);
  });
});

describe('a stranger who knows an operator’s id', { timeout: 120_000 }, () => {
  const login = (loginId: string, password: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: API.login, remoteAddress, payload: { loginId, password } });
  /** The password, then the authenticator app's next code, from one address: a full session. */
  async function fullSignIn(op: { loginId: string; secret: string }, remoteAddress: string, step: number) {
    const res = await login(op.loginId, OPERATOR_PASSWORD, remoteAddress);
    expect(res.statusCode, res.body).toBe(200);
    const pending = { cookie: cookieOf(res), 'x-csrf-token': res.json().csrfToken as string };
    return t.app.inject({
      method: 'POST',
      url: OPS_AUTH_API.secondFactor,
      headers: pending,
      remoteAddress,
      payload: { code: await totpCode(op.secret, step) },
    });
  }
  const rowOf = async (headers: Record<string, string>, loginId: string) =>
    (
      (await t.app.inject({ url: `${OPS_AUTH_API.operators}?q=${loginId}`, headers })).json() as {
        list: { loginId: string; lockedUntil: string | null }[];
      }
    ).list.find((r) => r.loginId === loginId)!;

  it('locks her out of his address only: from her known address she signs in; from his she is locked until an admin unlocks', async () => {
    expectLog({ level: 'warn', msg: 'operator sign-in locked', count: 1 });
    const admin = await signInOperator(t, 'admin');
    const op = await signInOperator(t, 'operator');
    const home = op.remoteAddress; // where she completed a sign-in: a known address from now on
    const stranger = freshAddress();
    for (let i = 1; i < OPERATOR_LOCKOUT.maxTries; i++) {
      expect(problemOf(await login(op.loginId, `wrong-guess-${i}`, stranger)).code).toBe('LOGIN_FAILED');
    }
    for (let i = 0; i < 3; i++) {
      expect(problemOf(await login(op.loginId, 'wrong-guess-again', stranger))).toMatchObject({
        status: 423,
        code: 'OPERATOR_LOCKED',
      });
    }

    expect((await fullSignIn(op, home, 1)).statusCode).toBe(200);
    expect(problemOf(await login(op.loginId, OPERATOR_PASSWORD, stranger)).code).toBe('OPERATOR_LOCKED');
    expect((await rowOf(admin.headers, op.loginId)).lockedUntil).not.toBeNull();

    // Only an admin unlocks; the operator herself (role operator) may not.
    const unlockUrl = OPS_AUTH_API.operatorUnlock.replace(':loginId', op.loginId);
    const self = await t.app.inject({ method: 'POST', url: unlockUrl, headers: op.headers });
    expect(self.statusCode).toBe(403);
    const unlocked = await t.app.inject({ method: 'POST', url: unlockUrl, headers: admin.headers });
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    expect(unlocked.json().operator).toMatchObject({ loginId: op.loginId, lockedUntil: null });
    expect(
      await t.db.db
        .selectFrom('operatorAction')
        .select(['loginId', 'target'])
        .where('action', '=', 'operator_unlocked')
        .execute(),
    ).toEqual([{ loginId: admin.loginId, target: op.loginId }]);
    expect((await login(op.loginId, OPERATOR_PASSWORD, stranger)).statusCode).toBe(200);
  });

  it(`guesses from many addresses lock every address she never signed in from after ${OPERATOR_LOCKOUT.unknownAddressesMaxTries}, never her known one`, async () => {
    expectLog({ level: 'warn', msg: 'operator sign-in locked', count: 1 });
    const op = await signInOperator(t, 'operator');
    for (let i = 1; i < OPERATOR_LOCKOUT.unknownAddressesMaxTries; i++) {
      expect(problemOf(await login(op.loginId, `spread-guess-${i}`, freshAddress())).code).toBe('LOGIN_FAILED');
    }
    expect(problemOf(await login(op.loginId, 'spread-guess-last', freshAddress())).code).toBe('OPERATOR_LOCKED');
    expect(problemOf(await login(op.loginId, OPERATOR_PASSWORD, freshAddress())).code).toBe('OPERATOR_LOCKED');
    expect((await fullSignIn(op, op.remoteAddress, 1)).statusCode).toBe(200);
    clock.advance(OPERATOR_LOCKOUT.lockMinutes * 60_000);
  });

  it('keeps her known address when it rotates inside its IPv6 /64: guesses that locked every unknown address leave her in', async () => {
    expectLog({ level: 'warn', msg: 'operator sign-in locked', count: 2 });
    const op = await signInOperator(t, 'operator');
    // She signs in from her laptop's privacy address; by the next day it has rotated inside the same /64.
    expect((await fullSignIn(op, '2001:db8:77:64:a1b2:c3d4:e5f6:1', 1)).statusCode).toBe(200);
    for (let i = 1; i <= OPERATOR_LOCKOUT.unknownAddressesMaxTries; i++) {
      await login(op.loginId, `spread-guess-${i}`, freshAddress());
    }
    expect(problemOf(await login(op.loginId, OPERATOR_PASSWORD, freshAddress())).code).toBe('OPERATOR_LOCKED');
    expect(problemOf(await login(op.loginId, OPERATOR_PASSWORD, '2001:db8:78:64::1')).code).toBe('OPERATOR_LOCKED');
    // (with a recovery code: the authenticator's next code was taken by the first sign-in)
    const rotated = '2001:db8:77:64:9f8e:7d6c:5b4a:2';
    const password = await login(op.loginId, OPERATOR_PASSWORD, rotated);
    expect(password.statusCode, password.body).toBe(200);
    const second = await t.app.inject({
      method: 'POST',
      url: OPS_AUTH_API.secondFactor,
      headers: { cookie: cookieOf(password), 'x-csrf-token': password.json().csrfToken as string },
      remoteAddress: rotated,
      payload: { recoveryCode: op.recoveryCodes[0] },
    });
    expect(second.statusCode, second.body).toBe(200);
    // An attacker rotating inside one /64 is one address: its tries are counted together and it locks.
    const attacker = (i: number) => `2001:db8:99:64::${i.toString(16)}`;
    const other = await signInOperator(t, 'operator');
    for (let i = 1; i < OPERATOR_LOCKOUT.maxTries; i++) {
      expect(problemOf(await login(other.loginId, `rotating-guess-${i}`, attacker(i))).code).toBe('LOGIN_FAILED');
    }
    expect(problemOf(await login(other.loginId, 'rotating-guess-last', attacker(99))).code).toBe('OPERATOR_LOCKED');
    expect(problemOf(await login(other.loginId, OPERATOR_PASSWORD, attacker(100))).code).toBe('OPERATOR_LOCKED');
    clock.advance(OPERATOR_LOCKOUT.lockMinutes * 60_000);
  });

  it('her own known address backs off (1, 2, 4… minutes) instead of locking for 15', async () => {
    expectLog({ level: 'warn', msg: 'operator sign-in locked', count: 2 });
    const op = await signInOperator(t, 'operator');
    const home = op.remoteAddress;
    for (let i = 1; i < OPERATOR_LOCKOUT.maxTries; i++) {
      expect(problemOf(await login(op.loginId, `typo-${i}`, home)).code).toBe('LOGIN_FAILED');
    }
    const first = problemOf(await login(op.loginId, 'typo-last', home));
    expect(first).toMatchObject({ status: 423, code: 'OPERATOR_LOCKED' });
    expect(first.detail).toContain(`${OPERATOR_LOCKOUT.backoffFirstMinutes}분 뒤에`);
    clock.advance(OPERATOR_LOCKOUT.backoffFirstMinutes * 60_000);
    expect(problemOf(await login(op.loginId, 'typo-again', home)).detail).toContain(
      `${2 * OPERATOR_LOCKOUT.backoffFirstMinutes}분 뒤에`,
    );
    clock.advance(2 * OPERATOR_LOCKOUT.backoffFirstMinutes * 60_000);
    expect((await fullSignIn(op, home, 1)).statusCode).toBe(200);
    // A success clears the count: the next typo is only the first again.
    expect(problemOf(await login(op.loginId, 'typo-after', home)).code).toBe('LOGIN_FAILED');
  });
});

describe('operator sessions', { timeout: 60_000 }, () => {
  it('end after 30 minutes idle', async () => {
    const { headers } = await signInOperator(t, 'viewer');
    clock.advance(29 * 60_000);
    expect((await me(headers)).statusCode).toBe(200);
    clock.advance(29 * 60_000);
    const alive = await me(headers);
    expect(alive.statusCode).toBe(200);
    expect(new Date(alive.json().idleExpiresAt).getTime()).toBe(clock.now().getTime() + 30 * 60_000);
    clock.advance(30 * 60_000 + 1000);
    expect(problemOf(await me(headers))).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
  });

  it('are not kept by the console’s background polls, only by its own calls', async () => {
    const { headers } = await signInOperator(t, 'viewer');
    const started = clock.now().getTime();
    const poll = { ...headers, [BACKGROUND_HEADER]: '1' };
    clock.advance(20 * 60_000);
    const polled = await me(poll);
    expect(polled.statusCode).toBe(200);
    // The poll is answered, and says the session still ends 30 minutes after sign-in.
    expect(new Date(polled.json().idleExpiresAt).getTime()).toBe(started + 30 * 60_000);
    clock.advance(9 * 60_000);
    expect((await me(poll)).statusCode).toBe(200);
    clock.advance(60_000 + 1000);
    expect(problemOf(await me(poll))).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });

    const kept = await signInOperator(t, 'viewer');
    clock.advance(20 * 60_000);
    expect((await me(kept.headers)).statusCode).toBe(200);
    clock.advance(20 * 60_000);
    expect((await me({ ...kept.headers, [BACKGROUND_HEADER]: '1' })).statusCode).toBe(200);
  });

  it('end 8 hours after sign-in however active', async () => {
    const { headers } = await signInOperator(t, 'viewer');
    const started = clock.now().getTime();
    const first = (await me(headers)).json();
    expect(new Date(first.absoluteExpiresAt).getTime()).toBe(started + 8 * 3600_000);
    while (clock.now().getTime() + 20 * 60_000 < started + 8 * 3600_000) {
      clock.advance(20 * 60_000);
      expect((await me(headers)).statusCode).toBe(200);
    }
    clock.set(new Date(started + 8 * 3600_000));
    expect((await me(headers)).statusCode).toBe(401);
  });

  it('a session with the password only lasts 15 minutes at most', async () => {
    const s = await pendingOperatorSession(t, 'password');
    clock.advance(15 * 60_000);
    expect((await me(s.headers)).statusCode).toBe(401);
  });

  it('check the CSRF token before the body, and take a read without one', async () => {
    const { headers } = await signInOperator(t, 'admin');
    const { 'x-csrf-token': _token, ...cookieOnly } = headers;
    expect((await t.app.inject({ url: OPS_AUTH_API.operators, headers: cookieOnly })).statusCode).toBe(200);
    for (const sent of [cookieOnly, { ...cookieOnly, 'x-csrf-token': 'x'.repeat(43) }]) {
      const res = await t.app.inject({
        method: 'POST',
        url: OPS_AUTH_API.operators,
        headers: { ...sent, 'content-type': 'application/json' },
        payload: '{not json',
      });
      expect(problemOf(res)).toMatchObject({ status: 403, code: 'CSRF_FAILED' });
    }
  });

  it('are never a patient’s, nor a patient’s an operator’s; each logout ends only its own', async () => {
    const patient = await verifyPatient(t);
    const ops = await signInOperator(t, 'admin');
    expect((await t.app.inject({ url: API.subscriptions, headers: { cookie: ops.cookie } })).statusCode).toBe(401);
    expect((await me({ cookie: patient.cookie })).statusCode).toBe(401);
    // One browser with both cookies.
    const both = { cookie: `${patient.cookie}; ${ops.cookie}`, 'x-csrf-token': ops.csrfToken };
    expect((await me(both)).json().loginId).toBe(ops.loginId);
    const out = await t.app.inject({ method: 'POST', url: API.logout, headers: { cookie: both.cookie } });
    expect(out.cookies.map((c) => c.name)).not.toContain('ac_ops');
    expect((await me(both)).statusCode).toBe(200);
    expect((await t.app.inject({ url: API.session, headers: { cookie: patient.cookie } })).statusCode).toBe(401);

    const patient2 = await verifyPatient(t);
    const both2 = { cookie: `${patient2.cookie}; ${ops.cookie}`, 'x-csrf-token': ops.csrfToken };
    const opsOut = await post(OPS_AUTH_API.logout, both2);
    expect(opsOut.statusCode).toBe(200);
    expect(opsOut.cookies.map((c) => c.name)).toEqual(['ac_ops']);
    expect((await me(both2)).statusCode).toBe(401);
    expect((await t.app.inject({ url: API.session, headers: { cookie: patient2.cookie } })).statusCode).toBe(200);
    expect(await actionsOf(ops.loginId)).toContain('sign_out');
  });
});

describe('operator accounts', { timeout: 90_000 }, () => {
  let admin: Awaited<ReturnType<typeof signInOperator>>;
  beforeAll(async () => {
    admin = await signInOperator(t, 'admin');
  });

  it('are for admins only', async () => {
    const { headers } = await signInOperator(t, 'operator');
    expect(problemOf(await t.app.inject({ url: OPS_AUTH_API.operators, headers })).code).toBe('ROLE_FORBIDDEN');
    const add = await post(OPS_AUTH_API.operators, headers, { loginId: 'sneaky', role: 'admin' });
    expect(problemOf(add).code).toBe('ROLE_FORBIDDEN');
    expect(await t.db.db.selectFrom('operator').select('loginId').where('loginId', '=', 'sneaky').execute()).toEqual(
      [],
    );
  });

  it('adds an account with a password shown once, which must set up its second factor at first sign-in', async () => {
    const made = await post(OPS_AUTH_API.operators, admin.headers, { loginId: 'new.operator', role: 'operator' });
    expect(made.statusCode).toBe(200);
    const { initialPassword } = made.json();
    expect(initialPassword).toMatch(/^\S{16}$/);
    const login = await t.app.inject({
      method: 'POST',
      url: API.login,
      remoteAddress: freshAddress(),
      payload: { loginId: 'new.operator', password: initialPassword },
    });
    expect(login.json()).toMatchObject({ stage: 'setup', role: 'operator' });
    const typed = await post(OPS_AUTH_API.operators, admin.headers, {
      loginId: 'typed-password',
      role: 'viewer',
      password: 'a password typed by the admin',
    });
    expect(typed.json()).toEqual({ loginId: 'typed-password', role: 'viewer' });
    expect(
      problemOf(await post(OPS_AUTH_API.operators, admin.headers, { loginId: 'new.operator', role: 'viewer' })),
    ).toMatchObject({ status: 409, code: 'OPERATOR_EXISTS' });
    const bad = problemOf(
      await post(OPS_AUTH_API.operators, admin.headers, { loginId: 'A B', role: 'boss', password: 'short' }),
    );
    expect(bad.errors?.map((e) => e.field).sort()).toEqual(['loginId', 'password', 'role']);
    expect(await actionsOf(admin.loginId)).toEqual(expect.arrayContaining(['operator_created', 'operator_created']));
  });

  it('lists accounts paged, filtered and sorted on the server', async () => {
    const page = await t.app.inject({
      url: OPS_AUTH_API.operators,
      query: { size: '2', sort: 'loginId', order: 'asc' },
      headers: admin.headers,
    });
    expect(page.statusCode).toBe(200);
    const { list, total } = page.json();
    expect(list).toHaveLength(2);
    expect(total).toBeGreaterThan(5);
    expect(list[0].loginId < list[1].loginId).toBe(true);
    const found = (
      await t.app.inject({ url: OPS_AUTH_API.operators, query: { q: 'new.op' }, headers: admin.headers })
    ).json();
    expect(found).toMatchObject({
      total: 1,
      list: [{ loginId: 'new.operator', role: 'operator', secondFactorSet: false }],
    });
    const tooMany = await t.app.inject({ url: OPS_AUTH_API.operators, query: { size: '101' }, headers: admin.headers });
    expect(problemOf(tooMany).errors?.[0]?.field).toBe('size');
  });

  it('sets a role at once, resets a second factor and disables an account, ending its sessions', async () => {
    const other = await signInOperator(t, 'viewer');
    const url = (path: string) => path.replace(':loginId', other.loginId);
    const promoted = await t.app.inject({
      method: 'PUT',
      url: url(OPS_AUTH_API.operatorRole),
      headers: admin.headers,
      payload: { role: 'operator' },
    });
    expect(promoted.json().operator).toMatchObject({ loginId: other.loginId, role: 'operator' });
    expect((await me(other.headers)).json().role).toBe('operator');

    const reset = await post(url(OPS_AUTH_API.operatorSecondFactorReset), admin.headers);
    expect(reset.json().operator.secondFactorSet).toBe(false);
    expect((await me(other.headers)).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: API.login,
      remoteAddress: freshAddress(),
      payload: { loginId: other.loginId, password: OPERATOR_PASSWORD },
    });
    expect(login.json().stage).toBe('setup');
    const pending = { cookie: cookieOf(login), 'x-csrf-token': login.json().csrfToken as string };

    const disabled = await post(url(OPS_AUTH_API.operatorDisable), admin.headers);
    expect(disabled.json().operator.disabledAt).not.toBeNull();
    expect((await me(pending)).statusCode).toBe(401);
    const refused = await t.app.inject({
      method: 'POST',
      url: API.login,
      remoteAddress: freshAddress(),
      payload: { loginId: other.loginId, password: OPERATOR_PASSWORD },
    });
    expect(problemOf(refused).code).toBe('LOGIN_FAILED');
    const missing = await post(OPS_AUTH_API.operatorDisable.replace(':loginId', 'nobody-here'), admin.headers);
    expect(problemOf(missing)).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    const recorded = await t.db.db
      .selectFrom('operatorAction')
      .select(['action', 'target'])
      .where('loginId', '=', admin.loginId)
      .where('target', '=', other.loginId)
      .orderBy('id')
      .execute();
    expect(recorded.map((r) => r.action)).toEqual([
      'operator_updated',
      'operator_second_factor_reset',
      'operator_disabled',
    ]);
  });
});

describe('the last active admin', { timeout: 90_000 }, () => {
  it('cannot be demoted or disabled, by themselves or anyone', async () => {
    const solo = await build();
    try {
      const only = await signInOperator(solo, 'admin');
      const path = (p: string) => p.replace(':loginId', only.loginId);
      const demote = await solo.app.inject({
        method: 'PUT',
        url: path(OPS_AUTH_API.operatorRole),
        headers: only.headers,
        payload: { role: 'viewer' },
      });
      expect(problemOf(demote)).toMatchObject({ status: 409, code: 'LAST_ADMIN' });
      const disable = await solo.app.inject({
        method: 'POST',
        url: path(OPS_AUTH_API.operatorDisable),
        headers: only.headers,
      });
      expect(problemOf(disable).code).toBe('LAST_ADMIN');
      expect((await solo.app.inject({ url: OPS_AUTH_API.me, headers: only.headers })).json().role).toBe('admin');
      // With a second admin, the first may step down.
      const second = await signInOperator(solo, 'admin');
      expect(
        (
          await solo.app.inject({
            method: 'PUT',
            url: path(OPS_AUTH_API.operatorRole),
            headers: only.headers,
            payload: { role: 'viewer' },
          })
        ).statusCode,
      ).toBe(200);
      // …and now the second is the last one.
      const last = await solo.app.inject({
        method: 'POST',
        url: OPS_AUTH_API.operatorDisable.replace(':loginId', second.loginId),
        headers: second.headers,
      });
      expect(problemOf(last).code).toBe('LAST_ADMIN');
    } finally {
      await solo.close();
    }
  });
});
