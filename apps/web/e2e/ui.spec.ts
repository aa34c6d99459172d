// The shared UI of spec §2 as the patient meets it: modals (focus, Esc, static backdrop), toasts, the 401 alert.
import { test, expect, appPath, snap } from './fixtures';

test('an info modal takes focus, closes by Esc (not static) and gives focus back', async ({ page }) => {
  await page.goto(appPath('/90000001'));
  const opener = page.getByRole('button', { name: '내 정보는 어떻게 보호되나요?' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: '내 정보는 안전하게 다뤄져요' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: '확인' })).toBeFocused();
  await snap(page, 'ui-info-modal');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test('a static alert ignores Esc, even pressed twice, and its backdrop', async ({ page }) => {
  await page.goto(appPath('/security/jumin'));
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('유효하지 않은 인증입니다.');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: '확인' })).toBeFocused();
  await page.mouse.click(5, 5);
  await expect(dialog).toBeVisible();
});

test('a 401 from any call shows one logout alert', async ({ page }) => {
  let calls = 0;
  await page.route('**/ui/insu/v1/claims/insurances*', (route) => {
    calls++;
    return route.fulfill({
      status: 401,
      contentType: 'application/problem+json',
      body: JSON.stringify({ status: 401, title: 'Unauthorized', code: 'UNAUTHORIZED', detail: '다시 인증해 주세요.' }),
    });
  });
  await page.route('**/ui/insu/v1/claims/hospitals/*', (route) =>
    route.fulfill({
      status: 401,
      contentType: 'application/problem+json',
      body: JSON.stringify({ status: 401, title: 'Unauthorized', code: 'UNAUTHORIZED', detail: '다시 인증해 주세요.' }),
    }),
  );
  await page.goto(appPath('/90000001'));
  await expect(page.getByRole('alertdialog')).toContainText('로그인 시간이 끝났어요');
  await expect(page.getByRole('alertdialog')).toHaveCount(1);
  expect(calls).toBeLessThanOrEqual(1);
  await snap(page, 'ui-logout-alert');
});
