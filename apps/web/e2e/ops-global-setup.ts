// Before the browser tests (playwright.config.ts globalSetup): the console's first admin (OPERATOR_LOGIN_ID at start)
// signs in once through the API, setting up its second factor, and its session is kept in a file for the tests'
// helper (ops.ts), which adds an account of its own per test with it, so no two tests share one account's codes.
import { writeFileSync } from 'node:fs';
import { generate } from 'otplib';
import { OPS_ADMIN, OPS_APPROVER, opsAdminFile } from './ops';

export default async function globalSetup() {
  await signIn(OPS_ADMIN, 'admin');
  await signIn(OPS_APPROVER, 'approver');
}

/** Signs one admin from before in through the API, setting up its second factor, and keeps its session in a file. */
async function signIn(account: { loginId: string; password: string }, who: string) {
  const base = `http://localhost:${process.env.E2E_PORT ?? 3100}`;
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
  const { secret } = (await call('/api/admin/me/totp/setup')) as { secret: string };
  const done = await call('/api/admin/me/totp/confirm', { code: await generate({ secret }) });
  writeFileSync(opsAdminFile(who), JSON.stringify({ cookie, csrfToken: done.csrfToken, secret }));
}
