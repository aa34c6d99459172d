// Held records have a way out, a claim carries its story, and an insurer's answer is recorded deliberately (README
// "Operator console"), in Chromium at a desktop: a hospital sends two visits under a subscriber's CI with other names
// (held as identity mismatches); an operator (password + TOTP) sees them counted on the dashboard, releases one to the
// subscriber with a reason and sees it claimed, sets the other aside, adds a note to the claim and reads it in the
// timeline, and records a paid answer through the confirmation, which names the claim, the patient (masked) and the
// amount; an empty amount is refused. The caller search finds a held record by its receipt number and by the name the
// hospital wrote; the release dialog shows the record beside the subscriber (names and birth dates, the differing one
// marked) and says the insurer is told of the subscriber; the claim names her, the hospital's spelling beside it, and
// its timeline has the release. axe finds nothing serious on any of it.
import { test, expect, snap, expectAccessible, testPerson } from './fixtures';
import { HOSPITAL, feed, subscribe } from './patient-api';
import { DESKTOP, signInOps } from './ops';

test.use(DESKTOP);

test('a held record released and claimed, another set aside, a note, and a paid answer confirmed', async ({ page }) => {
  test.setTimeout(180_000);
  const p = testPerson({ name: '서정희' });
  const ci = await subscribe(page.request, p, 0);
  const released = `HELD-${p.phone}-A`;
  const setAside = `HELD-${p.phone}-B`;
  // The hospital misspelt her name on one visit; the other is another person's, under her CI.
  await feed(page.request, { ...p, name: '서정히' }, ci, { receiptNo: released, totalPaid: 37_310 });
  await feed(page.request, { ...p, name: '전혀다른사람' }, ci, { receiptNo: setAside, totalPaid: 12_000 });

  // The dashboard counts them and opens the list.
  await signInOps(page, '/ops', 'operator');
  // The held records' tile (the dashboard's other counts open their lists too).
  const tile = page
    .locator('dt', { hasText: '확인이 필요한 기록' })
    .locator('xpath=following-sibling::dd[1]')
    .getByRole('link');
  await expect(tile).toBeVisible();
  await snap(page, 'ops-held-01-dashboard');
  await expectAccessible(page);
  await tile.click();
  await expect(page.getByRole('heading', { level: 1, name: '확인이 필요한 기록' })).toBeVisible();

  const rowOf = (receiptNo: string) => page.getByRole('row').filter({ hasText: receiptNo });
  await expect(async () => {
    await page.reload();
    await expect(rowOf(released)).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(rowOf(released)).toContainText('이름·생년월일이 가입자와 달라요');
  await expect(rowOf(released)).toContainText('서*히');
  await expect(page.getByText('서정히')).toHaveCount(0);
  await snap(page, 'ops-held-02-list');
  await expectAccessible(page);

  // The caller search: by the receipt number, then by the name as the hospital wrote it; the values stay out of the URL.
  const callerSearch = page.getByRole('search', { name: '전화 문의로 확인이 필요한 기록 찾기' });
  await callerSearch.getByLabel('영수증 번호').fill(released);
  await callerSearch.getByRole('button', { name: '환자 찾기' }).click();
  await expect(page.getByRole('status').filter({ hasText: '영수증 번호로 찾은 기록이에요' })).toBeVisible();
  await expect(rowOf(released)).toBeVisible();
  await expect(rowOf(setAside)).toHaveCount(0);
  expect(page.url()).not.toContain(released);
  await callerSearch.getByRole('button', { name: '환자 검색 지우기' }).click();
  await callerSearch.getByLabel('이름').fill('서정히');
  await callerSearch.getByRole('button', { name: '환자 찾기' }).click();
  await expect(page.getByRole('status').filter({ hasText: '이름으로 찾은 기록이에요' })).toBeVisible();
  await expect(rowOf(released)).toBeVisible();
  await expect(rowOf(setAside)).toHaveCount(0);
  await snap(page, 'ops-held-02-caller-search');
  await expectAccessible(page);
  await callerSearch.getByRole('button', { name: '환자 검색 지우기' }).click();
  await expect(rowOf(setAside)).toBeVisible();

  // Released with a reason: the reason is required, then the record leaves the list and is claimed.
  await rowOf(released)
    .getByRole('button', { name: /처리하기/ })
    .click();
  const dialog = page.getByRole('dialog', { name: '보류된 기록 처리' });
  await expect(dialog).toContainText(released);
  // The record beside the subscriber: the name differs (marked in words), the birth date does not; what is sent.
  const compare = dialog.getByRole('table', { name: '병원 기록과 가입자 정보' });
  const nameRow = compare.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /^이름/ }) });
  await expect(nameRow).toContainText('다름');
  await expect(nameRow.getByRole('cell').nth(0)).toHaveText('서정히');
  await expect(nameRow.getByRole('cell').nth(1)).toHaveText('서정희');
  const birthRow = compare.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /^생년월일/ }) });
  await expect(birthRow).not.toContainText('다름');
  await expect(dialog).toContainText('보험사에는 가입자 서정희님의 이름으로 청구돼요');
  await expect(dialog).toContainText('병원 기록상 이름(서정히)');
  await snap(page, 'ops-held-03-compare');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: '가입자에게 연결하기' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('처리하는 이유를 2자 이상 적어 주세요.');
  await expect(dialog.getByLabel('처리하는 이유')).toHaveAttribute('aria-invalid', 'true');
  await snap(page, 'ops-held-03-decide');
  await expectAccessible(page);
  // The same dialog on a 320 px screen: it fits the width, and what it holds is reached by scrolling inside it.
  await page.setViewportSize({ width: 320, height: 700 });
  await snap(page, 'ops-held-03-decide-320');
  expect((await dialog.boundingBox())!.width).toBeLessThanOrEqual(320);
  const cancel = dialog.getByRole('button', { name: '취소' });
  await cancel.scrollIntoViewIfNeeded();
  await expect(cancel).toBeInViewport();
  await page.setViewportSize(DESKTOP.viewport);
  await dialog.getByLabel('처리하는 이유').fill('병원에 전화해 이름 오타 확인');
  await dialog.getByRole('button', { name: '가입자에게 연결하기' }).click();
  await expect(page.getByRole('status').filter({ hasText: '가입자에게 연결했어요' })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(rowOf(released)).toHaveCount(0);

  // The other is set aside.
  await rowOf(setAside)
    .getByRole('button', { name: /처리하기/ })
    .click();
  await dialog.getByLabel('처리하는 이유').fill('다른 환자의 기록으로 병원이 확인');
  await dialog.getByRole('button', { name: '청구하지 않기' }).click();
  await expect(page.getByRole('status').filter({ hasText: '청구하지 않기로 했어요' })).toBeVisible();
  await expect(rowOf(setAside)).toHaveCount(0);

  // The released visit is claimed as usual.
  await page.goto(`/ops/claims?hospitalCd=${HOSPITAL}`);
  // Under the subscriber's name, as the insurer is told.
  const claimRow = page.getByRole('row').filter({ hasText: '37,310원' }).filter({ hasText: '서*희' });
  await expect(async () => {
    await page.reload();
    await expect(claimRow).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await claimRow.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: /^청구 \d+$/ })).toBeVisible();
  const claimId = (await page.getByRole('heading', { level: 1 }).textContent())!.replace(/\D/g, '');
  await expect(page.getByRole('region', { name: '다음 할 일' })).toContainText(
    /보험사의 답을 기다려요|보험사로 보내요/,
  );
  await expect(page.locator('dl.ops-summary')).toContainText('병원 기록상 이름: 서*히');
  const releasedEntry = page
    .getByRole('list', { name: '타임라인' })
    .getByRole('listitem')
    .filter({ hasText: '운영자가 보류된 기록을 가입자에게 연결했어요' });
  await expect(releasedEntry).toContainText('병원에 전화해 이름 오타 확인');
  await expect(releasedEntry).toContainText('보험사에는 가입자 서*희 이름으로 청구');

  // A note: required, then in the timeline with who.
  const note = page.getByRole('form', { name: '메모 남기기' });
  await note.getByRole('button', { name: '메모 남기기' }).click();
  await expect(note.getByRole('alert')).toHaveText('메모를 적어 주세요.');
  await note.getByLabel(/^메모/).fill('환자 전화: 지급일 문의, 다음 주 월요일 다시 확인');
  await note.getByRole('button', { name: '메모 남기기' }).click();
  const timeline = page.getByRole('list', { name: '타임라인' });
  await expect(timeline.getByRole('listitem').last()).toContainText('운영자 메모');
  await expect(timeline.getByRole('listitem').last()).toContainText('환자 전화: 지급일 문의, 다음 주 월요일 다시 확인');
  await expect(timeline.getByRole('listitem').last()).toContainText('(operator:e2e-operator-');
  await snap(page, 'ops-held-04-claim-note');
  await expectAccessible(page);

  // A paid answer: the amount is required (never the claim's by default), then a confirmation names it all.
  const answer = page.getByRole('region', { name: '보험사 답변 기록' });
  await answer.getByLabel('답변').selectOption({ label: '지급' });
  await answer.getByRole('button', { name: '기록하기' }).click();
  await expect(answer.getByRole('alert')).toHaveText('보험사가 지급한 금액을 적어 주세요.');
  await answer.getByLabel('보험사가 지급한 금액 (원)').fill('30,000');
  await answer.getByRole('button', { name: '기록하기' }).click();
  const confirm = page.getByRole('dialog', { name: '보험사 답변을 ‘지급’으로 기록할까요?' });
  await expect(confirm).toContainText(`청구 ${claimId}`);
  await expect(confirm).toContainText('환자 서*희');
  await expect(confirm).toContainText('지급액 30,000원 (청구 금액 37,310원)');
  await snap(page, 'ops-held-05-answer-confirm');
  await expectAccessible(page);
  await confirm.getByRole('button', { name: '지급으로 기록하기' }).click();
  await expect(answer.getByRole('status')).toHaveText('보험사 답변을 기록했어요.');
  const summary = page.locator('dl.ops-summary');
  await expect(summary).toContainText('지급액30,000원');
  await expect(summary).toContainText(/지급일\d{4}\. \d{2}\. \d{2}\. \d{2}:\d{2}/);
  await expect(summary).toContainText(/지급 계좌KB국민은행 \*\*\*\*1234 · 예금주 서\*희/);
  await expect(page.getByRole('region', { name: '다음 할 일' })).toContainText('30,000원을 지급했어요');
  await snap(page, 'ops-held-06-paid');
  await expectAccessible(page);
});
