// The console's idle timeout, said before it ends (KWCAG 2.2 6.2.1, docs/accessibility.md), at a desktop with the
// page's clock moved on (page.clock): 28 minutes after her last call a dialog takes focus and says two minutes are
// left; "계속할게요" asks the server (a call of hers, not a background poll) and the dialog goes; left unanswered the
// session ends, on the server too, and the sign-in screen says why. Axe-clean with the dialog open.
import { test, expect, snap, expectAccessible } from './fixtures';
import { DESKTOP, signInOps } from './ops';

test.use(DESKTOP);

test('the console asks before its idle timeout, keeps the session when asked, and says why it ended', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.clock.install();
  await signInOps(page, 'viewer');

  await page.clock.fastForward('27:30');
  const dialog = page.getByRole('dialog', { name: '로그인 시간 연장' });
  await expect(dialog).toHaveCount(0);
  await page.clock.fastForward('00:31');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('2분 뒤에 로그인 시간이 끝나요. 계속 쓰시려면 아래 버튼을 눌러 주세요.');
  const keep = dialog.getByRole('button', { name: '계속할게요' });
  await expect(keep).toBeFocused();
  await snap(page, 'ops-idle-warning');
  await expectAccessible(page);

  const asked = page.waitForRequest((r) => r.url().endsWith('/api/admin/me') && !r.headers()['x-ops-background']);
  await keep.click();
  await asked;
  await expect(dialog).toBeHidden();

  // Unanswered this time: at 28 minutes the question, at 30 the end.
  await page.clock.fastForward('28:01');
  await expect(dialog).toBeVisible();
  await page.clock.fastForward('02:00');
  await expect(page.getByRole('heading', { name: '자동청구 운영 콘솔' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('30분 동안 쓰지 않아 로그아웃했어요. 다시 로그인해 주세요.');
  await snap(page, 'ops-idle-signed-out');
  await expectAccessible(page);
  // Ended on the server as well, not only on the screen.
  expect((await page.request.get('/api/admin/me')).status()).toBe(401);
});
