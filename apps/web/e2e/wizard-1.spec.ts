// The wizard's first screens (spec §2 guarded screens) as the walk meets them (wizard/steps.ts): jumin →
// possibleHospital (inner) → insuChoose (the consent given before, applied to the chosen insurer) → photo (when the
// insurer takes one) → paymentAccount (the payout guidance folded in), in outer and inner mode, for each ID type with an
// ID image generated here (여권 in outer mode and 운전면허증 in inner mode then on through the later screens of
// wizard-steps.ts, a drawn signature and the submission, to /web/complete); what a patient sees, errors, back/forward,
// 320 px, nothing personal in browser storage, nothing fetched from another origin. Every screen: a screenshot and
// axe-core.
import type { Page } from '@playwright/test';
import {
  test,
  expect,
  appPath,
  snap,
  expectAccessible,
  testPerson,
  verifiedPatient,
  type TestPerson,
} from './fixtures';
import * as steps from './wizard-steps';
import { idImage, withOcrText } from './wizard-steps';

// Each test verifies a patient by SMS and walks up to nine screens with axe-core on each: more than the default 30 s.
test.describe.configure({ timeout: 120_000 });

const OUTER = '90000001';
const INNER = '00000000';

/** The route's Korean title is the page's h1; the progress line says where the patient is. */
async function onScreen(page: Page, path: string, title: string, shot: string) {
  await expect(page).toHaveURL(new RegExp(`/security/${path}(\\?|$)`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByText(/\d+단계 중 \d+단계/)).toBeVisible();
  await snap(page, shot);
  await expectAccessible(page);
}

const next = (page: Page, name: string | RegExp = '다음') =>
  page.locator('.bottom-action').getByRole('button', { name }).click();

/** Requests to any origin but the app's own (the CSP forbids them; the compression library must not try). */
function watchOrigins(page: Page) {
  const foreign: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (!['localhost', '127.0.0.1'].includes(url.hostname) && url.protocol.startsWith('http')) foreign.push(r.url());
  });
  return foreign;
}

async function jumin(page: Page, person: TestPerson, shot: string) {
  await onScreen(page, 'jumin', '주민등록번호 입력', `${shot}-jumin`);
  // The sex digit typed for the SMS verification is shown, not asked again.
  await expect(page.locator('.jumin')).toContainText(`850101–${person.sexDigit}`);
  const input = page.getByLabel('주민등록번호 나머지 6자리를 입력해 주세요');
  await expect(input).toHaveAttribute('type', 'password');
  await expect(input).toHaveAttribute('maxlength', '6');
  await input.fill(person.rrnBack.slice(1));
  await next(page);
}

async function insurer(page: Page, name: string, shot: string) {
  await onScreen(page, 'insuChoose', '보험사 선택', `${shot}-insuChoose`);
  await page.getByRole('checkbox', { name, exact: true }).check();
  await expect(page.getByRole('heading', { name: `앞에서 하신 보험사 동의를 ${name}에 적용해요` })).toBeVisible();
  await expect(page.getByText('직접 챙기실 서류는 없어요.')).toBeVisible();
  await next(page);
}

type IdType = { name: '주민등록증' | '운전면허증' | '여권'; fields: Record<string, string>; hidden: string[] };
const IC: IdType = {
  name: '주민등록증',
  fields: { 발급기관: '서울특별시 마포구청장', 발급일: '20200315' },
  hidden: ['운전면허번호', '암호일련번호', '여권번호'],
};
const DL: IdType = {
  name: '운전면허증',
  fields: { 운전면허번호: '11-24-123456-78', 암호일련번호: 'A1B2C3' },
  hidden: ['발급기관', '발급일', '여권번호'],
};
const PP: IdType = {
  name: '여권',
  fields: { 여권번호: 'M12345678', 발급일: '20190702' },
  hidden: ['발급기관', '운전면허번호', '암호일련번호'],
};

/** What the sandbox OCR reads from the tagged image, and how the screen shows it. */
type Ocr = { sent: Record<string, string>; shown: Record<string, string> };

async function photo(page: Page, id: IdType, shot: string, ocr?: Ocr) {
  // The guidance screen is off the walk: how to photograph it is said on the photo screen.
  await onScreen(page, 'photo', '신분증 촬영', `${shot}-photo`);
  await expect(page.getByText('네 모서리가 모두 보이게', { exact: false })).toBeVisible();
  const radio = page.getByRole('radio', { name: id.name });
  const chosenBefore = await radio.isChecked();
  await radio.check();
  await expect(page.getByText('아직 사진이 없어요.')).toBeVisible();
  // The camera comes into view as the type is chosen, above the action bar, never under it.
  const camera = page.getByRole('button', { name: '카메라로 찍기' });
  if (!chosenBefore)
    await expect
      .poll(() =>
        camera.evaluate(
          (el) =>
            el.getBoundingClientRect().bottom <= document.querySelector('.bottom-action')!.getBoundingClientRect().top,
        ),
      )
      .toBe(true);
  const image = ocr ? withOcrText(await idImage(page, id.name, false), ocr.sent) : await idImage(page, id.name, true);
  if (!ocr) expect(image.length).toBeGreaterThan(1024 * 1024);
  const request = page.waitForRequest((r) => r.url().includes('/ui/insu/v1/ocr/document/id-card'));
  await page
    .getByTestId(ocr ? 'photo-gallery-input' : 'photo-camera-input')
    .setInputFiles(
      ocr
        ? { name: 'id.jpg', mimeType: 'image/jpeg', buffer: image }
        : { name: 'id.png', mimeType: 'image/png', buffer: image },
    );
  const sent = (await request).postDataJSON() as { idcardImg: string; idcardType: string };
  // At most 1 MB, as a JPEG: compressed in the browser, or already small enough and sent as it is.
  expect(sent.idcardType).toBe({ 주민등록증: 'ic', 운전면허증: 'dl', 여권: 'pp' }[id.name]);
  expect(sent.idcardImg.startsWith('data:image/jpeg;base64,')).toBe(true);
  const bytes = Buffer.from(sent.idcardImg.split(',')[1]!, 'base64');
  expect(bytes.length).toBeLessThanOrEqual(1024 * 1024);
  if (ocr) expect(bytes.equals(image)).toBe(true);

  await expect(page.getByRole('img', { name: `찍은 ${id.name} 사진` })).toBeVisible();
  await expect(page.getByRole('button', { name: '다시 찍기' })).toBeVisible();
  // The fields to check come into view once the photo has been read.
  // Read: the heading asks her to check what was read; not read: to type what the card says, with the reason.
  const detailsHeading = ocr ? `${id.name}에서 읽은 내용을 확인해 주세요` : `${id.name}에 적힌 내용을 입력해 주세요`;
  await expect(page.getByRole('heading', { name: detailsHeading })).toBeInViewport();
  for (const hidden of id.hidden) await expect(page.getByLabel(hidden, { exact: true })).toHaveCount(0);
  if (ocr) {
    for (const [label, value] of Object.entries(ocr.shown)) {
      await expect(page.getByLabel(label, { exact: true })).toHaveValue(value);
    }
  } else {
    await expect(page.getByText('사진에서 글자를 읽지 못했어요.', { exact: false })).toBeVisible();
  }
  await snap(page, `${shot}-photo-read`);
  await expectAccessible(page);
  for (const [label, value] of Object.entries(id.fields)) await page.getByLabel(label, { exact: true }).fill(value);
  await next(page);
}

async function account(page: Page, shot: string) {
  await onScreen(page, 'paymentAccount', '보험금 받을 계좌', `${shot}-paymentAccount`);
  // 본인 to begin with, the holder her verified name.
  await expect(page.getByRole('radio', { name: '본인', exact: true })).toBeChecked();
  await expect(page.getByLabel('예금주 이름')).toHaveValue('김테스트');
  await page.getByLabel('은행').selectOption({ label: 'KB국민은행' });
  await page.getByLabel('계좌번호').fill('123-456-789012');
  await next(page, '계좌 확인하고 다음');
  await expect(page).toHaveURL(/\/security\/adress$/);
}

/**
 * From the address on, with the later screens' steps: a drawn signature, the summary on applyHistory (which shows
 * `summary`), the signed documents from it, the submission, /web/complete.
 */
async function toComplete(page: Page, person: TestPerson, shot: string, summary: string[]) {
  await steps.adress(page, shot);
  await steps.signature(page, shot, person);
  await steps.onScreen(page, 'applyHistory', '자동청구 신청', `${shot}-applyHistory`);
  for (const text of summary) await expect(page.getByRole('main')).toContainText(text);
  await steps.documents(page, shot, person);
  await steps.submit(page);
  await steps.complete(page, shot);
}

test.describe('outer mode (from a hospital link)', () => {
  test('주민등록증: every screen, its errors, to the address', async ({ page }) => {
    const foreign = watchOrigins(page);
    const person = await verifiedPatient(page, { hospitalCd: OUTER, person: testPerson() });

    // jumin: empty, then the server's refusal, then a good one (the sex digit is not asked again)
    await expect(page).toHaveURL(/\/security\/jumin$/);
    await next(page);
    const summary = page.getByRole('alert').filter({ hasText: '입력한 내용을 확인해 주세요' });
    await expect(summary).toBeFocused();
    await expect(summary).toContainText('주민등록번호 나머지 6자리를 숫자로 입력해 주세요.');
    await snap(page, 'wizard-outer-jumin-error');
    await expectAccessible(page);
    const rrn = page.getByLabel('주민등록번호 나머지 6자리를 입력해 주세요');
    await page.getByRole('button', { name: '입력한 숫자 보기' }).click();
    await expect(rrn).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: '입력한 숫자 가리기' }).click();
    // the server refuses a number that is not this person's: its Korean answer stays on this screen, at the field
    await page.route(
      '**/ui/insu/v1/claims/subscriptions/confirm',
      (route) =>
        route.fulfill({
          status: 403,
          contentType: 'application/problem+json',
          body: JSON.stringify({
            status: 403,
            title: 'Forbidden',
            code: 'PERSON_MISMATCH',
            detail: '가입할 때 입력한 주민등록번호와 달라요.',
          }),
        }),
      { times: 1 },
    );
    await rrn.fill(person.rrnBack.slice(1));
    await next(page);
    await expect(summary).toContainText('가입할 때 입력한 주민등록번호와 달라요.');
    await expect(page).toHaveURL(/\/security\/jumin$/);
    await snap(page, 'wizard-outer-jumin-refused');
    const confirm = page.waitForRequest(
      (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/ui/insu/v1/claims/subscriptions/confirm',
    );
    await jumin(page, person, 'wizard-outer');
    // spec §7: the confirm after the number carries all of it: the birthday without its first two digits + the 7
    expect((await confirm).postDataJSON()).toMatchObject({ hospitalCd: OUTER, userIdno: `850101${person.rrnBack}` });

    // outer mode: the hospital came with the link, so no hospital step
    await expect(page).toHaveURL(/\/security\/insuChoose$/);
    await next(page);
    await expect(
      page.getByRole('alert').filter({ hasText: '보험금을 청구할 보험사를 한 곳 이상 골라 주세요.' }),
    ).toBeFocused();
    await snap(page, 'wizard-outer-insuChoose-error');
    // The consent given on the consent screen is applied to the chosen insurer and recorded as its own term.
    await page.getByRole('checkbox', { name: '삼성화재', exact: true }).check();
    await page.getByRole('button', { name: '삼성화재 동의서 전문 보기' }).click();
    const sheet = page.getByRole('dialog', { name: '삼성화재 보험금 청구를 위한 개인(신용)정보 처리 동의' });
    await expect(sheet).toContainText('삼성화재(이하 "보험사")');
    await snap(page, 'wizard-outer-insuChoose-consent-sheet');
    await expectAccessible(page);
    await sheet.getByRole('button', { name: '닫기' }).click();
    await snap(page, 'wizard-outer-insuChoose-chosen');
    await expectAccessible(page);
    const recorded = page.waitForRequest(
      (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/auth/rest/terms',
    );
    await page.getByRole('checkbox', { name: '삼성화재', exact: true }).uncheck();
    await insurer(page, '삼성화재', 'wizard-outer');
    expect((await recorded).postDataJSON()).toEqual({ termsIds: ['INSU_SAMSUNGFIRE_CLAIM'] });

    // photo: a citizen's 주민등록증 is chosen to begin with; no photo yet (the camera keeps its name until there is one)
    await expect(page).toHaveURL(/\/security\/photo$/);
    await expect(page.getByRole('radio', { name: '주민등록증' })).toBeChecked();
    // A citizen is offered only the cards that carry a 주민등록번호: the others would be refused at the end.
    for (const foreignCard of ['외국인등록증', '영주증'])
      await expect(page.getByRole('radio', { name: foreignCard })).toHaveCount(0);
    await next(page);
    await expect(
      page.getByRole('alert').filter({ hasText: '신분증 사진을 찍거나 앨범에서 골라 주세요.' }),
    ).toBeFocused();
    await expect(page.getByRole('button', { name: '카메라로 찍기' })).toBeVisible();
    await snap(page, 'wizard-outer-photo-error');
    await photo(page, IC, 'wizard-outer-ic');

    // account: errors first, then a matching holder; who pays and whom to call, on the same screen
    await expect(page).toHaveURL(/\/security\/paymentAccount$/);
    await expect(page.getByText('보험금은 삼성화재에서 이 계좌로 직접 보내요.', { exact: false })).toBeVisible();
    await page.getByText('보험금이 언제, 얼마나 들어오는지 궁금하다면').click();
    await expect(page.getByRole('link', { name: /삼성화재 고객센터 1588-5114 전화하기/ })).toHaveAttribute(
      'href',
      'tel:15885114',
    );
    await page.getByLabel('예금주 이름').fill('');
    await next(page, '계좌 확인하고 다음');
    const accountErrors = page.getByRole('alert').filter({ hasText: '입력한 내용을 확인해 주세요' });
    await expect(accountErrors).toBeFocused();
    await expect(accountErrors).toContainText('은행을 골라 주세요.');
    await expect(accountErrors).toContainText('계좌번호는 숫자 10~16자리로 입력해 주세요.');
    await snap(page, 'wizard-outer-paymentAccount-error');
    await expectAccessible(page);
    await page.getByRole('radio', { name: '배우자' }).check();
    await page.getByRole('radio', { name: '본인', exact: true }).check();
    await account(page, 'wizard-outer-ic');

    // Nothing personal in browser storage; nothing fetched from another origin.
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
    for (const secret of [person.rrnBack, '123456789012', '789012', 'data:image', '20200315']) {
      expect(stored).not.toContain(secret);
    }
    expect(foreign).toEqual([]);
  });

  test('after a reload the resident number is asked whole, its first digit checked', async ({ page }) => {
    const person = await verifiedPatient(page, { hospitalCd: OUTER });
    await page.reload();
    await expect(page).toHaveURL(/\/security\/jumin$/);
    // The sex digit typed before the reload is gone with the tab's memory: all seven, the first checked.
    const rrn = page.getByLabel('주민등록번호 뒷자리 7자리를 입력해 주세요');
    await rrn.fill('4234567');
    await next(page);
    await expect(
      page.getByText(/뒷자리 첫 숫자가 본인인증 때 입력한 생년월일·성별과 맞지 않아요/).first(),
    ).toBeVisible();
    await snap(page, 'wizard-outer-jumin-after-reload');
    await expectAccessible(page);
    await rrn.fill(person.rrnBack);
    await next(page);
    await expect(page).toHaveURL(/\/security\/insuChoose$/);
  });

  test('여권, browser back keeps what was entered, on to /web/complete', async ({ page }) => {
    test.setTimeout(240_000);
    const person = await verifiedPatient(page, { hospitalCd: OUTER });
    await jumin(page, person, 'wizard-outer-pp');
    // A lazy screen's URL is committed once its chunk has loaded: wait for it before going back.
    await expect(page).toHaveURL(/\/security\/insuChoose$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/security\/jumin$/);
    await expect(page.getByLabel('주민등록번호 나머지 6자리를 입력해 주세요')).toHaveValue(person.rrnBack.slice(1));
    await page.goForward();
    await insurer(page, '삼성생명', 'wizard-outer-pp');
    await photo(page, PP, 'wizard-outer-pp');
    // back from the account screen: the passport, its photo and fields are all still there
    await expect(page).toHaveURL(/\/security\/paymentAccount$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/security\/photo$/);
    await expect(page.getByRole('radio', { name: '여권' })).toBeChecked();
    await expect(page.getByRole('img', { name: '찍은 여권 사진' })).toBeVisible();
    await expect(page.getByLabel('여권번호', { exact: true })).toHaveValue('M12345678');
    await next(page);
    await account(page, 'wizard-outer-pp');
    await toComplete(page, person, 'wizard-outer-pp', ['삼성생명', '여권 사진']);
  });

  test('an insurer that takes no ID photo skips the photo step', async ({ page }) => {
    const person = await verifiedPatient(page, { hospitalCd: OUTER });
    await jumin(page, person, 'wizard-nophoto');
    await insurer(page, 'AIA생명', 'wizard-nophoto');
    await expect(page).toHaveURL(/\/security\/paymentAccount$/);
  });
});

test.describe('inner mode (the hospital-independent landing)', () => {
  test('운전면허증, several hospitals at once, sorted by name, on to /web/complete', async ({ page }) => {
    test.setTimeout(240_000);
    const person = await verifiedPatient(page, { hospitalCd: INNER });
    await jumin(page, person, 'wizard-inner-dl');

    await onScreen(page, 'possibleHospital', '자동청구 병원 선택', 'wizard-inner-possibleHospital');
    const names = await page
      .getByRole('checkbox')
      .evaluateAll((els) => els.map((e) => e.closest('label')!.querySelector('.wz-option__title')!.textContent!));
    expect(names.length).toBeGreaterThan(1);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'ko')));
    expect(names.join()).not.toContain('온누리한의원'); // not (yet) offering automatic claims
    await next(page);
    await expect(
      page.getByRole('alert').filter({ hasText: '자동청구를 신청할 병원을 한 곳 이상 골라 주세요.' }),
    ).toBeFocused();
    await snap(page, 'wizard-inner-possibleHospital-error');
    await page.getByRole('checkbox', { name: /한빛정형외과의원/ }).check();
    await page.getByRole('checkbox', { name: /푸른숲내과의원/ }).check();
    await next(page, '2곳 선택하고 다음');

    await insurer(page, '현대해상', 'wizard-inner-dl');
    await photo(page, DL, 'wizard-inner-dl', {
      sent: { userNm: '김테스트', regNo: '112412345678', checkCd: 'Z9Y8X7', idcardIssueOrg: '경찰청' },
      shown: { 운전면허번호: '112412345678', 암호일련번호: 'Z9Y8X7' },
    });
    await account(page, 'wizard-inner-dl');
    await toComplete(page, person, 'wizard-inner-dl', [
      '푸른숲내과의원 (데모), 한빛정형외과의원 (데모)',
      '현대해상',
      '운전면허증 사진',
    ]);
    const status = await page.request.get('/ui/insu/v1/claims/subscriptions');
    expect(status.ok()).toBe(true);
    expect(((await status.json()) as { subscriptionStatus: string }).subscriptionStatus).toBe('subscribe');
  });

  test('주민등록증 in inner mode', async ({ page }) => {
    const person = await verifiedPatient(page, { hospitalCd: INNER });
    await jumin(page, person, 'wizard-inner-ic');
    await page.getByRole('checkbox', { name: /하늘빛종합병원/ }).check();
    await next(page, '1곳 선택하고 다음');
    await insurer(page, 'DB손해보험', 'wizard-inner-ic');
    await photo(page, IC, 'wizard-inner-ic', {
      sent: { idcardIssueOrg: '서울특별시 종로구청장', idcardIssueDate: '20180105', regNo: '999' },
      shown: { 발급기관: '서울특별시 종로구청장', 발급일: '20180105' },
    });
    await account(page, 'wizard-inner-ic');
  });
});

test("an account in someone else's name is explained, not accepted", async ({ page }) => {
  const person = await verifiedPatient(page, { hospitalCd: OUTER });
  await jumin(page, person, 'wizard-account');
  await insurer(page, 'AIA생명', 'wizard-account');
  await page.getByLabel('은행').selectOption({ label: '신한은행' });
  // The sandbox bank says every …9999 account is someone else's (README "Sandbox providers").
  await page.getByLabel('계좌번호').fill('110-123-459999');
  await expect(page.getByRole('radio', { name: '본인', exact: true })).toBeChecked();
  await next(page, '계좌 확인하고 다음');
  const explained = page.getByRole('alert').filter({ hasText: '은행에 등록된 예금주가 달라요' });
  await expect(explained).toBeVisible();
  await expect(explained).toContainText('****9999');
  await expect(explained).toContainText('김테스트');
  await expect(page.getByRole('alert').filter({ hasText: '입력한 내용을 확인해 주세요' })).toBeFocused();
  await expect(page).toHaveURL(/\/security\/paymentAccount$/);
  await snap(page, 'wizard-account-mismatch');
  await expectAccessible(page);
  // a family member's account: their relation and their name
  await page.getByRole('radio', { name: '배우자' }).check();
  await expect(page.getByLabel('예금주 이름')).toHaveValue('');
  await page.getByLabel('계좌번호').fill('110-123-456789');
  await page.getByLabel('예금주 이름').fill('이가족');
  await next(page, '계좌 확인하고 다음');
  await expect(page).toHaveURL(/\/security\/adress$/);
  // The payout guidance screen, off the walk, still works at its route: within the app, with what was entered.
  await page.evaluate((path) => {
    history.pushState({}, '', path);
    dispatchEvent(new PopStateEvent('popstate'));
  }, appPath('/security/paymentCenter'));
  await onScreen(page, 'paymentCenter', '보험금 지급 안내', 'wizard-account-paymentCenter');
  await expect(page.getByText('신한은행 ****6789 (예금주 이가족)')).toBeVisible();
  await next(page, '확인했어요');
  await expect(page).toHaveURL(/\/security\/adress$/);
});

test('at 320 px wide nothing is cut off and nothing scrolls sideways', async ({ page }) => {
  const person = await verifiedPatient(page, { hospitalCd: OUTER });
  await page.setViewportSize({ width: 320, height: 640 });
  const noSideScroll = async () =>
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
  await noSideScroll();
  await jumin(page, person, 'wizard-320');
  await noSideScroll();
  await insurer(page, 'NH농협손해보험', 'wizard-320');
  await noSideScroll();
  await photo(page, DL, 'wizard-320');
  await expect(page).toHaveURL(/\/security\/paymentAccount$/);
  await noSideScroll();
  await snap(page, 'wizard-320-paymentAccount');
});
