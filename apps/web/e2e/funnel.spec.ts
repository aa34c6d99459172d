// The enrolment funnel as the patient app feeds it: one screen view per screen, named by the route's pattern (never
// the URL), with the hospital and this tab's random visit id and nothing else; a view that cannot be sent changes
// nothing the patient sees.
import type { Request } from '@playwright/test';
import { API } from '@auto-claim/contract';
import { test, expect, appPath } from './fixtures';

const views = (requests: Request[]) =>
  requests
    .filter((r) => new URL(r.url()).pathname === API.appMenuLogs)
    .map((r) => r.postDataJSON() as Record<string, unknown>);

test('the landing and the terms screen send one view each, with the same visit id', async ({ page, context }) => {
  const requests: Request[] = [];
  page.on('request', (r) => requests.push(r));
  const answered: number[] = [];
  page.on('response', (r) => {
    if (new URL(r.url()).pathname === API.appMenuLogs) answered.push(r.status());
  });

  await page.goto(appPath('/90000001'));
  await expect.poll(() => views(requests).length).toBe(1);
  const [landing] = views(requests);
  expect(Object.keys(landing!).sort()).toEqual(['hospitalCd', 'screen', 'time', 'visitId']);
  expect(landing).toMatchObject({ screen: '/:hospitalCd', hospitalCd: '90000001' });
  expect(landing!.visitId).toMatch(/^[0-9a-f-]{36}$/);

  await page.getByRole('link', { name: '자동청구 시작하기' }).first().click();
  await expect(page).toHaveURL(/\/authAgreeInfo$/);
  await expect.poll(() => views(requests).length).toBe(2);
  expect(views(requests)[1]).toMatchObject({
    screen: '/authAgreeInfo',
    hospitalCd: '90000001',
    visitId: landing!.visitId,
  });
  await expect.poll(() => answered).toEqual([200, 200]);

  // Back to the landing: a view again; a new tab is a new visit.
  await page.goBack();
  await expect.poll(() => views(requests).length).toBe(3);
  expect(views(requests)[2]).toMatchObject({ screen: '/:hospitalCd', visitId: landing!.visitId });
  const other = await context.newPage();
  const otherRequests: Request[] = [];
  other.on('request', (r) => otherRequests.push(r));
  await other.goto(appPath('/'));
  await expect.poll(() => views(otherRequests).length).toBe(1);
  expect(views(otherRequests)[0]).toMatchObject({ screen: '/', hospitalCd: '00000000' });
  expect(views(otherRequests)[0]!.visitId).not.toBe(landing!.visitId);
});

test('a view that fails changes nothing for the patient', async ({ page }) => {
  let tried = 0;
  await page.route(`**${API.appMenuLogs}`, (route) => {
    tried += 1;
    return route.abort('failed');
  });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(appPath('/90000001'));
  await expect.poll(() => tried).toBe(1);
  await page.getByRole('link', { name: '자동청구 시작하기' }).first().click();
  await expect(page).toHaveURL(/\/authAgreeInfo$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => tried).toBe(2);
  expect(errors).toEqual([]);
});
