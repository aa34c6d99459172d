// An address she can enter without a postcode (docs/providers/juso-address.md "A typed address"): when the search
// does not find her street she types the road address, and the postcode is looked up for her when she leaves the
// field (found, not found, or the lookup unavailable); the postcode is never a field she must fill to go on. At 390 px,
// at 320 px and at 200 % text, with axe-core. Her claims go out without it, and the console's claim says it is missing.
import type { Page } from '@playwright/test';
import { API, CLAIM_STATUS_NM } from '@auto-claim/contract';
import { test, expect, appPath, expectAccessible, snap, testPerson, verifiedPatient } from './fixtures';
import { DESKTOP, signInOps } from './ops';
import { feed, subscribe } from './patient-api';
import { errorSummary, next } from './wizard-steps';

/** Into the app without a reload (the wizard's answers live in memory): the router follows the history. */
async function openInApp(page: Page, path: string) {
  await page.evaluate((url) => {
    window.history.pushState({}, '', url);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, appPath(path));
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

// Each test verifies a patient first and reads the page with axe-core twice: about 15 s on an idle machine, over 30 s
// beside the PostgreSQL suite in CI.
test.describe.configure({ timeout: 90_000 });

const postNo = (page: Page) => page.getByRole('textbox', { name: /우편번호/ });
const road = (page: Page) => page.getByRole('textbox', { name: '주소', exact: true });
const lookupStatus = (page: Page) => page.getByRole('status').filter({ hasText: /우편번호/ });

test('a typed road address gets its postcode looked up; one not found is left empty and she goes on', async ({
  page,
}) => {
  await verifiedPatient(page);
  await openInApp(page, '/security/adress');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('주소');

  // The search finds nothing for her street: she is told to type it.
  await page.getByRole('searchbox', { name: '주소 검색' }).fill('어딘가로 12');
  await page.getByRole('button', { name: '주소 찾기' }).click();
  await expect(
    page.getByText('찾는 주소가 없어요. 도로명과 건물 번호로 다시 찾거나, 아래에 직접 입력해 주세요.'),
  ).toBeVisible();

  // A road address the provider knows: the postcode is filled in when she leaves the field.
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes(API.addressPostcode)) asked.push(r.url());
  });
  await road(page).fill('서울특별시 중구 세종대로 110');
  await expect(postNo(page)).toHaveValue('');
  await road(page).press('Tab');
  await expect(postNo(page)).toHaveValue('04524');
  await expect(lookupStatus(page)).toHaveText('우편번호 04524를 찾아 넣었어요.');
  // POSTed: the address is never in a URL.
  expect(asked.every((u) => !u.includes('세종') && !u.includes('%EC%84%B8'))).toBe(true);
  await snap(page, 'address-typed-postcode-found');
  await expectAccessible(page);

  // She changes it to a road the provider does not know: the postcode found for the other goes, none is found.
  await road(page).fill('강원특별자치도 어딘가로 12');
  await expect(postNo(page)).toHaveValue('');
  await page.getByLabel(/상세 주소/).click();
  await expect(lookupStatus(page)).toHaveText('이 주소의 우편번호는 찾지 못했어요. 비워 두어도 신청할 수 있어요.');
  await expect(postNo(page)).toHaveValue('');
  await snap(page, 'address-typed-postcode-unknown');
  await expectAccessible(page);

  // Nothing stops her: no error, and the next screen opens.
  await next(page);
  await expect(errorSummary(page)).toHaveCount(0);
  await expect(page).not.toHaveURL(/\/security\/adress$/);
});

test('when the postcode cannot be looked up she is told she may leave it empty, and a postcode she typed stays', async ({
  page,
}) => {
  await verifiedPatient(page);
  await openInApp(page, '/security/adress');
  await page.route(`**${API.addressPostcode}`, (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/problem+json',
      body: JSON.stringify({
        status: 503,
        title: 'Service Unavailable',
        code: 'ADDRESS_SEARCH_UNAVAILABLE',
        detail: '지금은 우편번호를 찾을 수 없어요. 비워 두어도 신청할 수 있어요.',
      }),
    }),
  );
  await road(page).fill('서울특별시 중구 세종대로 110');
  await road(page).press('Tab');
  await expect(lookupStatus(page)).toHaveText('지금은 우편번호를 찾을 수 없어요. 비워 두어도 신청할 수 있어요.');
  await expect(postNo(page)).toHaveValue('');
  await snap(page, 'address-typed-postcode-unavailable');
  await expectAccessible(page);

  // A postcode she typed herself is hers: changing the address does not clear it, and no look-up replaces it.
  await page.unroute(`**${API.addressPostcode}`);
  await postNo(page).fill('0452');
  await next(page);
  await expect(errorSummary(page)).toBeFocused();
  await expect(errorSummary(page)).toContainText('우편번호 5자리를 입력해 주세요.');
  await postNo(page).fill('04525');
  await road(page).fill('서울특별시 중구 세종대로 110 별관');
  await road(page).press('Tab');
  await expect(postNo(page)).toHaveValue('04525');
  await next(page);
  await expect(page).not.toHaveURL(/\/security\/adress$/);
});

for (const [name, setup] of [
  ['320 px', (page: Page) => page.setViewportSize({ width: 320, height: 700 })],
  [
    '200 % text',
    (page: Page) =>
      page.addInitScript(() => {
        document.addEventListener('DOMContentLoaded', () => (document.documentElement.style.fontSize = '200%'));
      }),
  ],
] as const) {
  test(`the typed address and its postcode fit at ${name}`, async ({ page }) => {
    await setup(page);
    await verifiedPatient(page);
    await openInApp(page, '/security/adress');
    await road(page).fill('서울특별시 중구 세종대로 110');
    await road(page).press('Tab');
    await expect(postNo(page)).toHaveValue('04524');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await snap(page, `address-typed-postcode-${name.replace(/[^\w]+/g, '')}`);
    await expectAccessible(page);
  });
}

test.describe('the operator console', () => {
  test.use(DESKTOP);

  test('shows that a claim’s subscription has no postcode; the claim was sent all the same', async ({ page }) => {
    test.setTimeout(120_000);
    const p = testPerson({ name: '우편없음' });
    const ci = await subscribe(page.request, p, 0, p.rrnBack, 'SAMSUNGFIRE', [], {
      userPostNo: '',
      userAddr: '강원특별자치도 어딘가로 12',
    });
    await feed(page.request, p, ci, { receiptNo: `POST-${p.phone}`, totalPaid: 37_000 });

    await signInOps(page, '/ops/claims?insuCompCd=SAMSUNGFIRE&status=sent');
    const row = page.getByRole('row').filter({ hasText: '우**음' }).first();
    await expect(async () => {
      await page.reload();
      await expect(row).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    await row.getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1, name: /^청구 \d+$/ })).toBeVisible();
    const summary = page.locator('dl.ops-summary');
    await expect(summary).toContainText(CLAIM_STATUS_NM.sent);
    await expect(summary.locator('dt', { hasText: '우편번호' })).toBeVisible();
    await expect(summary).toContainText('없음. 환자가 주소를 직접 적었고 우편번호를 찾지 못했어요.');
    await snap(page, 'ops-claim-postcode-missing');
    await expectAccessible(page);
  });
});
