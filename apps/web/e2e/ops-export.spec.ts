// A console list exported as CSV in Chromium (README "Operator console", "Exports"): an operator signs in with a
// password and a TOTP code, filters the claims to two visits of one patient, presses "엑셀로 내려받기 (CSV)" and the
// browser saves the file; it is read back here as Excel would: UTF-8 with a BOM, CRLF, a Korean header, the filter's
// two rows, the patient masked. The export is then in the access log with its label. The failed patient messages'
// list has the same button.
import { readFile } from 'node:fs/promises';
import { test, expect, snap, expectAccessible, testPerson } from './fixtures';
import { HOSPITAL, feed, subscribe } from './patient-api';
import { DESKTOP, signInOps } from './ops';

test.use(DESKTOP);

const kstDaysAgo = (days: number) =>
  new Date(Date.now() + 9 * 3600_000 - days * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');

test('the claim list exported as CSV: the current filter, Korean intact, the patient masked', async ({ page }) => {
  test.setTimeout(120_000);
  const p = testPerson({ name: '홍길동' });
  const ci = await subscribe(page.request, p, 0);
  // Two visits on days no other browser test uses: the filter below finds these two claims and no other.
  await feed(page.request, p, ci, { receiptNo: `EXP-${p.phone}-1`, totalPaid: 31_000, daysAgo: 11 });
  await feed(page.request, p, ci, { receiptNo: `EXP-${p.phone}-2`, totalPaid: 47_000, daysAgo: 12 });
  const filter = `hospitalCd=${HOSPITAL}&dateField=visit&from=${kstDaysAgo(12)}&to=${kstDaysAgo(11)}`;

  const who = await signInOps(page, `/ops/claims?${filter}`, 'operator');
  await expect(page.getByRole('heading', { level: 1, name: '청구' })).toBeVisible();
  const rows = page.getByRole('row').filter({ hasText: '홍*동' });
  await expect(async () => {
    await page.reload();
    await expect(rows).toHaveCount(2, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  const button = page.getByRole('button', { name: '엑셀로 내려받기 (CSV)' });
  await expect(button).toBeVisible();
  await expect(page.getByText('지금 필터의 2건을 내려받아요.', { exact: false })).toBeVisible();
  await button.focus();
  await snap(page, 'ops-export-01-claims');
  await expectAccessible(page);

  const saving = page.waitForEvent('download');
  await button.click();
  const download = await saving;
  expect(download.suggestedFilename()).toMatch(/^청구 목록-\d{8}-\d{4}\.csv$/);
  await expect(page.getByText(/^청구 목록-\d{8}-\d{4}\.csv 파일로 내려받았어요\.$/)).toBeVisible();
  const bytes = await readFile((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').split('\r\n');
  expect(lines[0]).toBe(
    '청구 번호,진료 기록 번호,병원 코드,병원,보험사 코드,보험사,환자 (가림),휴대폰 (가림),진료일,청구일시,' +
      '청구 금액 (원),지급액 (원),상태,전송 방법,전송 상태,전송 시도 횟수',
  );
  expect(lines.at(-1)).toBe('');
  const records = lines.slice(1, -1);
  expect(records).toHaveLength(2);
  const masked = `${p.phone.slice(0, 3)}-****-${p.phone.slice(7)}`;
  for (const r of records) expect(r).toContain(`,홍*동,${masked},`);
  expect(records.map((r) => r.split(',')[10]).sort()).toEqual(['31000', '47000']);
  expect(records.join('\n')).not.toContain('홍길동');
  expect(records.join('\n')).not.toContain(p.phone);
  await snap(page, 'ops-export-02-saved');

  // The export is in the access log: who, what, and its rows.
  await page.goto(`/ops/access-log?loginId=${who.loginId}&action=list_exported`);
  const logged = page.getByRole('row').filter({ hasText: '목록 내려받기 (CSV)' });
  await expect(logged).toHaveCount(1);
  await expect(logged).toContainText('청구 목록 2건 (끝까지 내려받음) · 필터:');
  await expect(logged).toContainText(`hospitalCd=${HOSPITAL}`);
  await expect(page.getByRole('button', { name: '엑셀로 내려받기 (CSV)' })).toBeVisible();
  await snap(page, 'ops-export-03-access-log');
  await expectAccessible(page);

  // On a narrow window the button and what it says wrap, nothing is cut off.
  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto(`/ops/claims?${filter}`);
  const narrow = page.getByRole('button', { name: '엑셀로 내려받기 (CSV)' });
  await expect(narrow).toBeVisible();
  const box = (await narrow.boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(40);
  await snap(page, 'ops-export-04-narrow');
});

test('the failed patient messages exported as CSV from their own list', async ({ page }) => {
  test.setTimeout(60_000);
  await signInOps(page, '/ops/notifications/dead-letters?handled=all', 'operator');
  await expect(page.getByRole('heading', { level: 1, name: '보내지 못한 알림톡' })).toBeVisible();
  const button = page.getByRole('button', { name: '엑셀로 내려받기 (CSV)' });
  await expect(button).toBeVisible();
  await button.focus();
  await snap(page, 'ops-export-05-notifications');
  await expectAccessible(page);

  const saving = page.waitForEvent('download');
  await button.click();
  const download = await saving;
  expect(download.suggestedFilename()).toMatch(/^보내지 못한 알림톡·문자-\d{8}-\d{4}\.csv$/);
  await expect(page.getByText(/^보내지 못한 알림톡·문자-\d{8}-\d{4}\.csv 파일로 내려받았어요\.$/)).toBeVisible();
  const bytes = await readFile((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(bytes.subarray(3).toString('utf8').split('\r\n')[0]).toBe(
    '작업 번호,진료 기록 번호,시도 횟수,마지막 오류,실패 일시,처리 완료 일시,처리한 운영자,처리 메모',
  );
});
