// Her rules for what is sent and her monthly statement (README "Her rules for what is sent", "The monthly
// statement"), at 390 × 844 and at 200 % text: a visit with 비급여 her rule held is asked about in one message, and
// one tap on its link sends it; her month's page says what was claimed, paid, waiting and not claimed, and why.
import { API, type TreatsAnswer } from '@auto-claim/contract';
import { test, expect, snap, expectAccessible, testPerson, appPath } from './fixtures';
import { expectFits, feed, insurerAnswers, linkFromOutbox, ok, subscribe, textSize } from './patient-api';

test('a held 비급여 visit asks her once, and one tap on its link sends it', async ({ page }) => {
  test.setTimeout(90_000);
  const p = testPerson();
  const ci = await subscribe(page.request, p, 10_000);
  // Her rule, as 내 자동청구 sets it.
  await ok(await page.request.put(API.subscriptions, { data: { userCi: ci, askUncovered: true } }));
  await feed(page.request, p, ci, { receiptNo: `E2E-ASK-${p.phone}`, totalPaid: 52_000, daysAgo: 3 });

  // One message asks; its link opens the question.
  const link = await linkFromOutbox(page, p.phone, 'treat');
  await page.goto(link);
  const question = page.getByRole('region', { name: '보험사에 보낼까요?' });
  await expect(question).toBeVisible();
  await expect(question).toContainText('비급여 31,200원');
  await expect(question).toContainText(/\d{1,2}월 \d{1,2}일까지 고르지 않으면 보내지 않을게요\./);
  await expect(page.getByText('비급여가 있어서 보내기 전에 여쭤보고 있어요. 보낼지 골라 주세요.')).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'her-rules-01-question');

  await textSize(page, 200);
  await expectFits(page, 'the held question at 200 % text');
  await question.getByRole('button', { name: '보내 주세요' }).scrollIntoViewIfNeeded();
  await snap(page, 'her-rules-02-question-200');
  await textSize(page, 100);

  // One tap: sent, and the question is gone.
  await question.getByRole('button', { name: '보내 주세요' }).click();
  await expect(page.getByText('보험사에 보낼게요. 진행 상황은 진료 내역에서 볼 수 있어요.')).toBeVisible();
  await expect(question).toBeHidden();
  await expect
    .poll(
      async () => {
        const treats = (await (await page.request.get(API.treats)).json()) as TreatsAnswer;
        return treats.list[0]?.claims.map((c) => c.status).join(',');
      },
      { timeout: 20_000 },
    )
    .toBe('sent');
  await snap(page, 'her-rules-03-sent');
});

test('her month: claimed, paid, waiting and not claimed with the reason, and this year’s total', async ({ page }) => {
  test.setTimeout(90_000);
  const p = testPerson();
  const ci = await subscribe(page.request, p, 10_000);
  // Three visits of this month (the page opens on the month before; one tap shows this one).
  await feed(page.request, p, ci, { receiptNo: `E2E-ST-P-${p.phone}`, totalPaid: 35_000, daysAgo: 0 });
  await feed(page.request, p, ci, { receiptNo: `E2E-ST-W-${p.phone}`, totalPaid: 48_000, daysAgo: 0 });
  await feed(page.request, p, ci, { receiptNo: `E2E-ST-B-${p.phone}`, totalPaid: 6_000, daysAgo: 0 });
  let paidClaim = 0;
  await expect
    .poll(
      async () => {
        const treats = (await (await page.request.get(API.treats)).json()) as TreatsAnswer;
        const sent = treats.list.filter((v) => v.claims[0]?.status === 'sent');
        paidClaim = Number(sent.find((v) => v.paidAmt === 35_000)?.claims[0]?.claimId ?? 0);
        return sent.length;
      },
      { timeout: 20_000 },
    )
    .toBe(2);
  await insurerAnswers(page.request, { claimId: paidClaim, answer: 'paid', paidAmount: 23_000 });

  await page.goto(appPath('/web/statement'));
  const months = page.getByRole('navigation', { name: '다른 달 보기' });
  const title = page.getByRole('heading', { level: 2, name: /명세$/ });
  await expect(title).toBeVisible();
  await months.getByRole('button', { name: '다음 달' }).click();
  const kst = new Date(Date.now() + 9 * 3600_000);
  await expect(title).toHaveText(`${kst.getUTCFullYear()}년 ${kst.getUTCMonth() + 1}월 명세`);
  await expect(page.getByText(`${kst.getUTCFullYear()}년에 받은 보험금은 모두 23,000원이에요.`)).toBeVisible();
  const figures = page.getByRole('region', { name: '한눈에 보기' });
  await expect(figures).toContainText(/병원 진료\s*3건/);
  await expect(figures).toContainText(/보험사에 청구\s*2건/);
  await expect(figures).toContainText(/보험금 받음\s*1건 · 23,000원/);
  await expect(figures).toContainText(/심사 중\s*1건/);
  await expect(figures).toContainText('최소 청구 금액보다 적음 1건');
  const visits = page.getByRole('region', { name: '진료별로 볼게요' });
  await expect(visits.getByRole('listitem')).toHaveCount(3);
  await expect(visits).toContainText('보험금 받음 23,000원');
  await expect(visits).toContainText('설정한 최소 청구 금액보다 적어서 자동으로 청구하지 않았어요.');
  await expectAccessible(page);
  await snap(page, 'her-rules-04-statement');

  await textSize(page, 200);
  await expectFits(page, 'the monthly statement at 200 % text');
  await snap(page, 'her-rules-05-statement-200');
  await textSize(page, 100);
  await page.setViewportSize({ width: 320, height: 700 });
  await expectFits(page, 'the monthly statement at 320 px');
  await snap(page, 'her-rules-06-statement-320');
});
