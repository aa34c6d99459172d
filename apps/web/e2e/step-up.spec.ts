// Step-up at a phone's size (README "Identity and sessions"): a patient opens the 알림톡 link, which reads the history
// only; wanting to change the payout account, they are told in plain Korean why to verify once more, verify by a code
// to their own phone (nothing else typed but the carrier), and the change goes through. At 390 px and 320 px, axe
// finds nothing serious or critical in the sheet.
import { API } from '@auto-claim/contract';
import { test, expect, snap, expectAccessible, testPerson } from './fixtures';
import { feed, linkFromOutbox, stepUpSheet, stepUpThroughSheet, subscribe } from './patient-api';

for (const width of [390, 320]) {
  test(`${width} px: the 알림톡 link → change the account → step-up → the change is saved`, async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: width === 320 ? 640 : 844 });
    const p = testPerson();
    const ci = await subscribe(page.request, p, 10_000);
    // Only the link opens anything in this browser.
    await context.clearCookies();
    await feed(page.request, p, ci, { receiptNo: `E2E-SU-${width}-${p.phone}`, totalPaid: 35_000 });
    const link = await linkFromOutbox(page, p.phone, 'treat');
    await page.goto(link);
    await expect(page.getByRole('heading', { name: /병원에서 받은 진료 1건/ })).toBeVisible();

    // What the link alone can do to the account: nothing (the server says so, whatever the screen offers).
    const attempt = await page.request.put(API.subscriptions, {
      data: { bankCd: '088', bankAccount: '110999888777', bankAccountHolder: '박타인', bankAccountRel: '9' },
    });
    expect(attempt.status()).toBe(403);
    expect(((await attempt.json()) as { code: string }).code).toBe('STEP_UP_REQUIRED');

    // The patient asks for their subscription: the sheet says why, in plain words, before asking anything.
    await page.getByRole('button', { name: '가입 정보 보기·바꾸기' }).click();
    const sheet = stepUpSheet(page);
    await expect(sheet).toBeVisible();
    await expect(sheet).toContainText('계좌·연락처를 바꾸려면 본인인증을 한 번 더 해 주세요');
    await expect(sheet).toContainText(`${p.phone.slice(0, 3)}-****-${p.phone.slice(-4)}`);
    await expect(sheet).toContainText('이름과 생년월일은 다시 입력하지 않아도 돼요');
    // Nothing the session already knows is asked again.
    await expect(sheet.getByLabel('이름')).toHaveCount(0);
    await expect(sheet.getByLabel('휴대폰 번호')).toHaveCount(0);
    // The carrier she chose when she subscribed is chosen again (she may change it).
    await expect(sheet.getByRole('radio', { name: 'SKT', exact: true })).toBeChecked();
    await snap(page, `step-up-${width}-01-why`);
    await expectAccessible(page);

    await stepUpThroughSheet(page, p.phone, async (stage) => {
      await snap(page, `step-up-${width}-02-${stage}`);
      await expectAccessible(page);
    });

    // Now the subscription opens, and the account changes through the usual screen.
    await expect(page).toHaveURL(/\/security\/applyHistory$/);
    await expect(page.getByRole('heading', { name: '자동청구에 가입되어 있어요' })).toBeVisible();
    await page.getByRole('button', { name: '변경 보험금 받을 계좌' }).click();
    await expect(page).toHaveURL(/\/security\/paymentAccount\?from=applyHistory$/);
    await page.getByLabel('은행').selectOption({ label: '신한은행' });
    await page.getByLabel('계좌번호').fill('110-222-333444');
    await page.getByRole('radio', { name: '본인' }).check();
    await page.getByRole('button', { name: '계좌 확인하고 다음' }).click();
    await expect(page).toHaveURL(/\/security\/applyHistory$/);
    await page.getByRole('button', { name: '변경 내용 저장' }).click();
    await expect(page.getByText('변경 내용을 저장했어요.')).toBeVisible();
    await expect(page.getByText('신한은행 ****3444')).toBeVisible();
    await expect(stepUpSheet(page)).toHaveCount(0);
    await snap(page, `step-up-${width}-03-saved`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}

test('closing the sheet changes nothing: the history stays, the subscription stays closed', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  const p = testPerson();
  const ci = await subscribe(page.request, p, 10_000);
  await context.clearCookies();
  await feed(page.request, p, ci, { receiptNo: `E2E-SU-X-${p.phone}`, totalPaid: 20_000 });
  await page.goto(await linkFromOutbox(page, p.phone, 'treat'));
  await page.getByRole('button', { name: '가입 정보 보기·바꾸기' }).click();
  await stepUpSheet(page).getByRole('button', { name: '닫기' }).click();
  await expect(stepUpSheet(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/web\/treat$/);
  await expect(page.getByRole('heading', { name: /병원에서 받은 진료 1건/ })).toBeVisible();
  const session = (await (await page.request.get(API.session)).json()) as { scope?: string; ci?: string };
  expect(session.scope).toBe('link');
  expect(session.ci).toBeUndefined();
});
