// Terms published safely and the alert banner, at a desktop (README "Operator console", docs/operations.md "Alerts"):
// an admin publishes a version of a term through its preview and confirmation, corrects it before its date (the
// correction previewed and confirmed the same way) and withdraws it; an operator sees the banner while a dead letter
// waits (the sandbox insurer refusing claims), follows it to the list and sends the claim again. Axe-clean.
import { test, expect, snap, expectAccessible, testPerson } from './fixtures';
import { feed, ok, subscribe } from './patient-api';
import { DESKTOP, signInOps } from './ops';

test.use(DESKTOP);

// Claims to this insurer are refused while the test says so; no other browser test uses it.
const INSURER = 'KBINSU';

test('a scheduled version corrected through its preview, then withdrawn, before its date', async ({ page }) => {
  test.setTimeout(120_000);
  await signInOps(page, '/ops/terms?termsGroup=SERVICE');
  await expect(page.getByRole('heading', { name: '약관', level: 1 })).toBeFocused();
  const table = page.getByRole('table', { name: /약관 버전/ });
  const date = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

  // Published through the preview and the confirmation (ops-dashboard.spec.ts walks these at length).
  await table.getByRole('button', { name: '개인정보 수집·이용 동의 새 버전' }).click();
  const form = page.getByRole('form', { name: /새 버전 게시/ });
  // It starts from the text in effect; the preview shows what the new text changes in it.
  const current = await form.getByLabel('내용').inputValue();
  expect(current.length).toBeGreaterThan(20);
  await form.getByLabel('내용').fill('제1조 (수집 항목)\n이름, 휴대폰 번호예요.');
  await form.getByLabel(/시행일/).fill(date(30));
  await form.getByRole('button', { name: '미리 보기' }).click();
  const diff = page.getByRole('region', { name: '지금 버전(1.0)과 달라진 곳' });
  await expect(diff.getByRole('status')).toHaveText(/^2줄 더하고 \d+줄 뺐어요\.$/);
  const lines = diff.getByRole('list', { name: /달라진 곳/ }).getByRole('listitem');
  await expect(lines.filter({ hasText: '더함 +' })).toHaveText([
    '더함 +제1조 (수집 항목)',
    '더함 +이름, 휴대폰 번호예요.',
  ]);
  await expect(lines.filter({ hasText: '뺌 −' }).first()).toContainText(current.split('\n')[0]!);
  await snap(page, 'ops-terms-new-diff');
  await expectAccessible(page);
  await page
    .getByRole('region', { name: /미리 보기/ })
    .getByRole('button', { name: '게시하기' })
    .click();
  await page.getByRole('dialog', { name: '약관을 게시할까요?' }).getByRole('button', { name: '게시하기' }).click();
  await expect(page.getByRole('status').filter({ hasText: /버전을 게시했어요/ })).toBeVisible();
  const row = table.getByRole('row', { name: /SVC_PRIVACY 2\.0 / });
  await expect(row).toContainText('시행 예정');

  // Corrected before its date: the text as written is in the form; the preview keeps its number.
  await row.getByRole('button', { name: /2\.0 버전 고치기/ }).click();
  const fix = page.getByRole('form', { name: /2\.0 버전 고치기/ });
  await expect(fix.getByLabel('내용')).toHaveValue('제1조 (수집 항목)\n이름, 휴대폰 번호예요.');
  await fix.getByLabel('내용').fill('제1조 (수집 항목)\n이름, 휴대폰 번호, 생년월일이에요.');
  await fix.getByLabel(/시행일/).fill(date(31));
  await fix.getByRole('button', { name: '미리 보기' }).click();
  const preview = page.getByRole('region', { name: /미리 보기/ });
  await expect(preview).toContainText('2.0 (그대로)');
  await expect(preview.getByRole('group', { name: '환자 화면 미리 보기' })).toContainText('생년월일이에요.');
  await snap(page, 'ops-terms-correct-preview');
  await expectAccessible(page);
  await preview.getByRole('button', { name: '고친 내용으로 바꾸기' }).click();
  const confirm = page.getByRole('dialog', { name: '고친 내용으로 바꿀까요?' });
  await expect(confirm).toContainText(`${date(31).replaceAll('-', '.')}부터 환자에게 보여요`);
  await confirm.getByRole('button', { name: '바꾸기' }).click();
  await expect(page.getByRole('status').filter({ hasText: /2\.0 버전을 고쳤어요/ })).toBeVisible();
  await expect(row).toContainText(date(31).replaceAll('-', '.'));

  // Withdrawn before its date: asked first, then gone from the list; the version in effect stays.
  await row.getByRole('button', { name: /2\.0 버전 게시 철회/ }).click();
  const withdraw = page.getByRole('dialog', { name: '게시를 철회할까요?' });
  await expect(withdraw).toContainText('지금 버전이 계속 보여요');
  await snap(page, 'ops-terms-withdraw');
  await expectAccessible(page);
  await withdraw.getByRole('button', { name: '철회하기' }).click();
  await expect(page.getByRole('status').filter({ hasText: /게시를 철회했어요/ })).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(table.getByRole('row', { name: /SVC_PRIVACY 1\.0 / })).toContainText('시행 중');
});

test('the banner shows while a dead letter waits, and leads to it', async ({ page }) => {
  test.setTimeout(120_000);
  const p = testPerson({ name: '경보람' });
  const fail = (on: boolean) =>
    page.request.post('/sandbox/delivery/failures', { data: { insuCompCd: INSURER, fail: on } });
  await ok(await fail(true));
  try {
    const ci = await subscribe(page.request, p, 0, p.rrnBack, INSURER);
    await feed(page.request, p, ci, { receiptNo: `ALERT-${p.phone}`, totalPaid: 31_000 });

    await signInOps(page, '/ops/dashboard', 'operator');
    const banner = page.getByRole('region', { name: '확인이 필요해요' });
    await expect(async () => {
      await page.reload();
      await expect(banner).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    await expect(banner).toContainText(/보험사에 가지 못한 청구 [\d,]+건이 처리를 기다려요/);
    await expect(page.getByRole('table').first()).toBeVisible();
    await snap(page, 'ops-alerts-banner');
    await expectAccessible(page);

    // On every screen, and it leads to the list, where the claim is sent again once the insurer takes claims.
    await page.getByRole('navigation', { name: '운영 메뉴' }).getByRole('link', { name: '약관' }).click();
    await expect(banner).toBeVisible();
    await ok(await fail(false));
    await banner.getByRole('link', { name: '보험사에 가지 못한 청구' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '보내지 못한 청구' })).toBeVisible();
    const dead = page.getByRole('row').filter({ hasText: '경*람' }).first();
    const waiting = async () => {
      if (!(await banner.isVisible())) return 0;
      const m = /보험사에 가지 못한 청구 ([\d,]+)건/.exec((await banner.textContent()) ?? '');
      return m ? Number(m[1]!.replace(/,/g, '')) : 0;
    };
    const before = await waiting();
    expect(before).toBeGreaterThan(0);
    await dead.getByRole('checkbox').check();
    await page.getByRole('button', { name: /선택한 1건 다시 보내기/ }).click();
    await expect(page.getByRole('status').filter({ hasText: '다시 보내도록' })).toBeVisible();
    // The banner is asked again at once (it would otherwise wait its minute): one fewer, or gone with the last.
    await expect(async () => expect(await waiting()).toBe(before - 1)).toPass({ timeout: 5_000 });
    await snap(page, 'ops-alerts-banner-after-retry');
  } finally {
    await fail(false);
  }
});
