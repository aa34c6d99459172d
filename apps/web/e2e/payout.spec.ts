// Her policy's rules on her history (docs/payout-rules.md): each claim shows what she should expect ("예상 금액") and,
// folded, why, in sentences a person would say; once the insurer pays, the answer beside it: "예상과 같아요", or less with
// what to ask the insurer and a way to call it. 내 자동청구 shows each insurer's 가입 시기, changed in a sheet. At
// 390 × 844, 320 px and 200 % text; axe on each.
import type { APIRequestContext, Page } from '@playwright/test';
import { API, HOSPITAL_API, HOSPITAL_KEY_HEADER, type TreatsAnswer } from '@auto-claim/contract';
import {
  test,
  expect,
  snap,
  expectAccessible,
  testPerson,
  appPath,
  SCREENSHOT_DIR,
  verifiedPatient,
  type TestPerson,
} from './fixtures';
import { jumin } from './wizard-steps';
import { DESKTOP, signInOps } from './ops';
import { expectFits, insurerAnswers, ok, subscribe, textSize } from './patient-api';

const INSURER = 'SAMSUNGFIRE';

/** A 의원 visit of hers (the sandbox hospital 90000001 is a 의원) with these 급여 본인부담 and 비급여. */
async function visit(
  request: APIRequestContext,
  p: TestPerson,
  ci: string,
  receiptNo: string,
  covered: number,
  uncovered: number,
) {
  const day = new Date(Date.now() + 9 * 3600_000 - 3 * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
  await ok(
    await request.post(HOSPITAL_API.treatments, {
      headers: { [HOSPITAL_KEY_HEADER]: 'sandbox-90000001' },
      data: {
        records: [
          {
            receiptNo,
            patient: { name: p.name, birthDate: `19${p.birth6}`, ci },
            visitDate: day,
            visitType: '외래',
            department: '정형외과',
            kcdCodes: ['M54.5'],
            coveredCopay: covered,
            uncovered,
            totalPaid: covered + uncovered,
          },
        ],
      },
    }),
  );
}

/** The claim of the visit that cost `totalPaid`, once the engine sent it. */
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

test('her history: the expected amount, why, and the answer beside it; 내 자동청구: each insurer’s 가입 시기', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const p = testPerson();
  const ci = await subscribe(page.request, p, 10_000, p.rrnBack, INSURER, [], { policyGeneration: 'gen4' });
  await visit(page.request, p, ci, `E2E-PAY-A-${p.phone}`, 15_300, 24_700);
  await visit(page.request, p, ci, `E2E-PAY-B-${p.phone}`, 30_000, 20_000);
  const same = await sentClaim(page.request, 40_000);
  const less = await sentClaim(page.request, 50_000);
  await insurerAnswers(page.request, { claimId: same, answer: 'paid', paidAmount: 5_300 });
  await insurerAnswers(page.request, { claimId: less, answer: 'paid', paidAmount: 15_000 });

  await page.goto(appPath('/web/treat'));
  await expect(page.getByRole('heading', { name: /병원에서 받은 진료 2건/ })).toBeVisible();

  // As expected: the estimate and the paid amount side by side, said plainly; the reckoning one tap away.
  const asExpected = visitOf(page, '40,000원');
  await expect(asExpected).toContainText(/예상 금액\s*5,300원/);
  await expect(asExpected).toContainText(/받은 보험금\s*5,300원/);
  await expect(asExpected).toContainText('예상과 같아요');
  await expect(asExpected).toContainText('예상한 금액 5,300원을 보험사가 그대로 지급했어요.');
  const why = asExpected.getByText('예상 금액은 이렇게 셈했어요');
  await why.click();
  await expect(asExpected.getByText('급여 본인부담 15,300원에서 공제 10,000원을 빼면 5,300원이에요.')).toBeVisible();
  await expect(asExpected.getByText('비급여 24,700원은 공제 30,000원보다 적어서 받을 금액이 없어요.')).toBeVisible();
  await expect(asExpected.getByText('그래서 예상 금액은 5,300원이에요.')).toBeVisible();
  await expect(asExpected).toContainText('4세대 실손보험의 표준약관으로 셈한 예상이에요.');

  // Less, and nothing explains it: what to ask, and the insurer's number to call.
  const lessVisit = visitOf(page, '50,000원');
  await expect(lessVisit).toContainText(/예상 금액\s*20,000원/);
  await expect(lessVisit).toContainText('보험사에 확인해 볼 부분이 있어요');
  await expect(lessVisit).toContainText('예상 20,000원보다 5,000원 적은 15,000원을 받았어요.');
  await expect(lessVisit).toContainText('삼성화재 고객센터(1588-5114)에 전화해서');
  await expect(lessVisit.getByRole('link', { name: '삼성화재 고객센터에 전화하기' })).toHaveAttribute(
    'href',
    'tel:15885114',
  );
  await expectAccessible(page);
  await expectFits(page, 'payout history 390');
  await snap(page, 'payout-01-history-390');

  for (const [width, height, percent, name] of [
    [320, 640, 100, 'payout-02-history-320'],
    [390, 844, 200, 'payout-03-history-200'],
  ] as const) {
    await page.setViewportSize({ width, height });
    await textSize(page, percent);
    await expect(asExpected.getByText('그래서 예상 금액은 5,300원이에요.')).toBeVisible();
    await expectFits(page, name);
    await expectAccessible(page);
    await snap(page, name);
  }
  await textSize(page, 100);
  await page.setViewportSize({ width: 390, height: 844 });

  // 내 자동청구 (her SMS verification is fresh: no step-up): her 가입 시기 per insurer, changed in a sheet.
  await page.getByRole('button', { name: '가입 정보 보기·바꾸기' }).click();
  await expect(page).toHaveURL(/\/security\/applyHistory$/);
  const policies = page.getByRole('region', { name: '실손보험 가입 시기' });
  await expect(policies).toContainText('삼성화재');
  await expect(policies).toContainText('4세대 (2021년 7월부터 가입)');
  await policies.getByRole('button', { name: '변경 삼성화재 가입 시기' }).click();
  const sheet = page.getByRole('dialog', { name: '삼성화재 가입 시기' });
  await expect(sheet).toBeVisible();
  await expectAccessible(page);
  // The viewport as she sees it: a full-page shot cuts a modal.
  await page.screenshot({ path: `${SCREENSHOT_DIR}/payout-04-generation-sheet.png` });
  await sheet
    .getByRole('button', { name: /3세대 \(2017년 4월 ~ 2021년 6월 가입, 도수치료·주사·MRI 특약 있음\)/ })
    .click();
  await expect(sheet).toBeHidden();
  await expect(policies).toContainText('3세대 (2017년 4월 ~ 2021년 6월 가입, 도수치료·주사·MRI 특약 있음)');
  await page.setViewportSize({ width: 390, height: 844 });
  await textSize(page, 200);
  await policies.scrollIntoViewIfNeeded();
  await expectFits(page, 'my subscription 200');
  await snap(page, 'payout-05-my-subscription-200');
});

test('the insurer step asks "언제 가입하셨어요?" as one optional choice, "잘 모르겠어요" until she picks', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const person = await verifiedPatient(page);
  await jumin(page, person);
  await expect(page).toHaveURL(/\/security\/insuChoose$/);
  // Asked only once an insurer is chosen.
  await expect(page.getByRole('group', { name: '언제 가입하셨어요? (선택)' })).toHaveCount(0);
  await page.getByRole('checkbox', { name: '삼성화재', exact: true }).check();
  const asked = page.getByRole('group', { name: '언제 가입하셨어요? (선택)' });
  await expect(asked.getByRole('radio', { name: '잘 모르겠어요' })).toBeChecked();
  await asked.getByRole('radio', { name: '2021년 7월 이후' }).check();
  await expect(asked.getByRole('radio', { name: '2021년 7월 이후' })).toBeChecked();
  await asked.scrollIntoViewIfNeeded();
  await expectAccessible(page);
  await expectFits(page, 'insuChoose 390');
  await snap(page, 'payout-06-insurer-step');
  await textSize(page, 200);
  await page.setViewportSize({ width: 320, height: 640 });
  await expectFits(page, 'insuChoose 320 200%');
  await expectAccessible(page);
  await snap(page, 'payout-07-insurer-step-320-200');
});

test.describe('the console', () => {
  test.use(DESKTOP);

  test('a claim shows the estimate beside the insurer’s answer, its differences and its items as sent', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const p = testPerson();
    const ci = await subscribe(page.request, p, 10_000, p.rrnBack, INSURER, [], { policyGeneration: 'gen4' });
    await visit(page.request, p, ci, `E2E-PAY-OPS-${p.phone}`, 15_300, 24_700);
    const claimId = await sentClaim(page.request, 40_000);
    await insurerAnswers(page.request, {
      claimId,
      answer: 'paid',
      paidAmount: 3_300,
      items: [
        {
          itemSequence: 1,
          adjudication: [
            { category: 'submitted', amount: 15_300 },
            { category: 'deductible', amount: 12_000 },
            { category: 'benefit', amount: 3_300 },
          ],
          reasonCode: 'deductible',
          reason: '통원 공제',
        },
      ],
    });
    await signInOps(page, `/ops/claims/${claimId}`, 'operator');
    const payout = page.getByRole('region', { name: '예상 금액과 보험사 지급액' });
    await expect(payout).toContainText('4세대 (2021년 7월부터 가입)');
    await expect(payout).toContainText(/예상 금액\s*5,300원/);
    await expect(payout).toContainText('예상보다 적게 받았어요 · 공제 2,000원');
    // What she reads, word for word.
    await expect(payout).toContainText('보험사가 공제금액을 예상보다 2,000원 더 뺐어요.');
    await expect(payout).toContainText('급여 본인부담 15,300원에서 공제 10,000원을 빼면 5,300원이에요.');
    const items = payout.getByRole('table', { name: '보험사가 보낸 항목별 심사 결과' });
    await expect(items.getByRole('row').nth(1)).toContainText('15,300원');
    await expect(items.getByRole('row').nth(1)).toContainText('공제 · 통원 공제');
    await payout.scrollIntoViewIfNeeded();
    await expectAccessible(page);
    await snap(page, 'payout-08-console-claim');
  });
});
