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
  const { violations } = await new AxeBuilder({ page }).analyze();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** A test-only person; the phone number (010-0000-xxxx is never assigned) is unique per call so limits never collide. */
let personSeq = 0;
export function testPerson(overrides: Partial<{ name: string; birth6: string; sexDigit: string; phone: string }> = {}) {
  personSeq += 1;
  const tail = (Date.now() * 7 + process.pid * 13 + personSeq * 101) % 10_000;
  return {
    name: '김테스트',
    birth6: '850101',
    sexDigit: '1',
    phone: `0100000${String(tail).padStart(4, '0')}`,
    ...overrides,
  };
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

export async function fillIdentity(page: Page, p: TestPerson) {
  await page.getByLabel('이름').fill(p.name);
  await page.getByLabel('생년월일 6자리').fill(p.birth6);
  await page.getByLabel('주민등록번호 뒷자리 첫 숫자').fill(p.sexDigit);
  await page.getByLabel('휴대폰 번호').fill(p.phone);
  await page.getByRole('radio', { name: 'SKT', exact: true }).check();
  await page.getByRole('checkbox', { name: '본인확인 약관에 모두 동의해요' }).check();
}

/**
 * A patient who came from a hospital's link (outer mode, default) or the inner landing (`hospitalCd: '00000000'`),
 * agreed to the terms and verified by SMS through the screens: the page ends on the first wizard screen
 * (/security/jumin) for a new patient, or wherever /excute sends a subscribed one.
 */
export async function verifiedPatient(page: Page, opts: { hospitalCd?: string; person?: TestPerson } = {}) {
  const person = opts.person ?? testPerson();
  const hospitalCd = opts.hospitalCd ?? '90000001';
  await page.goto(appPath(hospitalCd === '00000000' ? '/' : `/${hospitalCd}`));
  await page.getByRole('button', { name: '자동청구 시작하기' }).first().click();
  await page.getByRole('checkbox', { name: '약관에 모두 동의해요' }).check();
  await page.getByRole('button', { name: '동의하고 계속하기' }).click();
  await page.getByRole('link', { name: /휴대폰 문자로 인증/ }).click();
  await fillIdentity(page, person);
  await page.getByRole('button', { name: '인증번호 받기' }).click();
  await expect(page).toHaveURL(/\/certInput$/);
  await page.getByLabel('인증번호').fill(await latestCode(page, person.phone));
  await page.getByRole('button', { name: '확인', exact: true }).click();
  await expect(page).toHaveURL(/\/security\//);
  return person;
}

export const test = base;
export { expect };
