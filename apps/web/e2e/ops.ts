// What the console's browser tests share: the desktop the console is used on, and signing in as the first admin
// (playwright.config.ts makes it at start, as README "Operator console" says).
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

export const OPS_ADMIN = { loginId: 'e2e-admin', password: 'e2e-admin-password-1234' } as const;
export const DESKTOP = { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false } as const;

/** Signs in at /ops (or `path` below it) as the first admin, and waits for the console. */
export async function signInOps(page: Page, path = '/ops', who: { loginId: string; password: string } = OPS_ADMIN) {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: '자동청구 운영 콘솔' })).toBeVisible();
  await page.getByLabel('아이디').fill(who.loginId);
  await page.getByLabel('비밀번호').fill(who.password);
  await page.getByRole('button', { name: '로그인' }).click();
  await expect(page.getByRole('navigation', { name: '운영 메뉴' })).toBeVisible();
}
