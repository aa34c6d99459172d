// The first screen on a phone in one round trip (docs/performance.md "Web: the first screen"): the hospital comes
// inlined in the HTML, the landing's chunks are preloaded by the HTML, and the next step's code waits for idle.
import { test, expect, appPath } from './fixtures';

const HOSPITAL = { cd: '90000001', nm: '한빛정형외과의원 (데모)' };

test('the outer landing shows its hospital with no hospital call and no chained chunk; the next step after idle', async ({
  page,
}) => {
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));

  const response = await page.goto(appPath(`/${HOSPITAL.cd}`));
  const html = await response!.text();
  await expect(page.getByText(HOSPITAL.nm, { exact: true })).toBeVisible();

  // The data came inline: no hospital call at all before (or for) the name.
  expect(html).toContain('id="landing-hospital"');
  expect(requests.filter((url) => url.includes(`/v1/claims/hospitals/${HOSPITAL.cd}`))).toEqual([]);

  // Every script fetched before the name showed is named by the HTML (entry or modulepreload): no chained chunk.
  const named = new Set(
    [...html.matchAll(/<(?:script[^>]*src|link[^>]*href)="([^"]+\.js)"/g)].map((m) => new URL(m[1]!, page.url()).href),
  );
  const preloaded = [...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]!);
  expect(preloaded.some((href) => /\/OuterLanding-[^/]+\.js$/.test(href))).toBe(true);
  expect(preloaded.some((href) => /\/LandingBody-[^/]+\.js$/.test(href))).toBe(true);
  // The scripts the page fetched before its load event (the first screen's), by the browser's own timing.
  const scriptsBeforeLoad = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    return performance
      .getEntriesByType('resource')
      .filter((e) => e.name.endsWith('.js') && (nav.loadEventStart === 0 || e.startTime <= nav.loadEventStart))
      .map((e) => e.name);
  });
  expect(scriptsBeforeLoad.length).toBeGreaterThan(0);
  expect(scriptsBeforeLoad.filter((url) => !named.has(url))).toEqual([]);

  // The next step (the terms) is fetched, but only once the page has loaded and gone idle.
  const timing = async () =>
    page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const next = performance.getEntriesByType('resource').find((e) => /\/AuthAgreeInfo-[^/]+\.js$/.test(e.name));
      return { loaded: nav.loadEventEnd, next: next?.startTime };
    });
  await expect.poll(async () => (await timing()).next, { timeout: 10_000 }).toBeDefined();
  const { loaded, next } = await timing();
  expect(loaded).toBeGreaterThan(0);
  expect(next!).toBeGreaterThanOrEqual(loaded);
  expect(html).not.toMatch(/AuthAgreeInfo/);
});

test('an unknown hospital code inlines nothing and shows the usual message', async ({ page }) => {
  const response = await page.goto(appPath('/introduce/99999998'));
  expect(await response!.text()).not.toContain('landing-hospital');
  await expect(page.getByRole('heading', { name: '병원 정보를 찾을 수 없어요' })).toBeVisible();
});
