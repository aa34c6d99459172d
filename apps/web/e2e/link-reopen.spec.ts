// An older patient opens the same 알림톡 link again days later (README "Identity and sessions"; docs/security.md, "A
// link opens the history, nothing else"): on the phone that opened it first, the history shows again without SMS,
// read-only; on another device (a forwarded link) nothing opens and SMS verification is asked. Each view of the
// history is one line of the access log, however the screen loads. The link's check is quick, and says in words what
// it is doing while it runs.
import { test, expect, snap, expectAccessible, testPerson } from './fixtures';
import { feed, linkFromOutbox, subscribe } from './patient-api';

const RELEASED = '본인에게 진료 내역 1건을 보여 드렸어요.';

test('the same link again on the same phone: the history without SMS; another device: the SMS screen', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(90_000);
  const p = testPerson();
  const ci = await subscribe(page.request, p, 10_000);
  await context.clearCookies();
  await feed(page.request, p, ci, { receiptNo: `E2E-LR-${p.phone}`, totalPaid: 35_000 });
  const link = await linkFromOutbox(page, p.phone, 'treat');

  await page.goto(link);
  await expect(page.getByRole('heading', { name: /병원에서 받은 진료 1건/ })).toBeVisible();
  // One view, one line in the access log.
  await expect(page.getByText(RELEASED)).toHaveCount(1);

  // Later, the session long gone (only the device cookie is left): the same link on the same phone.
  const device = (await context.cookies()).filter((c) => c.name === 'ac_dev');
  expect(device).toHaveLength(1);
  expect(device[0]).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
  await context.clearCookies();
  await context.addCookies(device);
  await page.goto('about:blank');
  const started = Date.now();
  await page.goto(link);
  await expect(page.getByRole('heading', { name: /병원에서 받은 진료 1건/ })).toBeVisible();
  const shownAfter = Date.now() - started;
  await expect(page.getByRole('heading', { name: '본인인증이 필요해요' })).toHaveCount(0);
  await expect(page.getByText(RELEASED)).toHaveCount(1);
  await snap(page, 'link-reopen-01-same-phone');
  await expectAccessible(page);
  test.info().annotations.push({ type: 'reopened history shown after (ms)', description: String(shownAfter) });

  // The same history read again the same day: still one line per view of that day (README "HTTP conventions").
  await page.reload();
  await expect(page.getByRole('heading', { name: /병원에서 받은 진료 1건/ })).toBeVisible();
  await expect(page.getByText(RELEASED)).toHaveCount(1);

  // Forwarded: another device opens the same link.
  const other = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'ko-KR', isMobile: true });
  try {
    const page2 = await other.newPage();
    await page2.goto(link);
    await expect(page2.getByRole('heading', { name: '본인인증이 필요해요' })).toBeVisible();
    await expect(page2.getByText(/처음 연 휴대폰에서만 열려요/)).toBeVisible();
    await expect(page2.getByRole('button', { name: '휴대폰 본인인증 하기' })).toBeVisible();
    await snap(page2, 'link-reopen-02-other-device');
    await expectAccessible(page2);
  } finally {
    await other.close();
  }
});

test('the link check says what it is doing, and is over in under 500 ms', async ({ page, context }) => {
  test.setTimeout(60_000);
  const p = testPerson();
  const ci = await subscribe(page.request, p, 10_000);
  await context.clearCookies();
  await feed(page.request, p, ci, { receiptNo: `E2E-LR-T-${p.phone}`, totalPaid: 35_000 });
  const link = await linkFromOutbox(page, p.phone, 'treat');
  // Hold the exchange to see the words; then measure the check itself.
  let release: () => void = () => undefined;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/claim/api/public/v1/links/exchange', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(link);
  await expect(page.getByRole('status')).toHaveText('본인 확인 중이에요');
  await expect(
    page.getByText('알림톡 링크가 이 휴대폰에서 연 링크인지 확인하고 있어요.', { exact: false }),
  ).toBeVisible();
  await snap(page, 'link-reopen-03-checking');
  release();
  await expect(page.getByRole('heading', { name: /병원에서 받은 진료 1건/ })).toBeVisible();
  await page.unrouteAll();

  // Opened again on this phone: from the click to the end of the check.
  await page.goto('about:blank');
  await page.goto(link);
  // The history shows only after the check answered, so its timing is recorded by then.
  await expect(page.getByRole('heading', { name: /병원에서 받은 진료 1건/ })).toBeVisible();
  const took = await page.evaluate(() => {
    const e = performance.getEntriesByType('resource').find((r) => r.name.endsWith('/links/exchange')) as
      PerformanceResourceTiming | undefined;
    return e ? e.responseEnd - e.startTime : -1;
  });
  expect(took).toBeGreaterThan(0);
  expect(took).toBeLessThan(500);
});
