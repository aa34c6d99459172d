// The ID photo at /security/photo (README "Enrolment"): a blurry, dark or blank photo is refused in the browser with
// words she can act on beside the camera button (still "카메라로 찍기": no photo yet), a good one goes on; a 12-megapixel photo is checked and made ≤ 500 KB in
// our own worker, in about 1.5 s on a CPU slowed 4× (the bound here is looser: see below), while the page keeps drawing frames.
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { test, expect, snap, expectAccessible, verifiedPatient } from './fixtures';
import { next } from './wizard-steps';

/** A card-like ID photo on a table: border, portrait box, lines of text; `noise` makes it a camera's photo. */
async function cardPhoto(w: number, h: number, opts: { blur?: number; noise?: number } = {}) {
  const m = Math.round(w * 0.04);
  const fs = Math.round(h * 0.06);
  const lines = ['RESIDENT REGISTRATION CARD', 'KIM TEST', '850101-1234567', 'SEOUL JUNG-GU', '2020. 3. 15.'];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="100%" height="100%" fill="#6b5a48"/><rect x="${m}" y="${m}" width="${w - 2 * m}" height="${h - 2 * m}" rx="${m}" fill="#e9eef4" stroke="#30506e" stroke-width="${Math.max(2, m / 6)}"/><rect x="${w * 0.7}" y="${h * 0.2}" width="${w * 0.22}" height="${h * 0.55}" fill="#8a9bb0"/>${lines
    .map(
      (t, i) =>
        `<text x="${w * 0.1}" y="${h * (0.22 + i * 0.14)}" font-family="sans-serif" font-size="${fs}" font-weight="bold" fill="#1a1a1a">${t}</text>`,
    )
    .join('')}</svg>`;
  let raw = await sharp(Buffer.from(svg)).flatten({ background: '#ffffff' }).raw().toBuffer();
  if (opts.blur)
    raw = await sharp(raw, { raw: { width: w, height: h, channels: 3 } })
      .blur(opts.blur)
      .raw()
      .toBuffer();
  if (opts.noise) {
    let s = 1;
    const span = opts.noise * 2 + 1;
    for (let i = 0; i < raw.length; i++) {
      s = (s * 1103515245 + 12345) & 0x7fffffff;
      raw[i] = Math.max(0, Math.min(255, raw[i]! + ((s >> 16) % span) - opts.noise));
    }
  }
  return sharp(raw, { raw: { width: w, height: h, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** From the jumin screen to /security/photo with 주민등록증 chosen (삼성화재 takes an ID photo). */
async function toPhoto(page: Page) {
  const person = await verifiedPatient(page);
  await page.getByLabel('주민등록번호 나머지 6자리를 입력해 주세요').fill(person.rrnBack.slice(1));
  await next(page);
  await page.getByRole('checkbox', { name: '삼성화재', exact: true }).check();
  await next(page);
  await expect(page).toHaveURL(/\/security\/photo$/);
  await page.getByRole('radio', { name: '주민등록증' }).check();
}

test('a blurry photo is refused in plain Korean beside the camera button; a good one goes on', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await toPhoto(page);
  const ocrCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/ocr/document/id-card')) ocrCalls.push(r.url());
  });

  for (const [photo, message] of [
    [await cardPhoto(1200, 760, { blur: 8 }), '사진이 흐려요.'],
    [
      await sharp({ create: { width: 1200, height: 760, channels: 3, background: '#c8c4bd' } })
        .jpeg()
        .toBuffer(),
      '신분증이 보이지 않아요. 신분증이 화면을 가득 채우도록 찍어 주세요.',
    ],
  ] as const) {
    await page
      .getByTestId('photo-camera-input')
      .setInputFiles({ name: 'id.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect(page.locator('#photo-error'))
      .toHaveText(message, { useInnerText: true })
      .catch(async () => {
        await expect(page.locator('#photo-error')).toContainText(message);
      });
  }
  // The blank one's message is the last; a refused photo is neither shown nor sent.
  await expect(page.getByText('아직 사진이 없어요.')).toBeVisible();
  expect(ocrCalls).toEqual([]);
  // No photo yet: the camera keeps its name, and says why the last one was refused.
  const camera = page.getByRole('button', { name: '카메라로 찍기' });
  await expect(camera).toBeVisible();
  await expect(camera).toHaveAccessibleDescription(/신분증이 보이지 않아요/);
  await snap(page, 'photo-refused-390');
  await expectAccessible(page);
  await page.setViewportSize({ width: 320, height: 700 });
  await snap(page, 'photo-refused-320');
  await page.setViewportSize({ width: 390, height: 844 });

  const request = page.waitForRequest((r) => r.url().includes('/ocr/document/id-card'));
  await page
    .getByTestId('photo-camera-input')
    .setInputFiles({ name: 'id.jpg', mimeType: 'image/jpeg', buffer: await cardPhoto(1200, 760, { noise: 6 }) });
  await request;
  await expect(page.getByRole('img', { name: '찍은 주민등록증 사진' })).toBeVisible();
  await expect(page.locator('#photo-error')).toHaveText('');
  await snap(page, 'photo-good-390');
  await expectAccessible(page);
});

test('a 12-megapixel photo: ≤ 500 KB, in seconds on a CPU slowed 4×, off the main thread', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const big = await cardPhoto(4000, 3000, { noise: 24 });
  expect(big.length).toBeGreaterThan(4 * 1024 * 1024);
  await toPhoto(page);

  // In the page: when the file was chosen, and every frame drawn from then on.
  await page.evaluate(() => {
    const w = window as unknown as { photoT0?: number; frames: number[] };
    w.frames = [];
    document.addEventListener('change', () => (w.photoT0 = performance.now()), true);
    const tick = (t: number) => {
      w.frames.push(t);
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const request = page.waitForRequest((r) => r.url().includes('/ocr/document/id-card'), { timeout: 60_000 });
  await page.getByTestId('photo-camera-input').setInputFiles({ name: 'id.jpg', mimeType: 'image/jpeg', buffer: big });
  const sent = (await request).postDataJSON() as { idcardImg: string };
  const figures = await page.evaluate(() => {
    const w = window as unknown as { photoT0: number; frames: number[] };
    const entry = performance.getEntriesByType('resource').find((e) => e.name.includes('/ocr/document/id-card')) as
      PerformanceResourceTiming | undefined;
    const t1 = entry?.startTime ?? performance.now();
    const during = w.frames.filter((t) => t >= w.photoT0 && t <= t1);
    let gap = 0;
    for (let i = 1; i < during.length; i++) gap = Math.max(gap, during[i]! - during[i - 1]!);
    return { ms: t1 - w.photoT0, frames: during.length, longestFrameGap: gap };
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  const bytes = Buffer.from(sent.idcardImg.split(',')[1]!, 'base64');
  const measured = `12 MP (${big.length} bytes) → ${bytes.length} bytes in ${figures.ms.toFixed(0)} ms at 4× CPU; ${figures.frames} frames, longest gap ${figures.longestFrameGap.toFixed(0)} ms`;
  test.info().annotations.push({ type: 'measured', description: measured });
  process.stdout.write(`${measured}\n`);
  expect(bytes.length).toBeLessThanOrEqual(500 * 1024);
  const meta = await sharp(bytes).metadata();
  expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(2048);
  expect(meta.width!).toBeGreaterThan(meta.height!); // landscape stays landscape
  // The target is 1.5 s on an idle machine, measured as a benchmark (docs/performance.md, "The ID photo"); here
  // another browser test runs beside this one on the same two cores (CI measured 2.4 s once and 3.8 s with a 317 ms
  // frame gap another time), so the test holds bounds that only a real regression crosses. Decoding, resizing and
  // encoding 12 MP on the main thread at 4× CPU blocks it for seconds at once: the frame check is what proves the
  // work is off the main thread.
  expect(figures.ms).toBeLessThanOrEqual(8000);
  // The main thread kept drawing: frames all along, none held up for long.
  expect(figures.frames).toBeGreaterThan(10);
  expect(figures.longestFrameGap).toBeLessThan(1000);
});
