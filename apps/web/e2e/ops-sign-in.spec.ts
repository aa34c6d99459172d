// Operators' sign-in at a desktop (README "Operator console"): an admin made through the API signs in with a password,
// sets up the second factor by the secret the screen shows (the code computed here, as an authenticator app would),
// sees the ten recovery codes once (copied by one button as plain text, one a line) and reaches the console; a later sign-in takes the app's code, a recovery code
// works once; a viewer does not see the Operators screen. Every screen is axe-clean.
import { withParticle } from '@auto-claim/contract';
import { test, expect, snap, expectAccessible } from './fixtures';
import { DESKTOP, changeIssuedPassword, createOpsAccount, signInOps, totpNow, typePassword } from './ops';

test.use(DESKTOP);

test('an admin sets up the second factor, then signs in with a code and with a recovery code once', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const who = await createOpsAccount('admin');
  await page.goto('/ops');
  await typePassword(page, who);

  // The set-up: the QR code, the secret as text, the code.
  await expect(page.getByRole('heading', { name: '2단계 인증 설정' })).toBeVisible();
  await expect(page.getByRole('img', { name: '인증 앱으로 찍을 QR 코드' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await snap(page, 'ops-sign-in-01-setup');
  await expectAccessible(page);
  await page.getByLabel('인증 앱의 6자리 숫자').fill('000000');
  await page.getByRole('button', { name: '확인' }).click();
  await expect(page.getByRole('alert')).toContainText('인증 앱의 숫자가 맞지 않아요');
  await page.getByLabel('인증 앱의 6자리 숫자').fill(await totpNow(secret));
  await page.getByRole('button', { name: '확인' }).click();

  // The recovery codes, once; going on only after saying they are written down.
  await expect(page.getByRole('heading', { name: '복구 코드를 적어 두세요' })).toBeVisible();
  await expect(page.getByText('한 번만 보여 드려요.')).toBeVisible();
  const codes = (await page.getByRole('list', { name: '복구 코드' }).getByRole('listitem').allTextContents()).map((c) =>
    c.trim(),
  );
  expect(codes).toHaveLength(10);
  // One button copies them as plain text, one code a line, in the order shown.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: '복구 코드 모두 복사하기' }).click();
  await expect(page.getByRole('status').filter({ hasText: '복사했어요' })).toHaveText(
    '복구 코드 10개를 복사했어요. 한 줄에 하나씩이에요.',
  );
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(codes.join('\n'));
  const go = page.getByRole('button', { name: '콘솔로 가기' });
  await expect(go).toBeDisabled();
  await snap(page, 'ops-sign-in-02-recovery-codes');
  await expectAccessible(page);
  await page.getByLabel('안전한 곳에 적어 두었어요').check();
  await go.click();
  await changeIssuedPassword(page, who);
  const nav = page.getByRole('navigation', { name: '운영 메뉴' });
  await expect(nav.getByRole('link', { name: '운영자' })).toBeVisible();

  // The Operators screen: this admin is on the list.
  await nav.getByRole('link', { name: '운영자' }).click();
  await expect(page.getByRole('heading', { name: '운영자', level: 1 })).toBeVisible();
  await expect(page.getByRole('cell', { name: who.loginId, exact: true })).toBeVisible();
  await snap(page, 'ops-sign-in-03-operators');
  await expectAccessible(page);

  // A later sign-in: the password, then the app's code (the next time step's: the set-up took this one).
  await page.getByRole('button', { name: '로그아웃' }).click();
  await typePassword(page, who);
  await expect(page.getByRole('heading', { name: '2단계 인증', exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('인증 앱의 6자리 숫자').fill(await totpNow(secret, 1));
  await page.getByRole('button', { name: '확인' }).click();
  await expect(nav).toBeVisible();

  // A recovery code works once.
  for (const attempt of ['first', 'again'] as const) {
    await page.getByRole('button', { name: '로그아웃' }).click();
    await typePassword(page, who);
    await page.getByRole('button', { name: /복구 코드로 로그인하기/ }).click();
    await page.getByLabel('복구 코드').fill(codes[0]!);
    await page.getByRole('button', { name: '확인' }).click();
    if (attempt === 'first') {
      await expect(nav).toBeVisible();
    } else {
      await expect(page.getByRole('alert')).toContainText('이미 쓴 코드예요');
      await snap(page, 'ops-sign-in-04-recovery-code-used');
      await expectAccessible(page);
    }
  }
});

test('a viewer does not see the Operators screen, and the server refuses it', async ({ page }) => {
  await signInOps(page, 'viewer');
  const nav = page.getByRole('navigation', { name: '운영 메뉴' });
  await expect(nav).toBeVisible();
  await expect(nav.getByRole('link', { name: '운영자' })).toHaveCount(0);
  expect((await page.request.get('/api/admin/operators')).status()).toBe(403);
});

test('disabling an operator asks first; the safe answer has focus, and Esc changes nothing', async ({ page }) => {
  test.setTimeout(90_000);
  const other = await createOpsAccount('viewer');
  await signInOps(page, '/ops/operators');
  await expect(page.getByRole('heading', { name: '운영자', level: 1 })).toBeVisible();
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: other.loginId, exact: true }) });
  await row.getByRole('button', { name: '사용 중지' }).click();
  const question = page.getByRole('dialog', { name: `${withParticle(other.loginId, '을/를')} 사용 중지할까요?` });
  await expect(question).toContainText('바로 로그아웃되고 다시 로그인할 수 없어요.');
  await expect(question.getByRole('button', { name: '취소' })).toBeFocused();
  await snap(page, 'ops-sign-in-05-disable-question');
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(question).toBeHidden();
  await expect(row.getByRole('button', { name: '사용 중지' })).toBeVisible();

  await row.getByRole('button', { name: '사용 중지' }).click();
  await question.getByRole('button', { name: '사용 중지하기' }).click();
  await expect(row).toContainText('사용 중지됨');
});

test('an admin unlocks an operator whom wrong passwords locked out', async ({ page }) => {
  test.setTimeout(90_000);
  const other = await createOpsAccount('viewer');
  // A stranger's wrong passwords from this address, until the account is locked here.
  for (let i = 0; i < 5; i++) {
    await page.request.post('/rest/auth/login', { data: { loginId: other.loginId, password: `wrong-password-${i}` } });
  }
  const locked = await page.request.post('/rest/auth/login', { data: other });
  expect(locked.status()).toBe(423);

  await signInOps(page, '/ops/operators');
  await expect(page.getByRole('heading', { name: '운영자', level: 1 })).toBeVisible();
  await page.getByLabel('아이디로 찾기').fill(other.loginId);
  await page.getByRole('button', { name: '찾기' }).click();
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: other.loginId, exact: true }) });
  await expect(row).toContainText('잠김');
  await snap(page, 'ops-sign-in-06-locked');
  await expectAccessible(page);
  await row.getByRole('button', { name: '잠금 해제' }).click();
  await expect(page.getByText(`${other.loginId}의 로그인 잠금을 풀었어요.`)).toBeVisible();
  await expect(row.getByRole('button', { name: '잠금 해제' })).toHaveCount(0);
  expect((await page.request.post('/rest/auth/login', { data: other })).status()).toBe(200);
});

test('a new admin asked for waits for another admin: the asker sees why she cannot approve, the other approves', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await signInOps(page, '/ops/operators');
  await expect(page.getByRole('heading', { name: '운영자', level: 1 })).toBeVisible();
  const loginId = `e2e-asked-${Date.now().toString(36)}`;
  const add = page.getByRole('region', { name: '운영자 추가' });
  await add.getByLabel('아이디').fill(loginId);
  await add.getByLabel('역할').selectOption('admin');
  await add.getByRole('button', { name: '추가' }).click();
  await expect(page.getByRole('status').filter({ hasText: '다른 관리자가 승인하고' })).toBeVisible();
  // Every screen tells every admin; the asker's own list says why she cannot approve it.
  const banner = page.getByRole('region', { name: '진행 중인 관리자 계정 변경' });
  await expect(banner).toContainText(loginId);
  const item = page
    .getByRole('region', { name: '관리자 계정 변경 요청' })
    .getByRole('listitem')
    .filter({ hasText: `관리자 계정 추가: ${loginId}` });
  await expect(item).toContainText('승인할 수 없어요: 직접 요청한 변경은 승인할 수 없어요');
  await expect(item.getByRole('button', { name: '승인하기' })).toHaveCount(0);
  await expect(item.getByRole('button', { name: '요청 취소하기' })).toBeVisible();
  await snap(page, 'ops-sign-in-07-admin-asked');
  await expectAccessible(page);

  // Another admin, independent of the asker, approves it.
  const other = await browser.newContext({ ...DESKTOP, locale: 'ko-KR', timezoneId: 'Asia/Seoul' });
  const second = await other.newPage();
  await signInOps(second, '/ops/operators');
  const theirs = second
    .getByRole('region', { name: '관리자 계정 변경 요청' })
    .getByRole('listitem')
    .filter({ hasText: `관리자 계정 추가: ${loginId}` });
  await theirs.getByRole('button', { name: '승인하기' }).click();
  await expect(theirs).toContainText('적용됨');
  await snap(second, 'ops-sign-in-08-admin-approved');
  await expectAccessible(second);
  await other.close();
});
