// Shared helpers for browser tests: URLs of the app, screenshots kept as CI artifacts, and axe-core.
import { test as base, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { APP_ROOT } from '@auto-claim/contract';

/** Screenshots every run keeps (CI uploads this folder): artifacts/screenshots/<name>.png */
export const SCREENSHOT_DIR = 'artifacts/screenshots';

export const appPath = (p: string) => `${APP_ROOT}${p}`;

export async function snap(page: Page, name: string) {
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage: true });
}

/** No serious or critical axe-core violation. */
export async function expectAccessible(page: Page) {
  // Colours are judged as painted, never half-faded: a toast that comes or goes while axe reads the page (it takes a
  // second) would otherwise be measured mid-fade. Under reduced motion every fade is instant (the app's CSS and
  // sonner's both honour it); finite transitions already running end first, endless ones (a spinner) keep running.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  const { violations } = await new AxeBuilder({ page }).analyze();
  await page.emulateMedia({ reducedMotion: null });
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  // Each node with its markup and axe's account (the colours it measured): enough to tell a real fault from a race.
  expect(
    bad.map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 120)}: ${n.failureSummary}`).join('; ')})`,
    ),
  ).toEqual([]);
}

/**
 * A test-only person whose phone number and resident number no other call in this run shares, so that the SMS limits
 * (one code a minute, a few a day) and the one-live-subscription-per-RRN rule never join two tests. Playwright numbers
 * every worker process of a run, a retry's included (TEST_WORKER_INDEX), and every run starts on a fresh database.
 */
let personSeq = 0;
export function testPerson(overrides: Partial<{ name: string; birth6: string; sexDigit: string; phone: string }> = {}) {
  personSeq += 1;
  if (personSeq > 998) throw new Error('testPerson: more than 998 people in one worker');
  const worker = Number(process.env.TEST_WORKER_INDEX ?? 0) % 1000;
  // 010-00ww-wsss: 010-00… is never assigned to a subscriber.
  const unique = `${String(worker).padStart(3, '0')}${String(personSeq).padStart(3, '0')}`;
  const p = {
    name: '김테스트',
    birth6: '850101',
    sexDigit: '1',
    phone: `01000${unique}`,
    ...overrides,
  };
  // The RRN's back 7 digits: the sex digit, then the phone's unique six (seq 1…998 never makes the sandbox RRN
  // check's …9999, someone else's, nor …0000, no answer).
  return { ...p, rrnBack: `${p.sexDigit}${p.phone.slice(-6)}` };
}
export type TestPerson = ReturnType<typeof testPerson>;

/** The latest 6-digit code the sandbox sent to a phone (DESIGN §3 outbox). */
export async function latestCode(page: Page, phone: string, notThis = '') {
  let code = '';
  await expect
    .poll(async () => {
      const res = await page.request.get(`/sandbox/outbox?to=${phone}`);
      const { messages } = (await res.json()) as { messages: { body: string }[] };
      code = messages[0]?.body.match(/\[(\d{6})\]/)?.[1] ?? '';
      return code !== '' && code !== notThis;
    })
    .toBe(true);
  return code;
}

/**
 * The identity screen filled. The telecom terms were agreed on the one consent screen of the sign-up; a verification
 * for something else (a link's history) asks them here (`telecomTerms`).
 */
export async function fillIdentity(page: Page, p: TestPerson, opts: { telecomTerms?: boolean } = {}) {
  await page.getByLabel('이름').fill(p.name);
  await page.getByLabel('생년월일 6자리').fill(p.birth6);
  await page.getByLabel('주민등록번호 뒷자리 첫 숫자').fill(p.sexDigit);
  await page.getByLabel('휴대폰 번호').fill(p.phone);
  await page.getByRole('radio', { name: 'SKT', exact: true }).check();
  if (opts.telecomTerms) await page.getByRole('checkbox', { name: '본인확인 약관에 모두 동의해요' }).check();
}

/** The one consent screen (/authAgreeInfo): everything agreed at once, optional items included. */
export async function consentToAll(page: Page) {
  await page.getByRole('checkbox', { name: /전체 동의/ }).check();
  await page.locator('.bottom-action').getByRole('button', { name: '동의하고 다음' }).click();
}

/**
 * A patient who came from a hospital's link (outer mode, default) or the inner landing (`hospitalCd: '00000000'`),
 * agreed to every term on the consent screen and verified by SMS through the screens: the page ends on the first wizard
 * screen (/security/jumin, where 본인 is already chosen) for a new patient, or wherever /excute sends a subscribed one.
 */
export async function verifiedPatient(page: Page, opts: { hospitalCd?: string; person?: TestPerson } = {}) {
  const person = opts.person ?? testPerson();
  const hospitalCd = opts.hospitalCd ?? '90000001';
  await page.goto(appPath(hospitalCd === '00000000' ? '/' : `/${hospitalCd}`));
  await page.getByRole('link', { name: '자동청구 시작하기' }).first().click();
  await consentToAll(page);
  // One verification method is no choice: /selfAuthSelect is skipped.
  await fillIdentity(page, person);
  await page.getByRole('button', { name: '인증번호 받기' }).click();
  await expect(page).toHaveURL(/\/certInput$/);
  await page.getByLabel('인증번호').fill(await latestCode(page, person.phone));
  await page.getByRole('button', { name: '확인', exact: true }).click();
  // Generous: /excute asks the server twice and the next screen's chunk may load slowly on a busy machine.
  await expect(page).toHaveURL(/\/security\//, { timeout: 15_000 });
  return person;
}

export const test = base;
export { expect };
