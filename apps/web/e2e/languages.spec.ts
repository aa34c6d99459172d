// Four languages, one source (docs/decisions/0010-message-catalogs.md): the whole enrolment walked at 390 × 844 in
// English, Simplified Chinese and Vietnamese, from a hospital's landing to "done", every screen in her language (its
// words read from the catalogs the app is built from), axe-clean and fitting the phone, with a screenshot of each
// (artifacts/screenshots/lang-<lang>-NN-<screen>.png). English and Vietnamese come from the phone's language
// (navigator.languages, Accept-Language for the landing the server draws); Chinese is chosen on a Korean phone with the
// switch every screen shows, and kept. The subscription keeps the language.
import type { Page } from '@playwright/test';
import { test, expect, appPath, expectAccessible, latestCode, snap, testPerson } from './fixtures';
import { expectFits } from './patient-api';
import { drawSignature, idImage, withOcrText } from './wizard-steps';
import { hangulShown, words, type CatalogLang } from './catalogs';

type Lang = CatalogLang;

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A foreign resident: her name as her 외국인등록증 prints it, and its number's 7th digit (6: a woman born in the 1900s). */
type Foreigner = { name: string; birth6: string };

async function walk(page: Page, lang: Lang, viaSwitch: boolean, foreigner?: Foreigner) {
  const m = words(lang);
  const p = foreigner ? testPerson({ ...foreigner, sexDigit: '6' }) : testPerson();
  const tag = foreigner ? `${lang}-arc` : lang;
  const bottom = (name: string) => page.locator('.bottom-action').getByRole('button', { name, exact: true });
  let n = 0;
  const screen = async (name: string) => {
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.locator('.loading--on')).toHaveCount(0, { timeout: 20_000 });
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    n += 1;
    await snap(page, `lang-${tag}-${String(n).padStart(2, '0')}-${name}`);
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
  if (foreigner) await expect(page.getByText(m('identity.name.hint'))).toBeVisible();
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
  // A 외국인등록번호 is called so, in her words.
  const numberLabel = m(foreigner ? 'jumin.label.six.foreign' : 'jumin.label.six');
  if (foreigner) await expect(page.getByText(m('jumin.title.foreign'), { exact: true }).first()).toBeVisible();
  await screen('jumin');
  await page.getByLabel(numberLabel, { exact: true }).fill(p.rrnBack.slice(1));
  await bottom(m('ui.next')).click();

  await expect(page).toHaveURL(/\/security\/insuChoose$/, { timeout: 20_000 });
  // AIA생명 takes no ID photo; 삼성생명 does, so her 외국인등록증 is photographed and read.
  const insurer = foreigner ? '삼성생명' : 'AIA생명';
  await page.getByRole('checkbox', { name: insurer, exact: true }).check();
  await expect(page.getByRole('heading', { name: m('insuChoose.consent', { insurers: insurer }) })).toBeVisible();
  await screen('insuChoose');
  await bottom(m('ui.next')).click();

  if (foreigner) {
    await expect(page).toHaveURL(/\/security\/photo$/, { timeout: 20_000 });
    await screen('photo');
    await page.getByRole('radio', { name: m('idcard.ac'), exact: true }).check();
    const card = await idImage(page, '외국인등록증', false, [`${foreigner.name}  ${p.birth6}-6******`, '2024. 5. 20.']);
    await page.getByTestId('photo-gallery-input').setInputFiles({
      name: 'arc.jpg',
      mimeType: 'image/jpeg',
      buffer: withOcrText(card, { userNm: foreigner.name, idcardIssueDate: '20240520' }),
    });
    await expect(page.getByRole('img', { name: m('photo.alt', { name: m('idcard.ac') }) })).toBeVisible();
    await expect(
      page.getByRole('heading', { name: m('photo.details.read', { idcard: m('idcard.ac') }) }),
    ).toBeVisible();
    await expect(page.getByLabel(m('idcardField.issuedOn'), { exact: true })).not.toHaveValue('');
    await screen('photo-read');
    await bottom(m('ui.next')).click();
  }

  await expect(page).toHaveURL(/\/security\/paymentAccount$/, { timeout: 20_000 });
  await expect(page.getByRole('radio', { name: m('account.rel.self'), exact: true })).toBeChecked();
  await expect(page.getByText(m('account.lead', { payerNm: insurer }))).toBeVisible();
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
  await snap(page, `lang-${tag}-${String(n).padStart(2, '0')}-signature-commission`);
  await page.getByRole('button', { name: m('ui.close') }).click();
  await drawSignature(page);
  await bottom(m('sign.done')).click();

  await expect(page).toHaveURL(/\/security\/applyHistory$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: m('summary.lead') })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(m('money.all'));
  await screen('applyHistory');

  // The screens off the walk, in her language too (README "Accessibility and older patients": the summary's links):
  // her occupation and her e-mail, each back to the summary, and the payout guide within the app. No Korean on them but
  // names: the insurer and the bank she chose, and her own (the account holder's).
  const names = [insurer, 'KB국민은행', p.name];
  const labelled = (text: string) => page.getByLabel(new RegExp(`^${escaped(text)}`));
  await page.getByRole('link', { name: `${m('summary.change')} ${m('summary.job')}`, exact: true }).click();
  await expect(page).toHaveURL(/\/security\/job\?from=applyHistory$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: m('job.lead') })).toBeVisible();
  await expect(bottom(m('job.skip'))).toBeVisible();
  const office = m('job.major.label', { name: m('job.name.3'), examples: m('job.example.3') });
  await expect(labelled(m('job.major')).locator('option', { hasText: m('job.name.R') })).toHaveCount(1);
  await screen('job');
  expect(await hangulShown(page, { names, all: true })).toEqual([]);
  await labelled(m('job.major')).selectOption({ label: office });
  await bottom(m('ui.next')).click();
  await expect(page.getByRole('alert').filter({ hasText: m('job.detail.required') })).toBeVisible();
  await labelled(m('job.detail')).selectOption({ label: m('job.name.32') });
  await screen('job-detail');
  expect(await hangulShown(page, { names, all: true })).toEqual([]);
  await bottom(m('ui.next')).click();
  await expect(page).toHaveURL(/\/security\/applyHistory$/, { timeout: 20_000 });
  // The summary names her occupation in her words (the insurer is sent the list's Korean).
  await expect(page.getByRole('main')).toContainText(m('job.name.32'));

  await page.getByRole('link', { name: `${m('summary.change')} ${m('summary.email')}`, exact: true }).click();
  await expect(page).toHaveURL(/\/security\/email\?from=applyHistory$/, { timeout: 20_000 });
  await expect(bottom(m('email.skip'))).toBeVisible();
  await labelled(m('email.label')).fill('lan@');
  await bottom(m('ui.next')).click();
  // The contract refuses in Korean; she reads its refusal in her language.
  await expect(page.getByRole('alert').filter({ hasText: m('refusal.userEmail.format') })).toBeVisible();
  await screen('email-error');
  expect(await hangulShown(page, { names, all: true })).toEqual([]);
  await labelled(m('email.label')).fill('lan@example.com');
  await bottom(m('ui.next')).click();
  await expect(page).toHaveURL(/\/security\/applyHistory$/, { timeout: 20_000 });

  await page.evaluate((path) => {
    history.pushState({}, '', path);
    dispatchEvent(new PopStateEvent('popstate'));
  }, appPath('/security/paymentCenter'));
  await expect(page.getByRole('heading', { name: m('center.title', { insurer }) })).toBeVisible();
  await expect(page.getByText('KB국민은행 ****9012')).toBeVisible();
  await screen('paymentCenter');
  expect(await hangulShown(page, { names, all: true })).toEqual([]);
  await page.goBack();
  await expect(page).toHaveURL(/\/security\/applyHistory$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: m('summary.lead') })).toBeVisible();
  if (foreigner) {
    // The ID photo's guide (her insurer takes one): which documents, and how to photograph one.
    await page.evaluate((path) => {
      history.pushState({}, '', path);
      dispatchEvent(new PopStateEvent('popstate'));
    }, appPath('/security/idPhotoInfo'));
    await expect(page.getByRole('heading', { name: m('idPhotoInfo.title') })).toBeVisible();
    await expect(page.getByText(m('idPhotoInfo.type.foreign')).first()).toBeVisible();
    await screen('idPhotoInfo');
    expect(await hangulShown(page, { names, all: true })).toEqual([]);
    await page.goBack();
    await expect(page).toHaveURL(/\/security\/applyHistory$/, { timeout: 20_000 });
  }
  await bottom(m('summary.submit')).click();

  await expect(page).toHaveURL(/\/web\/complete/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: m('complete.title') })).toBeVisible();
  await screen('complete');
  return p;
}

test.describe('English, from the phone', () => {
  test.use({ locale: 'en-US' });
  test('the whole enrolment in English', async ({ page }) => {
    test.setTimeout(240_000);
    await walk(page, 'en', false);
  });
});

test.describe('a foreign resident in English, with her 외국인등록증', () => {
  test.use({ locale: 'en-US' });
  test('her Latin name, her 외국인등록번호 and her ARC photo read, to the end in English', async ({ page }) => {
    test.setTimeout(240_000);
    await walk(page, 'en', false, { name: 'NGUYEN THI LAN', birth6: '950315' });
  });
});

test.describe('Vietnamese, from the phone', () => {
  test.use({ locale: 'vi-VN' });
  test('the whole enrolment in Vietnamese', async ({ page }) => {
    test.setTimeout(240_000);
    await walk(page, 'vi', false);
  });
});

test.describe('Chinese, chosen on a Korean phone', () => {
  test('the switch on the landing, kept through the walk and on the next visit', async ({ page }) => {
    test.setTimeout(240_000);
    await walk(page, 'zh-Hans', true);
    // Chinese lines break between characters; a Korean word inside (a binding title, lang="ko") stays whole.
    const breaks = await page.evaluate(() => {
      const ko = document.body.appendChild(document.createElement('span'));
      ko.lang = 'ko';
      return [getComputedStyle(document.body).wordBreak, getComputedStyle(ko).wordBreak];
    });
    expect(breaks).toEqual(['normal', 'keep-all']);
    // Kept on this phone (a cookie with the code only): the landing comes back drawn in Chinese by the server.
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'lang')?.value).toBe('zh-Hans');
    const html = await (await page.request.get(appPath('/90000001'))).text();
    expect(html).toContain('<html lang="zh-Hans">');
    expect(html).toContain(words('zh-Hans')('landing.start'));
  });
});
