// Identity by SMS in the browser: landing → terms → method → identity → code (read from the sandbox outbox) → excute,
// what a reload keeps, the code screen's limits, and the /security/ guard's refusals (its two messages, a tampered cookie).
import {
  test,
  expect,
  appPath,
  consentToAll,
  snap,
  expectAccessible,
  fillIdentity,
  latestCode,
  testPerson,
  verifiedPatient,
} from './fixtures';

const HOSPITAL = '90000001';
const alertDialog = (page: import('@playwright/test').Page) =>
  page.getByRole('alertdialog').or(page.getByRole('dialog'));

test('a new patient verifies by SMS and arrives in enrolment', async ({ page }) => {
  // Seven screens and five axe reads: 23 s alone on an idle machine, more beside another worker.
  test.setTimeout(90_000);
  const p = testPerson();
  await page.goto(appPath(`/${HOSPITAL}`));
  await page.getByRole('link', { name: '자동청구 시작하기' }).first().click();

  // The one consent screen (its errors, sheets and sizes: consent.spec.ts).
  await expect(page).toHaveURL(/\/authAgreeInfo$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('한 번에 받을게요');
  await page.getByRole('checkbox', { name: /전체 동의/ }).check();
  // 'agree to all' can be undone item by item: an optional one left out still lets her go on
  await page
    .getByRole('checkbox', { name: /\(선택\)/ })
    .first()
    .uncheck();
  await expect(page.getByRole('checkbox', { name: /전체 동의/ })).not.toBeChecked();
  await page.locator('.bottom-action').getByRole('button', { name: '동의하고 다음' }).click();

  // The method screen offers one method only (휴대폰 문자): a choice that asks nothing is skipped; the telecom terms
  // were agreed on the consent screen.
  await expect(page).toHaveURL(/\/identity$/);
  await expect(page.getByText('앞 화면에서 본인확인 약관에 모두 동의하셨어요.')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: '본인확인 약관에 모두 동의해요' })).toHaveCount(0);
  await page.getByRole('button', { name: '인증번호 받기' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '입력한 내용을 확인해 주세요' })).toBeVisible();
  await snap(page, 'auth-04-identity-errors');
  await expectAccessible(page);
  await fillIdentity(page, p);
  await snap(page, 'auth-05-identity-filled');
  await page.getByRole('button', { name: '인증번호 받기' }).click();

  await expect(page).toHaveURL(/\/certInput$/);
  await expect(page.getByRole('timer')).toHaveText(/^(3:00|2:5\d)$/);
  await expect(page.getByText('010-****-')).toBeVisible();
  const code = await latestCode(page, p.phone);
  const wrong = code === '000000' ? '111111' : '000000';
  await page.getByLabel('인증번호').fill(wrong);
  await page.getByRole('button', { name: '확인', exact: true }).click();
  await expect(page.locator('#sms-code-error')).toHaveText('인증번호가 맞지 않아요. 4번 더 입력할 수 있어요.');
  await snap(page, 'auth-06-code-wrong');
  await expectAccessible(page);
  // spaces and hyphens are fine
  await page.getByLabel('인증번호').fill(`${code.slice(0, 3)} ${code.slice(3)}`);
  await page.getByRole('button', { name: '확인', exact: true }).click();
  // A phone leaves no pointer resting on the screen; Playwright's mouse stays where it clicked, and sonner holds a
  // toast under a resting mouse (a desktop courtesy). While the next screen loads the toast can slide under it.
  await page.mouse.move(1, 1);

  // a toast confirms it at the bottom of the screen, and leaves by itself after about 3 s
  const toast = page.getByText('본인인증을 마쳤어요.');
  await expect(toast).toBeVisible();
  const box = (await toast.boundingBox())!;
  expect(box.y).toBeGreaterThan(844 / 2);
  await expect(toast).toBeHidden({ timeout: 6_000 });

  // excute asks the server and sends a new patient to the first enrolment screen (which also asks whose visits)
  await expect(page).toHaveURL(/\/security\/jumin$/);
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'claimAuth')?.httpOnly).toBe(false);
  expect(cookies.find((c) => c.name === 'ac_sess')?.httpOnly).toBe(true);

  // A reload keeps the patient where they were: the verified identity comes back from the server session,
  // while the browser's storage holds nothing personal.
  await page.reload();
  await expect(page).toHaveURL(/\/security\/jumin$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(alertDialog(page)).toHaveCount(0);
  const stored = await page.evaluate(() => JSON.stringify(sessionStorage) + JSON.stringify(localStorage));
  for (const secret of [p.phone, p.name, p.birth6]) expect(stored).not.toContain(secret);
});

test('the code screen explains a resend too soon and locks after 5 wrong codes', async ({ page }) => {
  await page.clock.install();
  const p = testPerson();
  await page.goto(appPath(`/${HOSPITAL}`));
  await page.getByRole('link', { name: '자동청구 시작하기' }).first().click();
  await consentToAll(page);
  await fillIdentity(page, p);
  await page.getByRole('button', { name: '인증번호 받기' }).click();
  await expect(page).toHaveURL(/\/certInput$/);

  const resend = page.getByRole('button', { name: /다시 받을 수 있어요|인증번호 다시 받기/ });
  await expect(resend).toBeDisabled();
  await expect(resend).toHaveText(/^\d+초 후에 다시 받을 수 있어요$/);

  const code = await latestCode(page, p.phone);
  const wrong = code === '000000' ? '111111' : '000000';
  for (let i = 0; i < 5; i++) {
    await page.getByLabel('인증번호').fill(wrong);
    await page.getByRole('button', { name: '확인', exact: true }).click();
    await expect(page.locator('#sms-code-error')).not.toBeEmpty();
  }
  await expect(page.locator('#sms-code-error')).toContainText('5번 틀려서');
  await page.getByLabel('인증번호').fill(code);
  await page.getByRole('button', { name: '확인', exact: true }).click();
  await expect(page.locator('#sms-code-error')).toContainText('인증번호를 다시 받아 주세요');
  await snap(page, 'auth-07-code-locked');

  // After a minute (the browser's clock, fast-forwarded) the resend is offered.
  await page.clock.fastForward('01:01');
  await expect(resend).toBeEnabled();
  await expect(resend).toHaveText('인증번호 다시 받기');
});

test('the guard refuses a /security/ screen visited cold with the exact alert, then goes to the landing', async ({
  page,
}) => {
  await page.goto(appPath('/security/jumin'));
  const dialog = alertDialog(page);
  await expect(dialog).toContainText('알림');
  await expect(dialog).toContainText('유효하지 않은 인증입니다.');
  await snap(page, 'guard-01-alert');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: '확인' }).click();
  await expect(page).toHaveURL(/\/vuex\/auto-claim\/(00000000)?$/);
});

test('with a claim cookie but no verified person the guard says 잘못된 경로입니다. and goes to the landing', async ({
  page,
  baseURL,
}) => {
  await page.context().addCookies([{ name: 'claimAuth', value: 'stale', url: baseURL! }]);
  await page.goto(appPath('/security/insuChoose'));
  const dialog = alertDialog(page);
  await expect(dialog).toContainText('잘못된 경로입니다.');
  await snap(page, 'guard-02-wrong-path');
  await dialog.getByRole('button', { name: '확인' }).click();
  await expect(page).toHaveURL(/\/vuex\/auto-claim\/(00000000)?$/);
});

test('a verified patient whose claimAuth cookie was tampered with is refused at the next guarded screen', async ({
  page,
  baseURL,
}) => {
  await verifiedPatient(page, { hospitalCd: HOSPITAL });
  await expect(page).toHaveURL(/\/security\/jumin$/);
  const real = (await page.context().cookies()).find((c) => c.name === 'claimAuth')!.value;
  const tampered = `${real.slice(0, -1)}${real.endsWith('A') ? 'B' : 'A'}`;
  await page.context().addCookies([{ name: 'claimAuth', value: tampered, url: baseURL! }]);
  // spec §5: verified by SMS in this tab (access_hash), so any other value than this session's hash is refused.
  await page.getByLabel('주민등록번호 나머지 6자리를 입력해 주세요').fill('234567');
  await page.getByRole('button', { name: '다음' }).click();
  const dialog = alertDialog(page);
  await expect(dialog).toContainText('알림');
  await expect(dialog).toContainText('유효하지 않은 인증입니다.');
  await snap(page, 'guard-03-tampered-cookie');
  await dialog.getByRole('button', { name: '확인' }).click();
  await expect(page).toHaveURL(new RegExp(`/vuex/auto-claim/${HOSPITAL}$`));
});

test('a verified patient whose session ends mid-way sees the logout alert once and goes back to the landing', async ({
  page,
}) => {
  await verifiedPatient(page, { hospitalCd: '90000002' });
  await page.request.post('/rest/auth/logout');
  // In-app navigation (no reload) to a screen that calls the server for this person: the call answers 401.
  await page.evaluate(() => {
    history.pushState({}, '', '/ui/insu/vuex/auto-claim/excute');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  const dialog = alertDialog(page);
  await expect(dialog).toContainText('로그인 시간이 끝났어요.');
  await expect(dialog).toHaveCount(1);
  await snap(page, 'auth-08-logout-alert');
  await dialog.getByRole('button', { name: '확인' }).click();
  await expect(page).toHaveURL(/\/vuex\/auto-claim\/90000002$/);
});
