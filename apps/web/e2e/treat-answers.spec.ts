// /web/treat explains each claim and she can always get back to it: what was claimed, what
// the insurer answered (a paid amount below the claim and why, a rejection's reason, the papers asked for and how to
// send them) and the next step, in the glossary's words; "내 자동청구" leads to the history; a 알림톡 link opened in a
// browser that never saw it leads through SMS verification straight to the history, never to the sign-up's steps;
// /web/complete opened by someone who never enrolled does not say she finished.
import type { APIRequestContext, Page } from '@playwright/test';
import { API, SMS_RESEND_INTERVAL_SECONDS, type TreatsAnswer } from '@auto-claim/contract';
import {
  test,
  expect,
  snap,
  expectAccessible,
  testPerson,
  appPath,
  fillIdentity,
  latestCode,
  SCREENSHOT_DIR,
} from './fixtures';
import { expectFits, feed, insurerAnswers, linkFromOutbox, ok, subscribe, textSize } from './patient-api';

const INSURER = 'SAMSUNGFIRE';

/** The claim of the visit that cost `totalPaid`, once the engine sent it (the insurer may answer only then). */
async function sentClaim(request: APIRequestContext, totalPaid: number) {
  let claimId = 0;
  await expect
    .poll(
      async () => {
        const treats = (await (await request.get(API.treats)).json()) as TreatsAnswer;
        const claim = treats.list.find((v) => v.paidAmt === totalPaid)?.claims[0];
        claimId = claim?.status === 'sent' ? Number(claim.claimId) : 0;
        return claimId;
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThan(0);
  return claimId;
}

const visitOf = (page: Page, amount: string) =>
  page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { level: 3 }) })
    .filter({ hasText: amount });

test('each claim says what was claimed, what the insurer answered and what to do next', async ({ page }) => {
  test.setTimeout(120_000);
  const p = testPerson();
  const ci = await subscribe(page.request, p, 10_000);
  await feed(page.request, p, ci, { receiptNo: `E2E-ANS-P-${p.phone}`, totalPaid: 35_000, daysAgo: 6 });
  await feed(page.request, p, ci, { receiptNo: `E2E-ANS-R-${p.phone}`, totalPaid: 48_000, daysAgo: 5 });
  await feed(page.request, p, ci, { receiptNo: `E2E-ANS-D-${p.phone}`, totalPaid: 60_000, daysAgo: 4 });
  const [paid, rejected, papers] = [
    await sentClaim(page.request, 35_000),
    await sentClaim(page.request, 48_000),
    await sentClaim(page.request, 60_000),
  ];
  await insurerAnswers(page.request, { claimId: paid, answer: 'paid', paidAmount: 23_000 });
  await insurerAnswers(page.request, {
    claimId: rejected,
    answer: 'rejected',
    reason: '미용 목적의 치료는 보장하지 않아요.',
  });
  await insurerAnswers(page.request, {
    claimId: papers,
    answer: 'documents_requested',
    documents: ['id_copy', 'diagnosis'],
  });

  await page.goto(appPath('/web/treat'));
  await expect(page.getByRole('heading', { name: /병원에서 받은 진료 3건/ })).toBeVisible();

  // Paid, below the claim: the claim and the payout side by side under their own words, the difference and why.
  const paidVisit = visitOf(page, '35,000원');
  await expect(paidVisit).toContainText('보험금 지급 완료');
  await expect(paidVisit).toContainText(/청구 금액\s*35,000원/);
  await expect(paidVisit).toContainText(/받은 보험금\s*23,000원/);
  await expect(paidVisit).toContainText(/\d{4}년 \d{1,2}월 \d{1,2}일에 보험사가 지급했다고 알려 왔어요/);
  await expect(paidVisit).toContainText('청구 금액보다 12,000원 적게 받았어요.');
  await expect(paidVisit).toContainText('공제금액');
  // The visit's 비급여 (60 % of 35,000 in the sandbox feed) is named as a possible part of it, no more.
  await expect(paidVisit).toContainText('비급여 21,000원 가운데 가입한 보험이 보장하지 않는 항목이 있으면');
  await expect(paidVisit).toContainText('삼성화재 고객센터(1588-5114)');
  await expect(paidVisit).toContainText('다음 할 일');

  // Rejected: the insurer's reason, and whom to call.
  const rejectedVisit = visitOf(page, '48,000원');
  await expect(rejectedVisit).toContainText('보험사 반려');
  // Who wrote it is said: the insurer's own answer.
  await expect(rejectedVisit).toContainText('반려 사유(보험사가 적은 내용): 미용 목적의 치료는 보장하지 않아요.');
  await expect(rejectedVisit).toContainText('삼성화재 고객센터(1588-5114)에 전화해 주세요');
  await expect(rejectedVisit).not.toContainText('받은 보험금');

  // Papers: which ones; the ID copy is sent from here, the rest go to the insurer's fax with the claim number.
  const papersVisit = visitOf(page, '60,000원');
  await expect(papersVisit).toContainText('보험사가 요청한 서류: 신분증 사본, 진단서');
  await expect(papersVisit).toContainText('신분증 사본: 이 앱에서 사진을 찍어 올려요.');
  await expect(papersVisit).toContainText(/진단서: 병원에서 발급받아 삼성화재 팩스 [\d-]+로 보내요\./);
  await expect(papersVisit).toContainText(`청구번호(${papers})`);
  const send = papersVisit.getByRole('link', { name: '삼성화재에 신분증 사본 보내기' });
  await expect(send).toBeVisible();

  // One glossary: each money word explained once, the same words the cards use.
  await page.getByText('금액 용어 풀이').click();
  await expect(page.getByRole('definition').filter({ hasText: '받은 보험금이 아니에요' })).toBeVisible();
  await snap(page, 'treat-answers-01-390');
  await expectAccessible(page);

  await page.setViewportSize({ width: 320, height: 640 });
  await expect(paidVisit).toContainText('12,000원 적게');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await snap(page, 'treat-answers-02-320');
  await expectAccessible(page);
  await expectFits(page, '/web/treat at 320 px');
  // At 200 % text, on both phones.
  await textSize(page, 200);
  await expectFits(page, '/web/treat at 320 px, 200 %');
  await snap(page, 'treat-answers-02-320-200pct');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectFits(page, '/web/treat at 390 px, 200 %');
  await snap(page, 'treat-answers-02-390-200pct');
  await expectAccessible(page);
  await textSize(page, 100);

  await send.click();
  await expect(page).toHaveURL(/\/web\/IDPhoto$/);
});

test('"내 자동청구" leads to her history', async ({ page }) => {
  test.setTimeout(90_000);
  const p = testPerson();
  const ci = await subscribe(page.request, p, 10_000);
  await feed(page.request, p, ci, { receiptNo: `E2E-MINE-${p.phone}`, totalPaid: 35_000 });
  // After verification a subscriber lands on "내 자동청구" (the summary of her subscription).
  await page.goto(appPath('/security/applyHistory'));
  await expect(page.getByRole('heading', { name: '자동청구에 가입되어 있어요' })).toBeVisible();
  const link = page.getByRole('link', { name: '내 진료·청구 내역 보기' });
  await snap(page, 'treat-answers-03-my-subscription');
  await expectAccessible(page);
  await page.setViewportSize({ width: 320, height: 640 });
  await snap(page, 'treat-answers-03-my-subscription-320');
  await expectFits(page, '내 자동청구 at 320 px');
  await textSize(page, 200);
  await expectFits(page, '내 자동청구 at 320 px, 200 %');
  await snap(page, 'treat-answers-03-my-subscription-320-200pct');
  await expectAccessible(page);
  await link.click();
  await expect(page).toHaveURL(/\/web\/treat$/);
  await expect(page.getByRole('heading', { name: /병원에서 받은 진료 1건/ })).toBeVisible();
});

test('a 알림톡 link opened in another browser: SMS verification, then straight to her history', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const p = testPerson();
  const ci = await subscribe(page.request, p, 10_000);
  await feed(page.request, p, ci, { receiptNo: `E2E-FWD-${p.phone}`, totalPaid: 35_000 });
  const link = await linkFromOutbox(page, p.phone, 'treat');
  // Opened first in KakaoTalk's own browser: the link is that browser's from now on.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: /병원에서 받은 진료 1건/ })).toBeVisible();
  // The first code's resend gap passes on the sandbox's clock, not in the test's time.
  await ok(await page.request.post('/sandbox/clock', { data: { advanceSeconds: SMS_RESEND_INTERVAL_SECONDS + 1 } }));
  const sent = await ok<{ messages: { body: string }[] }>(await page.request.get(`/sandbox/outbox?to=${p.phone}`));
  const firstCode = sent.messages.map((m) => m.body.match(/\[(\d{6})\]/)?.[1]).find(Boolean) ?? '';

  const other = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'ko-KR', isMobile: true });
  try {
    const fresh = await other.newPage();
    await fresh.goto(link);
    await expect(fresh.getByRole('heading', { name: '본인인증이 필요해요' })).toBeVisible();
    await fresh.setViewportSize({ width: 320, height: 640 });
    await textSize(fresh, 200);
    await expectFits(fresh, 'the link that needs verification at 320 px, 200 %');
    await textSize(fresh, 100);
    await fresh.setViewportSize({ width: 390, height: 844 });
    await fresh.getByRole('button', { name: '휴대폰 본인인증 하기' }).click();
    // The identity screen, not the sign-up: no service terms, no "5단계 중 1단계", and it says what it is for.
    await expect(fresh).toHaveURL(/\/identity$/);
    await expect(fresh.getByText(/단계 중 \d단계/)).toHaveCount(0);
    await expect(
      fresh.getByText('내 진료·청구 내역을 보려고 본인인증을 해요. 새로 가입하는 게 아니에요.', { exact: false }),
    ).toBeVisible();
    await snap(fresh, 'treat-answers-04-verify-for-history');
    await expectAccessible(fresh);
    await fresh.setViewportSize({ width: 320, height: 640 });
    await snap(fresh, 'treat-answers-04-verify-for-history-320');
    await expectFits(fresh, 'the verification for her history at 320 px');
    // At 200 % text the 통신사 choices once made the page wider than a 320 px phone (it zoomed out to fit).
    await textSize(fresh, 200);
    await expectFits(fresh, 'the verification for her history at 320 px, 200 %');
    await snap(fresh, 'treat-answers-04-verify-for-history-320-200pct');
    await expectAccessible(fresh);
    await textSize(fresh, 100);
    await fresh.setViewportSize({ width: 390, height: 844 });
    await fillIdentity(fresh, p, { telecomTerms: true });
    await fresh.getByRole('button', { name: '인증번호 받기' }).click();
    await expect(fresh).toHaveURL(/\/certInput$/);
    await expect(fresh.getByText(/단계 중 \d단계/)).toHaveCount(0);
    await fresh.getByLabel('인증번호').fill(await latestCode(fresh, p.phone, firstCode));
    await fresh.getByRole('button', { name: '확인', exact: true }).click();
    await expect(fresh).toHaveURL(/\/web\/treat$/);
    await expect(fresh.getByRole('heading', { name: /병원에서 받은 진료 1건/ })).toBeVisible();
    await expect(fresh.getByText('35,000원').first()).toBeVisible();
    await snap(fresh, 'treat-answers-05-history-after-verify');
    await expectAccessible(fresh);
  } finally {
    await other.close();
  }
});

test('/web/complete opened by someone who never enrolled does not say she finished', async ({ page }) => {
  await page.goto(appPath('/web/complete'));
  await expect(page.getByRole('heading', { name: '자동청구 신청을 마쳤어요' })).toHaveCount(0);
  // Sent to the start, and told why.
  await expect(page).not.toHaveURL(/\/web\/complete/);
  await expect(page.getByText('자동청구 가입 내역이 없어요. 처음 화면에서 신청할 수 있어요.')).toBeVisible();
  await expect(page.getByRole('link', { name: '자동청구 시작하기' }).first()).toBeVisible();
  await snap(page, 'treat-answers-06-complete-not-enrolled');
  await expectAccessible(page);
  await page.setViewportSize({ width: 320, height: 640 });
  await snap(page, 'treat-answers-06-complete-not-enrolled-320');
});

test('the finish screen at 320 px and at 200 % text: nothing under its two buttons', async ({ page }) => {
  const p = testPerson();
  await subscribe(page.request, p, 10_000);
  await page.goto(appPath('/web/complete'));
  await expect(page.getByRole('heading', { name: '자동청구 신청을 마쳤어요' })).toBeVisible();
  await expect(page.getByRole('link', { name: '내 자동청구 보기' })).toBeVisible();
  for (const [width, height, percent] of [
    [390, 844, 100],
    [320, 640, 100],
    [390, 844, 200],
    [320, 640, 200],
  ] as const) {
    await page.setViewportSize({ width, height });
    await textSize(page, percent);
    await expectFits(page, `/web/complete at ${width} px, ${percent} %`);
    // Scrolled to the end, as she reads the last line (a full-page shot would draw the fixed bar at the page's end).
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.screenshot({ path: `${SCREENSHOT_DIR}/treat-answers-07-complete-end-${width}-${percent}pct.png` });
  }
  await expectAccessible(page);
  // The ID copy's finish screen (one button), at the narrowest and largest.
  await page.goto(appPath('/web/complete?type=idSubmit'));
  await expect(page.getByRole('heading', { name: '신분증을 제출했어요' })).toBeVisible();
  await textSize(page, 200);
  await expectFits(page, '/web/complete?type=idSubmit at 320 px, 200 %');
  await snap(page, 'treat-answers-08-id-submitted-320-200pct');
});

/** The newest message (알림톡 or SMS) whose words contain `words`: the path its link opens (an SMS's short link followed). */
async function messageLink(page: Page, phone: string, words: string) {
  let path = '';
  await expect
    .poll(
      async () => {
        const { messages } = await ok<{ messages: { channel: string; body: string }[] }>(
          await page.request.get(`/sandbox/outbox?to=${phone}`),
        );
        const m = messages.find((x) => x.body.includes(words));
        if (!m) return '';
        if (m.channel === 'kakao') {
          path = new URL((JSON.parse(m.body) as { buttons: { url: string }[] }).buttons[0]!.url).pathname;
          path += `#${(JSON.parse(m.body) as { buttons: { url: string }[] }).buttons[0]!.url.split('#')[1]}`;
        } else {
          const short = /\/m\/[\w-]{22}$/.exec(m.body)![0];
          path = (await page.request.get(short, { maxRedirects: 0 })).headers().location ?? '';
        }
        return path;
      },
      { timeout: 20_000 },
    )
    .not.toBe('');
  return path;
}

test('a papers message opens that claim, says which papers go where, and an open history shows the newest state on return', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const p = testPerson();
  // A demo hospital no test connects (no key of its own, no hospital user): papers a connected hospital issues are
  // asked of it, not of her (README "Documents an insurer asks for"), and other tests connect 90000001.
  const unconnected = { hospitalCd: '90000002' };
  const key = `sandbox-${unconnected.hospitalCd}`;
  const ci = await subscribe(page.request, p, 10_000, p.rrnBack, INSURER, [], unconnected);
  // Three visits: the papers are asked for the oldest, at the bottom of her history.
  await feed(page.request, p, ci, { receiptNo: `E2E-DOC-A-${p.phone}`, totalPaid: 41_000, daysAgo: 9 }, key);
  await feed(page.request, p, ci, { receiptNo: `E2E-DOC-B-${p.phone}`, totalPaid: 42_000, daysAgo: 5 }, key);
  await feed(page.request, p, ci, { receiptNo: `E2E-DOC-C-${p.phone}`, totalPaid: 43_000, daysAgo: 2 }, key);
  const claimId = await sentClaim(page.request, 41_000);
  await sentClaim(page.request, 43_000);
  await insurerAnswers(page.request, {
    claimId,
    answer: 'documents_requested',
    documents: ['diagnosis', 'receipt_detail'],
  });
  const link = await messageLink(page, p.phone, '를 더 요청했어요');

  await page.goto(link);
  const visit = visitOf(page, '41,000원');
  // The message's claim is the one shown, in view and focused, not the top of the history.
  await expect(visit).toBeFocused();
  await expect(visit).toBeInViewport();
  await expect(visit).toContainText('보험사가 요청한 서류: 진단서, 진료비 세부내역서');
  await expect(visit).toContainText(/진단서: 병원에서 발급받아 삼성화재 팩스 [\d-]+로 보내요\./);
  await expect(visit).toContainText(/진료비 세부내역서: 병원에서 발급받아 삼성화재 팩스 [\d-]+로 보내요\./);
  await expect(visit).toContainText(`팩스 첫 장에 청구번호(${claimId})를 꼭 적어 주세요.`);
  await snap(page, 'treat-papers-01-390');
  await expectAccessible(page);

  // She leaves the page open; the insurer receives the papers meanwhile; she comes back to it.
  await insurerAnswers(page.request, { claimId, answer: 'received' });
  await expect(visit).toContainText('보험사 서류 요청');
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await expect(visit).toContainText('보험사 접수 완료');
  await expect(visit).not.toContainText('팩스 첫 장에');
  await snap(page, 'treat-papers-02-390-returned');

  await page.setViewportSize({ width: 320, height: 640 });
  await expectFits(page, '/web/treat papers at 320 px');
});
