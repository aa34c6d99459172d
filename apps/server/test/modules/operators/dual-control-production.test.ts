// The dual-control attack of dual-control.test.ts under the production configuration (NODE_ENV=production, every
// provider real and pointed at addresses nothing listens on: nothing here calls out), with its defaults: the 24-hour
// hold and the 7-day cooling period, which production refuses to run without.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPS_AUTH_API, OPS_INSURERS_API, type AccountChange, type OpsInsurer } from '@auto-claim/contract/ops';
import { loadConfig } from '../../../src/config.js';
import { productionEnv } from '../../../fixtures/production-env.js';
import {
  build,
  firstSignIn,
  problemOf,
  signInOperator,
  type TestApp,
  testClock,
  cookieOf,
  freshAddress,
  allowLog,
} from '../../helper.js';

// Every step of a change that needs a second admin is a warning for the operators' alerting (account-changes.ts,
// insurer-settings.ts), announced step by step in dual-control.test.ts; here the same steps in production.
allowLog({ level: 'warn', msg: /^admin account change \w+( \w+)?: every admin is shown it in the console$/ });
allowLog({ level: 'warn', msg: 'insurer destination change requested; a second admin must approve' });

const clock = testClock(new Date('2026-07-01T01:00:00Z'));
const HOUR = 3600_000;
const dataDir = mkdtempSync(path.join(tmpdir(), 'dual-control-production-'));
const nowhere = 'http://127.0.0.1:9';
const env = {
  ...productionEnv({
    portone: nowhere,
    popbill: nowhere,
    juso: nowhere,
    clova: nowhere,
    insurers: { SAMSUNGFIRE: `${nowhere}/v1` },
  }),
  DATA_DIR: dataDir,
  INSURER_SAMSUNGFIRE_FAX_NUMBERS: '02-1234-5678',
  // Production logs each request at info; the tests' capture holds warn and above (apps/server/test/logs.ts).
  LOG_LEVEL: 'warn',
};

let t: TestApp;
type Session = Awaited<ReturnType<typeof signInOperator>>;
let adminA: Session;
let adminB: Session;
beforeAll(async () => {
  const config = loadConfig(env);
  expect(config).toMatchObject({ nodeEnv: 'production', adminChangeHoldHours: 24, adminApproverCoolingDays: 7 });
  t = await build({ clock, config });
  adminA = await signInOperator(t, 'admin', { loginId: 'prod-admin-a' });
  adminB = await signInOperator(t, 'admin', { loginId: 'prod-admin-b' });
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
async function login(loginId: string, password: string) {
  return t.app.inject({
    method: 'POST',
    url: '/rest/auth/login',
    remoteAddress: freshAddress(),
    payload: { loginId, password },
  });
}
/** A console-made account's first sign-in: it sets up its second factor and its own password. */
async function signInMade(loginId: string, password: string) {
  const s = await firstSignIn(t, loginId, password, freshAddress());
  expect(s.statusCode).toBe(200);
  return s.headers;
}
/** Signs a session's account in again with a recovery code (its sessions ended with the clock). */
async function signInAgain(s: Session) {
  const res = await login(s.loginId, s.password);
  const pending = { cookie: cookieOf(res), 'x-csrf-token': (res.json() as { csrfToken: string }).csrfToken };
  const done = await t.app.inject({
    method: 'POST',
    url: OPS_AUTH_API.secondFactor,
    headers: pending,
    payload: { recoveryCode: s.recoveryCodes.shift()! },
  });
  expect(done.statusCode, done.body).toBe(200);
  s.headers = { cookie: cookieOf(done), 'x-csrf-token': (done.json() as { csrfToken: string }).csrfToken };
}

describe('in production', () => {
  it('refuses to start with no hold or no cooling period', () => {
    expect(() => loadConfig({ ...env, ADMIN_CHANGE_HOLD_HOURS: '0' })).toThrow(/ADMIN_CHANGE_HOLD_HOURS/);
    expect(() => loadConfig({ ...env, ADMIN_APPROVER_COOLING_DAYS: '0' })).toThrow(/ADMIN_APPROVER_COOLING_DAYS/);
  });

  it('an admin she makes exists only 24 hours after a pre-existing admin approves, and never approves her switch to fax', async () => {
    const asked = await call('POST', OPS_AUTH_API.operators, adminA.headers, {
      loginId: 'mallory-prod',
      role: 'admin',
      password: 'a password mallory chose',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const change = (asked.json() as { pendingChange: AccountChange }).pendingChange;
    expect(
      problemOf(await call('POST', OPS_AUTH_API.accountChangeApprove.replace(':changeId', change.id), adminA.headers))
        .code,
    ).toBe('SAME_ADMIN');
    const approved = await call(
      'POST',
      OPS_AUTH_API.accountChangeApprove.replace(':changeId', change.id),
      adminB.headers,
    );
    expect(approved.statusCode, approved.body).toBe(200);
    const held = (approved.json() as { change: AccountChange }).change;
    expect(new Date(held.effectiveAt!).getTime() - clock.now().getTime()).toBe(24 * HOUR);

    clock.advance(24 * HOUR - 1000);
    expect(problemOf(await login('mallory-prod', 'a password mallory chose')).code).toBe('LOGIN_FAILED');
    clock.advance(1000);
    const mallory = await signInMade('mallory-prod', 'a password mallory chose');

    await signInAgain(adminA);
    const i = (await call('GET', OPS_INSURERS_API.one('SAMSUNGFIRE'), adminA.headers)).json() as OpsInsurer;
    const switched = await call('PUT', OPS_INSURERS_API.one('SAMSUNGFIRE'), adminA.headers, {
      active: i.active,
      deliveryChannel: 'fax',
      faxNo: '02-1234-5678',
      apiUrl: i.apiUrl,
      photo: i.photo,
    });
    expect(switched.statusCode, switched.body).toBe(200);
    const dest = (switched.json() as OpsInsurer).pendingChange!;
    const refused = await call('POST', OPS_INSURERS_API.approve(dest.id), mallory);
    expect(problemOf(refused)).toMatchObject({ status: 403, code: 'APPROVER_NOT_INDEPENDENT' });
    // A number off INSURER_SAMSUNGFIRE_FAX_NUMBERS is refused when asked.
    const off = await call('PUT', OPS_INSURERS_API.one('SAMSUNGFIRE'), adminA.headers, {
      active: i.active,
      deliveryChannel: 'fax',
      faxNo: '02-9999-0000',
      apiUrl: i.apiUrl,
      photo: i.photo,
    });
    expect(problemOf(off)).toMatchObject({ status: 422, code: 'DESTINATION_NOT_ALLOWED' });
    expect(
      ((await call('GET', OPS_INSURERS_API.one('SAMSUNGFIRE'), adminA.headers)).json() as OpsInsurer).deliveryChannel,
    ).toBe('api');
  });
});
