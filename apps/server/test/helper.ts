// build(): a fresh app on a fresh database for one test file. Embedded PGlite in memory by default;
// with DATABASE_URL set, a throwaway database on that server (created here, dropped in close()).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, expect } from 'vitest';
import { INSURER_API } from '@auto-claim/contract';
import { OPS_AUTH_API } from '@auto-claim/contract/ops';
import { buildApp } from '../src/app.js';
import type { Clock, ContextConfig } from '../src/context.js';
import type { Db } from '../src/db/index.js';
import type { Metrics } from '../src/metrics.js';
import { TEST_CONFIG, openTestDb, testPerson } from '../fixtures/app.js';
import type { Verified } from '../fixtures/enrolment.js';
import { sendRecords, treatmentRecord, type Subscriber } from '../fixtures/factories.js';
import { insurerHmac } from '../fixtures/insurer-double.js';
import { testLogStream } from './logs.js';

export { TEST_CONFIG, TEST_WEB_DIST, openTestDb, testPerson, throwawayDatabase } from '../fixtures/app.js';
export { allowLog, expectLog, testLogStream, testLogger } from './logs.js';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  close(): Promise<void>;
}

/** A clock the test moves by hand: `clock.advance(181_000)` makes an SMS code expire without waiting. */
export interface TestClock extends Clock {
  set(date: Date): void;
  advance(ms: number): void;
}
export function testClock(start = new Date()): TestClock {
  let t = start.getTime();
  return {
    now: () => new Date(t),
    set: (d) => (t = d.getTime()),
    advance: (ms) => (t += ms),
  };
}

/**
 * A directory of this test file's own (a DATA_DIR, say), removed when the file ends: never a fixed path that files
 * running at once, or runs one after another, would share.
 */
export function scratchDir(name: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), `ac-${name}-`));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

let addressSeq = 0;
/**
 * A loopback address no other caller in this test file got (127.100.0.1 onwards, clear of 127.0.0.1 and of the fixed
 * addresses some tests use on purpose): a caller of its own for every request that must not meet another's limit per
 * address (README "Identity and sessions"). verifyPatient, signInOperator and addressPerPerson take theirs here too.
 */
export function freshAddress(): string {
  const n = (100 << 16) + ++addressSeq;
  return `127.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

export async function build(
  opts: { clock?: Clock; config?: Partial<ContextConfig>; metrics?: Metrics } = {},
): Promise<TestApp> {
  const { db, close } = await openTestDb();
  const app = await buildApp({
    config: { ...TEST_CONFIG, ...opts.config },
    db,
    logStream: testLogStream,
    clock: opts.clock,
    ...(opts.metrics ? { metrics: opts.metrics } : {}),
  });
  await app.ready();
  return {
    app,
    db,
    async close() {
      await app.close();
      await close();
    },
  };
}

/** The problem body of an answer, asserted to be RFC 9457. */
export function problemOf(res: { headers: Record<string, unknown>; json(): unknown }) {
  if (!String(res.headers['content-type']).startsWith('application/problem+json')) {
    throw new Error(`expected a problem answer, got ${String(res.headers['content-type'])}`);
  }
  return res.json() as {
    status: number;
    code: string;
    detail: string;
    title: string;
    errors?: { field: string; message: string }[];
  };
}

/** The TELECOM terms every verification must agree to. */
export async function telecomTermsIds(t: TestApp): Promise<string[]> {
  const res = await t.app.inject('/auth/rest/terms/v2/TELECOM');
  return (res.json() as { list: { termsId: string }[] }).list.map((x) => x.termsId);
}

/** The latest code the sandbox sent to a phone. */
export async function latestSmsCode(t: TestApp, phone: string): Promise<string> {
  const res = await t.app.inject(`/sandbox/outbox?to=${phone}`);
  const body = (res.json() as { messages: { body: string }[] }).messages[0]?.body ?? '';
  const code = body.match(/\[(\d{6})\]/)?.[1];
  if (!code) throw new Error(`no SMS code in the outbox for ${phone}`);
  return code;
}

/** Goes through userAuth → outbox → smsAuth like a patient; answers the session cookie header and who they are. */
export async function verifyPatient(
  t: TestApp,
  overrides: Parameters<typeof testPerson>[0] & { hospitalCode?: string } = {},
) {
  const { hospitalCode = '90000001', ...who } = overrides;
  const person = testPerson(who);
  // Each verification from its own address, so suites that verify many people stay under the per-IP limits.
  const remoteAddress = freshAddress();
  const started = await t.app.inject({
    method: 'POST',
    url: '/auth/rest/nice/userAuth',
    remoteAddress,
    payload: { ...person, hospitalCode, termsIds: await telecomTermsIds(t) },
  });
  if (started.statusCode !== 200) throw new Error(`userAuth ${started.statusCode}: ${started.body}`);
  const { smsRequestSeq, smsResponseSeq } = started.json() as { smsRequestSeq: string; smsResponseSeq: string };
  const res = await t.app.inject({
    method: 'POST',
    url: '/auth/rest/nice/smsAuth',
    remoteAddress,
    payload: { smsRequestSeq, smsResponseSeq, smsAuthNum: await latestSmsCode(t, person.custHp), hospitalCode },
  });
  if (res.statusCode !== 200) throw new Error(`smsAuth ${res.statusCode}: ${res.body}`);
  const { ci, hash } = res.json() as { ci: string; hash: string };
  const cookie = res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  return { cookie, ci, hash, person, hospitalCode };
}

let operatorSeq = 0;

/** The authenticator app's code for a secret now, or `steps` time steps (30 s each) later. */
export async function totpCode(secret: string, steps = 0) {
  const { generate } = await import('otplib');
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
}

export const OPERATOR_PASSWORD = 'correct horse battery staple';

/** Cookie header of an answer's Set-Cookie. */
export const cookieOf = (res: { cookies: { name: string; value: string }[] }) =>
  res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');

/**
 * A signed-in operator of this role (README "Operator console"): the account is made here, signs in with its password,
 * sets up its second factor (the code computed from the secret the set-up answers, as an authenticator app would) and
 * so holds a full session. Answers the headers every console call sends (the session cookie and x-csrf-token), the
 * TOTP secret and the recovery codes.
 */
export async function signInOperator(
  t: TestApp,
  role: 'viewer' | 'operator' | 'admin' = 'operator',
  opts: { loginId?: string } = {},
) {
  const { upsertOperator } = await import('../src/modules/operators/operators.js');
  const loginId = opts.loginId ?? `${role}-${++operatorSeq}`;
  const password = OPERATOR_PASSWORD;
  await upsertOperator(t.db.db, loginId, password, role);
  const remoteAddress = freshAddress();
  const res = await t.app.inject({
    method: 'POST',
    url: '/rest/auth/login',
    remoteAddress,
    payload: { loginId, password },
  });
  if (res.statusCode !== 200) throw new Error(`login ${res.statusCode}: ${res.body}`);
  const pending = { cookie: cookieOf(res), 'x-csrf-token': (res.json() as { csrfToken: string }).csrfToken };
  const setup = await t.app.inject({
    method: 'POST',
    url: '/api/admin/me/totp/setup',
    remoteAddress,
    headers: pending,
  });
  if (setup.statusCode !== 200) throw new Error(`totp setup ${setup.statusCode}: ${setup.body}`);
  const { secret } = setup.json() as { secret: string };
  /** The code the set-up took: spent from now on. */
  const usedCode = await totpCode(secret);
  const confirmed = await t.app.inject({
    method: 'POST',
    url: '/api/admin/me/totp/confirm',
    remoteAddress,
    headers: pending,
    payload: { code: usedCode },
  });
  if (confirmed.statusCode !== 200) throw new Error(`totp confirm ${confirmed.statusCode}: ${confirmed.body}`);
  const { csrfToken, recoveryCodes } = confirmed.json() as { csrfToken: string; recoveryCodes: string[] };
  const cookie = cookieOf(confirmed);
  /** What every console call sends: pass `headers` to app.inject. */
  const headers: Record<string, string> = { cookie, 'x-csrf-token': csrfToken };
  return { loginId, password, cookie, csrfToken, headers, secret, usedCode, recoveryCodes, remoteAddress };
}

/**
 * A hospital user made as an admin makes one (the hospital's screen: POST /api/admin/hospitals/{cd}/users), signed in
 * as she would: the issued password, the second factor set up, her own password set. Answers her console headers.
 */
export async function signInHospitalUser(
  t: TestApp,
  admin: Record<string, string>,
  hospitalCd = '90000001',
  opts: { loginId?: string; alertPhone?: string } = {},
) {
  const loginId = opts.loginId ?? `hospital-${++operatorSeq}`;
  const made = await t.app.inject({
    method: 'POST',
    url: `/api/admin/hospitals/${hospitalCd}/users`,
    headers: admin,
    payload: { loginId, ...(opts.alertPhone ? { alertPhone: opts.alertPhone } : {}) },
  });
  if (made.statusCode !== 200) throw new Error(`hospital user ${made.statusCode}: ${made.body}`);
  const { initialPassword } = made.json() as { initialPassword: string };
  const remoteAddress = freshAddress();
  const res = await t.app.inject({
    method: 'POST',
    url: '/rest/auth/login',
    remoteAddress,
    payload: { loginId, password: initialPassword },
  });
  if (res.statusCode !== 200) throw new Error(`login ${res.statusCode}: ${res.body}`);
  const pending = { cookie: cookieOf(res), 'x-csrf-token': (res.json() as { csrfToken: string }).csrfToken };
  const setup = await t.app.inject({
    method: 'POST',
    url: '/api/admin/me/totp/setup',
    remoteAddress,
    headers: pending,
  });
  const { secret } = setup.json() as { secret: string };
  const confirmed = await t.app.inject({
    method: 'POST',
    url: '/api/admin/me/totp/confirm',
    remoteAddress,
    headers: pending,
    payload: { code: await totpCode(secret) },
  });
  if (confirmed.statusCode !== 200) throw new Error(`totp confirm ${confirmed.statusCode}: ${confirmed.body}`);
  const headers: Record<string, string> = {
    cookie: cookieOf(confirmed),
    'x-csrf-token': (confirmed.json() as { csrfToken: string }).csrfToken,
  };
  const changed = await t.app.inject({
    method: 'POST',
    url: '/api/admin/me/password',
    remoteAddress,
    headers,
    payload: { newPassword: OPERATOR_PASSWORD },
  });
  if (changed.statusCode !== 200) throw new Error(`password ${changed.statusCode}: ${changed.body}`);
  const after = changed.headers['set-cookie'] ? { ...headers, cookie: cookieOf(changed) } : headers;
  const csrf = (changed.json() as { csrfToken?: string }).csrfToken;
  return {
    loginId,
    initialPassword,
    secret,
    remoteAddress,
    headers: csrf ? { ...after, 'x-csrf-token': csrf } : after,
  };
}

/**
 * An operator session short of the second factor: `setup` (a new account, password only) or `password` (an account
 * with its second factor set up, signed in again with the password only). Answers what signInOperator does.
 */
export async function pendingOperatorSession(
  t: TestApp,
  stage: 'setup' | 'password',
  role: 'viewer' | 'operator' | 'admin' = 'operator',
) {
  const { upsertOperator } = await import('../src/modules/operators/operators.js');
  const account =
    stage === 'password'
      ? await signInOperator(t, role)
      : {
          loginId: `${role}-${++operatorSeq}`,
          password: OPERATOR_PASSWORD,
          secret: '',
          usedCode: '',
          recoveryCodes: [] as string[],
        };
  if (stage === 'setup') await upsertOperator(t.db.db, account.loginId, account.password, role);
  const remoteAddress = freshAddress();
  const res = await t.app.inject({
    method: 'POST',
    url: '/rest/auth/login',
    remoteAddress,
    payload: { loginId: account.loginId, password: account.password },
  });
  if (res.statusCode !== 200) throw new Error(`login ${res.statusCode}: ${res.body}`);
  const csrfToken = (res.json() as { csrfToken: string }).csrfToken;
  const cookie = cookieOf(res);
  return {
    ...account,
    cookie,
    csrfToken,
    headers: { cookie, 'x-csrf-token': csrfToken } as Record<string, string>,
    remoteAddress,
  };
}

/**
 * An address of her own for each verified person of a test file (as each patient's phone has), so that no limit per
 * address meets another test's patient.
 */
export function addressPerPerson<V extends object>(): (v: V) => string {
  const ips = new WeakMap<V, string>();
  return (v) => {
    if (!ips.has(v)) ips.set(v, freshAddress());
    return ips.get(v)!;
  };
}

/**
 * Requests as a verified person, each person from an address of her own (addressPerPerson): `as(v, 'GET', url)`.
 * `file()` answers the test file's app, which its beforeAll builds.
 */
export function personCalls(file: () => TestApp) {
  const ipOf = addressPerPerson<Verified>();
  return (
    v: Verified,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) => file().app.inject({ method, url, payload, remoteAddress: ipOf(v), headers: { ...headers, cookie: v.cookie } });
}

/** The sandbox's messages to a phone, oldest first: channel and body (an 알림톡's body is its template's JSON). */
export const outboxTo = (t: TestApp, phone: string) =>
  t.db.db.selectFrom('sandboxOutbox').select(['channel', 'body']).where('to', '=', phone).orderBy('id').execute();

/** The messages to a phone (알림톡 or SMS), the verification codes left out. */
export const noticesTo = async (t: TestApp, phone: string) =>
  (await outboxTo(t, phone)).filter((m) => ['kakao', 'sms'].includes(m.channel) && !/\[\d{6}\]/.test(m.body));

/** An SMS's body without the short link it ends with. */
export const withoutLink = (body: string) => body.replace(/ http\S+$/, '');

/** The name a sandbox hospital is listed under. */
export const hospitalNmOf = async (t: TestApp, hospitalCd = '90000001') =>
  (
    await t.db.db
      .selectFrom('hospital')
      .select('hospitalNm')
      .where('hospitalCd', '=', hospitalCd)
      .executeTakeFirstOrThrow()
  ).hospitalNm;

/**
 * A visit of hers the sandbox hospital sends (₩20,000 covered, ₩10,000 not), the claim engine drained: answers her
 * newest claim.
 */
export async function claimOfVisit(t: TestApp, who: Subscriber) {
  await sendRecords(t.app, [treatmentRecord(who, { coveredCopay: 20_000, uncovered: 10_000 })]);
  return t.db.db
    .selectFrom('claim')
    .selectAll()
    .where('ciHmac', '=', who.ciHmac)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
}

/**
 * A console-made account's first sign-in (docs/security.md, "Insiders: admin accounts"): its password, the set-up of
 * its second factor, and (unless `changePassword` is false) a password of its own in place of the one an admin
 * issued. Answers the password step's refusal, or the full session's headers, the second factor's secret and whether
 * the account was asked to change its password.
 */
export async function firstSignIn(
  t: TestApp,
  loginId: string,
  password: string,
  remoteAddress: string,
  opts: { changePassword?: boolean } = {},
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/rest/auth/login',
    remoteAddress,
    payload: { loginId, password },
  });
  if (res.statusCode !== 200) {
    return {
      statusCode: res.statusCode,
      code: problemOf(res).code,
      headers: {},
      secret: '',
      mustChangePassword: false,
    };
  }
  const pending = { cookie: cookieOf(res), 'x-csrf-token': (res.json() as { csrfToken: string }).csrfToken };
  const setup = await t.app.inject({ method: 'POST', url: OPS_AUTH_API.totpSetup, remoteAddress, headers: pending });
  const { secret } = setup.json() as { secret: string };
  const done = await t.app.inject({
    method: 'POST',
    url: OPS_AUTH_API.totpConfirm,
    remoteAddress,
    headers: pending,
    payload: { code: await totpCode(secret) },
  });
  expect(done.statusCode, done.body).toBe(200);
  const headers = { cookie: cookieOf(done), 'x-csrf-token': (done.json() as { csrfToken: string }).csrfToken };
  const mustChangePassword = (done.json() as { mustChangePassword?: boolean }).mustChangePassword === true;
  if (mustChangePassword && opts.changePassword !== false) {
    const changed = await t.app.inject({
      method: 'POST',
      url: OPS_AUTH_API.password,
      remoteAddress,
      headers,
      payload: { newPassword: `${password} of her own` },
    });
    expect(changed.statusCode, changed.body).toBe(200);
  }
  return { statusCode: 200, code: undefined, headers, secret, mustChangePassword };
}

/**
 * An insurer's signed answer to a claim, posted to our callback as an insurer posts it (docs/providers/insurer-api.md):
 * timestamped at `now`, signed with the sandbox's secret for that insurer unless another is given.
 */
export function postInsurerAnswer(
  t: TestApp,
  now: Date,
  insuCompCd: string,
  body: object,
  secret = `sandbox-${insuCompCd}`,
) {
  const raw = JSON.stringify(body);
  const ts = String(Math.floor(now.getTime() / 1000));
  return t.app.inject({
    method: 'POST',
    url: INSURER_API.claimAnswers(insuCompCd),
    headers: {
      'content-type': 'application/json',
      'x-autoclaim-timestamp': ts,
      'x-autoclaim-signature': `v1=${insurerHmac(secret, ts, raw)}`,
    },
    payload: raw,
  });
}

/** A subscription row's optional columns, unset: the rest of a row a test writes directly (treats tests). */
export const SUBSCRIPTION_UNSET = {
  bankCd: null,
  bankAccountEnc: null,
  bankAccountLast4: null,
  bankAccountRel: null,
  jobCd: null,
  idcardType: null,
  idcardEnc: null,
  idcardImgEnc: null,
  signImgEnc: null,
  goodsSubsId: null,
  applyChannel: null,
  applyOrg: null,
  postCenter: null,
  commissionSha256: null,
  consentSha256: null,
  idempotencyKeyHmac: null,
  cancelledAt: null,
  purgeAt: null,
} as const;
