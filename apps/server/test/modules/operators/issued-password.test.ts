// A password an admin issued is changed at the first sign-in (docs/security.md, "Insiders: admin accounts"): an account
// an admin makes through the console is marked; after the password and the second factor every console call but the
// session's own and the change answers 403 PASSWORD_CHANGE_REQUIRED; the new password follows the creation's rules and
// differs from the issued one. Accounts from OPERATOR_PASSWORD or `npm run operator` (upsertOperator) are not marked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { API } from '@auto-claim/contract';
import { OPS_AUTH_API } from '@auto-claim/contract/ops';
import { applyDueAccountChanges } from '../../../src/modules/operators/account-changes.js';
import {
  build,
  problemOf,
  signInOperator,
  testClock,
  totpCode,
  type TestApp,
  freshAddress,
  cookieOf,
  firstSignIn,
  allowLog,
} from '../../helper.js';

const clock = testClock(new Date('2026-06-15T03:00:00Z'));
// An admin made by dual control is an alert in the log at each step (account-changes.ts): dual-control.test.ts's.
allowLog({ level: 'warn', msg: /^admin account change \w+( \w+)?: every admin is shown it in the console$/ });

let t: TestApp;
beforeAll(async () => {
  t = await build({ clock });
});
afterAll(() => t?.close());

const post = (url: string, headers: Record<string, string>, payload?: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers, remoteAddress: freshAddress(), payload });
const marked = async (loginId: string) =>
  (
    await t.db.db
      .selectFrom('operator')
      .select('mustChangePassword')
      .where('loginId', '=', loginId)
      .executeTakeFirstOrThrow()
  ).mustChangePassword;

/** The password, then the second factor's set-up, keeping the issued password: the tests change it themselves. */
const signInIssued = (loginId: string, password: string) =>
  firstSignIn(t, loginId, password, freshAddress(), { changePassword: false });

describe('a password an admin issued', { timeout: 120_000 }, () => {
  let admin: Awaited<ReturnType<typeof signInOperator>>;
  beforeAll(async () => {
    admin = await signInOperator(t, 'admin');
  });

  it('is changed at the first sign-in: until then every other console call answers 403 in Korean', async () => {
    const issued = 'issued by the admin 1234';
    const made = await post(OPS_AUTH_API.operators, admin.headers, {
      loginId: 'issued.one',
      role: 'operator',
      password: issued,
    });
    expect(made.statusCode, made.body).toBe(200);
    expect(await marked('issued.one')).toBe(true);

    const { secret, mustChangePassword, headers } = await signInIssued('issued.one', issued);
    expect(mustChangePassword).toBe(true);
    const me = await t.app.inject({ url: OPS_AUTH_API.me, headers });
    expect(me.json()).toMatchObject({ stage: 'full', mustChangePassword: true });

    // Any other call: a read, a write, a screen her role allows and one it does not.
    for (const res of [
      await t.app.inject({ url: '/api/admin/claims', headers }),
      await t.app.inject({ url: OPS_AUTH_API.operators, headers }),
      await post(OPS_AUTH_API.operators, headers, { loginId: 'sneaky', role: 'viewer' }),
    ]) {
      expect(problemOf(res)).toMatchObject({
        status: 403,
        code: 'PASSWORD_CHANGE_REQUIRED',
        detail: '관리자가 정해 준 비밀번호를 먼저 내 비밀번호로 바꿔 주세요. 바꾼 뒤에 콘솔을 쓸 수 있어요.',
      });
    }

    // The issued one again, or one too short: refused naming the field, in Korean.
    const same = problemOf(await post(OPS_AUTH_API.password, headers, { newPassword: issued }));
    expect(same).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect(same.errors).toEqual([{ field: 'newPassword', message: '지금 비밀번호와 다른 새 비밀번호를 정해 주세요.' }]);
    const short = problemOf(await post(OPS_AUTH_API.password, headers, { newPassword: 'short' }));
    expect(short).toMatchObject({ status: 400 });
    expect(short.errors).toEqual([{ field: 'newPassword', message: '비밀번호는 12자 이상이어야 해요.' }]);
    expect(await marked('issued.one')).toBe(true);

    const changed = await post(OPS_AUTH_API.password, headers, { newPassword: 'her very own password' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ stage: 'full', mustChangePassword: false });
    expect(await marked('issued.one')).toBe(false);
    // The same session goes on into the console.
    expect((await t.app.inject({ url: '/api/admin/claims', headers })).statusCode).toBe(200);
    const actions = await t.db.db
      .selectFrom('operatorAction')
      .select('action')
      .where('loginId', '=', 'issued.one')
      .execute();
    expect(actions.map((a) => a.action)).toContain('password_changed');

    // The issued password opens nothing any more; hers does, straight into the console after the code.
    const old = await t.app.inject({
      method: 'POST',
      url: API.login,
      remoteAddress: freshAddress(),
      payload: { loginId: 'issued.one', password: issued },
    });
    expect(problemOf(old).code).toBe('LOGIN_FAILED');
    const again = await t.app.inject({
      method: 'POST',
      url: API.login,
      remoteAddress: freshAddress(),
      payload: { loginId: 'issued.one', password: 'her very own password' },
    });
    expect(again.json()).toMatchObject({ stage: 'password' });
    const pending = { cookie: cookieOf(again), 'x-csrf-token': (again.json() as { csrfToken: string }).csrfToken };
    const full = await post(OPS_AUTH_API.secondFactor, pending, { code: await totpCode(secret, 1) });
    expect(full.json()).toMatchObject({ stage: 'full', mustChangePassword: false });
  });

  it('a made-up password (none typed) is marked too; an admin made by dual control is marked as it is made', async () => {
    const made = await post(OPS_AUTH_API.operators, admin.headers, { loginId: 'issued.two', role: 'viewer' });
    expect(await marked('issued.two')).toBe(true);
    const { mustChangePassword } = await signInIssued(
      'issued.two',
      (made.json() as { initialPassword: string }).initialPassword,
    );
    expect(mustChangePassword).toBe(true);

    // An approved admin creation whose hold has passed: the account it makes carries the mark.
    const asked = await post(OPS_AUTH_API.operators, admin.headers, {
      loginId: 'issued.admin',
      role: 'admin',
      password: 'issued admin password',
    });
    const { pendingChange } = asked.json() as { pendingChange: { id: string } };
    await sql`update operator_account_change set status = 'approved', decided_by = 'someone', decided_at = now(),
      effective_at = ${new Date(clock.now().getTime() - 1000)} where id = ${pendingChange.id}`.execute(t.db.db);
    await applyDueAccountChanges(t.app.ctx);
    expect(await marked('issued.admin')).toBe(true);
  });

  it('an account from OPERATOR_PASSWORD or `npm run operator` is not marked: its person typed the password', async () => {
    const me = await t.app.inject({ url: OPS_AUTH_API.me, headers: admin.headers });
    expect(me.json()).toMatchObject({ mustChangePassword: false });
    expect(await marked(admin.loginId)).toBe(false);
    expect((await t.app.inject({ url: OPS_AUTH_API.operators, headers: admin.headers })).statusCode).toBe(200);
  });
});
