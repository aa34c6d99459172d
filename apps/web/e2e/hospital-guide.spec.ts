// The KR 실손 Claim guide as an EMR vendor opens it (README "EMR vendors"): on a desktop and on a phone, readable and
// accessible, with an example bundle to download.
import { readFileSync } from 'node:fs';
import { HOSPITAL_GUIDE } from '@auto-claim/contract';
import { test, expect, snap, expectAccessible } from './fixtures';

for (const [size, viewport] of [
  ['1280', { width: 1280, height: 800 }],
  ['390', { width: 390, height: 844 }],
] as const) {
  test(`the guide at ${size} px: the one-command start, the examples, the spec; no page wider than the screen`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto(HOSPITAL_GUIDE.page);
    await expect(page).toHaveTitle(/KR 실손 Claim 구현 가이드/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('KR 실손 Claim 구현 가이드');
    await expect(page.getByRole('heading', { name: '한 번의 명령으로 시작하기' })).toBeVisible();
    await expect(page.getByText('npx auto-claim-kit send --from', { exact: false })).toBeVisible();
    await expect(page.getByRole('heading', { name: '예시 번들' })).toBeAttached();
    await expect(page.getByRole('link', { name: /\.json$/ })).toHaveCount(10);
    // Wide tables and commands scroll inside their own box, never the page.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await snap(page, `hospital-guide-${size}`);
    await expectAccessible(page);
  });
}

test('an example bundle downloads as the JSON the guide holds', async ({ page }) => {
  await page.goto(HOSPITAL_GUIDE.page);
  const link = page.getByRole('link', { name: 'clinic-outpatient.json' });
  await link.scrollIntoViewIfNeeded();
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe('clinic-outpatient.json');
  const body = readFileSync((await download.path())!, 'utf8');
  expect(JSON.parse(body)).toMatchObject({ resourceType: 'Bundle', type: 'document' });
  expect(body).toBe(readFileSync('fhir/ig/examples/clinic-outpatient.json', 'utf8'));
});
