// The console's claims, dead letters and access log in Chromium (README "Operator console"): an admin signs in with a
// TOTP code computed here, issues the hospital's API key on its screen, and the hospital posts a patient's record with
// that key while the sandbox insurer refuses claims (POST /sandbox/delivery/failures); the operator finds the claim (masked),
// reads its timeline, reveals the patient and downloads the package each with a reason, retries the dead letter from the dead-letter list once the
// insurer takes claims again, and finds the reveal in the access log with who, when, from where and why.
import { test, expect, snap, expectAccessible, testPerson } from './fixtures';
import { HOSPITAL, feed, ok, subscribe } from './patient-api';
import { DESKTOP, signInOps } from './ops';

test.use(DESKTOP);

// Claims to this insurer are refused while the test says so; no other browser test uses it.
const INSURER = 'MERITZFIRE';

test('a dead letter found, revealed with a reason, retried, and the reveal in the access log', async ({ page }) => {
  test.setTimeout(180_000);
  const p = testPerson({ name: '홍길동' });
  const fail = (on: boolean) =>
    page.request.post('/sandbox/delivery/failures', { data: { insuCompCd: INSURER, fail: on } });
  await ok(await fail(true));
  const ci = await subscribe(page.request, p, 0, p.rrnBack, INSURER);
  const receiptNo = `OPS-${p.phone}`;

  // The hospital's key, issued on its screen and shown once; the hospital posts the visit with it.
  await signInOps(page, `/ops/hospitals/${HOSPITAL}`);
  await page.getByRole('button', { name: '새 키 발급' }).click();
  const key = (await page.getByLabel('발급한 API 키').textContent())!.trim();
  expect(key).toMatch(new RegExp(`^hk_${HOSPITAL}_`));
  await feed(page.request, p, ci, { receiptNo, totalPaid: 42_000 }, key);
  await page.getByRole('button', { name: '전달했어요 (숨기기)' }).click();

  await page.goto(`/ops/claims?insuCompCd=${INSURER}&status=failed`);

  // Claims: filtered by insurer and status, the patient masked.
  await expect(page.getByRole('heading', { level: 1, name: '청구' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: '홍*동' }).first();
  await expect(async () => {
    await page.reload();
    await expect(row).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(row).toContainText('42,000원');
  await expect(page.getByText('홍길동')).toHaveCount(0);
  await snap(page, 'ops-claims-01-list');
  await expectAccessible(page);

  // The claim: its timeline, from the hospital's record to the failed attempt.
  await row.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: /^청구 \d+$/ })).toBeVisible();
  const claimId = (await page.getByRole('heading', { level: 1 }).textContent())!.replace(/\D/g, '');
  const timeline = page.getByRole('list', { name: '타임라인' });
  await expect(timeline.getByRole('listitem').first()).toContainText('병원에서 진료 기록을 받았어요');
  await expect(timeline).toContainText('1번째 전송 (보험사 API): 실패 (더 시도하지 않아요)');
  await expect(timeline).toContainText('시험용 실패');
  // The patient, masked (the payout account's holder below is masked the same way).
  await expect(page.locator('dl.ops-summary dd').filter({ hasText: /^홍\*동/ })).toBeVisible();
  // The account the claim asks to be paid into, masked; no payment date before the insurer pays.
  const summary = page.locator('dl.ops-summary');
  await expect(summary).toContainText('지급 계좌KB국민은행 ****1234 · 예금주 홍*동');
  await expect(summary).not.toContainText('지급일');
  await expect(page.getByText('123456781234')).toHaveCount(0);
  await expectAccessible(page);

  // Reveal: a reason's category and a typed reason are required, then the name, phone and birth date show.
  await page.getByRole('button', { name: '환자 정보 보기' }).click();
  const dialog = page.getByRole('dialog', { name: '환자 정보 보기' });
  await dialog.getByRole('button', { name: '확인하기' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('확인하는 이유의 종류를 골라 주세요.');
  await dialog.getByLabel('이유의 종류').selectOption({ label: '청구 전송 문제 해결' });
  await dialog.getByRole('button', { name: '확인하기' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('확인하는 이유를 2자 이상 적어 주세요.');
  const reason = '보험사 전송 실패 건 환자 연락';
  await dialog.getByLabel('확인하는 이유').fill(reason);
  await dialog.getByRole('button', { name: '확인하기' }).click();
  await expect(dialog).toContainText('홍길동');
  await expect(dialog).toContainText(`${p.phone.slice(0, 3)}-${p.phone.slice(3, 7)}-${p.phone.slice(7)}`);
  await snap(page, 'ops-claims-02-revealed');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: '닫기' }).click();

  // The PDF package: asked for with a reason as well, then saved; nothing about it in a link.
  await page.getByRole('button', { name: '청구 서류 PDF 내려받기' }).click();
  const pkg = page.getByRole('dialog', { name: '청구 서류 PDF 내려받기' });
  await pkg.getByRole('button', { name: '내려받기' }).click();
  await expect(pkg.getByRole('alert')).toHaveText('확인하는 이유의 종류를 골라 주세요.');
  await pkg.getByLabel('이유의 종류').selectOption({ label: '청구 전송 문제 해결' });
  await pkg.getByLabel('확인하는 이유').fill('팩스로 다시 보내기 전 서류 확인');
  await expectAccessible(page);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    pkg.getByRole('button', { name: '내려받기' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`claim-${claimId}.pdf`);
  await expect(pkg).toBeHidden();
  await expect(timeline).toContainText('운영자가 청구 서류를 내려받았어요');

  // Dead letters: the insurer takes claims again; retried from the list.
  await ok(await fail(false));
  await page.getByRole('link', { name: '보내지 못한 청구' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '보내지 못한 청구' })).toBeVisible();
  const dead = page.getByRole('row').filter({ hasText: claimId }).first();
  await expect(dead).toContainText('시험용 실패');
  await expectAccessible(page);
  await dead.getByRole('checkbox').check();
  await page.getByRole('button', { name: /선택한 1건 다시 보내기/ }).click();
  await expect(page.getByRole('status').filter({ hasText: '다시 보내도록' })).toHaveText('1건을 다시 보내도록 했어요.');
  await expect(page.getByRole('row').filter({ hasText: claimId })).toHaveCount(0);
  await snap(page, 'ops-claims-03-dead-letters');

  // The claim reaches the insurer (the server's workers send it).
  await expect(async () => {
    const res = await page.request.get(`/api/admin/claims/${claimId}`);
    expect(((await res.json()) as { status: string }).status).toBe('sent');
  }).toPass({ timeout: 30_000 });

  // Access log: the reveal with who, when, from where and why.
  await page.getByRole('link', { name: '접근 기록' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '접근 기록' })).toBeVisible();
  await page.getByLabel('청구 번호', { exact: true }).fill(claimId);
  await page.getByRole('combobox', { name: /^작업/ }).selectOption('patient_revealed');
  await page.getByRole('button', { name: '검색' }).first().click();
  const line = page.getByRole('row').filter({ hasText: reason });
  await expect(line).toContainText('환자 정보 확인');
  await expect(line).toContainText('127.0.0.1');
  await expect(line).toContainText('홍*동');
  await snap(page, 'ops-claims-04-access-log');
  await expectAccessible(page);
});

test('patient messages that failed every retry have their own list, a link away from the claims’', async ({ page }) => {
  await signInOps(page, '/ops/dead-letters', 'operator');
  await page.getByRole('link', { name: '보내지 못한 알림톡' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: '보내지 못한 알림톡' })).toBeFocused();
  await expect(page.getByRole('table', { name: /보내지 못한 알림톡/ })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '보내지 못한 알림이 없어요.' })).toBeVisible();
  await expect(page.getByRole('button', { name: /선택한 0건 다시 보내기/ })).toBeDisabled();
  await expectAccessible(page);
  await page.getByRole('combobox', { name: '보기' }).selectOption('all');
  await expect(page).toHaveURL(/handled=all/);
  await page.getByRole('main').getByRole('link', { name: '보내지 못한 청구' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '보내지 못한 청구' })).toBeVisible();
});
