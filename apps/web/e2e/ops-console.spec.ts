// The operator console's frame at a desktop: /ops opens its own page (not the patient app), a wrong password is
// refused in Korean, the admin signs in and lands on a list whose paging and sorting live in the address, the keyboard
// reaches everything, and axe finds nothing serious. Signing out returns to the sign-in screen.
import { test, expect, snap, expectAccessible } from './fixtures';
import { DESKTOP, OPS_ADMIN, signInOps } from './ops';

test.use(DESKTOP);

test('sign in, the held-records list, its sort in the address, sign out', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/ops/records/held');
  await expect(page).toHaveTitle('자동청구 운영 콘솔');
  await page.getByLabel('아이디').fill(OPS_ADMIN.loginId);
  await page.getByLabel('비밀번호').fill('not-the-password-at-all');
  await page.getByRole('button', { name: '로그인' }).click();
  await expect(page.getByRole('alert')).toContainText('아이디 또는 비밀번호가 맞지 않아요');
  await expect(page.getByLabel('비밀번호')).toHaveValue('');
  await snap(page, 'ops-01-sign-in-refused');
  await expectAccessible(page);

  // (A new admin of its own: signInOps sets up its second factor on the way.) Filtered to a hospital no test feeds:
  // other browser tests hold records of their own (ops-held.spec.ts, treat.spec.ts) while this one runs.
  await signInOps(page, '/ops/records/held?hospitalCd=99999999');
  // The address one came for opens right after signing in, its heading focused for screen readers.
  await expect(page.getByRole('heading', { name: '확인이 필요한 기록', level: 1 })).toBeFocused();
  await expect(page.getByRole('table', { name: /확인이 필요한 기록/ })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '확인이 필요한 기록이 없어요.' })).toBeVisible();
  await snap(page, 'ops-02-held-records');
  await expectAccessible(page);

  // Sorting is the server's, and the address keeps it.
  const visitDate = page.getByRole('columnheader', { name: /진료일/ });
  await visitDate.getByRole('button').click();
  await expect(page).toHaveURL(/sort=visitDate&order=desc/);
  await expect(visitDate).toHaveAttribute('aria-sort', 'descending');
  await visitDate.getByRole('button').press('Enter');
  await expect(page).toHaveURL(/order=asc/);
  await expect(visitDate).toHaveAttribute('aria-sort', 'ascending');

  // A filter the server refuses is said in Korean, not swallowed.
  await page.getByLabel('병원 코드').fill('12');
  await page.getByRole('button', { name: '찾기', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: '병원 코드는' })).toContainText(
    '병원 코드는 숫자 8자리예요.',
  );

  // A list that grows with use pages by key: next opens the answer's cursor (in the address), back returns along the
  // cursors walked, and the page count stands as the server counted.
  await page.goto('/ops/access-log?size=1');
  const pager = page.getByRole('navigation', { name: '운영자 작업 기록 쪽 이동' });
  await expect(pager.getByText(/^1 \/ \d+쪽$/)).toBeVisible();
  await pager.getByRole('button', { name: '다음 쪽' }).click();
  await expect(page).toHaveURL(/cursor=/);
  await expect(pager.getByText(/^2 \/ \d+쪽$/)).toBeVisible();
  await pager.getByRole('button', { name: '이전 쪽' }).click();
  await expect(page).not.toHaveURL(/cursor=/);
  await expect(pager.getByText(/^1 \/ \d+쪽$/)).toBeVisible();
  await expect(pager.getByRole('button', { name: '이전 쪽' })).toBeDisabled();

  await page.getByRole('button', { name: '로그아웃' }).click();
  await expect(page.getByRole('button', { name: '로그인' })).toBeVisible();
  // The session is over on the server too: the list is refused.
  expect((await page.request.get('/api/admin/records/held')).status()).toBe(401);
});

test('an address the console does not have says so', async ({ page }) => {
  await signInOps(page, '/ops/no-such-screen');
  await expect(page.getByRole('heading', { name: '없는 화면이에요' })).toBeVisible();
});
