// What the console's browser tests share: the desktop the console is used on, and signing in. The first admin
// (playwright.config.ts makes it at start, as README "Operator console" says) is signed in once before the tests
// (ops-global-setup.ts); signInOps adds a fresh account of the role asked with that session and signs it in through
// the screens, setting up its second factor with a code computed here from the secret the set-up screen shows.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { request, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { expect } from './fixtures';

export const OPS_ADMIN = { loginId: 'e2e-admin', password: 'e2e-admin-password-1234' } as const;
/** A second admin from before (playwright.config.ts makes it): it approves the admins OPS_ADMIN asks for. */
export const OPS_APPROVER = { loginId: 'e2e-approver', password: 'e2e-approver-password-1234' } as const;
export const DESKTOP = { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false } as const;
export type OpsRole = 'viewer' | 'operator' | 'admin';
const ROLES: readonly string[] = ['viewer', 'operator', 'admin'];
const PORT = process.env.E2E_PORT ?? 3100;

/** Where the first admin's session (and the approver's) is kept between the global set-up and the tests. */
export const opsAdminFile = (who = 'admin') => path.resolve(`test-results/ops-${who}-${PORT}.json`);

/** The authenticator app's code for a secret, `steps` time steps (30 s) from now. */
export const totpNow = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

let seq = 0;

type KeptSession = { cookie: string; csrfToken: string; secret: string };

/**
 * Signs an admin from before in through the API and keeps its session in a file for the tests. With no `secret` it
 * sets up the second factor (the global set-up's first sign-in); with one, it answers the second factor with the
 * authenticator's code, the next time step's if this step's code was already taken (the server takes each once).
 */
export async function signInKept(account: { loginId: string; password: string }, who: string, secret?: string) {
  const base = `http://localhost:${PORT}`;
  let cookie = '';
  let csrf = '';
  const call = async (path: string, body?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(cookie ? { cookie } : {}),
        ...(csrf ? { 'x-csrf-token': csrf } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const set = res.headers.getSetCookie().map((c) => c.split(';')[0]!);
    if (set.length) cookie = set.join('; ');
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<Record<string, unknown>>;
  };
  const login = await call('/rest/auth/login', account);
  csrf = String(login.csrfToken);
  let done: Record<string, unknown>;
  if (secret === undefined) {
    ({ secret } = (await call('/api/admin/me/totp/setup')) as { secret: string });
    done = await call('/api/admin/me/totp/confirm', { code: await totpNow(secret) });
  } else {
    const key = secret;
    done = await call('/api/admin/login/second-factor', { code: await totpNow(key) }).catch(async () =>
      call('/api/admin/login/second-factor', { code: await totpNow(key, 1) }),
    );
  }
  const kept: KeptSession = { cookie, csrfToken: String(done.csrfToken), secret };
  writeFileSync(opsAdminFile(who), JSON.stringify(kept));
  return kept;
}

const ACCOUNTS_FROM_BEFORE = { admin: OPS_ADMIN, approver: OPS_APPROVER } as const;

/**
 * The API as an admin from before. Her session ends after 30 minutes unused (docs/security.md), shorter than a whole
 * browser run: one that ended is signed in again.
 */
export const apiOf = async (who: keyof typeof ACCOUNTS_FROM_BEFORE) => {
  const open = (s: KeptSession) =>
    request.newContext({
      baseURL: `http://localhost:${PORT}`,
      extraHTTPHeaders: { cookie: s.cookie, 'x-csrf-token': s.csrfToken },
    });
  const kept = JSON.parse(readFileSync(opsAdminFile(who), 'utf8')) as KeptSession;
  const api = await open(kept);
  if ((await api.get('/api/admin/me')).ok()) return api;
  await api.dispose();
  return open(await signInKept(ACCOUNTS_FROM_BEFORE[who], who, kept.secret));
};

/**
 * A new account of this role, made by the first admin through the API. An admin is a viewer promoted: the first admin
 * asks, the approver (independent of her) approves, and with the tests' hold of 0 it applies at once.
 */
export async function createOpsAccount(role: OpsRole) {
  const api = await apiOf('admin');
  const who = {
    loginId: `e2e-${role}-${process.pid}-${++seq}-${Math.random().toString(36).slice(2, 8)}`,
    password: 'e2e-operator-password-1234',
  };
  const res = await api.post('/api/admin/operators', { data: { ...who, role: role === 'admin' ? 'viewer' : role } });
  if (!res.ok()) throw new Error(`creating ${role}: ${res.status()} ${await res.text()}`);
  if (role === 'admin') {
    const asked = await api.put(`/api/admin/operators/${who.loginId}/role`, { data: { role: 'admin' } });
    const { pendingChange } = (await asked.json()) as { pendingChange?: { id: string } };
    if (!pendingChange) throw new Error(`promoting ${who.loginId}: ${asked.status()}`);
    const approver = await apiOf('approver');
    const approved = await approver.post(`/api/admin/operator-changes/${pendingChange.id}/approve`);
    if (!approved.ok()) throw new Error(`approving ${who.loginId}: ${approved.status()} ${await approved.text()}`);
    await approver.dispose();
  }
  await api.dispose();
  return who;
}

/**
 * A hospital user for `hospitalCd`, made by the first admin as the hospital's screen makes one (README "Hospital
 * users"): the answer's password is the one issued, changed at her first sign-in.
 */
export async function createHospitalUser(hospitalCd: string, alertPhone?: string) {
  const api = await apiOf('admin');
  const loginId = `e2e-hospital-${process.pid}-${++seq}-${Math.random().toString(36).slice(2, 8)}`;
  const res = await api.post(`/api/admin/hospitals/${hospitalCd}/users`, {
    data: { loginId, ...(alertPhone ? { alertPhone } : {}) },
  });
  if (!res.ok()) throw new Error(`creating a hospital user: ${res.status()} ${await res.text()}`);
  const { initialPassword } = (await res.json()) as { initialPassword: string };
  await api.dispose();
  return { loginId, password: initialPassword };
}

/** Id and password on the sign-in screen. */
export async function typePassword(page: Page, who: { loginId: string; password: string }) {
  await expect(page.getByRole('heading', { name: '자동청구 운영 콘솔' })).toBeVisible();
  await page.getByLabel('아이디').fill(who.loginId);
  await page.getByLabel('비밀번호').fill(who.password);
  await page.getByRole('button', { name: '로그인' }).click();
}

/** The set-up screen: reads the secret shown, enters the app's code, keeps the recovery codes, goes on. */
export async function setUpSecondFactor(page: Page) {
  await expect(page.getByRole('heading', { name: '2단계 인증 설정' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await page.getByLabel('인증 앱의 6자리 숫자').fill(await totpNow(secret));
  await page.getByRole('button', { name: '확인' }).click();
  await expect(page.getByRole('heading', { name: '복구 코드를 적어 두세요' })).toBeVisible();
  const recoveryCodes = (
    await page.getByRole('list', { name: '복구 코드' }).getByRole('listitem').allTextContents()
  ).map((c) => c.trim());
  await page.getByLabel('안전한 곳에 적어 두었어요').check();
  await page.getByRole('button', { name: '콘솔로 가기' }).click();
  return { secret, recoveryCodes };
}

/**
 * The first sign-in of an account an admin made asks for a password of her own (docs/security.md, "Insiders: admin
 * accounts"): sets one and changes `who.password` to it, so a later sign-in types the new one.
 */
export async function changeIssuedPassword(page: Page, who: { password: string }) {
  await expect(page.getByRole('heading', { name: '새 비밀번호 정하기' })).toBeVisible();
  const mine = `${who.password}-mine`;
  await page.getByLabel(/^새 비밀번호 \(/).fill(mine);
  await page.getByLabel('새 비밀번호 한 번 더').fill(mine);
  await page.getByRole('button', { name: '비밀번호 바꾸기' }).click();
  // Two argon2id hashes at their production cost (the old password checked, the new one hashed): seconds on a loaded
  // machine (4.8 s seen beside the PostgreSQL suite).
  await expect(page.getByRole('heading', { name: '새 비밀번호 정하기' })).toBeHidden({ timeout: 20_000 });
  who.password = mine;
}

/**
 * Signs in at /ops (or a path below it) as a new account of `role` (default admin), setting up its second factor and
 * changing the issued password, and waits for the console. Either argument may come first: signInOps(page, 'viewer') or signInOps(page, '/ops/x').
 */
export async function signInOps(page: Page, pathOrRole: string = '/ops', roleOrPath?: string | object) {
  const args = [pathOrRole, typeof roleOrPath === 'string' ? roleOrPath : undefined];
  const role = (args.find((a) => a && ROLES.includes(a)) ?? 'admin') as OpsRole;
  const where = args.find((a) => a?.startsWith('/')) ?? '/ops';
  const who = await createOpsAccount(role);
  await page.goto(where);
  await typePassword(page, who);
  const factor = await setUpSecondFactor(page);
  await changeIssuedPassword(page, who);
  await expect(page.getByRole('navigation', { name: '운영 메뉴' })).toBeVisible();
  return { ...who, role, ...factor };
}
