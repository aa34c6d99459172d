// Every insurer answer reaches the patient (README "Patient messages"), at a phone's size: her claim is paid (a signed
// insurer answer, as insurers post it: docs/providers/insurer-api.md), the sandbox outbox holds one 알림톡 whose
// button says what it opens, she opens its link and reads the amount on /web/treat. A second patient who left the
// optional 알림톡 consent unticked gets the same news by SMS, never by 알림톡, and switches to 알림톡 from 내 자동청구
// after the step-up.
import type { APIRequestContext, Page } from '@playwright/test';
import { API, type TreatVisit } from '@auto-claim/contract';
import { test, expect, snap, expectAccessible, testPerson, SCREENSHOT_DIR } from './fixtures';
import {
  expectFits,
  feed,
  insurerAnswers,
  linkFromOutbox,
  ok,
  stepUpThroughSheet,
  subscribe,
  textSize,
} from './patient-api';

const INSURER = 'SAMSUNGFIRE';

interface OutboxMessage {
  channel: string;
  body: string;
}
const outbox = async (request: APIRequestContext, phone: string) =>
  (await ok<{ messages: OutboxMessage[] }>(await request.get(`/sandbox/outbox?to=${phone}`))).messages;

/** The claim of her one visit once the sandbox insurer has it (status sent), through her link's session. */
async function sentClaimId(page: Page): Promise<string> {
  let claimId = '';
  await expect
    .poll(
      async () => {
        const { list } = (await (await page.request.get(API.treats)).json()) as { list: TreatVisit[] };
        const c = list[0]?.claims[0];
        claimId = c?.status === 'sent' ? c.claimId : '';
        return claimId;
      },
      { timeout: 20_000 },
    )
    .not.toBe('');
  return claimId;
}

/** Waits for her message that mentions `text`. */
async function messageWith(request: APIRequestContext, phone: string, text: string) {
  let found: OutboxMessage | undefined;
  await expect
    .poll(
      async () => {
        found = (await outbox(request, phone)).find((m) => m.body.includes(text));
        return Boolean(found);
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return found!;
}

test('paid: the 알림톡 reaches her, its button says what it opens, and its link shows the amount', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const p = testPerson();
  const ci = await subscribe(page.request, p, 10_000, p.rrnBack, INSURER, ['SUBS_KAKAO_NOTI']);
  await context.clearCookies();
  await feed(page.request, p, ci, { receiptNo: `E2E-AN-${p.phone}`, totalPaid: 35_000 });
  await page.goto(await linkFromOutbox(page, p.phone, 'treat'));
  await expect(page.getByRole('heading', { name: /병원에서 받은 진료 1건/ })).toBeVisible();
  const claimId = await sentClaimId(page);

  const eventId = `e2e-paid-${p.phone}`;
  const body = { eventId, claimId: Number(claimId), answer: 'paid' as const, paidAmount: 27_500 };
  expect(await insurerAnswers(page.request, body)).toMatchObject({ status: 'paid', duplicate: false });
  const paid = await messageWith(page.request, p.phone, '27,500원');
  expect(paid.channel).toBe('kakao');
  const sent = JSON.parse(paid.body) as { template: string; text: string; buttons: { name: string; url: string }[] };
  expect(sent.template).toBe('AUTO_CLAIM_ANSWER_PAID');
  expect(sent.text).toContain('보험금 27,500원을 지급하기로 했어요');
  expect(sent.buttons.map((b) => b.name)).toEqual(['지급 내역 보기']);
  // The insurer's repeated callback is one answer: still one message about it.
  expect(await insurerAnswers(page.request, body)).toMatchObject({ duplicate: true });

  // She opens the message's link (a new message opens a new page) and reads the amount paid.
  const link = new URL(sent.buttons[0]!.url);
  await page.goto('about:blank');
  await page.goto(`${link.pathname}${link.hash}`);
  await expect(page).toHaveURL(/\/web\/treat$/);
  const visit = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3 }) })
    .first();
  await expect(visit).toContainText('27,500원');
  await snap(page, 'answer-notice-01-paid-history');
  await expectAccessible(page);
  expect((await outbox(page.request, p.phone)).filter((m) => m.body.includes('27,500원'))).toHaveLength(1);
});

test('without the 알림톡 consent the news comes by SMS; she switches to 알림톡 from 내 자동청구', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const p = testPerson();
  const ci = await subscribe(page.request, p, 10_000);
  await context.clearCookies();
  await feed(page.request, p, ci, { receiptNo: `E2E-AN-SMS-${p.phone}`, totalPaid: 42_000 });
  await page.goto(await linkFromOutbox(page, p.phone, 'treat'));
  await expect(page.getByRole('heading', { name: /병원에서 받은 진료 1건/ })).toBeVisible();
  const claimId = await sentClaimId(page);

  await insurerAnswers(page.request, {
    eventId: `e2e-sms-${p.phone}`,
    claimId: Number(claimId),
    answer: 'paid',
    paidAmount: 31_000,
  });
  const paid = await messageWith(page.request, p.phone, '31,000원');
  expect(paid.channel).toBe('sms');
  // The SMS form: the service named first, one sentence, our origin's short link.
  expect(paid.body).toMatch(/^\[자동청구\] .*31,000원을 삼성화재에서 지급하기로 했어요\. \S+\/m\/[\w-]{22}$/);
  // Never KakaoTalk: not the claimed message, not the answer.
  expect((await outbox(page.request, p.phone)).filter((m) => m.channel === 'kakao')).toEqual([]);

  // From her history to 내 자동청구 (the step-up first), where she chooses 알림톡.
  await page.getByRole('button', { name: '가입 정보 보기·바꾸기' }).click();
  await stepUpThroughSheet(page, p.phone);
  await expect(page).toHaveURL(/\/security\/applyHistory$/);
  const row = page.locator('.summary-list__row').filter({ hasText: '알림 받는 방법' });
  await expect(row).toContainText('문자만');
  await row.getByRole('button', { name: '변경 알림 받는 방법' }).click();
  const sheet = page.getByRole('dialog', { name: '알림 받는 방법' });
  await expect(sheet).toBeVisible();
  // axe first: it waits for the sheet's slide to end, so the picture shows it in place.
  await expectAccessible(page);
  await snap(page, 'answer-notice-02-choose');
  // On a 320 px phone and at 200 % text the sheet fits, a choice is in sight as it opens (not the note alone), and
  // each choice is reached by scrolling inside the sheet. The viewport as she sees it: a full-page shot cuts a modal.
  for (const [width, height, percent] of [
    [320, 640, 100],
    [390, 844, 200],
    [320, 640, 200],
  ] as const) {
    await sheet.getByRole('button', { name: '닫기' }).click();
    await expect(sheet).toBeHidden();
    await page.setViewportSize({ width, height });
    await textSize(page, percent);
    await row.getByRole('button', { name: '변경 알림 받는 방법' }).click();
    // As it first opens: the top of its text (a reopened sheet may keep where it was scrolled to), the slide ended.
    await sheet.locator('.sheet__body').evaluate((body) => body.scrollTo(0, 0));
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await expect(sheet.getByRole('button', { name: /카카오 알림톡/ }), `${width} px, ${percent} %`).toBeInViewport({
      ratio: 0.5,
    });
    await expectFits(page, `the choice sheet at ${width} px, ${percent} %`);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/answer-notice-02-choose-${width}-${percent}pct.png` });
    for (const choice of await sheet.getByRole('button').all()) {
      await choice.scrollIntoViewIfNeeded();
      await expect(choice).toBeInViewport();
    }
  }
  // By keyboard, at 320 px and 200 %: the choice in focus shows its ring, in sight.
  const kakaoChoice = sheet.getByRole('button', { name: /카카오 알림톡/ });
  await sheet.locator('.sheet__body').evaluate((body) => body.scrollTo(0, 0));
  await sheet.getByRole('button', { name: '닫기' }).focus();
  for (let i = 0; i < 3 && !(await kakaoChoice.evaluate((b) => b === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(kakaoChoice).toBeFocused();
  await expect(kakaoChoice).toBeInViewport({ ratio: 0.5 });
  expect(await kakaoChoice.evaluate((b) => getComputedStyle(b).boxShadow)).not.toBe('none');
  await page.screenshot({ path: `${SCREENSHOT_DIR}/answer-notice-02-choose-320-200pct-focus.png` });
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await textSize(page, 100);
  await sheet.getByRole('button', { name: /카카오 알림톡/ }).click();
  const toast = page.getByText('이제 카카오 알림톡으로 알려 드려요.');
  await expect(toast).toBeVisible();
  await expect(row).toContainText('카카오 알림톡 (안 되면 문자)');
  await expectAccessible(page);
  // The row itself, once the toast over it has gone.
  await expect(toast).toBeHidden({ timeout: 15_000 });
  await snap(page, 'answer-notice-03-kakao-chosen');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
