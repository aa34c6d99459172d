// The one consent screen (/authAgreeInfo; docs/decisions/0007-enrolment-walk.md): every term of the enrolment together,
// grouped by what it is for, with "전체 동의", each term in a sheet, a plain line beside 고유식별정보, 민감정보 and 제3자
// 제공; a button that says "동의하고 다음" only when pressing it agrees; every missing answer shown at once beside its
// term, focus on the first, and none of them, nor any required control, under the sticky action bar at 390 and 320 px
// and at 200 % text. What it records: the service and subscription terms against the verified person, the telecom ones
// with the SMS request. axe-core on every state.
import type { Page, Request } from '@playwright/test';
import { API } from '@auto-claim/contract';
import { test, expect, appPath, expectAccessible, fillIdentity, latestCode, snap, testPerson } from './fixtures';
import { expectFits, textSize } from './patient-api';

const HOSPITAL = '90000001';
const bottom = (page: Page) => page.locator('.bottom-action').getByRole('button');

async function toConsent(page: Page) {
  await page.goto(appPath(`/${HOSPITAL}`));
  await page.getByRole('link', { name: '자동청구 시작하기' }).first().click();
  await expect(page).toHaveURL(/\/authAgreeInfo$/);
  await expect(page.getByRole('checkbox', { name: /전체 동의/ })).toBeVisible();
}

/** The element's box is wholly above the sticky action bar and inside the screen. */
async function clearOfBar(page: Page, selector: string) {
  return page.evaluate((sel) => {
    const bar = document.querySelector('.bottom-action')!.getBoundingClientRect();
    return [...document.querySelectorAll(sel)].map((el) => {
      const r = el.getBoundingClientRect();
      return { text: (el.textContent ?? '').trim().slice(0, 20), clear: r.top >= -1 && r.bottom <= bar.top + 1 };
    });
  }, selector);
}

/**
 * Every required term reached as a keyboard or the error links reach it (focus): its label and, when shown, its error
 * lie above the action bar.
 */
async function requiredReachable(page: Page, where: string) {
  const ids = await page
    .locator('.consent__item input[type=checkbox]')
    .evaluateAll((els) => els.filter((e) => !e.closest('li')!.querySelector('.terms__opt')).map((e) => e.id));
  for (const id of ids) {
    // From wherever the page is scrolled: focus moves the term into view, above the bar (html's scroll-padding).
    await page.evaluate(() => {
      (document.activeElement as HTMLElement | null)?.blur();
      window.scrollTo(0, 0);
    });
    await page.locator(`#${id}`).focus();
    const item = `.consent__item:has(#${id})`;
    const boxes = await clearOfBar(page, `${item} .terms__label, ${item} .consent__error`);
    expect(
      boxes.filter((b) => !b.clear),
      `${where}: ${id}`,
    ).toEqual([]);
  }
  return ids.length;
}

test('one screen, grouped and explained; every missing answer beside its term, focus on the first; what is recorded', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await toConsent(page);
  for (const group of ['자동청구 서비스', '본인 확인', '보험사에 청구', '진료 서류', '선택 항목']) {
    await expect(page.getByRole('heading', { level: 2, name: group })).toBeVisible();
  }
  // The words people stop at, in a plain line beside them: what is given to whom, and why.
  await expect(page.getByText(/^고유식별정보\(주민등록번호\)는 본인 확인에만/)).toBeVisible();
  await expect(page.getByText(/^민감정보\(진료 날짜, 진료비\)는 고르신 보험사에만/)).toBeVisible();
  await expect(page.getByText(/^보험사에는 청구 서류를, 병원에는 가입 사실을 보내요/)).toBeVisible();
  await expect(page.getByText(/고르실 보험사가 이름, 주민등록번호, 진료 내역, 계좌를 받아 심사해요/)).toBeVisible();
  // The 알림톡 consent stays optional.
  await expect(page.getByRole('checkbox', { name: /\(선택\) 카카오 알림톡/ })).toBeVisible();
  await snap(page, 'consent-01-390');
  await expectAccessible(page);

  // Nothing ticked: the button does not say it agrees; pressing it shows every missing one at once.
  await expect(bottom(page)).toHaveText('다음');
  await bottom(page).click();
  const errors = page.locator('.consent__error');
  // "(필수)" is seen once after each required group's heading and heard with each of its terms.
  const required = await page.getByRole('checkbox', { name: /^\(필수\) / }).count();
  expect(required).toBeGreaterThanOrEqual(13);
  await expect(page.getByRole('heading', { level: 2, name: /\(필수\)$/ })).toHaveCount(4);
  await expect(page.getByRole('heading', { level: 2, name: '선택 항목' })).toBeVisible();
  await expect(errors).toHaveCount(required);
  await expect(page.getByRole('alert')).toContainText(`필수 항목 ${required}개에 아직 동의하지 않으셨어요`);
  await expect(page.getByRole('alert')).toContainText('‘전체 동의’를 누르면 한 번에 동의할 수 있어요.');
  const first = page.getByRole('checkbox', { name: '(필수) 서비스 이용약관' });
  await expect(first).toBeFocused();
  await expect(first).toHaveAttribute('aria-invalid', 'true');
  await expect(first).toHaveAccessibleDescription('필수 항목이에요. 동의해 주세요.');
  expect((await clearOfBar(page, '.consent__item:has(#consent-SVC_USE) .terms__label')).every((b) => b.clear)).toBe(
    true,
  );
  await snap(page, 'consent-02-missing-390');
  await expectAccessible(page);
  expect(await requiredReachable(page, '390 px')).toBe(required);

  // A term read in its sheet and agreed there: ticked, its error gone, focus back on it.
  await page.getByRole('button', { name: '고유식별정보 처리 동의 전문 보기' }).click();
  const sheet = page.getByRole('dialog', { name: '고유식별정보 처리 동의' });
  await expect(sheet).toContainText('주민등록번호, 운전면허번호, 여권번호');
  await snap(page, 'consent-03-sheet');
  await expectAccessible(page);
  await sheet.getByRole('button', { name: '동의하기' }).click();
  const unique = page.getByRole('checkbox', { name: '(필수) 고유식별정보 처리 동의', exact: true });
  await expect(unique).toBeChecked();
  await expect(unique).toBeFocused();
  await expect(errors).toHaveCount(required - 1);

  // A few left out: each named in the summary as a link to it, the first focused.
  await page.getByRole('checkbox', { name: /전체 동의/ }).check();
  await page.getByRole('checkbox', { name: '(필수) 서비스 이용약관' }).uncheck();
  await page.getByRole('checkbox', { name: '(필수) 진료기록 열람·사본 발급 위임 동의' }).uncheck();
  await expect(bottom(page)).toHaveText('다음');
  await bottom(page).click();
  const summary = page.getByRole('alert');
  await expect(summary.getByRole('link')).toHaveText(['서비스 이용약관', '진료기록 열람·사본 발급 위임 동의']);
  await expect(first).toBeFocused();
  await summary.getByRole('link', { name: '진료기록 열람·사본 발급 위임 동의' }).click();
  await expect(page.getByRole('checkbox', { name: '(필수) 진료기록 열람·사본 발급 위임 동의' })).toBeFocused();
  await snap(page, 'consent-04-two-missing');
  await expectAccessible(page);

  // 전체 동의, then an optional one left out: it agrees now, and says so.
  await page.getByRole('checkbox', { name: /전체 동의/ }).check();
  await expect(errors).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByRole('checkbox', { name: /\(선택\) 마케팅/ }).uncheck();
  await expect(bottom(page)).toHaveText('동의하고 다음');
  const requests: Request[] = [];
  page.on('request', (r) => requests.push(r));
  await bottom(page).click();

  // The telecom terms went with the SMS request; the rest are recorded against her once she is verified.
  await expect(page).toHaveURL(/\/identity$/);
  const p = testPerson();
  await fillIdentity(page, p);
  await page.getByRole('button', { name: '인증번호 받기' }).click();
  await expect(page).toHaveURL(/\/certInput$/);
  await page.getByLabel('인증번호').fill(await latestCode(page, p.phone));
  await page.getByRole('button', { name: '확인', exact: true }).click();
  await expect(page).toHaveURL(/\/security\/jumin$/, { timeout: 15_000 });
  const sent = (path: string) =>
    requests.filter((r) => r.method() === 'POST' && new URL(r.url()).pathname === path).map((r) => r.postDataJSON());
  const [userAuth] = sent(API.niceUserAuth) as { termsIds: string[] }[];
  expect(userAuth!.termsIds.sort()).toEqual(['TEL_CARRIER', 'TEL_PRIVACY', 'TEL_SERVICE', 'TEL_UNIQUE_ID']);
  const [agreed] = sent(API.termsAgree) as { termsIds: string[] }[];
  expect(agreed!.termsIds).toEqual(
    expect.arrayContaining(['SVC_USE', 'SVC_THIRD_PARTY', 'SUBS_MEDICAL_RECORD', 'SUBS_INSURER_CONSENT']),
  );
  expect(agreed!.termsIds).toContain('SUBS_KAKAO_NOTI');
  expect(agreed!.termsIds).not.toContain('SVC_MARKETING');
  expect(agreed!.termsIds.some((id) => id.startsWith('TEL_'))).toBe(false);
});

for (const [width, height, text] of [
  [320, 640, 100],
  [390, 844, 200],
  [320, 640, 200],
] as const) {
  test(`${width} px at ${text} % text: no required term or its error under the action bar, nothing too small or wide`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height });
    await toConsent(page);
    await textSize(page, text);
    await expectFits(page, `consent at ${width} px, ${text} %`);
    await snap(page, `consent-${width}-${text}pct`);
    await expectAccessible(page);
    await bottom(page).click();
    const first = page.getByRole('checkbox', { name: '(필수) 서비스 이용약관' });
    await expect(first).toBeFocused();
    expect((await clearOfBar(page, '.consent__item:has(#consent-SVC_USE) .terms__label')).every((b) => b.clear)).toBe(
      true,
    );
    await snap(page, `consent-missing-${width}-${text}pct`);
    await expectAccessible(page);
    await expectFits(page, `consent errors at ${width} px, ${text} %`);
    await requiredReachable(page, `${width} px, ${text} %`);
  });
}
