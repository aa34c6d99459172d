// The wizard's screens as the walk meets them (spec §2 guarded screens, wizard/steps.ts), shared by the wizard specs:
// the first screens' quick walk, adress → signature (drawn with the mouse) → applyHistory (the summary, a question to
// confirm) → /web/complete; and the screens off the walk, reached by the summary's "변경" and "보기" (expenses, retro,
// job, email, the documents), each of which comes back to the summary. Each screen: its errors, a screenshot, axe-core.
import type { Page } from '@playwright/test';
import { expect, snap, expectAccessible, type TestPerson } from './fixtures';

export async function onScreen(page: Page, path: string, title: string, shot: string) {
  // Generous: a screen's chunk may load slowly on a busy machine.
  await expect(page).toHaveURL(new RegExp(`/(security|web)/${path}(\\?|$)`), { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await snap(page, shot);
  await expectAccessible(page);
}
export const next = (page: Page, name: string | RegExp = '다음') =>
  page.locator('.bottom-action').getByRole('button', { name }).click();
export const errorSummary = (page: Page) => page.getByRole('alert').filter({ hasText: '입력한 내용을 확인해 주세요' });

/** The summary, as a question before anything is sent. */
export async function atSummary(page: Page) {
  await expect(page).toHaveURL(/\/security\/applyHistory$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: '이 내용으로 신청할까요?' })).toBeVisible();
}

/**
 * A screen off the walk, opened by its link on the summary: no progress line there (it is no step forward), and its
 * answer brings the patient back to the summary.
 */
export async function fromSummary(page: Page, link: string, path: string, title: string, shot: string) {
  await atSummary(page);
  await page.getByRole('link', { name: link }).click();
  await onScreen(page, `${path}\\?from=applyHistory`, title, shot);
  await expect(page.getByText(/\d+단계 중 \d+단계/)).toHaveCount(0);
}

/** jumin: the sex digit typed on /identity is shown; the six that remain are typed. */
export async function jumin(page: Page, person: TestPerson) {
  await expect(page).toHaveURL(/\/security\/jumin$/);
  await page.getByLabel('주민등록번호 나머지 6자리를 입력해 주세요').fill(person.rrnBack.slice(1));
  await next(page);
}

/** insuChoose: the consent given on the consent screen is applied to the chosen insurers, named here. */
export async function insurers(page: Page, names: string[]) {
  await expect(page).toHaveURL(/\/security\/insuChoose$/);
  for (const name of names) await page.getByRole('checkbox', { name, exact: true }).check();
  await expect(
    page.getByRole('heading', { name: `앞에서 하신 보험사 동의를 ${names.join(', ')}에 적용해요` }),
  ).toBeVisible();
  await next(page);
}

/** paymentAccount: 본인 is chosen to begin with. */
export async function account(page: Page, bank = 'KB국민은행', number = '123-456-789012') {
  await expect(page).toHaveURL(/\/security\/paymentAccount(\?|$)/);
  await expect(page.getByRole('radio', { name: '본인', exact: true })).toBeChecked();
  await page.getByLabel('은행').selectOption({ label: bank });
  await page.getByLabel('계좌번호').fill(number);
  await next(page, '계좌 확인하고 다음');
}

/** The minimum amount, changed from the summary (its default: 모든 진료비). */
export async function expenses(page: Page, shot: string, amount = '3만 원 이상') {
  await fromSummary(page, '변경 최소 청구 금액', 'expenses', '청구 금액 설정', `${shot}-expenses`);
  // The deductible is the insurer's 공제금액; 본인부담금 means only the receipt's copay.
  await expect(page.getByText('공제금액(보통 1만~3만 원)')).toBeVisible();
  await expect(page.getByText('본인부담금')).toHaveCount(0);
  await expect(page.getByRole('button', { name: '청구할 최소 진료비 모든 진료비' })).toBeVisible();
  await page.getByRole('button', { name: /청구할 최소 진료비/ }).click();
  const sheet = page.getByRole('dialog', { name: '청구할 최소 진료비' });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole('button')).toHaveCount(6); // five amounts and the close button
  await snap(page, `${shot}-expenses-sheet`);
  await expectAccessible(page);
  await sheet.getByRole('button', { name: new RegExp(amount) }).click();
  await expect(sheet).toBeHidden();
  await expect(page.getByRole('button', { name: new RegExp(`청구할 최소 진료비 ${amount}`) })).toBeFocused();
  await next(page);
  await atSummary(page);
  await expect(page.getByRole('main')).toContainText(amount);
}

/** The past period, changed from the summary (its default: the last 3 years). */
export async function retro(page: Page, shot: string, choice: RegExp = /최근 1년/) {
  await fromSummary(page, '변경 지난 진료 청구', 'retro', '지난 진료 청구 기간', `${shot}-retro`);
  await expect(page.getByText('진료를 받은 날부터 3년이 지나면 청구할 수 없어요.')).toBeVisible();
  // What it cannot know, said plainly: a visit she claimed herself is refused as a double, never paid twice.
  await expect(page.getByText(/보험금을 두 번\s*받는 일은 없어요/)).toBeVisible();
  await expect(page.getByRole('radio', { name: /최근 3년/ })).toBeChecked();
  await page.getByRole('radio', { name: choice }).check();
  await next(page);
  await atSummary(page);
}

export async function adress(page: Page, shot: string) {
  await onScreen(page, 'adress', '주소', `${shot}-adress`);
  await next(page);
  await expect(errorSummary(page)).toBeFocused();
  await expect(errorSummary(page)).toContainText('주소를 입력해 주세요.');
  await expect(errorSummary(page)).not.toContainText('우편번호');
  await snap(page, `${shot}-adress-error`);
  await expectAccessible(page);
  await page.getByRole('searchbox', { name: '주소 검색' }).fill('세');
  await page.getByRole('button', { name: '주소 찾기' }).click();
  await expect(page.getByText('검색어를 2자 이상 입력해 주세요. 예: 세종대로 110')).toBeVisible();
  await page.getByRole('searchbox', { name: '주소 검색' }).fill('세종대로 110');
  await page.getByRole('button', { name: '주소 찾기' }).click();
  const result = page.getByRole('button', { name: /서울특별시 중구 세종대로 110/ });
  await expect(result).toBeVisible();
  await snap(page, `${shot}-adress-results`);
  await expectAccessible(page);
  await result.click();
  await expect(page.getByLabel('우편번호')).toHaveValue('04524');
  await expect(page.getByLabel(/상세 주소/)).toBeFocused();
  await page.getByLabel(/상세 주소/).fill('3층');
  await next(page);
}

/** The job, optional, changed from the summary: a group with details needs its detail; retirees have their own. */
export async function job(page: Page, shot: string) {
  await fromSummary(page, '변경 직업 (선택)', 'job', '직업', `${shot}-job`);
  await expect(page.locator('.bottom-action').getByRole('button')).toHaveText('직업 없이 다음');
  const groups = await page
    .getByLabel(/직업 분류/)
    .locator('option')
    .allTextContents();
  expect(groups).toContain('은퇴(퇴직)');
  expect(groups).toContain('사무 종사자 (예: 회사원(사무직), 은행원, 공무원(사무))');
  await page.getByLabel(/직업 분류/).selectOption({ label: '사무 종사자 (예: 회사원(사무직), 은행원, 공무원(사무))' });
  await next(page);
  await expect(errorSummary(page)).toContainText('세부 직업을 골라 주세요.');
  await snap(page, `${shot}-job-error`);
  await expectAccessible(page);
  await page.getByLabel('세부 직업').selectOption({ label: '금융 사무직' });
  await next(page);
  await atSummary(page);
  await expect(page.getByRole('main')).toContainText('금융 사무직');
}

/** The e-mail, optional, changed from the summary. */
export async function email(page: Page, shot: string) {
  await fromSummary(page, '변경 이메일 (선택)', 'email', '이메일', `${shot}-email`);
  await expect(page.getByRole('heading', { name: '이메일 주소 (선택)' })).toBeVisible();
  await page.getByLabel(/이메일 주소/).fill('kim@');
  await next(page);
  await expect(errorSummary(page)).toBeFocused();
  await expect(errorSummary(page)).toContainText('이메일 주소를 확인해 주세요. 예: name@example.com');
  await snap(page, `${shot}-email-error`);
  await expectAccessible(page);
  await page.getByLabel(/이메일 주소/).fill('');
  await expect(page.locator('.bottom-action').getByRole('button')).toHaveText('이메일 없이 다음');
  await page.getByLabel(/이메일 주소/).fill('kim.test@example.com');
  await next(page);
  await atSummary(page);
}

/**
 * Draws with the mouse: down, a zig-zag of moves, up; then waits for the pad to count the stroke. The trial click waits
 * until the pad has stopped moving and would take the pointer (a screen still sliding in would put the points off it).
 */
export async function stroke(page: Page, points: [number, number][]) {
  const pad = page.locator('#sign-pad');
  await pad.click({ trial: true, position: { x: points[0]![0], y: points[0]![1] } });
  const before = Number(await pad.getAttribute('data-strokes'));
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + points[0]![0], box.y + points[0]![1]);
  await page.mouse.down();
  for (const [x, y] of points.slice(1)) await page.mouse.move(box.x + x, box.y + y, { steps: 8 });
  await page.mouse.up();
  await expect(pad).toHaveAttribute('data-strokes', String(before + 1));
}

/** A signature the pad's check accepts: a zig-zag and a second, shorter stroke. */
export async function drawSignature(page: Page) {
  await stroke(page, [
    [40, 150],
    [90, 60],
    [140, 160],
    [190, 70],
  ]);
  await stroke(page, [
    [210, 120],
    [280, 90],
    [300, 150],
  ]);
}

export async function signature(page: Page, shot: string, person: TestPerson) {
  await onScreen(page, 'signature', '서명', `${shot}-signature`);
  // The last step of the progress line; the two documents the signature goes into, readable before signing.
  await expect(page.getByText('5단계 중 5단계')).toBeVisible();
  await page.getByRole('button', { name: '위임장 읽기' }).click();
  const sheet = page.getByRole('dialog', { name: '서명할 위임장' });
  await expect(sheet.getByRole('article', { name: '진료기록 열람 및 사본발급 위임장' })).toContainText(person.name);
  await expect(sheet).toContainText('서명 전이에요');
  await snap(page, `${shot}-signature-doc-sheet`);
  await expectAccessible(page);
  await sheet.getByRole('button', { name: '닫기' }).click();
  await page.getByRole('button', { name: '동의서 읽기' }).click();
  await expect(page.getByRole('dialog', { name: '서명할 동의서' })).toContainText('최종 제출처');
  await page.getByRole('dialog', { name: '서명할 동의서' }).getByRole('button', { name: '닫기' }).click();
  const pad = page.locator('#sign-pad');
  await next(page, '서명 완료');
  await expect(errorSummary(page)).toContainText('서명해 주세요.');
  // a tick is not a signature
  await stroke(page, [
    [50, 100],
    [60, 104],
  ]);
  await next(page, '서명 완료');
  await expect(errorSummary(page)).toContainText('서명이 너무 작거나 짧아요.');
  await snap(page, `${shot}-signature-error`);
  await expectAccessible(page);
  // undo takes the tick away, then a real signature in two strokes
  await page.getByRole('button', { name: '한 획 지우기' }).click();
  await expect(pad).toHaveAttribute('data-strokes', '0');
  await drawSignature(page);
  await expect(pad).toHaveAttribute('data-strokes', '2');
  // the bitmap follows the device pixel ratio (2 here)
  const size = await pad.evaluate((c: HTMLCanvasElement) => ({ w: c.width, cw: c.getBoundingClientRect().width }));
  expect(size.w).toBe(Math.round(size.cw * 2));
  await snap(page, `${shot}-signature-drawn`);
  await next(page, '서명 완료');
}

/** The signed documents, opened from the summary ("보기"), each coming back to it. */
export async function documents(page: Page, shot: string, person: TestPerson) {
  await fromSummary(page, '보기 위임장', 'docComissionView', '위임장', `${shot}-docComissionView`);
  const doc = page.getByRole('article', { name: '진료기록 열람 및 사본발급 위임장' });
  await expect(doc).toContainText(person.name);
  await expect(doc).toContainText('850101-1******');
  await expect(doc).toContainText('세종대로 110');
  await expect(doc.getByRole('img', { name: `${person.name} 님의 서명` })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'PDF로 받기' }).click();
  const pdf = await download;
  expect(pdf.suggestedFilename()).toBe('위임장.pdf');
  const bytes = await (await import('node:fs/promises')).readFile((await pdf.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  await next(page, '확인했어요');

  await fromSummary(page, '보기 동의서', 'docAgreeView', '동의서', `${shot}-docAgreeView`);
  const consent = page.getByRole('article', { name: '진료기록 열람 및 사본발급 동의서' });
  await expect(consent).toContainText('별지 제9호의2서식');
  await expect(consent).toContainText('최종 제출처');
  // The subscription's terms were agreed on the consent screen: not asked again, and the button agrees to nothing.
  await expect(page.getByRole('checkbox', { name: '자동청구 가입 약관에 모두 동의해요' })).toHaveCount(0);
  await next(page, '확인했어요');
  await atSummary(page);
}

export function countPosts(page: Page, path: RegExp) {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && path.test(new URL(r.url()).pathname)) seen.push(r.headers()['idempotency-key'] ?? '');
  });
  return seen;
}

/** On applyHistory: submit the application (`dblclick`: a double tap, which must still submit once). */
export async function submit(page: Page, click: 'click' | 'dblclick' = 'click') {
  await expect(page).toHaveURL(/\/security\/applyHistory$/, { timeout: 15_000 });
  await page.locator('.bottom-action').getByRole('button', { name: '자동청구 신청하기' })[click]();
}

/** /web/complete, as the patient sees it after submitting. */
export async function complete(page: Page, shot: string) {
  await onScreen(page, 'complete', '자동청구 완료', `${shot}-complete`);
  await expect(page.getByRole('heading', { name: '자동청구 신청을 마쳤어요' })).toBeVisible();
}

/**
 * A generated 주민등록증 photo taken on the photo screen: a card with its title and a line of text, which passes the
 * photo check (sharp, lit, a card in the frame: packages/contract photoQuality), then its issuer and date.
 */
export async function idCardPhoto(page: Page) {
  await expect(page).toHaveURL(/\/security\/photo$/);
  await page.getByRole('radio', { name: '주민등록증' }).check();
  const base64 = await page.evaluate(async () => {
    const canvas = new OffscreenCanvas(1200, 800);
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#f4f6fa';
    ctx.fillRect(0, 0, 1200, 800);
    ctx.fillStyle = '#191f28';
    ctx.font = 'bold 80px sans-serif';
    ctx.fillText('주민등록증', 420, 200);
    ctx.font = '50px sans-serif';
    ctx.fillText('김테스트  850101-1******', 420, 320);
    const bytes = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/png' })).arrayBuffer());
    let s = '';
    for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(s);
  });
  await page
    .getByTestId('photo-camera-input')
    .setInputFiles({ name: 'id.png', mimeType: 'image/png', buffer: Buffer.from(base64, 'base64') });
  await expect(page.getByRole('img', { name: '찍은 주민등록증 사진' })).toBeVisible();
  await page.getByLabel('발급기관', { exact: true }).fill('서울특별시 마포구청장');
  await page.getByLabel('발급일', { exact: true }).fill('2020. 3. 15');
  await next(page);
  await expect(page).toHaveURL(/\/security\/paymentAccount$/);
}

/**
 * A photo of an ID card made in the page: a card with text on a noisy background. `big`: a PNG of several MB that the
 * app has to compress below 1 MB. Otherwise a small JPEG that the app sends as it is.
 */
export async function idImage(
  page: Page,
  label: string,
  big: boolean,
  lines: readonly [string, string] = ['김테스트  850101-1******', '2020. 3. 15.'],
): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ([text, big, [holder, issued]]) => {
      const w = big ? 2400 : 1200;
      const h = big ? 1600 : 800;
      const canvas = new OffscreenCanvas(w, h);
      const ctx = canvas.getContext('2d')!;
      const img = ctx.createImageData(w, h);
      for (let i = 0; i < img.data.length; i += 4) {
        const v = 60 + Math.floor(Math.random() * 16);
        img.data[i] = v;
        img.data[i + 1] = v;
        img.data[i + 2] = v + 10;
        img.data[i + 3] = 255;
      }
      ctx.putImageData(img, 0, 0);
      ctx.scale(w / 2400, h / 1600);
      ctx.fillStyle = '#f4f6fa';
      ctx.fillRect(300, 250, 1800, 1100);
      ctx.fillStyle = '#c8d6ee';
      ctx.fillRect(380, 420, 420, 540);
      ctx.fillStyle = '#191f28';
      ctx.font = 'bold 110px sans-serif';
      ctx.fillText(text, 880, 480);
      ctx.font = '70px sans-serif';
      ctx.fillText(holder, 880, 640);
      ctx.fillText(issued, 880, 800);
      const blob = await canvas.convertToBlob(big ? { type: 'image/png' } : { type: 'image/jpeg', quality: 0.8 });
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let s = '';
      for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(s);
    },
    [label, big, lines] as const,
  );
  return Buffer.from(base64, 'base64');
}

/**
 * The small JPEG with what the sandbox OCR is to read, as the comment segment it documents
 * (`autoclaim-ocr:` + JSON right after the start of image): a real photo carries no such text.
 */
export function withOcrText(jpeg: Buffer, fields: Record<string, string>): Buffer {
  const text = Buffer.from(`autoclaim-ocr:${JSON.stringify(fields)}`, 'utf8');
  const head = Buffer.from([0xff, 0xfe, (text.length + 2) >> 8, (text.length + 2) & 0xff]);
  return Buffer.concat([jpeg.subarray(0, 2), head, text, jpeg.subarray(2)]);
}
