// Identity by SMS in the browser: landing → terms → method → identity → code (read from the sandbox outbox) → excute,
// and the /security/ guard visited cold.
import { test, expect, appPath, snap, expectAccessible } from './fixtures';
import type { Page } from '@playwright/test';

const HOSPITAL = '90000001';

/** A test-only person; the phone number is unique per test so resend limits never collide across tests. */
function person(n: number) {
  return {
    name: '김테스트',
    birth6: '850101',
    sexDigit: '1',
    phone: `0109${String(Date.now() % 1_000_000).padStart(6, '0')}${n}`.slice(0, 11),
  };
}

async function latestCode(page: Page, phone: string) {
  let code = '';
  await expect
    .poll(async () => {
      const res = await page.request.get(`/sandbox/outbox?to=${phone}`);
      const { messages } = (await res.json()) as { messages: { body: string }[] };
      code = messages[0]?.body.match(/\d{6}/)?.[0] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

async function agreeServiceTerms(page: Page) {
  await page.getByRole('checkbox', { name: '약관에 모두 동의해요' }).check();
  await page.getByRole('button', { name: '동의하고 계속하기' }).click();
}

async function fillIdentity(page: Page, p: ReturnType<typeof person>) {
  await page.getByLabel('이름').fill(p.name);
  await page.getByLabel('생년월일 6자리').fill(p.birth6);
  await page.getByLabel('주민등록번호 뒷자리 첫 숫자').fill(p.sexDigit);
  await page.getByLabel('휴대폰 번호').fill(p.phone);
  await page.getByText('SKT', { exact: true }).click();
  await page.getByRole('checkbox', { name: '본인확인 약관에 모두 동의해요' }).check();
}

test('a new patient verifies by SMS and arrives in enrolment', async ({ page }) => {
  const p = person(1);
  await page.goto(appPath(`/${HOSPITAL}`));
  await page.getByRole('button', { name: '자동청구 시작하기' }).first().click();

  await expect(page).toHaveURL(/\/authAgreeInfo$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('약관에 동의해 주세요');
  await page.getByRole('button', { name: '동의하고 계속하기' }).click();
  await expect(page.getByText('필수 약관에 모두 동의해 주세요.')).toBeVisible();
  await snap(page, 'auth-01-terms-error');
  await expectAccessible(page);
  // a term can be read in full, and agreeing there ticks it
  await page.getByRole('button', { name: /서비스 이용약관 전문 보기/ }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await snap(page, 'auth-02-terms-sheet');
  await page.getByRole('dialog').getByRole('button', { name: '동의하기' }).click();
  await agreeServiceTerms(page);

  await expect(page).toHaveURL(/\/selfAuthSelect$/);
  await expectAccessible(page);
  await snap(page, 'auth-03-method');
  await page.getByRole('link', { name: /휴대폰 문자로 인증/ }).click();

  await expect(page).toHaveURL(/\/identity$/);
  await page.getByRole('button', { name: '인증번호 받기' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '입력한 내용을 확인해 주세요' })).toBeVisible();
  await snap(page, 'auth-04-identity-errors');
  await expectAccessible(page);
  await fillIdentity(page, p);
  await snap(page, 'auth-05-identity-filled');
  await page.getByRole('button', { name: '인증번호 받기' }).click();

  await expect(page).toHaveURL(/\/certInput$/);
  await expect(page.getByRole('timer')).toHaveText(/^(3:00|2:5\d)$/);
  const code = await latestCode(page, p.phone);
  const wrong = code === '000000' ? '111111' : '000000';
  await page.getByLabel('인증번호').fill(wrong);
  await page.getByRole('button', { name: '확인', exact: true }).click();
  await expect(page.locator('#sms-code-error')).not.toBeEmpty();
  await snap(page, 'auth-06-code-wrong');
  await expectAccessible(page);
  // spaces and hyphens are fine
  await page.getByLabel('인증번호').fill(`${code.slice(0, 3)} ${code.slice(3)}`);
  await page.getByRole('button', { name: '확인', exact: true }).click();

  // a toast confirms it at the bottom of the screen, and leaves by itself after about 3 s
  const toast = page.getByText('본인인증을 마쳤어요.');
  await expect(toast).toBeVisible();
  const box = (await toast.boundingBox())!;
  expect(box.y).toBeGreaterThan(844 / 2);
  await expect(toast).toBeHidden({ timeout: 6_000 });

  // excute asks the server and sends a new patient to the first enrolment screen
  await expect(page).toHaveURL(/\/security\/jumin$/);
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'claimAuth')).toBeTruthy();
  expect(cookies.some((c) => c.httpOnly && c.name.toLowerCase().includes('sess'))).toBe(true);

  // A reload keeps the cookie but not the verified person (nothing personal is stored in the browser):
  // the guard's second rule answers with its exact message and sends the patient to the hospital's landing.
  await page.reload();
  const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
  await expect(dialog).toContainText('잘못된 경로입니다.');
  await dialog.getByRole('button', { name: '확인' }).click();
  await expect(page).toHaveURL(new RegExp(`/vuex/auto-claim/${HOSPITAL}$`));
  const stored = await page.evaluate(() => JSON.stringify(sessionStorage) + JSON.stringify(localStorage));
  expect(stored).not.toContain(p.phone);
  expect(stored).not.toContain(p.name);
});

test('the guard refuses a /security/ screen visited cold with the exact alert, then goes to the landing', async ({
  page,
}) => {
  await page.goto(appPath('/security/jumin'));
  const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
  await expect(dialog).toContainText('알림');
  await expect(dialog).toContainText('유효하지 않은 인증입니다.');
  await snap(page, 'guard-01-alert');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: '확인' }).click();
  await expect(page).toHaveURL(new RegExp(`/vuex/auto-claim/00000000$|/vuex/auto-claim/$`));
});
