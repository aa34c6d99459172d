// Finding a patient by what a caller says, in Chromium at a desktop (README "Operator console", "Search by what a
// caller says"): an operator signed in with password and TOTP finds a subscriber's claim by name, by phone (typed with
// hyphens) and by the hospital's receipt number, the patient masked and nothing of it in the URL; "← 청구 목록" from
// the claim returns to the same search; filters take names (the hospital picker) and dates as people write them, and
// the back link keeps them; a dashboard count opens the filtered list it counts; the access log finds her too.
import { test, expect, snap, expectAccessible, testPerson } from './fixtures';
import { HOSPITAL, feed, subscribe } from './patient-api';
import { DESKTOP, signInOps } from './ops';

test.use(DESKTOP);

test('an operator finds a caller by name, phone and receipt number, and comes back to the same list', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // A name no other browser test uses, so that "by name" finds her alone.
  const p = testPerson({ name: '제갈서윤' });
  const ci = await subscribe(page.request, p, 0);
  const receiptNo = `FIND-${p.phone}`;
  await feed(page.request, p, ci, { receiptNo, totalPaid: 37_000 });

  await signInOps(page, '/ops/claims', 'operator');
  await expect(page.getByRole('heading', { level: 1, name: '청구' })).toBeVisible();
  const person = page.getByRole('search', { name: '전화 문의로 청구 찾기' });
  const row = page.getByRole('row').filter({ hasText: '제**윤' });
  const found = page.getByRole('status').filter({ hasText: '찾은 청구예요' });

  // By name: the claim is made by the engine a moment after the feed.
  await person.getByLabel('이름').fill('제갈 서윤');
  await expect(async () => {
    await person.getByRole('button', { name: '환자 찾기' }).click();
    await expect(row).toHaveCount(1, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(row).toContainText('37,000원');
  await expect(found).toHaveText('이름으로 찾은 청구예요.');
  expect(page.url()).not.toContain(encodeURIComponent('제갈'));
  await snap(page, 'ops-search-01-by-name');
  await expectAccessible(page);

  // A bad phone is refused in Korean beside its field; then by phone, typed with hyphens.
  await person.getByRole('button', { name: '환자 검색 지우기' }).click();
  await person.getByLabel('휴대폰 번호').fill('010-12');
  await person.getByRole('button', { name: '환자 찾기' }).click();
  await expect(person.getByText('휴대폰 번호는 010-1234-5678처럼 적어 주세요.')).toBeVisible();
  await expect(person.getByLabel('휴대폰 번호')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);
  const typedPhone = `${p.phone.slice(0, 3)}-${p.phone.slice(3, 7)}-${p.phone.slice(7)}`;
  await person.getByLabel('휴대폰 번호').fill(typedPhone);
  await person.getByRole('button', { name: '환자 찾기' }).click();
  await expect(found).toHaveText('휴대폰 번호로 찾은 청구예요.');
  await expect(row).toHaveCount(1);
  await expect(page.getByRole('table', { name: /청구 목록/ }).getByRole('row')).toHaveCount(2);
  expect(page.url()).not.toContain(p.phone.slice(3));

  // By receipt number.
  await person.getByRole('button', { name: '환자 검색 지우기' }).click();
  await person.getByLabel('영수증 번호').fill(receiptNo);
  await person.getByRole('button', { name: '환자 찾기' }).click();
  await expect(found).toHaveText('영수증 번호로 찾은 청구예요.');
  await expect(row).toHaveCount(1);
  expect(page.url()).not.toContain(receiptNo);
  await snap(page, 'ops-search-02-by-receipt');

  // The claim, and back: the same search, still out of the URL.
  await row.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: /^청구 \d+$/ })).toBeVisible();
  const claimId = (await page.getByRole('heading', { level: 1 }).textContent())!.replace(/\D/g, '');
  await page.getByRole('link', { name: '← 청구 목록' }).click();
  await expect(found).toHaveText('영수증 번호로 찾은 청구예요.');
  await expect(row).toHaveCount(1);
  await expect(person.getByLabel('영수증 번호')).toHaveValue(receiptNo);
  expect(page.url()).not.toContain(receiptNo);

  // Filters: the hospital by picking it from a list searched as typed, dates as people write them.
  await person.getByRole('button', { name: '환자 검색 지우기' }).click();
  const filters = page.getByRole('search', { name: '청구 거르기' });
  const picker = filters.getByRole('combobox', { name: '병원', exact: true });
  await picker.fill(HOSPITAL);
  await expect(page.getByRole('option').first()).toContainText(HOSPITAL);
  await snap(page, 'ops-search-03-picker');
  await expectAccessible(page);
  await picker.press('Enter');
  await expect(page).toHaveURL(new RegExp(`hospitalCd=${HOSPITAL}`));
  await expect(picker).toHaveValue(new RegExp(`\\(${HOSPITAL}\\)$`));
  const today = new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);
  await filters.getByLabel('날짜 기준').selectOption('claim');
  await filters.getByLabel('시작일').fill('2020.1.1');
  await filters.getByLabel('종료일').fill(today);
  await filters.getByRole('button', { name: '거르기' }).click();
  await expect(page).toHaveURL(new RegExp(`from=20200101&to=${today.replaceAll('-', '')}`));
  const filtered = page.url();
  // Her claim's row by its number's link (other tests' claims share the run's database, and their text may hold it).
  const claimLink = page.getByRole('link', { name: claimId, exact: true });
  await claimLink.click();
  await page.getByRole('link', { name: '← 청구 목록' }).click();
  await expect(page).toHaveURL(filtered);
  await expect(claimLink).toHaveCount(1);
  await expect(filters.getByLabel('시작일')).toHaveValue('2020.01.01');
  await filters.getByLabel('시작일').fill('2020.02.30');
  await filters.getByRole('button', { name: '거르기' }).click();
  await expect(filters.getByText('날짜는 2026.11.26, 2026-11-26, 20261126처럼 적어 주세요.')).toBeVisible();
  await snap(page, 'ops-search-04-filters');
  await expectAccessible(page);

  // The access log finds her as well: this very search is in her log.
  await page.getByRole('navigation', { name: '운영 메뉴' }).getByRole('link', { name: '접근 기록' }).click();
  const inLog = page.getByRole('search', { name: '전화 문의로 접근 기록 찾기' });
  await inLog.getByLabel('이름').fill('제갈서윤');
  await inLog.getByRole('button', { name: '환자 찾기' }).click();
  const line = page.getByRole('row').filter({ hasText: '운영자가 찾아봄' }).first();
  await expect(line).toContainText('제**윤');
  await expect(line).toContainText('이름');
  expect(page.url()).not.toContain(encodeURIComponent('제갈'));
  await snap(page, 'ops-search-05-access-log');
  await expectAccessible(page);

  // At 320 px (a console is used on a laptop, but it must not break on a phone): the search still fits and works.
  await page.setViewportSize({ width: 320, height: 800 });
  await page.getByRole('navigation', { name: '운영 메뉴' }).getByRole('link', { name: '청구', exact: true }).click();
  await person.getByLabel('영수증 번호').fill(receiptNo);
  await person.getByRole('button', { name: '환자 찾기' }).click();
  await expect(row).toHaveCount(1);
  await snap(page, 'ops-search-07-320');
  await expectAccessible(page);
});

test('a dashboard count opens the claim list it counts', async ({ page }) => {
  test.setTimeout(120_000);
  const p = testPerson({ name: '황보도윤' });
  const ci = await subscribe(page.request, p, 0);
  await feed(page.request, p, ci, { receiptNo: `TILE-${p.phone}`, totalPaid: 21_000 });
  await signInOps(page, '/ops/dashboard', 'operator');
  const claims = page.getByRole('table', { name: /청구 \(만든 날 기준/ });
  // The engine claims it in a moment; today's count of its status then links to the claims it counts.
  const link = claims.getByRole('link', { name: / 오늘 [1-9][\d,]*건 목록 보기$/ }).first();
  await expect(async () => {
    await page.reload();
    await expect(link).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  const status = /status=(\w+)/.exec((await link.getAttribute('href'))!)![1]!;
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: '청구' })).toBeVisible();
  const today = new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10).replaceAll('-', '');
  await expect(page).toHaveURL(new RegExp(`status=${status}&dateField=claim&from=${today}&to=${today}`));
  await expect(page.getByRole('combobox', { name: '상태' })).toHaveValue(status);
  await expect(
    page
      .getByRole('table', { name: /청구 목록/ })
      .getByRole('row')
      .nth(1),
  ).toBeVisible();
  await snap(page, 'ops-search-06-from-dashboard');
  await expectAccessible(page);
});
