// A foreign-resident parent enrols her child in her language (docs/decisions/0010-message-catalogs.md, README "A parent
// enrols her children"), at 390 × 844: from the hospital's landing, her phone in English (then in Vietnamese), through
// "누구의 진료비를 청구할까요? → 자녀", the child's details (a refusal of her own screen and one of the contract's, both in
// her words), the relation document (the contract's issue-date refusal in her words), the account in the parent's name,
// the summary and the child's completion screen. Each of the child's screens: a screenshot
// (artifacts/screenshots/children-lang-<lang>-NN-<screen>.png), axe-core, fitting the phone, and no Hangul in its
// visible text but names (hers, the child's, the insurer's, the bank's, the hospital's, the address) and Korean legal
// text (lang="ko").
import type { Page } from '@playwright/test';
import { test, expect, appPath, expectAccessible, latestCode, snap, testPerson } from './fixtures';
import { expectFits } from './patient-api';
import { drawSignature } from './wizard-steps';
import { hangulShown, words } from './catalogs';

type Lang = 'en' | 'vi';

/** YYYYMMDD in Korea, `days` from today (negative: before). */
const kstDay = (days = 0) =>
  new Date(Date.now() + 9 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
const dotted = (ymd: string) => `${ymd.slice(0, 4)}.${ymd.slice(4, 6)}.${ymd.slice(6)}`;

/** A phone photo of a 가족관계증명서: a white page of black text in a grey frame (it passes the photo check). */
async function relationPhoto(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = new OffscreenCanvas(1000, 1400);
    const c = canvas.getContext('2d')!;
    c.fillStyle = '#6b6f76';
    c.fillRect(0, 0, 1000, 1400);
    c.fillStyle = '#ffffff';
    c.fillRect(60, 60, 880, 1280);
    c.fillStyle = '#111111';
    c.font = '34px sans-serif';
    for (let i = 0; i < 24; i++) c.fillText('FAMILY RELATION CERTIFICATE 2015 03 01', 110, 200 + i * 42);
    const bytes = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/png' })).arrayBuffer());
    let s = '';
    for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(s);
  });
  return Buffer.from(base64, 'base64');
}

async function enrolChild(page: Page, lang: Lang) {
  const m = words(lang);
  const parent = testPerson({ sexDigit: '2' });
  const unique = parent.phone.slice(-6);
  const child = { name: '윤하린', birthday: '20150301', back: `4${unique}` };
  const insurer = 'AIA생명';
  // Names and places she reads as Korea writes them: hers, the child's, the insurer's, the bank's, the sandbox
  // hospital's (한빛정형외과의원 (데모)), the address found (서울특별시청) and the site that issues the document.
  const names = [parent.name, child.name, insurer, 'KB국민은행', '한빛정형외과의원 (데모)', '정부24'];
  names.push('서울특별시 중구 세종대로 110', '(서울특별시청) 3층');
  const bottom = (name: string) => page.locator('.bottom-action').getByRole('button', { name, exact: true });
  let n = 0;
  const screen = async (name: string) => {
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.locator('.loading--on')).toHaveCount(0, { timeout: 20_000 });
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    n += 1;
    await snap(page, `children-lang-${lang}-${String(n).padStart(2, '0')}-${name}`);
    await expectAccessible(page);
    await expectFits(page, `${lang} ${name}`);
    const left = (await hangulShown(page)).filter((w) => !names.some((k) => k.includes(w)));
    expect(left, `${lang} ${name}: Korean words shown`).toEqual([]);
  };

  // ——— from the hospital's landing to her own verification, in her language ———
  await page.goto(appPath('/90000001'));
  const start = page.getByRole('link', { name: m('landing.start') }).first();
  await expect(start).toHaveAttribute('data-taken-over', 'true', { timeout: 30_000 });
  await start.click();
  await expect(page).toHaveURL(/\/authAgreeInfo$/);
  await page.getByRole('checkbox', { name: new RegExp(m('consent.all')) }).check();
  await bottom(m('consent.agreeNext')).click();
  await expect(page).toHaveURL(/\/identity$/);
  await page.getByLabel(m('identity.name'), { exact: true }).fill(parent.name);
  await page.getByLabel(m('identity.birth6'), { exact: true }).fill(parent.birth6);
  await page.getByLabel(m('identity.sexDigit'), { exact: true }).fill(parent.sexDigit);
  await page.getByLabel(m('identity.phone'), { exact: true }).fill(parent.phone);
  await page.getByRole('radio', { name: 'SKT', exact: true }).check();
  await bottom(m('identity.send')).click();
  await expect(page).toHaveURL(/\/certInput$/);
  await page.getByLabel(m('cert.code'), { exact: true }).fill(await latestCode(page, parent.phone));
  await bottom(m('ui.ok')).click();

  // ——— whose care: her child; her own number ———
  await expect(page).toHaveURL(/\/security\/jumin$/, { timeout: 20_000 });
  await page.getByRole('radio', { name: m('jumin.whose.child', { age: '19' }) }).check();
  await page.getByLabel(m('jumin.label.six.guardian'), { exact: true }).fill(parent.rrnBack.slice(1));
  await screen('jumin-child');
  await bottom(m('ui.next')).click();

  // ——— the child: her screen's refusal and the contract's, both in her words ———
  await expect(page).toHaveURL(/\/security\/childInfo$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: m('child.info.lead') })).toBeVisible();
  await screen('childInfo');
  await bottom(m('ui.next')).click();
  await expect(page.locator('#child-userNm-error')).toHaveText(m('child.info.name.required'));
  await expect(page.locator('#child-rel-error')).toHaveText(m('refusal.guardianRel'));
  await screen('childInfo-errors');
  await page.getByLabel(m('child.info.name'), { exact: true }).fill(child.name);
  await page.getByLabel(m('child.info.birthday'), { exact: true }).fill('2005.01.01');
  await page.getByRole('radio', { name: m('child.sex.F'), exact: true }).check();
  await page.getByLabel(m('child.info.rrn'), { exact: true }).fill(child.back);
  await page.getByRole('radio', { name: m('child.rel.choice.mother'), exact: true }).check();
  await bottom(m('ui.next')).click();
  await expect(page.locator('#child-birthday-error')).toHaveText(m('refusal.child.tooOld'));
  await page.getByLabel(m('child.info.birthday'), { exact: true }).fill(dotted(child.birthday));
  const adultOn = new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2034, 2, 1)),
  );
  await expect(page.getByText(m('child.info.adultOn', { date: adultOn, age: '19' }))).toBeVisible();
  await screen('childInfo-filled');
  await bottom(m('ui.next')).click();

  // ——— the child's insurer, her name on every question from now on ———
  await expect(page).toHaveURL(/\/security\/insuChoose$/, { timeout: 20_000 });
  await expect(page.getByText(m('wizard.forChild', { child: child.name }))).toBeVisible();
  const insurerBox = page.getByRole('checkbox', { name: insurer, exact: true });
  if (!(await insurerBox.isChecked())) await insurerBox.check();
  await bottom(m('ui.next')).click();

  // ——— the relation document: photographed, its issue date (the contract's refusal in her words) ———
  await expect(page).toHaveURL(/\/security\/relationDoc$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: m('child.relationDoc.lead', { child: child.name }) })).toBeVisible();
  await expect(page.getByText(m('child.relationDoc.recent', { months: '3' }), { exact: true })).toBeVisible();
  await screen('relationDoc');
  const family = m('child.docType.family');
  await page.getByRole('radio', { name: family, exact: true }).check();
  await page
    .getByTestId('reldoc-camera-input')
    .setInputFiles({ name: 'family.png', mimeType: 'image/png', buffer: await relationPhoto(page) });
  await expect(page.getByRole('img', { name: m('photo.alt', { name: family }) })).toBeVisible();
  await page.getByLabel(m('child.relation.issueDate'), { exact: true }).fill(dotted(kstDay(-130)));
  await bottom(m('ui.next')).click();
  await expect(page.locator('#reldoc-issueDate-error')).toHaveText(m('refusal.relation.tooOld'));
  await screen('relationDoc-refused');
  await page.getByLabel(m('child.relation.issueDate'), { exact: true }).fill(dotted(kstDay(-3)));
  await bottom(m('ui.next')).click();

  // ——— the account in the parent's name, the address, the signature ———
  await expect(page).toHaveURL(/\/security\/paymentAccount$/, { timeout: 20_000 });
  await page.getByLabel(m('account.bank'), { exact: true }).selectOption({ label: 'KB국민은행' });
  await page.getByLabel(m('account.number'), { exact: true }).fill('123456789012');
  await page.getByRole('radio', { name: m('account.guardian'), exact: true }).check();
  await bottom(m('account.next')).click();
  await expect(page).toHaveURL(/\/security\/adress$/, { timeout: 20_000 });
  await page.getByRole('searchbox', { name: m('address.search') }).fill('세종대로 110');
  await page.getByRole('button', { name: m('address.find') }).click();
  await page.getByRole('button', { name: /서울특별시 중구 세종대로 110/ }).click();
  await page.getByLabel(new RegExp(`^${m('address.detail')}`)).fill('3층');
  await bottom(m('ui.next')).click();
  await expect(page).toHaveURL(/\/security\/signature$/, { timeout: 20_000 });
  await drawSignature(page);
  await bottom(m('sign.done')).click();

  // ——— the summary: the child and her document, in her words ———
  await expect(page).toHaveURL(/\/security\/applyHistory$/, { timeout: 20_000 });
  const childCard = page.getByRole('region', { name: m('child.summary.child') });
  await expect(childCard).toContainText(child.name);
  await expect(childCard).toContainText(m('child.rel.mother'));
  await expect(page.getByRole('region', { name: m('child.summary.relation') })).toContainText(family);
  await screen('summary');
  await bottom(m('summary.submit')).click();

  // ——— the child's completion ———
  await expect(page).toHaveURL(/\/web\/complete\?type=child$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: m('child.done.title', { name: child.name }) })).toBeVisible();
  await expect(page.getByText(m('relation.status.pending'), { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: m('child.done.next') })).toBeVisible();
  await screen('childComplete');
}

test.describe('a parent in English', () => {
  test.use({ locale: 'en-US' });
  test('enrols her child in English, to the child’s completion screen', async ({ page }) => {
    test.setTimeout(240_000);
    await enrolChild(page, 'en');
  });
});

test.describe('a parent in Vietnamese', () => {
  test.use({ locale: 'vi-VN' });
  test('enrols her child in Vietnamese, to the child’s completion screen', async ({ page }) => {
    test.setTimeout(240_000);
    await enrolChild(page, 'vi');
  });
});
