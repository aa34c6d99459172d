// The KWCAG 2.2 audit's browser checks (docs/accessibility.md): the enrolment walked at 200 % text on a 390 and a
// 320 px phone, each screen read from Chromium's own accessibility tree (one h1, one main landmark, every control
// named), opened with its heading in view and nothing sideways, and no Korean word broken inside itself; the same
// screens in forced colours (Windows high contrast) with reduced motion, axe-clean, focus still drawn. The keyboard-only
// walk is older-patient.spec.ts; the message that confirms her enrolment is read here from the SMS double. The
// console: each screen titled, the skip link first, words whole at 200 %, axe-clean in forced colours.
import type { Page } from '@playwright/test';
import {
  test,
  expect,
  appPath,
  consentToAll,
  expectAccessible,
  fillIdentity,
  latestCode,
  snap,
  testPerson,
} from './fixtures';
import { DESKTOP, signInOps } from './ops';
import { expectFits } from './patient-api';
import { account, drawSignature, insurers, jumin, next } from './wizard-steps';

/** 200 % text as a phone's font setting gives it, from the first paint (the app sizes its text in rem). */
const bigText = (page: Page) =>
  page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => (document.documentElement.style.fontSize = '200%'));
  });

/** Chromium's accessibility tree, as a screen reader gets it: one h1, one main, every control with a name. */
async function expectTree(page: Page, where: string) {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
    nodes: {
      ignored: boolean;
      role?: { value: string };
      name?: { value: string };
      properties?: { name: string; value: { value: unknown } }[];
    }[];
  };
  await cdp.detach();
  const shown = nodes.filter((n) => !n.ignored);
  const role = (r: string) => shown.filter((n) => n.role?.value === r);
  const level = (n: (typeof shown)[number]) => n.properties?.find((p) => p.name === 'level')?.value.value;
  const CONTROLS = ['button', 'link', 'textbox', 'searchbox', 'checkbox', 'radio', 'combobox', 'spinbutton', 'switch'];
  const unnamed = shown
    .filter((n) => CONTROLS.includes(n.role?.value ?? '') && !(n.name?.value ?? '').trim())
    .map((n) => n.role!.value);
  expect(
    {
      h1: role('heading').filter((n) => level(n) === 1).length,
      main: role('main').length,
      unnamedControls: unnamed,
      unnamedRegions: role('region').filter((n) => !n.name?.value).length,
    },
    where,
  ).toEqual({ h1: 1, main: 1, unnamedControls: [], unnamedRegions: 0 });
}

/**
 * No Korean word broken inside itself (`word-break: keep-all`): every run of Hangul, Latin letters and digits on the
 * screen lies on one line, unless it is wider than its box (a long token, which `overflow-wrap` may break).
 */
async function expectWholeWords(page: Page, where: string) {
  const broken = await page.evaluate(() => {
    const bad: string[] = [];
    const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (texts.nextNode()) {
      const node = texts.currentNode as Text;
      const el = node.parentElement!;
      if (el.closest('[hidden], .visually-hidden, dialog:not([open]), [aria-hidden=true]')) continue;
      if (el.getBoundingClientRect().width === 0) continue;
      // The line's width: the content box of the block the text flows in.
      let block: Element = el;
      while (getComputedStyle(block).display.startsWith('inline') && block.parentElement) block = block.parentElement;
      const cs = getComputedStyle(block);
      const box = block.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
      /** The word's width on one line, in its own font. */
      const whole = (word: string) => {
        const probe = document.createElement('span');
        probe.style.cssText = 'position:absolute;visibility:hidden;white-space:nowrap';
        probe.textContent = word;
        el.append(probe);
        const w = probe.getBoundingClientRect().width;
        probe.remove();
        return w;
      };
      for (const m of node.data.matchAll(/[가-힣A-Za-z0-9]*[가-힣][가-힣A-Za-z0-9]*/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const rects = [...range.getClientRects()].filter((r) => r.width > 0);
        const lines = rects.filter((r, i) => i === 0 || r.top >= rects[i - 1]!.bottom - 2).length;
        if (lines > 1 && whole(m[0]) <= box) bad.push(m[0]);
      }
    }
    return bad;
  });
  expect(broken, `${where}: words broken inside themselves`).toEqual([]);
}

/** The screen as it opens: its own heading in view below the sticky header, not scrolled past; nothing sideways. */
async function expectOpensAtHeading(page: Page, where: string) {
  const place = await page.evaluate(() => {
    const heading = document.querySelector('main h1, main h2, main legend h2')!;
    const r = heading.getBoundingClientRect();
    const header = document.querySelector('.app-header')?.getBoundingClientRect().bottom ?? 0;
    return { top: Math.round(r.top), bottom: Math.round(r.bottom), header: Math.round(header), h: innerHeight };
  });
  expect(place.top, `${where}: heading under the header or scrolled past`).toBeGreaterThanOrEqual(place.header - 1);
  expect(place.bottom, `${where}: heading below the screen`).toBeLessThanOrEqual(place.h);
}

/** The enrolment, outer mode, each screen checked by `check` as it opens; ends on the finish screen. */
async function enrol(page: Page, check: (name: string) => Promise<void>) {
  const p = testPerson();
  await page.goto(appPath('/90000001'));
  const start = page.getByRole('link', { name: '자동청구 시작하기' }).first();
  await expect(start).toHaveAttribute('data-taken-over', 'true', { timeout: 30_000 });
  await check('landing');
  await start.click();
  await expect(page).toHaveURL(/\/authAgreeInfo$/);
  await expect(page.getByRole('checkbox', { name: /전체 동의/ })).toBeVisible();
  await check('consent');
  await consentToAll(page);
  await expect(page).toHaveURL(/\/identity$/);
  await check('identity');
  await fillIdentity(page, p);
  await next(page, '인증번호 받기');
  await expect(page).toHaveURL(/\/certInput$/);
  await check('certInput');
  await page.getByLabel('인증번호').fill(await latestCode(page, p.phone));
  await next(page, '확인');
  await expect(page).toHaveURL(/\/security\/jumin$/, { timeout: 15_000 });
  await check('jumin');
  await jumin(page, p);
  await expect(page).toHaveURL(/\/security\/insuChoose$/);
  await check('insuChoose');
  await insurers(page, ['AIA생명']);
  await expect(page).toHaveURL(/\/security\/paymentAccount$/);
  await check('paymentAccount');
  await account(page);
  await expect(page).toHaveURL(/\/security\/adress$/, { timeout: 15_000 });
  await check('adress');
  await page.getByRole('searchbox', { name: '주소 검색' }).fill('세종대로 110');
  await page.getByRole('button', { name: '주소 찾기' }).click();
  await page.getByRole('button', { name: /서울특별시 중구 세종대로 110/ }).click();
  await page.getByLabel(/상세 주소/).fill('3층');
  await next(page);
  await expect(page).toHaveURL(/\/security\/signature$/);
  await check('signature');
  await drawSignature(page);
  await next(page, '서명 완료');
  await expect(page.getByRole('heading', { name: '이 내용으로 신청할까요?' })).toBeVisible();
  await check('applyHistory');
  await next(page, '자동청구 신청하기');
  await expect(page.getByRole('heading', { name: '자동청구 신청을 마쳤어요' })).toBeVisible({ timeout: 15_000 });
  await check('complete');
  return p;
}

for (const width of [390, 320]) {
  test(`200 % text at ${width} px: every screen of the enrolment opens at its heading, fits, keeps its words whole, and reads right in the accessibility tree`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width, height: 844 });
    await bigText(page);
    const p = await enrol(page, async (name) => {
      await expect(page.locator('.loading--on, .skeleton, [aria-busy=true]')).toHaveCount(0, { timeout: 15_000 });
      await expectOpensAtHeading(page, name);
      await snap(page, `a11y-200pct-${width}-${name}`);
      await expectTree(page, name);
      await expectWholeWords(page, name);
      await expectFits(page, `${width} px ${name}`);
    });
    // Her enrolment confirmed by a message through the SMS/알림톡 double (modules/subscriptions/enrol-notice.ts).
    await expect
      .poll(async () => {
        const res = await page.request.get(`/sandbox/outbox?to=${p.phone}`);
        const { messages } = (await res.json()) as { messages: { body: string }[] };
        return messages.filter((m) => m.body.includes('자동청구 가입을 마쳤어요')).length;
      })
      .toBe(1);
  });
}

test('forced colours (high contrast) with reduced motion: every screen axe-clean, focus drawn, nothing animated', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.emulateMedia({ forcedColors: 'active', reducedMotion: 'reduce' });
  await enrol(page, async (name) => {
    await expect(page.locator('.loading--on, .skeleton, [aria-busy=true]')).toHaveCount(0, { timeout: 15_000 });
    await snap(page, `a11y-forced-colors-${name}`);
    await expectAccessible(page);
    // expectAccessible turns reduced motion off again: on for the rest of the walk.
    await page.emulateMedia({ forcedColors: 'active', reducedMotion: 'reduce' });
    if (name === 'consent') {
      // A sheet opens at once: no animation longer than a frame under reduced motion.
      await page.getByRole('button', { name: /서비스 이용약관 전문 보기/ }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      const slow = await page.evaluate(
        () =>
          document
            .getAnimations()
            .map((a) => a.effect?.getTiming())
            .filter((t) => t && t.iterations !== Infinity && Number(t.duration) > 1).length,
      );
      expect(slow, 'animations under reduced motion').toBe(0);
      await snap(page, 'a11y-forced-colors-consent-sheet');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();
    }
    if (name === 'identity') {
      // Focus is drawn in the system's colours (the shadow ring is dropped there; the outline is not).
      await page.keyboard.press('Tab');
      const ring = await page.evaluate(() => {
        const s = getComputedStyle(document.activeElement!);
        return { style: s.outlineStyle, width: parseFloat(s.outlineWidth) };
      });
      expect(ring.style).not.toBe('none');
      expect(ring.width).toBeGreaterThanOrEqual(2);
      await page.getByLabel('이름').focus();
    }
  });
});

test.describe('the operator console', () => {
  test.use(DESKTOP);

  test('each screen titled by its heading; the skip link first; words whole at 200 % text; axe-clean in forced colours', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signInOps(page, '/ops/dashboard');
    await expect(page.getByRole('heading', { name: '대시보드', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle('대시보드 | 자동청구 운영 콘솔');
    // The counts first: while they load the main region holds nothing to Tab to, and Tab would leave the page.
    await expect(page.getByText(/개인정보 없이 건수만 보여요/)).toBeVisible();
    // Tab from the top of the page, as on a page just opened (the screen's heading took focus on arrival).
    await page.evaluate(() => {
      const top = document.createElement('button');
      document.body.prepend(top);
      top.focus();
      top.remove();
    });
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: '본문으로 건너뛰기' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('#ops-main')).toBeFocused();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('#ops-main')))).toBe(true);
    await expectTree(page, 'ops dashboard');
    await page.evaluate(() => (document.documentElement.style.fontSize = '200%'));
    await expectWholeWords(page, 'ops dashboard at 200 %');
    await snap(page, 'a11y-ops-dashboard-200pct');
    await page.getByRole('navigation', { name: '운영 메뉴' }).getByRole('link', { name: '청구', exact: true }).click();
    await expect(page).toHaveTitle(/^청구.* \| 자동청구 운영 콘솔$/);
    await expectWholeWords(page, 'ops claims at 200 %');
    await page.emulateMedia({ forcedColors: 'active' });
    await snap(page, 'a11y-ops-claims-forced-colors');
    await expectAccessible(page);
  });
});
