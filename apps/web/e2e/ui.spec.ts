// The shared UI of spec §2 as the patient meets it: modals (focus, Esc, static backdrop), toasts, the 401 alert, and
// the error screen of a screen whose code cannot be loaded (spec §8's chunk loading error), the guard's code too.
import { test, expect, appPath, snap, expectAccessible } from './fixtures';

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

test('a screen whose code cannot be loaded (a chunk gone after a deploy) says so in Korean and reloads', async ({
  page,
}) => {
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning') warnings.push(m.text());
  });
  await page.route('**/assets/OuterLanding-*.js', (route) => route.abort());
  await page.goto(appPath('/90000001'));
  const error = page.getByRole('alert');
  await expect(error.getByRole('heading', { name: '화면을 불러오지 못했어요' })).toBeVisible();
  await expect(error).toContainText('새로고침해 주세요.');
  // spec §8: a chunk that fails to load is a chunk loading error, not a missing view module.
  await expect(error).toContainText('오류 코드 chunk loading error');
  await expect(error).not.toContainText('MODULE_NOT_FOUND');
  await snap(page, 'ui-chunk-loading-error');
  await expectAccessible(page);
  // spec §4, §8: logged, and the app itself is still running
  expect(warnings.join('\n')).toContain('chunk loading error');

  // The chunk is back (or the connection): one tap on 새로고침 brings the landing.
  await page.unroute('**/assets/OuterLanding-*.js');
  await error.getByRole('button', { name: '새로고침' }).click();
  await expect(page.getByRole('link', { name: '자동청구 시작하기' }).first()).toBeVisible();
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`a guarded screen whose guard cannot be loaded shows the same chunk loading error (${viewport.width}×${viewport.height})`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning') warnings.push(m.text());
    });
    await page.route('**/assets/guard-*.js', (route) => route.abort());
    await page.goto(appPath('/security/jumin'));
    const error = page.getByRole('alert');
    await expect(error.getByRole('heading', { name: '화면을 불러오지 못했어요' })).toBeVisible();
    await expect(error).toContainText('오류 코드 chunk loading error');
    // Not a spinner waiting for ever, not the guard's own alert.
    await expect(page.getByRole('status', { name: '본인인증 정보를 확인하고 있어요' })).toHaveCount(0);
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    expect(warnings.join('\n')).toMatch(/chunk loading error|ChunkLoadError/);
    await snap(page, `ui-guard-chunk-loading-error-${viewport.width}`);
    await expectAccessible(page);

    await page.unroute('**/assets/guard-*.js');
    await error.getByRole('button', { name: '새로고침' }).click();
    await expect(page.getByRole('alertdialog')).toContainText('유효하지 않은 인증입니다.');
  });
}
