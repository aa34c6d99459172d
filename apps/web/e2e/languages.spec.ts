// Four languages, one source (docs/decisions/0010-message-catalogs.md): the whole enrolment walked at 390 × 844 in
// English, Simplified Chinese and Vietnamese, from a hospital's landing to "done", every screen in her language (its
// words read from the catalogs the app is built from), axe-clean and fitting the phone, with a screenshot of each
// (artifacts/screenshots/lang-<lang>-NN-<screen>.png). English and Vietnamese come from the phone's language
// (navigator.languages, Accept-Language for the landing the server draws); Chinese is chosen on a Korean phone with the
// switch every screen shows, and kept. The subscription keeps the language.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect, appPath, expectAccessible, latestCode, snap, testPerson } from './fixtures';
import { expectFits } from './patient-api';
import { drawSignature } from './wizard-steps';

type Lang = 'en' | 'zh-Hans' | 'vi';
const catalog = (lang: Lang) =>
  JSON.parse(readFileSync(`packages/contract/src/i18n/catalogs/${lang}.json`, 'utf8')) as Record<string, string>;

/** A message of her catalog with its plain arguments filled (the walk's labels need no plurals). */
function words(lang: Lang) {
  const c = catalog(lang);
  return (id: string, values: Record<string, string> = {}) => {
    const m = c[id];
    if (!m) throw new Error(`${lang}: no message ${id}`);
    return m.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? `{${k}}`);
  };
}

async function walk(page: Page, lang: Lang, viaSwitch: boolean) {
  const m = words(lang);
  const p = testPerson();
  const bottom = (name: string) => page.locator('.bottom-action').getByRole('button', { name, exact: true });
  let n = 0;
  const screen = async (name: string) => {
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.locator('.loading--on')).toHaveCount(0, { timeout: 20_000 });
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    n += 1;
    await snap(page, `lang-${lang}-${String(n).padStart(2, '0')}-${name}`);
    await expectAccessible(page);
    await expectFits(page, `${lang} ${name}`);
  };

  await page.goto(appPath('/90000001'));
  const start = page.getByRole('link', { name: m('landing.start') }).first();
  if (viaSwitch) {
    // A Korean phone: the landing is Korean, and the switch names each language in its own words.
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
    await expect(page.getByRole('link', { name: '자동청구 시작하기' }).first()).toHaveAttribute(
      'data-taken-over',
      'true',
      {
        timeout: 30_000,
      },
    );
    const sw = page.getByRole('combobox', { name: /Language/ });
    await expect(sw.getByRole('option')).toHaveText(['한국어', 'English', '中文(简体)', 'Tiếng Việt']);
    await sw.selectOption(lang);
  }
  await expect(start).toHaveAttribute('data-taken-over', 'true', { timeout: 30_000 });
  await expect(page.getByRole('combobox', { name: /Language/ })).toHaveValue(lang);
  await screen('landing');
  await start.click();

  await expect(page).toHaveURL(/\/authAgreeInfo$/);
  await expect(page.getByRole('checkbox', { name: new RegExp(m('consent.all')) })).toBeVisible();
  // The terms stay Korean and bind; beside them, a translation marked as for reference only.
  await expect(page.getByText('참고용 번역', { exact: true })).toBeVisible();
  await expect(page.getByText(m('legal.referenceOnly'), { exact: true })).toBeVisible();
  await screen('consent');
  await page.getByRole('checkbox', { name: new RegExp(m('consent.all')) }).check();
  await bottom(m('consent.agreeNext')).click();

  await expect(page).toHaveURL(/\/identity$/);
  await screen('identity');
  await page.getByLabel(m('identity.name'), { exact: true }).fill(p.name);
  await page.getByLabel(m('identity.birth6'), { exact: true }).fill(p.birth6);
  await page.getByLabel(m('identity.sexDigit'), { exact: true }).fill(p.sexDigit);
  await page.getByLabel(m('identity.phone'), { exact: true }).fill(p.phone);
  await page.getByRole('radio', { name: 'SKT', exact: true }).check();
  await bottom(m('identity.send')).click();

  await expect(page).toHaveURL(/\/certInput$/);
  await screen('certInput');
  await page.getByLabel(m('cert.code'), { exact: true }).fill(await latestCode(page, p.phone));
  await bottom(m('ui.ok')).click();

  await expect(page).toHaveURL(/\/security\/jumin$/, { timeout: 20_000 });
  // The hint names the digit she typed before, in her words (no Korean particle after it).
  await expect(
    page.getByText(m('jumin.hint.six', { front: p.birth6, known: p.sexDigit }), { exact: false }),
  ).toBeVisible();
  await screen('jumin');
  await page.getByLabel(m('jumin.label.six'), { exact: true }).fill(p.rrnBack.slice(1));
  await bottom(m('ui.next')).click();

  await expect(page).toHaveURL(/\/security\/insuChoose$/, { timeout: 20_000 });
  await page.getByRole('checkbox', { name: 'AIA생명', exact: true }).check();
  await expect(page.getByRole('heading', { name: m('insuChoose.consent', { insurers: 'AIA생명' }) })).toBeVisible();
  await screen('insuChoose');
  await bottom(m('ui.next')).click();

  await expect(page).toHaveURL(/\/security\/paymentAccount$/, { timeout: 20_000 });
  await expect(page.getByRole('radio', { name: m('account.rel.self'), exact: true })).toBeChecked();
  await expect(page.getByText(m('account.lead', { payerNm: 'AIA생명' }))).toBeVisible();
  await screen('paymentAccount');
  await page.getByLabel(m('account.bank'), { exact: true }).selectOption({ label: 'KB국민은행' });
  await page.getByLabel(m('account.number'), { exact: true }).fill('123456789012');
  await bottom(m('account.next')).click();

  await expect(page).toHaveURL(/\/security\/adress$/, { timeout: 20_000 });
  await screen('adress');
  await page.getByRole('searchbox', { name: m('address.search') }).fill('세종대로 110');
  await page.getByRole('button', { name: m('address.find') }).click();
  await page.getByRole('button', { name: /서울특별시 중구 세종대로 110/ }).click();
  await page.getByLabel(new RegExp(`^${m('address.detail')}`)).fill('3층');
  await bottom(m('ui.next')).click();

  await expect(page).toHaveURL(/\/security\/signature$/, { timeout: 20_000 });
  await expect(page.getByText(m('wizard.progress', { index: '5', total: '5' }))).toBeVisible();
  await expect(page.getByRole('button', { name: m('sign.doc.read', { doc: m('doc.commission') }) })).toBeVisible();
  await screen('signature');
  // The power of attorney stays Korean (it binds), marked so in her language.
  await page.getByRole('button', { name: m('sign.doc.read', { doc: m('doc.commission') }) }).click();
  await expect(page.getByText(m('legal.fullKoreanOnly'))).toBeVisible();
  await expect(page.locator('article.doc[lang=ko]')).toBeVisible();
  await snap(page, `lang-${lang}-${String(n).padStart(2, '0')}-signature-commission`);
  await page.getByRole('button', { name: m('ui.close') }).click();
  await drawSignature(page);
  await bottom(m('sign.done')).click();

  await expect(page).toHaveURL(/\/security\/applyHistory$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: m('summary.lead') })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(m('money.all'));
  await screen('applyHistory');
  await bottom(m('summary.submit')).click();

  await expect(page).toHaveURL(/\/web\/complete/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: m('complete.title') })).toBeVisible();
  await screen('complete');
  return p;
}

test.describe('English, from the phone', () => {
  test.use({ locale: 'en-US' });
  test('the whole enrolment in English', async ({ page }) => {
    test.setTimeout(180_000);
    await walk(page, 'en', false);
  });
});

test.describe('Vietnamese, from the phone', () => {
  test.use({ locale: 'vi-VN' });
  test('the whole enrolment in Vietnamese', async ({ page }) => {
    test.setTimeout(180_000);
    await walk(page, 'vi', false);
  });
});

test.describe('Chinese, chosen on a Korean phone', () => {
  test('the switch on the landing, kept through the walk and on the next visit', async ({ page }) => {
    test.setTimeout(180_000);
    await walk(page, 'zh-Hans', true);
    // Kept on this phone (a cookie with the code only): the landing comes back drawn in Chinese by the server.
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'lang')?.value).toBe('zh-Hans');
    const html = await (await page.request.get(appPath('/90000001'))).text();
    expect(html).toContain('<html lang="zh-Hans">');
    expect(html).toContain(words('zh-Hans')('landing.start'));
  });
});
