// The claim engine end to end (README "Claim engine"): a subscribed patient's hospital feeds a treatment record (sandbox hospital key), the engine
// claims it and sends an 알림톡 (sandbox outbox) whose link opens /web/treat with the claim; a visit below the
// minimum is claimed by hand there (the link's session steps up first: README "Identity and sessions"); an insurer
// asks for an ID copy and the patient submits it on /web/IDPhoto; a used link leads to SMS verification instead.
import sharp from 'sharp';
import { API } from '@auto-claim/contract';
import { test, expect, snap, expectAccessible, testPerson, SCREENSHOT_DIR } from './fixtures';
import { feed, feedMany, idPhoto, linkFromOutbox, ok, stepUpSheet, stepUpThroughSheet, subscribe } from './patient-api';

test('from a fed record to the 알림톡, its link to /web/treat, a claim by hand and an ID copy', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const p = testPerson();
  const ci = await subscribe(page.request, p, 10_000);
  // The patient's own browser has no session: only the link will open the history.
  await context.clearCookies();

  await feed(page.request, p, ci, { receiptNo: `E2E-${p.phone}-1`, totalPaid: 35_000 });
  const link = await linkFromOutbox(page, p.phone, 'treat');
  expect(link).not.toContain(ci);

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('자동청구 진료 내역');
  await expect(page.getByRole('heading', { name: /병원에서 받은 진료 1건/ })).toBeVisible();
  // the token left the address bar as soon as it was read
  await expect(page).toHaveURL(/\/web\/treat$/);
  const visit = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3 }) })
    .first();
  await expect(visit).toContainText('35,000원');
  await expect(visit).toContainText('삼성화재');
  await expect(visit.locator('.tr-badge')).toHaveText(/청구 준비 중|청구서 작성 완료|보험사에 보냄|보험사 접수 완료/);
  await expect(page.getByRole('heading', { name: '내 진료 기록 열람·전송 기록' })).toBeVisible();
  await expect(page.getByText('본인에게 진료 내역 1건을 보여 드렸어요.').first()).toBeVisible();
  await snap(page, 'treat-01-history');
  await expectAccessible(page);

  // A visit below the minimum: shown, not claimed, and claimable by hand after a confirmation.
  const seen = 1;
  await feed(page.request, p, ci, { receiptNo: `E2E-${p.phone}-2`, totalPaid: 4_000 });
  const link2 = await linkFromOutbox(page, p.phone, 'treat', seen);
  // A new message opens a new page (a same-page fragment change would not load it).
  await page.goto('about:blank');
  await page.goto(link2);
  await expect(page.getByRole('heading', { name: /병원에서 받은 진료 2건/ })).toBeVisible();
  const small = page.getByRole('listitem').filter({ hasText: '4,000원' }).first();
  await expect(small).toContainText('청구 안 함');
  await expect(small).toContainText('최소 청구 금액보다 적어서');
  await small.getByRole('button', { name: '이 진료 청구하기' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('4,000원');
  // The visit at hand by its department too (spec §3 UI deptNm).
  await expect(dialog).toContainText('정형외과 진료(4,000원)');
  await snap(page, 'treat-02-confirm');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: '청구하기' }).click();
  // The link's session reads the history only: claiming asks for the SMS verification once more, then goes on.
  await expect(stepUpSheet(page)).toContainText('진료를 직접 청구하려면 본인인증을 한 번 더 해 주세요');
  await stepUpThroughSheet(page, p.phone);
  await expect(small.getByRole('button', { name: '이 진료 청구하기' })).toHaveCount(0);
  await expect(small).toContainText('삼성화재');
  await expect(small).toContainText('직접 청구');
  await expect(
    page.getByText(/본인이 .*진료를 삼성화재에 청구했어요|청구하려고 서류를 만들었어요/).first(),
  ).toBeVisible();
  await snap(page, 'treat-03-claimed');
  // the engine's workers deliver it like any claim: after a while the history says it was sent
  await expect
    .poll(
      async () => {
        await page.reload();
        return page.getByRole('listitem').filter({ hasText: '직접 청구' }).first().textContent();
      },
      { timeout: 20_000 },
    )
    .toContain('보험사에 보냄');

  // The insurer asks for an ID copy about the first claim.
  const treats = (await (await page.request.get(API.treats)).json()) as {
    list: { paidAmt: number; claims: { claimId: string }[] }[];
  };
  const claimId = treats.list.find((v) => v.paidAmt === 35_000)!.claims[0]!.claimId;
  await ok(await page.request.post('/sandbox/insurers/idCardRequests', { data: { claimId } }));
  const idLink = await linkFromOutbox(page, p.phone, 'IDPhoto');
  await page.goto('about:blank');
  await page.goto(idLink);
  await expect(page.getByRole('heading', { name: '보험사가 신분증 사본을 요청했어요' })).toBeVisible();
  await expect(page.getByText('삼성화재').first()).toBeVisible();
  await page.getByRole('button', { name: '신분증 제출하기' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '입력한 내용을 확인해 주세요' })).toBeVisible();
  await snap(page, 'treat-04-idphoto-errors');
  await expectAccessible(page);
  await page.getByRole('radio', { name: '주민등록증' }).check();
  await page.getByTestId('idp-gallery-input').setInputFiles({
    name: 'id.jpg',
    mimeType: 'image/jpeg',
    buffer: await idPhoto(),
  });
  await expect(page.getByRole('img', { name: '찍은 신분증 사진' })).toBeVisible();
  await page.getByLabel('발급기관').fill('서울특별시 중구청장');
  await page.getByLabel('발급일').fill('20200315');
  await snap(page, 'treat-05-idphoto-filled');
  // The server checks the photo again (README "Accessibility and older patients"): here it receives a blank grey
  // frame in place of the card. Its refusal names the photo, and the refused photo is no longer shown.
  const blank = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#8a8a8a' } })
    .jpeg()
    .toBuffer();
  await page.route(`**${API.idCards}`, async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    const body = route.request().postDataJSON() as Record<string, unknown>;
    const refused = await route.fetch({
      postData: JSON.stringify({ ...body, idcardImg: `data:image/jpeg;base64,${blank.toString('base64')}` }),
    });
    await route.fulfill({ response: refused });
  });
  await page.getByRole('button', { name: '신분증 제출하기' }).click();
  await expect(page.locator('#idp-photo-error')).toHaveText(/신분증이 보이지 않아요/);
  await expect(page.getByRole('img', { name: '찍은 신분증 사진' })).toHaveCount(0);
  await expectAccessible(page);
  await page.unroute(`**${API.idCards}`);
  await page.getByTestId('idp-gallery-input').setInputFiles({
    name: 'id.jpg',
    mimeType: 'image/jpeg',
    buffer: await idPhoto(),
  });
  await expect(page.getByRole('img', { name: '찍은 신분증 사진' })).toBeVisible();
  await page.getByRole('button', { name: '신분증 제출하기' }).click();
  await expect(page).toHaveURL(/\/web\/complete\?type=idSubmit$/);
  await expect(page.getByRole('heading', { name: '신분증을 제출했어요' })).toBeVisible();
  await snap(page, 'treat-06-id-submitted');

  // Back on the history, the release of the ID copy is in the access log.
  await page.goto('/ui/insu/vuex/auto-claim/web/treat');
  await expect(page.getByText('삼성화재에 신분증 사본을 보냈어요.').first()).toBeVisible();

  // Another device (no device cookie: a forwarded link) opens nothing: the patient is offered SMS verification.
  await context.clearCookies();
  await page.goto('about:blank');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: '본인인증이 필요해요' })).toBeVisible();
  await expect(page.getByText(/처음 연 휴대폰에서만/)).toBeVisible();
  await snap(page, 'treat-07-link-used');
  await expectAccessible(page);
});

test('at 320 px and 200 % zoom the history still reads and its buttons stay reachable', async ({ page, context }) => {
  test.setTimeout(60_000);
  const p = testPerson();
  const ci = await subscribe(page.request, p, 50_000);
  await context.clearCookies();
  await feed(page.request, p, ci, { receiptNo: `E2E-${p.phone}-Z`, totalPaid: 12_300 });
  const link = await linkFromOutbox(page, p.phone, 'treat');
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto(link);
  await expect(page.getByRole('heading', { name: /병원에서 받은 진료 1건/ })).toBeVisible();
  await page.evaluate(() => {
    document.documentElement.style.fontSize = '200%';
  });
  const button = page.getByRole('button', { name: '이 진료 청구하기' });
  await button.scrollIntoViewIfNeeded();
  await expect(button).toBeInViewport();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await snap(page, 'treat-08-320px-zoom');
});

test('visits sent under an unconfirmed resident number wait for the patient: "내 진료가 맞나요?"', async ({ page }) => {
  test.setTimeout(90_000);
  const p = testPerson();
  // The sandbox RRN check does not answer for a number ending in 0000: subscribed, the number unconfirmed.
  const rrnBack = `${p.sexDigit}${p.phone.slice(-2)}0000`;
  await subscribe(page.request, p, 10_000, rrnBack);
  const rrn = `${p.birth6}${rrnBack}`;
  await feed(page.request, p, '', { receiptNo: `E2E-${p.phone}-R1`, totalPaid: 28_000, rrn, daysAgo: 3 });
  await feed(page.request, p, '', { receiptNo: `E2E-${p.phone}-R2`, totalPaid: 51_000, rrn, daysAgo: 5 });

  // Still signed in from the verification: the history asks before it shows or claims anything.
  const held = page.getByRole('region', { name: '내 진료가 맞나요?' });
  await expect
    .poll(
      async () => {
        await page.goto('/ui/insu/vuex/auto-claim/web/treat');
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('자동청구 진료 내역');
        return held.getByRole('article').count();
      },
      { timeout: 20_000 },
    )
    .toBe(2);
  await expect(page.getByRole('heading', { name: '아직 받은 진료 내역이 없어요' })).toBeVisible();
  // When and where only: no amount until the patient says it is theirs (the API answers no diagnosis either).
  await expect(held).not.toContainText('28,000원');
  await expect(held).not.toContainText('51,000원');
  const [newer, older] = [held.getByRole('article').nth(0), held.getByRole('article').nth(1)];
  await expect(newer).toContainText('한빛');
  await snap(page, 'treat-09-to-confirm');
  await expectAccessible(page);

  // "아니에요" asks once more, then takes it off.
  await older.getByRole('button', { name: '아니에요' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('내 진료 내역에서 뺄까요?');
  await snap(page, 'treat-10-not-mine');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: '내 진료가 아니에요' }).click();
  await expect(held.getByRole('article')).toHaveCount(1);

  // "네, 맞아요": the question goes, and the visit is claimed by the ordinary rules.
  await newer.getByRole('button', { name: '네, 맞아요' }).click();
  await expect(held).toHaveCount(0);
  await expect
    .poll(
      async () => {
        await page.reload();
        return page.getByRole('listitem').filter({ hasText: '28,000원' }).first().textContent();
      },
      { timeout: 20_000 },
    )
    .toContain('삼성화재');
  await expect(page.getByRole('heading', { name: /병원에서 받은 진료 1건/ })).toBeVisible();
  await expect(page.getByText('51,000원')).toHaveCount(0);
  await snap(page, 'treat-11-confirmed');
  await expectAccessible(page);
});

test('a long history: the newest 200 visits first, the older ones when she asks for them', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const p = testPerson();
  const ci = await subscribe(page.request, p, 10_000);
  await context.clearCookies();
  // 203 small visits over the last 203 days (shown, not claimed: below her minimum), then one claimed today, whose
  // 알림톡 opens the history.
  await feedMany(page.request, p, ci, {
    receiptPrefix: `E2E-${p.phone}-OLD`,
    count: 203,
    totalPaid: 4_000,
    daysAgo: 3,
  });
  await feed(page.request, p, ci, { receiptNo: `E2E-${p.phone}-NEW`, totalPaid: 35_000, daysAgo: 1 });
  await page.goto(await linkFromOutbox(page, p.phone, 'treat'));
  await expect(page.getByRole('heading', { name: '병원에서 받은 최근 진료 200건이에요' })).toBeVisible();
  const visits = page.locator('.tr-visits > li');
  await expect(visits).toHaveCount(200);
  const more = page.getByRole('button', { name: '이전 진료 더 보기' });
  await more.scrollIntoViewIfNeeded();
  // The screen where she meets the button, not the whole page of 200 visits (11 MB as one picture).
  await page.screenshot({ path: `${SCREENSHOT_DIR}/treat-history-more.png` });
  await more.click();
  // The four oldest visits follow the newest 200, and nothing is left to ask for.
  await expect(
    page
      .getByRole('list', { name: '이전 진료' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 3 }) }),
  ).toHaveCount(4);
  await expect(more).toHaveCount(0);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/treat-history-older.png` });
  await expectAccessible(page);
});
