// An older patient finishes alone (README "Accessibility and older patients"): the SMS screen survives a reload, the
// whole enrolment by keyboard alone at 200% text size (the walk by taps with the CPU slowed 4× is
// enrolment-walk.spec.ts); on every screen axe-core, text of at least 16 px, targets of at least 44 × 44 px, no
// sideways scrolling, and no toast over the primary button; the cancel dialog's safe choice. The keyboard walk prints
// and keeps (artifacts/older-patient-walk-keyboard-200pct.json) the screens, keypresses and seconds.
import { mkdir, writeFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { SMS_CODE_TTL_SECONDS } from '@auto-claim/contract';
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
import { subscribe } from './patient-api';
import { errorSummary } from './wizard-steps';

const HOSPITAL = '90000001';

/** 200% text size as a phone's font setting gives it: every rem doubles (the app sizes its text in rem). */
const bigText = (page: Page) =>
  page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => (document.documentElement.style.fontSize = '200%'));
  });

/**
 * What an older patient needs on the screen as it is now: text of at least 16 px, every target at least 44 × 44 px
 * (a checkbox or radio by its label, the whole area a tap reaches), nothing wider than the screen, and no toast over
 * the primary button.
 */
async function expectReadable(page: Page, where: string) {
  const found = await page.evaluate(() => {
    const bad: string[] = [];
    const shown = (el: Element) => {
      const r = el.getBoundingClientRect();
      if (r.width < 2 || r.height < 2) return false;
      for (let e: Element | null = el; e; e = e.parentElement) {
        const s = getComputedStyle(e);
        if (s.visibility === 'hidden' || s.display === 'none' || s.opacity === '0') return false;
        if (s.clip === 'rect(0px, 0px, 0px, 0px)' || s.clipPath === 'inset(50%)') return false;
      }
      return true;
    };
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ')[0]}` : ''} "${(el.textContent ?? '').trim().slice(0, 24)}"`;
    // Text: every element that holds text of its own.
    for (const el of document.body.querySelectorAll('*')) {
      const own = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim() !== '');
      if (!own || !shown(el)) continue;
      const size = parseFloat(getComputedStyle(el).fontSize);
      if (size < 16) bad.push(`text ${size}px: ${name(el)}`);
    }
    // Targets.
    const targets = document.querySelectorAll(
      'button, a[href], input:not([type=hidden]), select, textarea, [role=button], [role=link], summary',
    );
    for (const el of targets) {
      const input = el as HTMLInputElement;
      const area =
        (input.type === 'checkbox' || input.type === 'radio') && el.closest('label') ? el.closest('label')! : el;
      if (!shown(el) && !(area !== el && shown(area))) continue;
      // A file input is reached through its own visible button; the native one is hidden.
      if (input.type === 'file') continue;
      const r = area.getBoundingClientRect();
      if (r.width < 43.5 || r.height < 43.5)
        bad.push(`target ${Math.round(r.width)}×${Math.round(r.height)}: ${name(area)}`);
    }
    if (document.documentElement.scrollWidth > window.innerWidth + 1) {
      bad.push(`scrolls sideways: ${document.documentElement.scrollWidth} > ${window.innerWidth}`);
    }
    // A toast never covers the primary button.
    const primary = document.querySelector('.bottom-action .btn--primary');
    for (const t of document.querySelectorAll('[data-sonner-toast]')) {
      if (!primary || !shown(t)) continue;
      const a = t.getBoundingClientRect();
      const b = primary.getBoundingClientRect();
      if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom)
        bad.push('toast over the primary button');
    }
    return bad;
  });
  expect(found, where).toEqual([]);
}

/** Keyboard only: every key counted. */
function keyboard(page: Page) {
  let presses = 0;
  const press = async (key: string) => {
    presses += 1;
    await page.keyboard.press(key);
  };
  const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement).catch(() => false);
  return {
    get presses() {
      return presses;
    },
    press,
    /** Types text, one keypress a character. */
    async type(text: string) {
      presses += [...text].length;
      await page.keyboard.type(text);
    },
    /** Tab until the target has focus (the way a keyboard user gets there). */
    async tabTo(target: Locator, max = 60) {
      await expect(target).toBeVisible();
      // A landing is painted by the server before its scripts run; its button takes focus once it works.
      await expect(target).toBeEnabled();
      for (let i = 0; i < max; i++) {
        if (await isFocused(target)) return;
        await press('Tab');
      }
      throw new Error(`Tab never reached ${target.toString()}`);
    },
    /** Arrow keys within a radio group or a select until the target is chosen. */
    async arrowTo(target: () => Promise<boolean>, key = 'ArrowDown', max = 40) {
      for (let i = 0; i < max; i++) {
        if (await target()) return;
        await press(key);
      }
      throw new Error('the arrows never reached the choice');
    },
  };
}

/** The screens a walk sees, each checked: sizes, a screenshot and (`axe`) axe-core. */
function screens(page: Page, shot: string, axe = true) {
  const seen: string[] = [];
  let checking = 0;
  return {
    seen,
    /** Milliseconds spent checking (screenshots, axe, sizes), not walking: left out of the walk's time. */
    get checkingMs() {
      return checking;
    },
    async at(path: RegExp, name: string) {
      await expect(page).toHaveURL(path, { timeout: 20_000 });
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      seen.push(name);
      const t0 = Date.now();
      await snap(page, `${shot}-${String(seen.length).padStart(2, '0')}-${name}`);
      if (axe) await expectAccessible(page);
      await expectReadable(page, name);
      checking += Date.now() - t0;
    },
  };
}

async function record(kind: string, numbers: Record<string, number>) {
  // eslint-disable-next-line no-console -- the walk's measurements are this test's report (README)
  console.log(`older-patient walk (${kind}): ${JSON.stringify(numbers)}`);
  await mkdir('artifacts', { recursive: true });
  await writeFile(`artifacts/older-patient-walk-${kind}.json`, `${JSON.stringify(numbers, null, 2)}\n`);
}

test('the SMS code screen comes back after a reload, its timer still running from the server’s clock', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const p = testPerson();
  await page.goto(appPath(`/${HOSPITAL}`));
  await page.getByRole('link', { name: '자동청구 시작하기' }).first().click();
  await consentToAll(page);
  await expect(page).toHaveURL(/\/identity$/);
  await fillIdentity(page, p);
  await page.getByRole('button', { name: '인증번호 받기' }).click();
  await expect(page).toHaveURL(/\/certInput$/);
  await expect(page.getByText('5단계 중 1단계')).toBeVisible();
  const code = await latestCode(page, p.phone);
  // The SMS app takes a while: the server's clock moves on 30 s (loopback only, sandbox providers).
  const moved = await page.request.post('/sandbox/clock', { data: { advanceSeconds: 30 } });
  expect(moved.ok()).toBe(true);

  // The tab is discarded and reloaded: the name, phone and RRN are gone from the browser, the request's ids are not.
  await page.reload();
  await expect(page).toHaveURL(/\/certInput$/);
  await expect(page.getByRole('heading', { name: '문자로 받은 인증번호를 입력해 주세요' })).toBeVisible();
  await expect(page.getByText(`${p.phone.slice(0, 3)}-****-${p.phone.slice(-4)} 번호로`)).toBeVisible();
  const timer = page.getByRole('timer');
  const [m, s] = (await timer.textContent())!.split(':').map(Number);
  // Below its start by the 30 s that passed (a second either way for rounding): not restarted.
  expect(m! * 60 + s!).toBeLessThanOrEqual(SMS_CODE_TTL_SECONDS - 29);
  expect(m! * 60 + s!).toBeGreaterThan(SMS_CODE_TTL_SECONDS - 60);
  const stored = await page.evaluate(() => JSON.stringify({ ...sessionStorage }));
  for (const secret of [p.phone, p.name, p.birth6]) expect(stored).not.toContain(secret);
  await snap(page, 'older-sms-after-reload');
  await expectAccessible(page);

  await page.getByLabel('인증번호').fill(code);
  await page.getByRole('button', { name: '확인', exact: true }).click();
  await expect(page).toHaveURL(/\/security\/jumin$/, { timeout: 15_000 });
});

test('the whole enrolment by keyboard alone, at 200% text size on a 390 × 844 phone', async ({ page }) => {
  test.setTimeout(300_000);
  await bigText(page);
  const started = Date.now();
  const kb = keyboard(page);
  const at = screens(page, 'older-kb');
  const p = testPerson();
  const bottom = (name: string | RegExp) => page.locator('.bottom-action').getByRole('button', { name });

  await page.goto(appPath(`/${HOSPITAL}`));
  await at.at(/\/90000001$/, 'landing');
  await kb.tabTo(page.getByRole('link', { name: '자동청구 시작하기' }).first());
  await kb.press('Enter');

  await at.at(/\/authAgreeInfo$/, 'consent');
  await kb.tabTo(page.getByRole('checkbox', { name: /전체 동의/ }));
  await kb.press('Space');
  await kb.tabTo(bottom('동의하고 다음'));
  await kb.press('Enter');

  // The method choice has one option: skipped. The telecom terms were agreed on the consent screen.
  await at.at(/\/identity$/, 'identity');
  // The screen's first question has focus as it opens when it is in view (ui/focusOnOpen), else the heading has.
  await kb.tabTo(page.getByLabel('이름'));
  await kb.type(p.name);
  await kb.tabTo(page.getByLabel('생년월일 6자리'));
  await kb.type(p.birth6);
  // Six digits move focus to the sex digit: no Tab needed.
  await expect(page.getByLabel('주민등록번호 뒷자리 첫 숫자')).toBeFocused();
  await kb.type(p.sexDigit);
  // …and the sex digit on to the phone number.
  await expect(page.getByLabel('휴대폰 번호')).toBeFocused();
  await kb.type(p.phone);
  await kb.tabTo(page.getByRole('radio', { name: 'SKT', exact: true }));
  await kb.press('Space');
  await kb.tabTo(page.getByRole('button', { name: '인증번호 받기' }));
  await kb.press('Enter');

  await at.at(/\/certInput$/, 'certInput');
  await kb.tabTo(page.getByLabel('인증번호'));
  await kb.type(await latestCode(page, p.phone));
  await kb.press('Enter');

  await at.at(/\/security\/jumin$/, 'jumin');
  await expect(page.getByText('5단계 중 1단계')).toBeVisible();
  await kb.tabTo(page.getByLabel('주민등록번호 나머지 6자리를 입력해 주세요'));
  await kb.type(p.rrnBack.slice(1));
  await kb.press('Enter');

  await at.at(/\/security\/insuChoose$/, 'insuChoose');
  await expect(page.getByText('5단계 중 2단계')).toBeVisible();
  // Several insurers may be chosen: each is a checkbox of its own, reached by Tab and ticked with Space.
  const aia = page.getByRole('checkbox', { name: 'AIA생명', exact: true });
  await kb.tabTo(aia);
  await kb.press('Space');
  await expect(aia).toBeChecked();
  await kb.tabTo(bottom('다음'));
  await kb.press('Enter');

  await at.at(/\/security\/paymentAccount$/, 'paymentAccount');
  await expect(page.getByText('5단계 중 4단계')).toBeVisible();
  const bank = page.getByLabel('은행');
  await kb.tabTo(bank);
  await kb.arrowTo(() => bank.evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.text === 'KB국민은행'));
  await kb.tabTo(page.getByLabel('계좌번호'));
  await kb.type('123-456-789012');
  // 본인 is chosen to begin with.
  await expect(page.getByRole('radio', { name: '본인' })).toBeChecked();
  await kb.tabTo(bottom('계좌 확인하고 다음'));
  await kb.press('Enter');

  await at.at(/\/security\/adress$/, 'adress');
  // An error state, on purpose: the summary takes focus and its links are whole targets.
  await kb.tabTo(bottom('다음'));
  await kb.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: '입력한 내용을 확인해 주세요' })).toBeFocused();
  await snap(page, 'older-kb-adress-error');
  await expectAccessible(page);
  await expectReadable(page, 'adress error');
  await kb.tabTo(page.getByRole('searchbox', { name: '주소 검색' }));
  await kb.type('세종대로 110');
  await kb.tabTo(page.getByRole('button', { name: '주소 찾기' }));
  await kb.press('Enter');
  const found = page.getByRole('button', { name: /서울특별시 중구 세종대로 110/ });
  await kb.tabTo(found);
  await kb.press('Enter');
  await expect(page.getByLabel(/상세 주소/)).toBeFocused();
  await kb.type('3층');
  await kb.tabTo(bottom('다음'));
  await kb.press('Enter');

  await at.at(/\/security\/signature$/, 'signature');
  await expect(page.getByText('5단계 중 5단계')).toBeVisible();
  // The documents she signs, read before signing, by keyboard too.
  await kb.tabTo(page.getByRole('button', { name: '위임장 읽기' }));
  await kb.press('Enter');
  await expect(page.getByRole('dialog', { name: '서명할 위임장' })).toBeVisible();
  await expectAccessible(page);
  await kb.press('Escape');
  await expect(page.getByRole('dialog', { name: '서명할 위임장' })).toBeHidden();
  // No finger needed: the other way to sign, reached by Tab, is her name typed and confirmed as her signature.
  await kb.tabTo(page.getByRole('button', { name: '손가락 대신 이름을 입력해 서명할게요' }));
  await kb.press('Enter');
  await expect(page.getByRole('heading', { name: '이름을 입력해 서명해 주세요' })).toBeVisible();
  await expect(page.getByRole('img', { name: /^서명 칸/ })).toBeHidden();
  await kb.tabTo(page.getByLabel('서명으로 쓸 이름'));
  await kb.type(p.name);
  await kb.tabTo(bottom('서명 완료'));
  await kb.press('Enter');
  // Not yet confirmed: the error summary takes focus and says what is missing, in words.
  await expect(errorSummary(page)).toBeFocused();
  await expect(errorSummary(page)).toContainText('입력한 이름을 서명으로 쓰는 데 동의해 주세요.');
  await snap(page, 'older-kb-signature-typed-error');
  await expectAccessible(page);
  await kb.tabTo(page.getByRole('checkbox', { name: '입력한 이름을 제 서명으로 쓰는 데 동의해요' }));
  await kb.press('Space');
  await kb.tabTo(bottom('서명 완료'));
  await kb.press('Enter');

  await at.at(/\/security\/applyHistory$/, 'applyHistory');
  await expect(page.getByRole('heading', { name: '이 내용으로 신청할까요?' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('img', { name: `${p.name} 님의 서명 (이름 입력)` })).toBeVisible();
  await kb.tabTo(bottom('자동청구 신청하기'));
  await kb.press('Enter');

  await at.at(/\/web\/complete/, 'complete');
  await expect(page.getByRole('heading', { name: '자동청구 신청을 마쳤어요' })).toBeVisible();
  await record('keyboard-200pct', {
    screens: at.seen.length,
    keypresses: kb.presses,
    seconds: Math.round((Date.now() - started) / 100) / 10,
    secondsWithoutChecks: Math.round((Date.now() - started - at.checkingMs) / 100) / 10,
  });
});

test('the status page’s cancel dialog: the safe choice is primary, at 390 and 320 px and at 200 % text', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const p = testPerson();
  // Subscribed through the API in this browser's context: its session opens the status page, as after enrolling.
  await subscribe(page.request, p, 10_000);
  await page.goto(appPath('/security/applyHistory'));
  await expect(page.getByRole('heading', { name: '자동청구에 가입되어 있어요' })).toBeVisible({ timeout: 15_000 });
  await expectReadable(page, 'status page');
  await page.getByRole('button', { name: '자동청구 해지하기' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('자동청구를 해지할까요?');
  await expect(dialog.getByRole('button', { name: '계속 이용하기' })).toBeFocused();
  await expect(dialog.getByRole('button', { name: '계속 이용하기' })).toHaveClass(/btn--primary/);
  await expect(dialog.getByRole('button', { name: '해지하기' })).toHaveClass(/btn--danger/);
  await expectAccessible(page);
  await expectReadable(page, 'cancel dialog');
  // The viewport as the patient sees it: a full-page shot cuts a modal's layer apart.
  const view = (name: string) => page.screenshot({ path: `artifacts/screenshots/${name}.png` });
  await view('older-cancel-dialog-390');
  await page.setViewportSize({ width: 320, height: 720 });
  await view('older-cancel-dialog-320');
  await page.evaluate(() => (document.documentElement.style.fontSize = '200%'));
  await view('older-cancel-dialog-320-200pct');
  await expectReadable(page, 'cancel dialog at 320 px, 200%');
  await dialog.getByRole('button', { name: '계속 이용하기' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: '자동청구에 가입되어 있어요' })).toBeVisible();
});
