// Every screen the shorter walk changed (docs/decisions/0007-enrolment-walk.md), as she meets it and at the sizes older
// patients use: the walk once at each of 390 and 320 px wide, at 100 % and 200 % text. On each: axe-core (nothing serious or critical),
// expectFits (no sideways scrolling, no page zoomed out, targets of 44 px, nothing left under the action bar) and a
// screenshot. Then every spec route off the walk, reached from the summary's links and visited directly by its URL,
// works: its screen, titled as the route table says.
import type { Page } from '@playwright/test';
import {
  test,
  expect,
  appPath,
  consentToAll,
  expectAccessible,
  fillIdentity,
  latestCode,
  snap,
  testPerson,
  verifiedPatient,
} from './fixtures';
import { expectFits, textSize } from './patient-api';
import {
  account,
  atSummary,
  drawSignature,
  fromSummary,
  idImage,
  insurers,
  jumin,
  next,
  withOcrText,
} from './wizard-steps';

const SIZES = [
  [390, 844, 100],
  [320, 640, 100],
  [390, 844, 200],
  [320, 640, 200],
] as const;

type Size = (typeof SIZES)[number];

/**
 * The screen as it is now, at one size: fits, axe-clean, photographed. One test per size, so that the four walks
 * share the workers and each has a budget of its own (84 axe reads in one test outgrew 10 minutes on a busy machine).
 */
async function atSize(page: Page, [width, height, text]: Size, name: string) {
  await page.setViewportSize({ width, height });
  await textSize(page, text);
  await expectFits(page, `${name} at ${width} px, ${text} %`);
  await expectAccessible(page);
  await snap(page, `changed-${name}-${width}-${text}pct`);
}

/** Within the app, as a link would (the store keeps what was entered), to a route off the walk. */
const goInApp = (page: Page, path: string) =>
  page.evaluate((url) => {
    history.pushState({}, '', url);
    dispatchEvent(new PopStateEvent('popstate'));
  }, appPath(path));

for (const size of SIZES) {
  const [width, height, text] = size;
  test(`every changed screen at ${width} px, ${text} % text`, async ({ page }) => {
    test.setTimeout(300_000);
    await page.setViewportSize({ width, height });
    const atEverySize = (p: Page, name: string) => atSize(p, size, name);
    await page.goto(appPath('/90000001'));
    await expect(page.getByRole('link', { name: '자동청구 시작하기' }).first()).toHaveAttribute(
      'data-taken-over',
      'true',
    );
    await atEverySize(page, 'landing');
    // That it is free is said before she taps, in the first screen's lead (and again with the steps below it).
    await expect(page.locator('.landing-header__lead')).toContainText('이용료는 무료예요.');
    await expect(page.locator('.landing-header__lead')).toBeInViewport();
    await expect(page.getByText('가입할 때도, 청구할 때도 돈을 받지 않아요.')).toBeVisible();

    // The identity screen after the one consent screen: its telecom terms agreed there, not asked again.
    const person = testPerson();
    await page.getByRole('link', { name: '자동청구 시작하기' }).first().click();
    await consentToAll(page);
    await expect(page).toHaveURL(/\/identity$/);
    await expect(page.getByText('앞 화면에서 본인확인 약관에 모두 동의하셨어요.')).toBeVisible();
    await atEverySize(page, 'identity');
    await fillIdentity(page, person);
    await page.getByRole('button', { name: '인증번호 받기' }).click();
    await expect(page).toHaveURL(/\/certInput$/);
    await page.getByLabel('인증번호').fill(await latestCode(page, person.phone));
    await page.getByRole('button', { name: '확인', exact: true }).click();
    await expect(page).toHaveURL(/\/security\/jumin$/, { timeout: 15_000 });
    await atEverySize(page, 'jumin');
    await jumin(page, person);

    await expect(page).toHaveURL(/\/security\/insuChoose$/);
    await page.getByRole('checkbox', { name: '삼성화재', exact: true }).check();
    await expect(page.getByRole('heading', { name: /앞에서 하신 보험사 동의를/ })).toBeVisible();
    await atEverySize(page, 'insuChoose');
    await page.getByRole('checkbox', { name: '삼성화재', exact: true }).uncheck();
    await insurers(page, ['삼성화재']);

    await expect(page).toHaveURL(/\/security\/photo$/);
    await page.getByRole('radio', { name: '주민등록증' }).check();
    await atEverySize(page, 'photo');
    const image = withOcrText(await idImage(page, '주민등록증', false), {
      idcardIssueOrg: '서울특별시 마포구청장',
      idcardIssueDate: '20200315',
    });
    await page
      .getByTestId('photo-camera-input')
      .setInputFiles({ name: 'id.jpg', mimeType: 'image/jpeg', buffer: image });
    await expect(page.getByLabel('발급기관', { exact: true })).toHaveValue('서울특별시 마포구청장');
    await atEverySize(page, 'photo-read');
    await next(page);

    await expect(page).toHaveURL(/\/security\/paymentAccount$/);
    await page.getByText('보험금이 언제, 얼마나 들어오는지 궁금하다면').click();
    await atEverySize(page, 'paymentAccount');
    await account(page);

    await expect(page).toHaveURL(/\/security\/adress$/);
    await page.getByRole('searchbox', { name: '주소 검색' }).fill('세종대로 110');
    await page.getByRole('button', { name: '주소 찾기' }).click();
    await page.getByRole('button', { name: /서울특별시 중구 세종대로 110/ }).click();
    await next(page);

    await expect(page).toHaveURL(/\/security\/signature$/);
    await atEverySize(page, 'signature');
    await page.getByRole('button', { name: '동의서 읽기' }).click();
    await expect(page.getByRole('dialog', { name: '서명할 동의서' })).toBeVisible();
    await textSize(page, text);
    await expectAccessible(page);
    // A sheet is a layer of its own: the viewport as she sees it.
    await page.screenshot({ path: `artifacts/screenshots/changed-signature-sheet-${width}-${text}pct.png` });
    await page.getByRole('dialog', { name: '서명할 동의서' }).getByRole('button', { name: '닫기' }).click();
    await drawSignature(page);
    await next(page, '서명 완료');

    await atSummary(page);
    await atEverySize(page, 'applyHistory');

    // The screens off the walk, from the summary's links: each at every size, each back to the summary.
    const offWalk: [link: string, path: string, title: string, action: string | RegExp][] = [
      ['변경 최소 청구 금액', 'expenses', '청구 금액 설정', '다음'],
      ['변경 지난 진료 청구', 'retro', '지난 진료 청구 기간', '다음'],
      ['변경 직업 (선택)', 'job', '직업', '직업 없이 다음'],
      ['변경 이메일 (선택)', 'email', '이메일', '이메일 없이 다음'],
      ['보기 보험사 동의', 'claimAgreeInfo', '보험사 약관 동의', '동의하고 다음'],
      ['보기 보내는 서류', 'document', '제출 서류 안내', '확인했어요'],
      ['보기 위임장', 'docComissionView', '위임장', '확인했어요'],
      ['보기 동의서', 'docAgreeView', '동의서', '확인했어요'],
    ];
    for (const [link, path, title, action] of offWalk) {
      await fromSummary(page, link, path, title, `changed-from-summary-${path}`);
      await atEverySize(page, path);
      await next(page, action);
      await atSummary(page);
    }
    // Two reached from walked screens (the account's and the photo's guidance): within the app, then on.
    await goInApp(page, '/security/paymentCenter');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('보험금 지급 안내');
    await expect(page.getByText('KB국민은행 ****9012')).toBeVisible();
    await atEverySize(page, 'paymentCenter');
    await goInApp(page, '/security/idPhotoInfo');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('신분증 촬영 안내');
    await atEverySize(page, 'idPhotoInfo');
    await next(page, '신분증 찍으러 가기');
    await expect(page).toHaveURL(/\/security\/photo$/);
  });
}

test('every guarded route visited directly by its URL shows its screen', async ({ page }) => {
  test.setTimeout(180_000);
  await verifiedPatient(page, { hospitalCd: '90000001' });
  const routes: [path: string, title: string][] = [
    ['jumin', '주민등록번호 입력'],
    ['insuChoose', '보험사 선택'],
    ['claimAgreeInfo', '보험사 약관 동의'],
    ['document', '제출 서류 안내'],
    ['idPhotoInfo', '신분증 촬영 안내'],
    ['photo', '신분증 촬영'],
    ['paymentAccount', '보험금 받을 계좌'],
    ['paymentCenter', '보험금 지급 안내'],
    ['expenses', '청구 금액 설정'],
    ['retro', '지난 진료 청구 기간'],
    ['adress', '주소'],
    ['job', '직업'],
    ['email', '이메일'],
    ['signature', '서명'],
    ['applyHistory', '자동청구 신청'],
    ['docComissionView', '위임장'],
    ['docAgreeView', '동의서'],
  ];
  for (const [path, title] of routes) {
    // A reload: the tab's memory is gone, the verified session is not (the guard asks the server).
    await page.goto(appPath(`/security/${path}`));
    await expect(page).toHaveURL(new RegExp(`/security/${path}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title, { timeout: 15_000 });
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect(page.getByText('잠시 문제가 생겼어요')).toHaveCount(0);
  }
});
