// The landings of spec §2 as a patient on a phone sees them.
import { test, expect, appPath, snap, expectAccessible } from './fixtures';

const HOSPITAL = { cd: '90000001', nm: '한빛정형외과의원 (데모)' };

test('the outer landing shows the hospital, why, the steps, the insurers and a start button', async ({ page }) => {
  await page.goto(appPath(`/${HOSPITAL.cd}`));
  await expect(page).toHaveTitle('자동청구');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('한빛정형외과의원 진료비');
  await expect(page.getByText(HOSPITAL.nm, { exact: true })).toBeVisible();
  const img = page.getByRole('img', { name: `${HOSPITAL.nm} 그림` });
  await expect(img).toBeVisible();
  expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByRole('heading', { name: '왜 자동청구인가요?' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /가입은 5단계/ })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: '삼성화재' })).toBeVisible();
  await expect(page.getByRole('link', { name: '자동청구 시작하기' })).toBeVisible();
  await snap(page, 'landing-outer');
  await expectAccessible(page);
});

test('every insurer is listed in a bottom sheet that Esc closes, focus returning to its opener', async ({ page }) => {
  await page.goto(appPath(`/${HOSPITAL.cd}`));
  const opener = page.getByRole('button', { name: /보험사 \d+곳 모두 보기/ });
  await opener.click();
  const sheet = page.getByRole('dialog', { name: /청구할 수 있는 보험사/ });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByText('NH농협생명')).toBeVisible();
  await expect(sheet.getByRole('heading', { name: '손해보험' })).toBeVisible();
  await snap(page, 'landing-insurers-sheet');
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(opener).toBeFocused();
});

test('the inner landing is not tied to a hospital; /00000000 is the same landing', async ({ page }) => {
  await page.goto(appPath('/'));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('이제 자동으로 청구하세요');
  await expect(page.getByRole('img')).toHaveCount(0);
  await snap(page, 'landing-inner');
  await expectAccessible(page);
  await page.goto(appPath('/00000000'));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('이제 자동으로 청구하세요');
});

test('the introduce screen tells about the hospital and links back to its landing', async ({ page }) => {
  await page.goto(appPath(`/introduce/${HOSPITAL.cd}`));
  await expect(page.getByRole('heading', { level: 1, name: HOSPITAL.nm })).toBeVisible();
  await expect(page.getByRole('link', { name: '02-000-0001' })).toHaveAttribute('href', 'tel:020000001');
  await snap(page, 'introduce');
  await expectAccessible(page);
  await page.getByRole('link', { name: '자동청구 안내 보기' }).click();
  await expect(page).toHaveURL(new RegExp(`/vuex/auto-claim/${HOSPITAL.cd}$`));
});

test('a non-numeric introduce code goes to /{value} (spec §2), which says not found without looping', async ({
  page,
}) => {
  const seen: string[] = [];
  page.on('framenavigated', (f) => f === page.mainFrame() && seen.push(f.url()));
  await page.goto(appPath('/introduce/abc'));
  await expect(page).toHaveURL(/\/vuex\/auto-claim\/abc$/);
  await expect(page.getByRole('heading', { name: '병원 정보를 찾을 수 없어요' })).toBeVisible();
  await snap(page, 'landing-not-found');
  await expectAccessible(page);
  // A loop would navigate again and again; one redirect is one or two navigation events.
  expect(seen.filter((u) => u.endsWith('/abc')).length).toBeLessThan(5);
  await page.getByRole('link', { name: '자동청구 처음 화면으로' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('이제 자동으로 청구하세요');
});

test('an unknown 8-digit hospital gets a clear not-found screen', async ({ page }) => {
  await page.goto(appPath('/12345678'));
  await expect(page.getByRole('heading', { name: '병원 정보를 찾을 수 없어요' })).toBeVisible();
  await page.goto(appPath(`/introduce/12345678`));
  await expect(page.getByRole('heading', { name: '병원 정보를 찾을 수 없어요' })).toBeVisible();
});

test('a hospital that has not started auto-claim says so', async ({ page }) => {
  await page.goto(appPath('/90000006'));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('자동청구 준비 중이에요');
  await expect(page.getByRole('link', { name: '자동청구 시작하기' })).toHaveCount(0);
});

test('works at 320 px wide and at 200% zoom without sideways scrolling', async ({ browser }) => {
  for (const [width, zoom] of [
    [320, 1],
    [390, 2],
  ] as const) {
    const context = await browser.newContext({
      viewport: { width: width / zoom, height: 844 / zoom },
      deviceScaleFactor: zoom,
      locale: 'ko-KR',
    });
    const page = await context.newPage();
    await page.goto(appPath(`/${HOSPITAL.cd}`));
    await expect(page.getByRole('link', { name: '자동청구 시작하기' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await snap(page, `landing-outer-${width}px-x${zoom}`);
    await context.close();
  }
});

test('an unknown path below the app is a Korean not-found page', async ({ page }) => {
  await page.goto('/ui/insu/nothing/here');
  await expect(page.getByRole('heading', { name: '페이지를 찾을 수 없어요' })).toBeVisible();
});
