// The first screen on a phone in one round trip (docs/performance.md "Web: the first screen"): the hospital comes
// inlined in the HTML, the landing itself is drawn into the HTML by the server, the app's code (all of it named by
// the page) is asked for once the landing is on screen, React takes over what was drawn (the header and the start
// button first, the parts below after the first input or idle), and the next step's code waits for idle.
import { test, expect, appPath, snap } from './fixtures';

const HOSPITAL = { cd: '90000001', nm: '한빛정형외과의원 (데모)' };

test('the outer landing shows its hospital with no hospital call and no chained chunk; the next step after idle', async ({
  page,
}) => {
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  // When React has taken the page over: the start link says so then (screens/landing/takenOver.ts).
  await page.addInitScript(() => {
    const w = window as unknown as { takenOver?: number };
    new MutationObserver((_, observer) => {
      if (!document.querySelector('.bottom-action a[data-taken-over]')) return;
      w.takenOver = performance.now();
      observer.disconnect();
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-taken-over'] });
  });

  const response = await page.goto(appPath(`/${HOSPITAL.cd}`));
  const html = await response!.text();
  await expect(page.getByText(HOSPITAL.nm, { exact: true })).toBeVisible();

  // The data came inline: no hospital call at all before (or for) the name.
  expect(html).toContain('id="landing-hospital"');
  expect(requests.filter((url) => url.includes(`/v1/claims/hospitals/${HOSPITAL.cd}`))).toEqual([]);

  // Every script fetched before the load event is named by the HTML (the boot script, or the list of chunks it
  // preloads once the landing is on screen): no chained chunk.
  const afterPaint = JSON.parse(/<script type="application\/json" id="after-paint">([^<]*)<\/script>/.exec(html)![1]!);
  const named = new Set(
    [...[...html.matchAll(/<script[^>]*src="([^"]+\.js)"/g)].map((m) => m[1]!), ...(afterPaint as string[])].map(
      (href) => new URL(href, page.url()).href,
    ),
  );
  expect(afterPaint.some((href: string) => /\/OuterLanding-[^/]+\.js$/.test(href))).toBe(true);
  expect(afterPaint.some((href: string) => /\/LandingBody-[^/]+\.js$/.test(href))).toBe(true);
  expect(html).not.toContain('modulepreload');
  // The scripts the page fetched until React had taken it over (the first screen's), by the browser's own timing;
  // all but the boot script were asked for after the landing was on screen.
  await expect(page.getByRole('link', { name: '자동청구 시작하기' })).toHaveAttribute('data-taken-over', 'true');
  const first = await page.evaluate(() => {
    const takenOver = (window as unknown as { takenOver: number }).takenOver;
    const paint = performance.getEntriesByName('first-contentful-paint')[0]!.startTime;
    const scripts = performance
      .getEntriesByType('resource')
      .filter((e) => e.name.endsWith('.js') && e.startTime <= takenOver);
    return { paint, scripts: scripts.map((e) => ({ url: e.name, start: e.startTime })) };
  });
  expect(first.scripts.map((s) => s.url).filter((url) => !named.has(url))).toEqual([]);
  const app = first.scripts.filter((s) => !html.includes(`src="${new URL(s.url).pathname}"`));
  expect(app.map((s) => new URL(s.url).pathname).sort()).toEqual([...afterPaint].sort());
  expect(app.filter((s) => s.start < first.paint)).toEqual([]);

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

test('the landing comes drawn by the server, and React takes over those very elements', async ({ page }) => {
  // Keep the elements the HTML parser makes, before any script of the page runs.
  await page.addInitScript(() => {
    const seen = new MutationObserver(() => {
      const w = window as unknown as { drawn?: Element[] };
      const main = document.querySelector('#root main');
      const h1 = document.querySelector('#root h1');
      const img = document.querySelector('#root img');
      if (main && h1 && img && !w.drawn) w.drawn = [main, h1, img];
    });
    seen.observe(document, { childList: true, subtree: true });
  });
  const problems: string[] = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  page.on('pageerror', (e) => problems.push(e.message));

  const response = await page.goto(appPath(`/${HOSPITAL.cd}`));
  const html = await response!.text();
  // In the HTML itself: the heading, the picture and the button.
  // (React puts a preload of the picture first; taking over, it passes such links by.)
  expect(html).toMatch(
    /<div id="root">(<link [^>]*>)?<main class="layout-empty">.*<h1 class="landing-header__title">/s,
  );
  expect(html).toContain('alt="한빛정형외과의원 (데모) 그림"');

  // Once the scripts have run the button works, and the elements are still those the server drew (a mismatch would
  // have made React draw the page again, and say so in the console).
  const start = page.getByRole('link', { name: '자동청구 시작하기' });
  await expect(start).toHaveAttribute('data-taken-over', 'true');
  await expect(page.getByRole('button', { name: '내 정보는 어떻게 보호되나요?' })).toBeEnabled();
  const same = await page.evaluate(() => {
    const drawn = (window as unknown as { drawn?: Element[] }).drawn;
    const now = ['#root main', '#root h1', '#root img'].map((s) => document.querySelector(s));
    return drawn?.length === 3 && drawn.every((el, i) => el === now[i]);
  });
  expect(same).toBe(true);
  expect(problems).toEqual([]);
  await start.click();
  await expect(page).toHaveURL(/\/authAgreeInfo$/);
});

test('the parts below the first screen keep the server’s markup until after the first input or idle', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const w = window as unknown as { justice?: Element; takenOver?: number };
    new MutationObserver(() => {
      w.justice ??= document.querySelector('#root section[aria-labelledby="justice-title"]') ?? undefined;
      if (w.takenOver === undefined && document.querySelector('.bottom-action a[data-taken-over]'))
        w.takenOver = performance.now();
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-taken-over'] });
  });
  const problems: string[] = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  page.on('pageerror', (e) => problems.push(e.message));
  const response = await page.goto(appPath(`/${HOSPITAL.cd}`));
  const html = await response!.text();
  // All of it is in the page as the server drew it, the parts below in a boundary of their own.
  expect(html).toMatch(/<!--\$--><section class="landing-section" aria-labelledby="justice-title">/);
  expect(html).toContain('이 보험사들에 청구할 수 있어요');

  await expect(page.getByRole('link', { name: '자동청구 시작하기' })).toHaveAttribute('data-taken-over', 'true');
  // Their code arrives after the start button works; then React takes them over (the info button works), the very
  // elements the server drew, and the insurers come.
  const info = page.getByRole('button', { name: '내 정보는 어떻게 보호되나요?' });
  await expect(info).toBeEnabled({ timeout: 10_000 });
  const t = await page.evaluate(() => {
    const w = window as unknown as { justice?: Element; takenOver: number };
    const below = performance.getEntriesByType('resource').find((e) => /\/BelowFirstScreen-[^/]+\.js$/.test(e.name));
    return {
      takenOver: w.takenOver,
      below: below?.startTime,
      same: w.justice === document.querySelector('#root section[aria-labelledby="justice-title"]'),
    };
  });
  expect(t.below).toBeDefined();
  expect(t.below!).toBeGreaterThanOrEqual(t.takenOver);
  expect(t.same).toBe(true);
  await expect(page.getByRole('list').filter({ hasText: '삼성화재' })).toBeVisible();
  expect(problems).toEqual([]);
  await info.click();
  await expect(page.getByRole('dialog', { name: '내 정보는 안전하게 다뤄져요' })).toBeVisible();
});

test.describe('with scripts turned off', () => {
  test.use({ javaScriptEnabled: false });

  test('the landings still show what they are, with a start link that works without them', async ({ page }) => {
    await page.goto(appPath(`/${HOSPITAL.cd}`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      /한빛정형외과의원 진료비,\s*자동으로 청구해 드려요/,
    );
    await expect(page.getByRole('img', { name: `${HOSPITAL.nm} 그림` })).toBeVisible();
    // The start is a real link to the first step, naming the hospital; only the app's buttons wait.
    await expect(page.getByRole('link', { name: '자동청구 시작하기' })).toHaveAttribute(
      'href',
      appPath(`/authAgreeInfo?hospitalCd=${HOSPITAL.cd}`),
    );
    await expect(page.getByRole('button', { name: '내 정보는 어떻게 보호되나요?' })).toBeDisabled();
    // (The <noscript> line above it is not shown here: Chromium's emulation turns scripts off after parsing.)
    await snap(page, 'landing-without-scripts');

    await page.goto(appPath('/'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/병원 진료비,\s*이제 자동으로 청구하세요/);
  });
});

/**
 * The app's chunks the landing's boot script asks for after the first paint (the page's after-paint list), held until
 * `release` is called: a phone where the app has not come yet.
 */
async function holdTheApp(page: import('@playwright/test').Page, path: string) {
  const html = await (await page.request.get(path)).text();
  const afterPaint = new Set(
    JSON.parse(/<script type="application\/json" id="after-paint">([^<]*)<\/script>/.exec(html)![1]!) as string[],
  );
  expect(afterPaint.size).toBeGreaterThan(0);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const held: string[] = [];
  await page.route('**/*.js', async (route) => {
    if (afterPaint.has(new URL(route.request().url()).pathname)) {
      held.push(route.request().url());
      await released;
    }
    await route.continue().catch(() => undefined); // the page may have gone (the tap navigated) meanwhile
  });
  return { release, held };
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport, isMobile: viewport.width < 600 });

    test('a tap on the start before the app has come (CPU ×6, its code held back) still starts the walk, from this hospital', async ({
      page,
    }) => {
      // Every step six times slower, screenshots included: the default 30 s is tight beside other tests on two cores.
      test.setTimeout(90_000);
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
      const app = await holdTheApp(page, appPath(`/${HOSPITAL.cd}`));
      await page.goto(appPath(`/${HOSPITAL.cd}`), { waitUntil: 'domcontentloaded' });
      const start = page.getByRole('link', { name: '자동청구 시작하기' });
      await expect(start).toBeVisible();
      // The app is on its way but not here: the page is still the server's drawing.
      await expect.poll(() => app.held.length).toBeGreaterThan(0);
      await expect(start).not.toHaveAttribute('data-taken-over');
      await snap(page, `landing-before-app-${viewport.width}`);
      await (viewport.width < 600 ? start.tap({ noWaitAfter: true }) : start.click({ noWaitAfter: true }));
      app.release();

      // The first step opens, its address without the start's parameter, and the walk goes on from this hospital.
      await expect(page).toHaveURL(/\/authAgreeInfo$/, { timeout: 20_000 });
      await expect(page.getByRole('checkbox', { name: /전체 동의/ })).toBeVisible({ timeout: 20_000 });
      const kept = await page.evaluate(() => JSON.parse(sessionStorage.getItem('auto-claim') ?? '{}'));
      expect(kept.state).toMatchObject({ reg: { hospitalCd: HOSPITAL.cd }, ui: { prcMode: 'outer' } });
      await snap(page, `consent-after-early-tap-${viewport.width}`);
    });
  });
}

test('an early tap on the inner landing starts the walk in inner mode; once taken over, the router follows the link', async ({
  page,
}) => {
  const app = await holdTheApp(page, appPath('/'));
  await page.goto(appPath('/'), { waitUntil: 'domcontentloaded' });
  await expect.poll(() => app.held.length).toBeGreaterThan(0);
  await page.getByRole('link', { name: '자동청구 시작하기' }).click({ noWaitAfter: true });
  app.release();
  await expect(page).toHaveURL(/\/authAgreeInfo$/, { timeout: 20_000 });
  await expect(page.getByRole('checkbox', { name: /전체 동의/ })).toBeVisible({ timeout: 20_000 });
  const kept = await page.evaluate(() => JSON.parse(sessionStorage.getItem('auto-claim') ?? '{}'));
  expect(kept.state).toMatchObject({ reg: { hospitalCd: '00000000' }, ui: { prcMode: 'inner' } });

  // Back on the hospital's landing, taken over: the same link is the router's (no new page), from that hospital.
  await page.unrouteAll();
  await page.goto(appPath(`/${HOSPITAL.cd}`));
  const start = page.getByRole('link', { name: '자동청구 시작하기' });
  await expect(start).toHaveAttribute('data-taken-over', 'true');
  await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
  await start.click();
  await expect(page).toHaveURL(/\/authAgreeInfo$/);
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
  const now = await page.evaluate(() => JSON.parse(sessionStorage.getItem('auto-claim') ?? '{}'));
  expect(now.state).toMatchObject({ reg: { hospitalCd: HOSPITAL.cd }, ui: { prcMode: 'outer' } });
});
