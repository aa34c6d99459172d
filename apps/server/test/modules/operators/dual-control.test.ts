// Dual control that one admin cannot fake (docs/security.md, "Insiders: admin accounts"), as the attack on the running
// product went: one admin makes a second admin with a password of her choice (or promotes an account she controls, or
// resets an admin's second factor), signs in as it and approves her own change of where an insurer's claims go. Each
// attack is performed here through app.inject(), and each step of an honest change is seen by every admin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_CHANGE_KIND_NM,
  OPS_AUTH_API,
  OPS_INSURERS_API,
  type AccountChange,
  type OpsInsurer,
} from '@auto-claim/contract/ops';
import {
  build,
  firstSignIn,
  problemOf,
  signInOperator,
  testClock,
  type TestApp,
  cookieOf,
  freshAddress,
  expectLog,
  allowLog,
} from '../../helper.js';

const clock = testClock(new Date('2026-07-01T01:00:00Z'));
/** The hold, short here so that the sessions (30 minutes idle) outlive it; production's default is 24 hours. */
const HOLD_MINUTES = 15;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

// Every step of a change that needs a second admin is a warning for the operators' alerting (account-changes.ts,
// insurer-settings.ts): announced step by step in the first test, the same steps in the others.
allowLog({ level: 'warn', msg: /^admin account change \w+( \w+)?: every admin is shown it in the console$/ });
allowLog({ level: 'warn', msg: 'insurer destination change requested; a second admin must approve' });

let t: TestApp;
type Headers = Record<string, string>;
type Session = Awaited<ReturnType<typeof signInOperator>>;
let adminA: Session;
let adminB: Session;
let adminC: Session;

beforeAll(async () => {
  t = await build({
    clock,
    config: {
      adminChangeHoldHours: HOLD_MINUTES / 60,
      delivery: {
        kind: 'insurers',
        timeoutMs: 5_000,
        egress: { resolve: async () => [{ address: '93.184.215.14', family: 4 }] },
        insurers: [
          {
            insuCompCd: 'SAMSUNGFIRE',
            channel: 'api',
            url: 'https://claims.samsungfire.test/v1',
            secret: 'samsungfire-shared-secret-0123456789',
            // INSURER_SAMSUNGFIRE_FAX_NUMBERS: the only numbers its claims may be faxed to.
            faxNumbers: ['0212345678', '0212345679'],
          },
          { insuCompCd: 'HANWHALIFE', channel: 'fax', secret: 'hanwhalife-shared-secret-0123456789' },
        ],
      },
    },
  });
  // Admins from before (made where the server runs, as README "Operator console" says): independent of one another.
  adminA = await signInOperator(t, 'admin', { loginId: 'admin-a' });
  adminB = await signInOperator(t, 'admin', { loginId: 'admin-b' });
  adminC = await signInOperator(t, 'admin', { loginId: 'admin-c' });
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const at = (path: string, value: string) => path.replace(/:changeId|:loginId/, encodeURIComponent(value));
const changesSeenBy = async (s: { headers: Headers }) => {
  const res = await call('GET', OPS_AUTH_API.accountChanges, s.headers);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { list: AccountChange[] }).list;
};
const approve = (id: string, s: { headers: Headers }) =>
  call('POST', at(OPS_AUTH_API.accountChangeApprove, id), s.headers);
const accountOf = (loginId: string) =>
  t.db.db.selectFrom('operator').select(['role', 'totpSecretEnc']).where('loginId', '=', loginId).executeTakeFirst();
const actions = (action: string, target: string) =>
  t.db.db
    .selectFrom('operatorAction')
    .select(['loginId', 'detail'])
    .where('action', '=', action)
    .where('target', '=', target)
    .orderBy('id')
    .execute();

/** Signs in an account made in the console, setting up its second factor and its own password as its first sign-in does. */
const signInMade = (loginId: string, password: string) => firstSignIn(t, loginId, password, freshAddress());
/** Signs in an account whose second factor is set, with one of its recovery codes (the wall clock's TOTP steps run out). */
async function signInAgain(s: Session) {
  const remoteAddress = freshAddress();
  const res = await t.app.inject({
    method: 'POST',
    url: '/rest/auth/login',
    remoteAddress,
    payload: { loginId: s.loginId, password: s.password },
  });
  expect(res.statusCode, res.body).toBe(200);
  const pending = { cookie: cookieOf(res), 'x-csrf-token': (res.json() as { csrfToken: string }).csrfToken };
  const done = await t.app.inject({
    method: 'POST',
    url: OPS_AUTH_API.secondFactor,
    remoteAddress,
    headers: pending,
    payload: { recoveryCode: s.recoveryCodes.shift()! },
  });
  expect(done.statusCode, done.body).toBe(200);
  s.headers = { cookie: cookieOf(done), 'x-csrf-token': (done.json() as { csrfToken: string }).csrfToken };
}

const insurer = async (code: string) =>
  (await call('GET', OPS_INSURERS_API.one(code), adminA.headers)).json() as OpsInsurer;
/** The console's insurer form, with where its claims go changed. */
async function editInsurer(code: string, s: { headers: Headers }, o: Partial<Record<string, unknown>>) {
  const i = await insurer(code);
  return call('PUT', OPS_INSURERS_API.one(code), s.headers, {
    active: i.active,
    deliveryChannel: i.deliveryChannel,
    faxNo: i.faxNo,
    apiUrl: i.apiUrl,
    photo: i.photo,
    ...o,
  });
}

describe('an admin she makes herself', () => {
  it('does not exist until a pre-existing admin approves and the hold every admin sees has passed', async () => {
    // Every step is an alert in the log beside the console's banner (operators/account-changes.ts).
    for (const step of ['requested', 'approval refused', 'approved', 'applied'])
      expectLog({
        level: 'warn',
        msg: `admin account change ${step}: every admin is shown it in the console`,
        count: 1,
      });
    const asked = await call('POST', OPS_AUTH_API.operators, adminA.headers, {
      loginId: 'mallory-two',
      role: 'admin',
      password: 'a password mallory chose',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const change = (asked.json() as { pendingChange: AccountChange }).pendingChange;
    expect(change).toMatchObject({
      kind: 'create_admin',
      loginId: 'mallory-two',
      requestedBy: 'admin-a',
      status: 'pending',
      mayApprove: false,
      whyNot: expect.stringMatching(/직접 요청한 변경은 승인할 수 없어요/),
    });
    expect(await accountOf('mallory-two')).toBeUndefined();
    expect((await signInMade('mallory-two', 'a password mallory chose')).code).toBe('LOGIN_FAILED');

    // Her own approval is refused, saying why.
    const own = await approve(change.id, adminA);
    expect(own.statusCode).toBe(403);
    expect(problemOf(own)).toMatchObject({ code: 'SAME_ADMIN', detail: expect.stringMatching(/승인할 수 없어요/) });

    // Every admin is told: each sees it waiting, and whether she may approve it.
    for (const s of [adminB, adminC]) {
      expect((await changesSeenBy(s)).find((c) => c.id === change.id)).toMatchObject({
        status: 'pending',
        mayApprove: true,
        whyNot: null,
      });
    }

    const approved = await approve(change.id, adminB);
    expect(approved.statusCode, approved.body).toBe(200);
    const held = (approved.json() as { change: AccountChange }).change;
    expect(held).toMatchObject({ status: 'approved', decidedBy: 'admin-b' });
    expect(new Date(held.effectiveAt!).getTime() - clock.now().getTime()).toBe(HOLD_MINUTES * MINUTE);
    // Held: still no account, and every admin sees when it applies.
    expect(await accountOf('mallory-two')).toBeUndefined();
    expect((await changesSeenBy(adminC)).find((c) => c.id === change.id)).toMatchObject({
      status: 'approved',
      effectiveAt: held.effectiveAt,
    });

    clock.advance(HOLD_MINUTES * MINUTE);
    expect((await changesSeenBy(adminC)).find((c) => c.id === change.id)).toMatchObject({ status: 'applied' });
    expect(await accountOf('mallory-two')).toMatchObject({ role: 'admin' });
    // Each step is in the operators' record.
    for (const [action, by] of [
      ['operator_change_requested', 'admin-a'],
      ['operator_change_approved', 'admin-b'],
      ['operator_change_applied', 'admin-b'],
    ] as const) {
      expect(await actions(action, 'mallory-two'), action).toEqual([{ loginId: by, detail: expect.any(String) }]);
    }
  });

  it('never approves her switch of an insurer from API to fax; a pre-existing admin does', async () => {
    const mallory = await signInMade('mallory-two', 'a password mallory chose');
    expect(mallory.statusCode).toBe(200);
    const asked = await editInsurer('SAMSUNGFIRE', adminA, { deliveryChannel: 'fax', faxNo: '02-1234-5678' });
    expect(asked.statusCode, asked.body).toBe(200);
    const change = (asked.json() as OpsInsurer).pendingChange!;
    expect(change.fields).toEqual(['deliveryChannel', 'faxNo']);

    const refused = await call('POST', OPS_INSURERS_API.approve(change.id), mallory.headers);
    expect(refused.statusCode).toBe(403);
    expect(problemOf(refused)).toMatchObject({
      code: 'APPROVER_NOT_INDEPENDENT',
      detail: expect.stringContaining('요청한 관리자(admin-a)가 만들었거나'),
    });
    expect(await insurer('SAMSUNGFIRE')).toMatchObject({ deliveryChannel: 'api' });

    const ok = await call('POST', OPS_INSURERS_API.approve(change.id), adminB.headers);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ deliveryChannel: 'fax', faxNo: '02-1234-5678', pendingChange: null });
  });
});

describe('a promotion of an account she controls', () => {
  it('waits for a pre-existing admin and the hold; the promoted account never approves her changes', async () => {
    const made = await call('POST', OPS_AUTH_API.operators, adminA.headers, {
      loginId: 'puppet',
      role: 'viewer',
      password: 'a password of the puppet',
    });
    // A viewer is made at once: it can do nothing an admin decides.
    expect(made.statusCode).toBe(200);
    expect(made.json()).not.toHaveProperty('pendingChange');
    const puppet = await signInMade('puppet', 'a password of the puppet');

    const asked = await call('PUT', at(OPS_AUTH_API.operatorRole, 'puppet'), adminA.headers, { role: 'admin' });
    expect(asked.statusCode, asked.body).toBe(200);
    const { operator, pendingChange } = asked.json() as { operator: { role: string }; pendingChange: AccountChange };
    expect(operator.role).toBe('viewer');
    expect(pendingChange).toMatchObject({ kind: 'promote', status: 'pending', loginId: 'puppet' });
    // One open change per account.
    const again = await call('PUT', at(OPS_AUTH_API.operatorRole, 'puppet'), adminA.headers, { role: 'admin' });
    expect(problemOf(again)).toMatchObject({ status: 409, code: 'ACCOUNT_CHANGE_OPEN' });
    expect((await approve(pendingChange.id, puppet)).statusCode).toBe(403);
    expect(problemOf(await approve(pendingChange.id, adminA)).code).toBe('SAME_ADMIN');

    expect((await approve(pendingChange.id, adminC)).statusCode).toBe(200);
    expect(await accountOf('puppet')).toMatchObject({ role: 'viewer' });
    clock.advance(HOLD_MINUTES * MINUTE);
    await changesSeenBy(adminB);
    expect(await accountOf('puppet')).toMatchObject({ role: 'admin' });

    // Her next destination change, and her next admin change: the puppet approves neither.
    const dest = ((await (await editInsurer('SAMSUNGFIRE', adminA, { faxNo: '02-1234-5679' })).json()) as OpsInsurer)
      .pendingChange!;
    const refusedDest = await call('POST', OPS_INSURERS_API.approve(dest.id), puppet.headers);
    expect(problemOf(refusedDest)).toMatchObject({ status: 403, code: 'APPROVER_NOT_INDEPENDENT' });
    const reset = await call('POST', at(OPS_AUTH_API.operatorSecondFactorReset, 'admin-c'), adminA.headers);
    const resetChange = (reset.json() as { pendingChange: AccountChange }).pendingChange;
    const refusedReset = await approve(resetChange.id, puppet);
    expect(problemOf(refusedReset)).toMatchObject({ status: 403, code: 'APPROVER_NOT_INDEPENDENT' });
    // The console says why before anyone tries.
    expect((await changesSeenBy(puppet)).find((c) => c.id === resetChange.id)).toMatchObject({
      mayApprove: false,
      whyNot: expect.stringContaining('요청한 관리자(admin-a)가 만들었거나'),
    });
    expect((await insurer('SAMSUNGFIRE')).faxNo).toBe('02-1234-5678');
  });
});

describe('a reset of an admin’s second factor', () => {
  it('waits for a pre-existing admin other than the account itself; the reset account never approves her changes', async () => {
    const [open] = (await changesSeenBy(adminB)).filter((c) => c.loginId === 'admin-c' && c.status === 'pending');
    expect(open).toMatchObject({ kind: 'second_factor_reset', requestedBy: 'admin-a', mayApprove: true });
    expect(ACCOUNT_CHANGE_KIND_NM[open!.kind]).toBe('관리자 2단계 인증 초기화');
    expect((await accountOf('admin-c'))?.totpSecretEnc).not.toBeNull();
    const self = await approve(open!.id, adminC);
    expect(problemOf(self)).toMatchObject({
      code: 'APPROVER_NOT_INDEPENDENT',
      detail: expect.stringMatching(/내 계정에 관한 변경/),
    });
    expect(problemOf(await approve(open!.id, adminA)).code).toBe('SAME_ADMIN');

    expect((await approve(open!.id, adminB)).statusCode).toBe(200);
    expect((await accountOf('admin-c'))?.totpSecretEnc).not.toBeNull();
    clock.advance(HOLD_MINUTES * MINUTE);
    await changesSeenBy(adminB);
    expect((await accountOf('admin-c'))?.totpSecretEnc).toBeNull();
    // Its sessions ended with it.
    expect((await call('GET', OPS_AUTH_API.me, adminC.headers)).statusCode).toBe(401);

    const c = await signInMade('admin-c', adminC.password);
    const dest = (await insurer('SAMSUNGFIRE')).pendingChange!;
    expect(dest.requestedBy).toBe('admin-a');
    const refused = await call('POST', OPS_INSURERS_API.approve(dest.id), c.headers);
    expect(problemOf(refused)).toMatchObject({ status: 403, code: 'APPROVER_NOT_INDEPENDENT' });
    // A pre-existing admin whom she never touched can.
    expect((await call('POST', OPS_INSURERS_API.approve(dest.id), adminB.headers)).statusCode).toBe(200);
    expect((await insurer('SAMSUNGFIRE')).faxNo).toBe('02-1234-5679');
  });
});

describe('an account changed by anyone within the last days', () => {
  it('approves nobody’s change until APPROVER_COOLING_DAYS have passed', async () => {
    const dave = await signInOperator(t, 'viewer', { loginId: 'dave' });
    const asked = await call('PUT', at(OPS_AUTH_API.operatorRole, 'dave'), adminB.headers, { role: 'admin' });
    const promotion = (asked.json() as { pendingChange: AccountChange }).pendingChange;
    expect((await approve(promotion.id, adminA)).statusCode).toBe(200);
    clock.advance(HOLD_MINUTES * MINUTE);
    await changesSeenBy(adminA);
    expect(await accountOf('dave')).toMatchObject({ role: 'admin' });

    // Made an admin by someone else (admin-b), but a day ago: admin-a's change waits for an older admin.
    const dest = ((await (await editInsurer('SAMSUNGFIRE', adminA, { faxNo: '02-1234-5678' })).json()) as OpsInsurer)
      .pendingChange!;
    const early = await call('POST', OPS_INSURERS_API.approve(dest.id), dave.headers);
    expect(problemOf(early)).toMatchObject({
      status: 403,
      code: 'APPROVER_NOT_INDEPENDENT',
      detail: expect.stringMatching(/7일 안에 만들어졌거나 관리자가 됐거나/),
    });

    clock.advance(7 * DAY);
    await signInAgain(adminA);
    await signInAgain(dave);
    const later = ((await (await editInsurer('SAMSUNGFIRE', adminA, { faxNo: '02-1234-5678' })).json()) as OpsInsurer)
      .pendingChange!;
    const ok = await call('POST', OPS_INSURERS_API.approve(later.id), dave.headers);
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('the database refuses a change approved by its asker', async () => {
    await expect(
      t.db.db
        .insertInto('operatorAccountChange')
        .values({
          kind: 'create',
          targetLoginId: 'forged',
          role: 'admin',
          requestedBy: 'admin-a',
          requestedAt: clock.now(),
          needsApproval: true,
          status: 'approved',
          decidedBy: 'admin-a',
          decidedAt: clock.now(),
          effectiveAt: clock.now(),
        })
        .execute(),
    ).rejects.toThrow(/operator_account_change_two_people/);
  });
});

describe('fax numbers', () => {
  it('are only those of the insurer’s list outside the database; a switch to fax is checked the same', async () => {
    await signInAgain(adminB);
    for (const [code, o, variable] of [
      ['SAMSUNGFIRE', { faxNo: '02-9999-0000' }, 'INSURER_SAMSUNGFIRE_FAX_NUMBERS'],
      ['HANWHALIFE', { faxNo: '02-9999-0000' }, 'INSURER_HANWHALIFE_FAX_NUMBERS'],
    ] as const) {
      const res = await editInsurer(code, adminA, o);
      expect(res.statusCode, code).toBe(422);
      expect(problemOf(res)).toMatchObject({
        code: 'DESTINATION_NOT_ALLOWED',
        errors: [{ field: 'faxNo', message: expect.stringContaining(variable) }],
      });
    }
    // Back to API (a change too), then to fax at a number off the list: refused when asked.
    const back = ((await (await editInsurer('SAMSUNGFIRE', adminA, { deliveryChannel: 'api' })).json()) as OpsInsurer)
      .pendingChange!;
    expect((await call('POST', OPS_INSURERS_API.approve(back.id), adminB.headers)).statusCode).toBe(200);
    const toFax = await editInsurer('SAMSUNGFIRE', adminA, { deliveryChannel: 'fax', faxNo: '0505-000-0009' });
    expect(problemOf(toFax)).toMatchObject({ status: 422, code: 'DESTINATION_NOT_ALLOWED' });
    // A number written into a waiting change by hand is refused at approval.
    const asked = (
      (await (
        await editInsurer('SAMSUNGFIRE', adminA, { deliveryChannel: 'fax', faxNo: '02-1234-5678' })
      ).json()) as OpsInsurer
    ).pendingChange!;
    await t.db.db
      .updateTable('insurerDestinationChange')
      .set({ faxNo: '0299990000' })
      .where('id', '=', asked.id)
      .execute();
    const tampered = await call('POST', OPS_INSURERS_API.approve(asked.id), adminB.headers);
    expect(problemOf(tampered)).toMatchObject({ status: 422, code: 'DESTINATION_NOT_ALLOWED' });
    expect(await insurer('SAMSUNGFIRE')).toMatchObject({ deliveryChannel: 'api' });
  });
});
