// The wizard's later screens (spec §2 guarded screens) and what follows: adress → signature → applyHistory (the summary,
// and from it the screens off the walk: expenses, retro, job, email, the signed documents) → /web/complete, then 'my
// subscription': status subscribed, change the account, add a hospital, remove one, cancel. Outer and inner mode. Every
// screen: a screenshot and axe-core.
import type { Page } from '@playwright/test';
import { SMS_RESEND_INTERVAL_SECONDS } from '@auto-claim/contract';
import { test, expect, snap, expectAccessible, verifiedPatient, appPath, type TestPerson } from './fixtures';
import {
  account,
  atSummary,
  idCardPhoto,
  insurers,
  jumin,
  onScreen,
  next,
  expenses,
  retro,
  adress,
  job,
  email,
  stroke,
  signature,
  documents,
  countPosts,
  submit,
  complete,
} from './wizard-steps';

const OUTER = '90000001';
const OTHER = '90000002';
const INNER = '00000000';

// ——— the first screens (another engineer's; the shortest honest walk through them) ———

async function firstScreens(
  page: Page,
  person: TestPerson,
  insurer: string,
  shot: string,
  opts: { hospitals?: RegExp[] } = {},
) {
  await jumin(page, person);
  if (opts.hospitals) {
    for (const h of opts.hospitals) await page.getByRole('checkbox', { name: h }).check();
    await next(page, /선택하고 다음/);
  }
  await insurers(page, [insurer]);
  await expect(page).toHaveURL(/\/security\/(photo|paymentAccount)$/);
  if (page.url().endsWith('/photo')) await idCardPhoto(page);
  await account(page);
  await expect(page).toHaveURL(/\/security\/adress$/);
  await snap(page, `${shot}-arrived`);
}

async function fillAccount(page: Page, bank: string, account: string) {
  await page.getByLabel('은행').selectOption({ label: bank });
  await page.getByLabel('계좌번호').fill(account);
  await page.getByRole('radio', { name: '본인' }).check();
}

test.describe('outer mode', () => {
  test('the whole wizard to /web/complete, then my subscription: change the account, add and remove a hospital, cancel', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const person = await verifiedPatient(page, { hospitalCd: OUTER });
    await firstScreens(page, person, '삼성화재', 'wizard2-outer');
    await adress(page, 'wizard2-outer');
    await signature(page, 'wizard2-outer', person);

    // back and forward: the signature is still on the pad. A lazy screen's URL is committed once its chunk has
    // loaded, so each step waits for its URL before the next.
    const at = (step: string) => expect(page).toHaveURL(new RegExp(`/security/${step}$`));
    await at('applyHistory');
    await page.goBack();
    await at('signature');
    await expect(page.locator('#sign-pad')).toHaveAttribute('data-strokes', '2');
    await page.goForward();
    await at('applyHistory');

    // the screens off the walk, from the summary: each comes back to it
    await expenses(page, 'wizard2-outer');
    await retro(page, 'wizard2-outer');
    await job(page, 'wizard2-outer');
    await email(page, 'wizard2-outer');
    await documents(page, 'wizard2-outer', person);

    // check your answers, masked
    await onScreen(page, 'applyHistory', '자동청구 신청', 'wizard2-outer-applyHistory');
    const main = page.getByRole('main');
    await expect(main).toContainText('850101-1******');
    await expect(main).toContainText(`010-****-${person.phone.slice(-4)}`);
    await expect(main).toContainText('****9012');
    await expect(main).not.toContainText(person.rrnBack);
    await expect(main).toContainText('3만 원 이상');
    await expect(main).toContainText('최근 1년');
    await expect(main).toContainText('금융 사무직');
    await expect(main).toContainText('kim.test@example.com');
    // a change link goes to the step and comes back here
    await page.getByRole('link', { name: '변경 최소 청구 금액' }).click();
    await expect(page).toHaveURL(/\/security\/expenses\?from=applyHistory$/);
    await page.getByRole('button', { name: /청구할 최소 진료비/ }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /5만 원 이상/ })
      .click();
    await next(page);
    await expect(page).toHaveURL(/\/security\/applyHistory$/);
    await expect(main).toContainText('5만 원 이상');

    // a double tap submits once
    const posts = countPosts(page, /^\/ui\/insu\/v[12]\/claims\/subscriptions$/);
    await submit(page, 'dblclick');
    await complete(page, 'wizard2-outer');
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatch(/^[0-9a-f-]{36}$/);
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
    for (const secret of [person.rrnBack, '789012', 'data:image', 'kim.test', '세종대로', person.phone]) {
      expect(stored).not.toContain(secret);
    }

    // my subscription: subscribed
    await page.getByRole('link', { name: '내 자동청구 보기' }).click();
    await expect(page.getByText('가입 중', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: '자동청구에 가입되어 있어요' })).toBeVisible();
    await snap(page, 'wizard2-outer-my-subscription');
    await expectAccessible(page);

    // change the account through the account screen, then save
    await page.getByRole('button', { name: '변경 보험금 받을 계좌' }).click();
    await expect(page).toHaveURL(/\/security\/paymentAccount\?from=applyHistory$/);
    await fillAccount(page, '신한은행', '110-222-333444');
    await next(page, '계좌 확인하고 다음');
    await expect(page).toHaveURL(/\/security\/applyHistory$/);
    await expect(
      page.getByText('바뀐 내용이 아직 저장되지 않았어요.').or(page.getByText('바꾼 내용이 아직 저장되지 않았어요.')),
    ).toBeVisible();
    await snap(page, 'wizard2-outer-account-pending');
    await page.getByRole('button', { name: '변경 내용 저장' }).click();
    await expect(page.getByText('신한은행 ****3444')).toBeVisible();
    await expect(page.getByText('변경 내용을 저장했어요.')).toBeVisible();

    // add another hospital: the patient comes back through that hospital's link and verifies again; the verified
    // session vouches for them, so the resident number is not asked again.
    // The server sends a phone a new code only after SMS_RESEND_INTERVAL_SECONDS (DESIGN §4): the sandbox's clock is
    // moved past it instead of waiting.
    const moved = await page.request.post('/sandbox/clock', {
      data: { advanceSeconds: SMS_RESEND_INTERVAL_SECONDS + 1 },
    });
    expect(moved.ok()).toBe(true);
    await verifiedPatient(page, { hospitalCd: OTHER, person });
    await expect(page).toHaveURL(/\/security\/applyHistory$/);
    await page.getByRole('button', { name: '푸른숲내과의원 (데모)도 자동청구하기' }).click();
    const hospitals = page.getByRole('list', { name: '가입한 병원' });
    await expect(hospitals.getByRole('listitem')).toHaveCount(2);
    await snap(page, 'wizard2-outer-two-hospitals');

    // remove one
    await page.getByRole('button', { name: '빼기 푸른숲내과의원 (데모)' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: '빼기' }).click();
    await expect(hospitals.getByRole('listitem')).toHaveCount(1);

    // cancel, confirmed
    await page.getByRole('button', { name: '자동청구 해지하기' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('자동청구를 해지할까요?');
    await snap(page, 'wizard2-outer-cancel-confirm');
    // The safe choice is the blue primary and has focus; 해지하기 is red and secondary (ModalTone 'destructive').
    const stay = dialog.getByRole('button', { name: '계속 이용하기' });
    const end = dialog.getByRole('button', { name: '해지하기' });
    await expect(stay).toBeFocused();
    await expect(stay).toHaveClass(/btn--primary/);
    await expect(end).toHaveClass(/btn--danger/);
    await expect(end).not.toHaveClass(/btn--primary/);
    expect(await end.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(210, 32, 48)');
    await end.click();
    await expect(page.getByRole('heading', { name: '자동청구를 해지했어요' })).toBeVisible();
    await snap(page, 'wizard2-outer-cancelled');
    await expectAccessible(page);
    const status = await page.request.get('/ui/insu/v1/claims/subscriptions');
    expect(((await status.json()) as { subscriptionStatus: string }).subscriptionStatus).not.toBe('subscribe');
  });
});

test.describe('inner mode', () => {
  test('two hospitals at once (v2), then one more from my subscription', async ({ page }) => {
    test.setTimeout(180_000);
    const person = await verifiedPatient(page, { hospitalCd: INNER });
    const posts = countPosts(page, /^\/ui\/insu\/v2\/claims\/subscriptions(\/hospitals)?$/);
    await firstScreens(page, person, 'AIA생명', 'wizard2-inner', { hospitals: [/한빛정형외과의원/, /푸른숲내과의원/] });
    await page.getByLabel('우편번호').fill('04524');
    await page.getByLabel('주소', { exact: true }).fill('서울특별시 중구 세종대로 110');
    await next(page);
    await stroke(page, [
      [40, 150],
      [120, 50],
      [200, 160],
      [280, 60],
    ]);
    await next(page, '서명 완료');
    await atSummary(page);
    await retro(page, 'wizard2-inner', /지난 진료는 청구하지 않아요/);
    await documents(page, 'wizard2-inner', person);
    const main = page.getByRole('main');
    await expect(main).toContainText('모든 진료비');
    await expect(main).toContainText('청구하지 않아요');
    await expect(main).toContainText('안 적었어요');
    await expect(main).toContainText('푸른숲내과의원 (데모), 한빛정형외과의원 (데모)');
    await expect(main).not.toContainText('신분증'); // AIA생명 takes no ID photo
    // the summary at 320 px wide, and with the text at 200%: nothing scrolls sideways
    await page.setViewportSize({ width: 320, height: 640 });
    await snap(page, 'wizard2-inner-applyHistory-320');
    await page.evaluate(() => (document.documentElement.style.fontSize = '200%'));
    await snap(page, 'wizard2-inner-applyHistory-320-200pct');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.evaluate(() => (document.documentElement.style.fontSize = ''));
    await page.setViewportSize({ width: 390, height: 844 });
    await submit(page);
    await expect(page).toHaveURL(/\/web\/complete$/);
    expect(posts).toEqual([expect.stringMatching(/.+/)]);

    await page.getByRole('link', { name: '내 자동청구 보기' }).click();
    const hospitals = page.getByRole('list', { name: '가입한 병원' });
    await expect(hospitals.getByRole('listitem')).toHaveCount(2);
    await page.getByRole('button', { name: '병원 추가하기' }).click();
    const sheet = page.getByRole('dialog', { name: '병원 추가하기' });
    await sheet.getByRole('button', { name: '추가하기' }).click();
    await expect(sheet.getByText('추가할 병원을 한 곳 이상 골라 주세요.')).toBeVisible();
    await sheet.getByRole('checkbox', { name: /새봄소아청소년과의원/ }).check();
    await snap(page, 'wizard2-inner-add-sheet');
    await expectAccessible(page);
    await sheet.getByRole('button', { name: '추가하기' }).click();
    await expect(hospitals.getByRole('listitem')).toHaveCount(3);
    await snap(page, 'wizard2-inner-three-hospitals');
  });
});

test('/web/ variants at 320 px: the ID-submission completion, and a variant visited cold', async ({ page }) => {
  test.setTimeout(120_000);
  await verifiedPatient(page, { hospitalCd: OUTER });
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto(appPath('/web/complete?type=idSubmit'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('신분증 제출');
  await expect(page.getByRole('heading', { name: '신분증을 제출했어요' })).toBeVisible();
  await snap(page, 'wizard2-320-complete-idSubmit');
  await expectAccessible(page);
  // a /web/ variant visited without a verified patient in memory says so instead of showing an empty pad
  await page.goto(appPath('/web/signature'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('서명');
  await expect(page.getByRole('heading', { name: '본인인증이 필요해요' })).toBeVisible();
  await snap(page, 'wizard2-320-web-signature-cold');
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
