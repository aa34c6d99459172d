// A helper beside her (README "A helper beside her") at 390×844: (a) a daughter walks the screens with her mother on
// one phone: "도와주는 분이 있어요" on the consent screen, the SMS and signature screens speak to the mother, and the
// 위임장 and her access log say who helped; (b) the hospital's desk: a hospital user signs in to the console, starts
// 접수대 모드, and the QR code's URL, opened on the patient's own phone, goes on with the hospital chosen and ends
// recorded as helped by that staff account; the code then opens nothing. Every screen: a screenshot and axe-core.
import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { API, type SubscriptionView } from '@auto-claim/contract';
import {
  test,
  expect,
  snap,
  expectAccessible,
  appPath,
  consentToAll,
  fillIdentity,
  latestCode,
  testPerson,
  SCREENSHOT_DIR,
  type TestPerson,
} from './fixtures';
import { ok } from './patient-api';
import { DESKTOP, changeIssuedPassword, createHospitalUser, setUpSecondFactor, typePassword } from './ops';
import { account, adress, insurers, jumin, signature, submit, complete } from './wizard-steps';

/** The PDF's text as poppler reads it, and its first page as an image to look at (artifacts/screenshots). */
async function commissionOf(page: Page, shot: string) {
  const view = await ok<SubscriptionView>(await page.request.get(API.subscriptions));
  const res = await page.request.post(API.documentCommission, {
    data: { insuApplyId: view.subscription!.insuApplyId },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const pdf = await res.body();
  await mkdir('artifacts/documents', { recursive: true });
  await writeFile(`artifacts/documents/${shot}-commission.pdf`, pdf);
  execFileSync(
    'pdftoppm',
    ['-png', '-r', '80', '-f', '1', '-l', '1', '-singlefile', '-', `${SCREENSHOT_DIR}/${shot}-commission-pdf`],
    {
      input: pdf,
    },
  );
  return { view, text: execFileSync('pdftotext', ['-', '-'], { input: pdf }).toString('utf8').replace(/\s+/g, ' ') };
}

/** Identity and code on her phone: the screens say these are hers to do. */
async function verifiesHerself(page: Page, person: TestPerson, shot: string) {
  await expect(page).toHaveURL(/\/identity$/);
  await expect(page.getByRole('note')).toHaveText(
    '본인 명의 휴대폰 번호를 넣어 주세요. 인증번호는 본인 휴대폰으로 가요.',
  );
  await fillIdentity(page, person);
  await snap(page, `${shot}-identity`);
  await expectAccessible(page);
  await page.getByRole('button', { name: '인증번호 받기' }).click();
  await expect(page).toHaveURL(/\/certInput$/);
  await expect(page.getByRole('note')).toHaveText('본인 휴대폰으로 받은 인증번호를 본인이 입력해 주세요.');
  await snap(page, `${shot}-certInput`);
  await expectAccessible(page);
  await page.getByLabel('인증번호').fill(await latestCode(page, person.phone));
  await page.getByRole('button', { name: '확인', exact: true }).click();
  await expect(page).toHaveURL(/\/security\//, { timeout: 15_000 });
}

/** jumin → insurer (AIA생명: no ID photo) → account → address → signature (hers, said so) → summary → done. */
async function walksToComplete(page: Page, person: TestPerson, shot: string, helpedBy: string) {
  await jumin(page, person);
  await insurers(page, ['AIA생명']);
  await account(page);
  await adress(page, shot);
  await expect(page).toHaveURL(/\/security\/signature$/);
  await expect(page.getByRole('note')).toHaveText(
    '서명은 본인이 직접 해 주세요. 도와주시는 분이 대신 서명할 수 없어요.',
  );
  // The 위임장 she signs names who helped.
  await page.getByRole('button', { name: '위임장 읽기' }).click();
  await expect(page.getByRole('dialog', { name: '서명할 위임장' })).toContainText(
    `${helpedBy} (휴대폰 본인인증과 서명은 위임인이 직접 함)`,
  );
  await snap(page, `${shot}-signature-doc`);
  await page.getByRole('dialog', { name: '서명할 위임장' }).getByRole('button', { name: '닫기' }).click();
  await signature(page, shot, person);
  await submit(page);
  await complete(page, shot);
  await expectAccessible(page);
}

/** Her access log on /web/treat: the line of who helped. */
async function accessLogSays(page: Page, text: string, shot: string) {
  await page.goto(appPath('/web/treat'));
  const line = page.locator('.tr-log__item').filter({ hasText: '가입 화면 작성을 도왔어요' });
  await expect(line).toContainText(text);
  await line.scrollIntoViewIfNeeded();
  await snap(page, `${shot}-access-log`);
  await expectAccessible(page);
}

test('a daughter helps her mother on one phone: the 위임장 and her access log say so', async ({ page }) => {
  test.setTimeout(240_000);
  const person = testPerson();
  await page.goto(appPath('/90000001'));
  await page.getByRole('link', { name: '자동청구 시작하기' }).first().click();
  await expect(page).toHaveURL(/\/authAgreeInfo$/);
  // One quiet line; opened, who helps.
  await page.getByRole('button', { name: '도와주는 분이 있어요' }).click();
  await page.getByRole('radio', { name: '자녀', exact: true }).check();
  await snap(page, 'helper-family-consent');
  await expectAccessible(page);
  await consentToAll(page);
  await verifiesHerself(page, person, 'helper-family');
  await walksToComplete(page, person, 'helper-family', '작성 도움: 자녀');

  const { view, text } = await commissionOf(page, 'helper-family');
  expect(view.subscription!.helper).toEqual({ helperRel: 'child' });
  expect(text).toContain('작성 도움: 자녀 (휴대폰 본인인증과 서명은 위임인이 직접 함)');
  await accessLogSays(
    page,
    '자녀분이 가입 화면 작성을 도왔어요. 휴대폰 본인인증과 서명은 본인이 직접 했어요.',
    'helper-family',
  );
});

test('the hospital desk: a staff account starts 접수대 모드, the QR code goes on on her phone, recorded as its help', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const HOSPITAL = '90000003';
  const who = await createHospitalUser(HOSPITAL);
  const desk = await browser.newContext({ ...DESKTOP, baseURL });
  const clerk = await desk.newPage();
  await clerk.goto('/ops');
  await typePassword(clerk, who);
  await setUpSecondFactor(clerk);
  await changeIssuedPassword(clerk, who);
  await clerk.getByRole('navigation', { name: '운영 메뉴' }).getByRole('link', { name: '접수대 모드' }).click();
  await expect(clerk.getByRole('heading', { level: 1 })).toHaveText('접수대 모드');
  await clerk.getByRole('button', { name: 'QR 코드 만들기' }).click();
  const qr = clerk.getByRole('img', { name: '환자분 휴대폰으로 이어 가는 QR 코드' });
  await expect(qr).toBeVisible();
  const url = (await clerk.getByTestId('desk-url').getAttribute('href'))!;
  // Nothing personal in it: the desk screen and a random token in the fragment.
  expect(url).toMatch(/\/ui\/insu\/vuex\/auto-claim\/desk#[A-Za-z0-9_-]{43}$/);
  await expect(clerk.getByRole('table')).toContainText('스캔 기다리는 중');
  await snap(clerk, 'helper-desk-console-qr');
  await expectAccessible(clerk);

  // Her own phone (this test's 390×844 page) opens the QR code's URL.
  const person = testPerson();
  await page.goto(url);
  await expect(page).toHaveURL(new RegExp(`${HOSPITAL}$`));
  // The token left the address at once.
  expect(page.url()).not.toContain('#');
  await snap(page, 'helper-desk-landing');
  await page.getByRole('link', { name: '자동청구 시작하기' }).first().click();
  await expect(page).toHaveURL(/\/authAgreeInfo$/);
  await expect(page.getByRole('note')).toContainText('접수대에서 이어 왔어요');
  await expect(page.getByRole('button', { name: '도와주는 분이 있어요' })).toHaveCount(0);
  await snap(page, 'helper-desk-consent');
  await expectAccessible(page);
  await consentToAll(page);
  await verifiesHerself(page, person, 'helper-desk');
  await walksToComplete(page, person, 'helper-desk', '직원');

  const { view, text } = await commissionOf(page, 'helper-desk');
  const hospitalNm = view.subscription!.hospitals[0]!.hospitalNm;
  expect(view.subscription!.helper).toEqual({ helperRel: 'hospital_staff', staffLoginId: who.loginId, hospitalNm });
  expect(text).toContain(`작성 도움: ${hospitalNm} 직원 계정 ${who.loginId}`);
  await accessLogSays(
    page,
    `${hospitalNm} 직원 계정(${who.loginId})이 접수대에서 가입 화면 작성을 도왔어요.`,
    'helper-desk',
  );

  // The clerk sees that it ended in a subscription, and nothing of whose.
  await expect(clerk.getByRole('table')).toContainText('가입 완료', { timeout: 15_000 });
  await expect(clerk.getByRole('main')).not.toContainText(person.name);
  await snap(clerk, 'helper-desk-console-enrolled');

  // The same code on another phone opens nothing, said politely with a way on.
  const other = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const again = await other.newPage();
  await again.goto(url);
  await expect(again.getByRole('heading', { name: 'QR 코드를 열 수 없어요' })).toBeVisible();
  await expect(again.getByRole('alert')).toContainText('접수대에 새 QR 코드를 부탁');
  await expect(again.getByRole('link', { name: '이 휴대폰에서 가입 시작하기' })).toBeVisible();
  await snap(again, 'helper-desk-code-spent');
  await expectAccessible(again);
  await other.close();
  await desk.close();
});
