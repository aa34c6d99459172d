// A reload in the middle of the enrolment (README "Enrolment drafts and coming back"), at 390 × 844 as a phone shows
// it: a parent on her child's path, sent off to 정부24 by the relation-document screen, comes back to a reloaded tab
// and is still enrolling her child there, her answers in place (kept by the server for her verified identity, never in
// the browser's storage). Reloaded later, the photos she gave are not kept: she is told which, in Korean, and taken to
// the first. On the way: the paediatric landing says parents can enrol children and with what paper, and the photo
// step says the ID is the parent's own. And a subscriber who comes back is recognised: SMS verification from the
// landing, then "내 자동청구", no consent screen, nothing recorded again.
import type { Page } from '@playwright/test';
import { API, SMS_RESEND_INTERVAL_SECONDS } from '@auto-claim/contract';
import {
  test,
  expect,
  snap,
  expectAccessible,
  testPerson,
  verifiedPatient,
  appPath,
  fillIdentity,
  latestCode,
} from './fixtures';
import { expectFits, subscribe } from './patient-api';
import { adress, countPosts, drawSignature, next, onScreen } from './wizard-steps';

const PAEDIATRIC = '90000003';
const INSURER = '삼성화재';

const kstDay = (days = 0) =>
  new Date(Date.now() + 9 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
const dotted = (ymd: string) => `${ymd.slice(0, 4)}.${ymd.slice(4, 6)}.${ymd.slice(6)}`;

/** The screen at 390 px and at 320 px: a screenshot of each, fitting, axe-clean. */
async function look(page: Page, shot: string) {
  await snap(page, shot);
  await expectAccessible(page);
  await page.setViewportSize({ width: 320, height: 720 });
  await snap(page, `${shot}-320`);
  await expectFits(page, `${shot} at 320 px`);
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
}

/** A picture made in the page (a card or a document: dark text on white in a grey frame), as PNG bytes. */
async function picture(page: Page, title: string, lines: string[]): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ({ title, lines }) => {
      const canvas = new OffscreenCanvas(1200, 900);
      const c = canvas.getContext('2d')!;
      c.fillStyle = '#6b6f76';
      c.fillRect(0, 0, 1200, 900);
      c.fillStyle = '#ffffff';
      c.fillRect(60, 60, 1080, 780);
      c.fillStyle = '#111111';
      c.font = 'bold 70px sans-serif';
      c.fillText(title, 360, 190);
      c.font = '40px sans-serif';
      for (let i = 0; i < 12; i++) c.fillText(lines[i % lines.length]!, 120, 280 + i * 46);
      const bytes = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/png' })).arrayBuffer());
      let s = '';
      for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(s);
    },
    { title, lines },
  );
  return Buffer.from(base64, 'base64');
}

async function parentsIdPhoto(page: Page) {
  await page.getByRole('radio', { name: '주민등록증' }).check();
  await page.getByTestId('photo-camera-input').setInputFiles({
    name: 'id.png',
    mimeType: 'image/png',
    buffer: await picture(page, '주민등록증', ['김하나 850101-2******']),
  });
  await expect(page.getByRole('img', { name: '찍은 주민등록증 사진' })).toBeVisible();
  await page.getByLabel('발급기관', { exact: true }).fill('서울특별시 마포구청장');
  await page.getByLabel('발급일', { exact: true }).fill('2020. 3. 15');
  await next(page);
}

async function relationDocument(page: Page) {
  await page.getByRole('radio', { name: '가족관계증명서' }).check();
  await page.getByTestId('reldoc-camera-input').setInputFiles({
    name: 'family.png',
    mimeType: 'image/png',
    buffer: await picture(page, '가족관계증명서', ['본인 김하나 1985년 01월 01일', '자녀 김지민 2015년 03월 01일']),
  });
  await expect(page.getByRole('img', { name: '찍은 가족관계증명서 사진' })).toBeVisible();
  await page.getByLabel('발급일').fill(dotted(kstDay(-3)));
  await next(page);
}

/** Nothing personal in the browser's storage, whatever the server keeps. */
async function nothingStored(page: Page, words: string[]) {
  const stored = await page.evaluate(async () => {
    const all: string[] = [];
    for (const s of [localStorage, sessionStorage])
      for (let i = 0; i < s.length; i++) all.push(s.getItem(s.key(i)!) ?? '');
    const dbs = (await indexedDB.databases?.()) ?? [];
    return { text: all.join('\n'), dbs: dbs.length };
  });
  for (const w of words) expect(stored.text).not.toContain(w);
  expect(stored.dbs).toBe(0);
}

test('a reload in the middle of the child path resumes it as the child’s enrolment; what is not kept is asked again by name', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const parent = testPerson({ name: '김하나', sexDigit: '2' });
  const child = { name: '김지민', birthday: '20150301', back: `4${parent.phone.slice(-6)}` };

  // ——— the paediatric landing: parents can enrol children, with what paper ———
  await page.goto(appPath(`/${PAEDIATRIC}`));
  const note = page.getByRole('region', { name: '부모님이 자녀의 자동청구를 신청할 수 있어요' });
  await expect(note).toContainText('3개월 안에 발급한 가족관계증명서나 주민등록등본');
  await expect(note).toContainText('보호자 본인의 신분증');
  await note.scrollIntoViewIfNeeded();
  await look(page, 'resume-01-paediatric-landing');

  await verifiedPatient(page, { hospitalCd: PAEDIATRIC, person: parent });
  await expect(page).toHaveURL(/\/security\/jumin$/);
  await page.getByRole('radio', { name: /^자녀/ }).check();
  await page.getByLabel('보호자 본인의 주민등록번호 나머지 6자리를 입력해 주세요').fill(parent.rrnBack.slice(1));
  await next(page);
  await expect(page).toHaveURL(/\/security\/childInfo$/, { timeout: 15_000 });
  await page.getByLabel('자녀 이름').fill(child.name);
  await page.getByLabel('자녀 생년월일').fill(dotted(child.birthday));
  await page.getByRole('radio', { name: '여자' }).check();
  await page.getByLabel('자녀 주민등록번호 뒷자리 7자리').fill(child.back);
  await page.getByRole('radio', { name: '어머니 (모)' }).check();
  await next(page);
  await expect(page).toHaveURL(/\/security\/insuChoose$/, { timeout: 15_000 });
  await page.getByRole('checkbox', { name: INSURER, exact: true }).check();
  await next(page);

  // ——— the ID under the child's banner: the parent's own ———
  await onScreen(page, 'photo', '신분증 촬영', 'resume-02-photo-child');
  await expect(page.getByText('지민이의 자동청구를 신청하고 있어요')).toBeVisible();
  await expect(page.getByText('5단계 중 3단계 · 신분증: 보호자 본인의 신분증')).toBeVisible();
  await expect(page.getByText(/보호자 본인의 신분증을 찍어 주세요\. 지민이의 신분증이 아니에요/)).toBeVisible();
  await look(page, 'resume-02-photo-child');
  await parentsIdPhoto(page);

  // ——— off to 정부24: the tab is discarded and reloaded on the relation-document screen ———
  await expect(page).toHaveURL(/\/security\/relationDoc$/, { timeout: 15_000 });
  await page.getByRole('radio', { name: '가족관계증명서' }).check();
  // The tab goes to the background (the draft is saved then), and comes back reloaded.
  const saved = page.waitForResponse((r) => r.url().endsWith(API.enrolmentDraft) && r.request().method() === 'PUT');
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  expect((await saved).ok()).toBe(true);
  await nothingStored(page, [child.name, child.back, parent.rrnBack.slice(1), parent.phone]);
  await page.reload();

  // Her ID photo is not kept: she is told so, in Korean, and takes it again; then back where she was.
  const told = page.getByRole('alertdialog').or(page.getByRole('dialog'));
  await expect(told).toContainText('신분증 사진은 안전을 위해 저장하지 않아서 다시 해 주셔야 해요');
  await snap(page, 'resume-03-photo-not-kept');
  await expectAccessible(page);
  await told.getByRole('button', { name: '확인' }).click();
  await onScreen(page, 'photo', '신분증 촬영', 'resume-03-photo-again');
  await expect(page.getByText('지민이의 자동청구를 신청하고 있어요')).toBeVisible();
  await parentsIdPhoto(page);
  // Still her child's enrolment, on the screen she left, with what she had chosen.
  await onScreen(page, 'relationDoc', '가족관계 서류', 'resume-03-relationDoc-reloaded');
  await expect(page.getByText('지민이의 자동청구를 신청하고 있어요')).toBeVisible();
  await expect(page.getByRole('heading', { name: '지민이와 가족인지 확인할 서류를 올려 주세요' })).toBeVisible();
  await expect(page.getByRole('radio', { name: '가족관계증명서' })).toBeChecked();
  await look(page, 'resume-03-relationDoc-reloaded');
  await relationDocument(page);

  // ——— the account in the parent's name, then reloaded again on the address ———
  await expect(page).toHaveURL(/\/security\/paymentAccount$/, { timeout: 15_000 });
  await expect(page.getByRole('radio')).toHaveCount(2); // the child's or the parent's: a child's enrolment
  await page.getByLabel('은행').selectOption({ label: 'KB국민은행' });
  await page.getByLabel('계좌번호').fill('123-456-789012');
  await page.getByRole('radio', { name: '보호자 명의' }).check();
  await next(page, '계좌 확인하고 다음');
  await expect(page).toHaveURL(/\/security\/adress$/, { timeout: 15_000 });
  await page.reload();

  // The photos are not kept: she is told which, and taken to the first.
  await expect(told).toContainText('신분증 사진과 가족관계 서류는 안전을 위해 저장하지 않아서 다시 해 주셔야 해요');
  await snap(page, 'resume-04-not-kept');
  await expectAccessible(page);
  await told.getByRole('button', { name: '확인' }).click();
  await onScreen(page, 'photo', '신분증 촬영', 'resume-05-photo-again');
  await expect(page.getByText('지민이의 자동청구를 신청하고 있어요')).toBeVisible();
  await parentsIdPhoto(page);
  await expect(page).toHaveURL(/\/security\/relationDoc$/, { timeout: 15_000 });
  await relationDocument(page);

  // Everything else as she left it: the account screen's answers, then on to the summary of the child's enrolment.
  await expect(page).toHaveURL(/\/security\/paymentAccount$/, { timeout: 15_000 });
  await expect(page.getByLabel('계좌번호')).toHaveValue(/123-?456-?789012/);
  await expect(page.getByRole('radio', { name: '보호자 명의' })).toBeChecked();
  await next(page, '계좌 확인하고 다음');
  await adress(page, 'resume-06');
  await expect(page).toHaveURL(/\/security\/signature$/, { timeout: 15_000 });
  await drawSignature(page);
  await next(page, '서명 완료');
  await onScreen(page, 'applyHistory', '자동청구 신청', 'resume-07-summary');
  await expect(page.getByRole('region', { name: '자녀 정보' })).toContainText(child.name);
  await expect(page.getByRole('region', { name: '보호자(본인) 정보' })).toContainText(parent.name);
  await expect(page.getByText('입력 전이에요')).toHaveCount(0);
});

test('a subscriber who comes back: SMS verification from the landing, then 내 자동청구; no terms again', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const p = testPerson();
  await subscribe(page.request, p, 10_000);
  // Her verification by the API just sent a code: the resend gap is passed on the sandbox's clock.
  expect(
    (await page.request.post('/sandbox/clock', { data: { advanceSeconds: SMS_RESEND_INTERVAL_SECONDS + 1 } })).ok(),
  ).toBe(true);
  await page.context().clearCookies();
  const terms = countPosts(page, /^\/auth\/rest\/terms$/);
  const seen: string[] = [];
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) seen.push(new URL(f.url()).pathname);
  });

  await page.goto(appPath('/90000001'));
  await page.getByRole('link', { name: '본인인증하고 내 자동청구 보기' }).click();
  await expect(page).toHaveURL(/\/identity\?for=mine$/);
  await expect(page.getByText('내 자동청구를 보려고 본인인증을 해요. 새로 가입하는 게 아니에요.')).toBeVisible();
  await expect(page.getByText(/\d단계 중 \d단계/)).toHaveCount(0);
  await snap(page, 'returning-01-identity');
  await expectAccessible(page);
  await fillIdentity(page, p, { telecomTerms: true });
  await page.getByRole('button', { name: '인증번호 받기' }).click();
  await expect(page).toHaveURL(/\/certInput$/);
  await page.getByLabel('인증번호').fill(await latestCode(page, p.phone));
  await page.getByRole('button', { name: '확인', exact: true }).click();

  await expect(page).toHaveURL(/\/security\/applyHistory$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('내 자동청구');
  await expect(page).toHaveTitle('내 자동청구 | 자동청구');
  await expect(page.getByRole('heading', { name: '자동청구에 가입되어 있어요' })).toBeVisible();
  await look(page, 'returning-02-mine');
  expect(seen.some((path) => path.endsWith('/authAgreeInfo'))).toBe(false);
  expect(terms).toEqual([]);

  // The same through the start button and the consent screen (ticked all, marketing too): recognised, and nothing
  // ticked there is recorded.
  expect(
    (await page.request.post('/sandbox/clock', { data: { advanceSeconds: SMS_RESEND_INTERVAL_SECONDS + 1 } })).ok(),
  ).toBe(true);
  await verifiedPatient(page, { person: p });
  await expect(page).toHaveURL(/\/security\/applyHistory$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('내 자동청구');
  expect(terms).toEqual([]);
});
