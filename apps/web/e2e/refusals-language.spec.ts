// The server's refusals in her language (docs/decisions/0010-message-catalogs.md): the server says them in Korean,
// the screen in the language she reads (apps/web/src/i18n/problems.ts). A subscriber changing her payout account to
// one the bank does not have (the sandbox bank: an account number ending 0000) is told so in English on an English
// phone, and in the server's own Korean on a Korean one.
import type { Page } from '@playwright/test';
import { test, expect, appPath, expectAccessible, snap, testPerson } from './fixtures';
import { words } from './catalogs';
import { subscribe } from './patient-api';

/** The server's refusal, as accounts/service.ts says it. */
const NO_ACCOUNT = '은행에 없는 계좌예요. 은행과 계좌번호를 다시 확인해 주세요.';

async function checkMissingAccount(page: Page, next: string) {
  const p = testPerson();
  await subscribe(page.request, p, 10_000);
  await page.goto(appPath('/security/paymentAccount?from=applyHistory'));
  await page.locator('#bankCd').selectOption({ index: 1 });
  await page.locator('#bankAccount').fill('110-222-330000');
  await page.locator('#rel-1').check();
  await page.getByRole('button', { name: next }).click();
}

test.describe('English', () => {
  test.use({ locale: 'en-US' });
  test("a bank's refusal of the account reads in English", async ({ page }) => {
    const en = words('en');
    await checkMissingAccount(page, en('account.next'));
    await expect(page.getByText(en('problem.account.notFound')).first()).toBeVisible();
    await expect(page.getByText(NO_ACCOUNT)).toHaveCount(0);
    await expectAccessible(page);
    await snap(page, 'refusal-account-en');
  });
});

test.describe('Korean', () => {
  test.use({ locale: 'ko-KR' });
  test("a bank's refusal of the account is the server's Korean, unchanged", async ({ page }) => {
    await checkMissingAccount(page, '계좌 확인하고 다음');
    await expect(page.getByText(NO_ACCOUNT, { exact: true }).first()).toBeVisible();
    await snap(page, 'refusal-account-ko');
  });
});
