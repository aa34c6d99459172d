// A subscriber's page in Chromium at a desktop (README "Operator console", "A subscriber's page"): an operator finds
// a caller's claim by her receipt number, opens the claim and from it her page: her subscription, her claims newest
// first, masked, with her access log showing that this page was opened; the claim's link leads back to the claim.
import { test, expect, snap, expectAccessible, testPerson } from './fixtures';
import { feed, subscribe } from './patient-api';
import { DESKTOP, signInOps } from './ops';

test.use(DESKTOP);

test('an operator opens a subscriber’s page from her claim: masked, her claims newest first, the opening recorded', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const p = testPerson({ name: '남궁하린' });
  const ci = await subscribe(page.request, p, 0);
  const receiptNo = `SUB-${p.phone}`;
  await feed(page.request, p, ci, { receiptNo, totalPaid: 31_000, daysAgo: 9 });
  await feed(page.request, p, ci, { receiptNo: `${receiptNo}-2`, totalPaid: 54_000, daysAgo: 2 });

  await signInOps(page, '/ops/claims', 'operator');
  const person = page.getByRole('search', { name: '전화 문의로 청구 찾기' });
  const row = page.getByRole('row').filter({ hasText: '남**린' });
  await person.getByLabel('영수증 번호').fill(receiptNo);
  await expect(async () => {
    await person.getByRole('button', { name: '환자 찾기' }).click();
    await expect(row).toHaveCount(1, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await row.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: /^청구 \d+$/ })).toBeVisible();

  await page.getByRole('link', { name: '가입자 보기' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '가입자 남**린' })).toBeVisible();
  expect(page.url()).toMatch(/\/ops\/subscribers\/AC\d{8}[0-9A-F]{10}$/);
  await expect(page.getByRole('table', { name: '가입 내역 (최근 순)' })).toContainText('가입 중');
  // Both her claims, the newer visit first (the engine may still be making the second one).
  const claims = page.getByRole('table', { name: '가입자의 청구' }).getByRole('row');
  await expect(async () => {
    await page.reload();
    await expect(claims).toHaveCount(3, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(claims.nth(1)).toContainText('54,000원');
  await expect(claims.nth(2)).toContainText('31,000원');
  // Masked: neither her name nor her phone in full.
  await expect(page.getByText('남궁하린')).toHaveCount(0);
  await expect(page.getByText(p.phone.slice(3))).toHaveCount(0);
  // Her access log has this opening (each reload is one more).
  await expect(
    page
      .getByRole('region', { name: /열람 기록/ })
      .getByRole('listitem')
      .first(),
  ).toContainText('가입자 정보 열람');
  await expect(page.getByRole('region', { name: '자녀 (보호자로 가입)' })).toContainText(
    '보호자로 가입한 자녀가 없어요.',
  );
  await snap(page, 'ops-subscriber-01-page');
  await expectAccessible(page);

  await claims.nth(2).getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: /^청구 \d+$/ })).toBeVisible();
});
