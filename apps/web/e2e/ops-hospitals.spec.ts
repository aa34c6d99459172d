// The console's hospitals and insurers at a desktop: an admin adds a hospital (a Korean refusal first), issues its API
// key (shown once; the feed takes it), rotates it (the old key still works during the overlap) and revokes the new
// one (refused at once); then one admin asks to switch an insurer to fax (a non-Korean number refused first): it waits
// for a second admin (docs/security.md, "Insiders: claim destinations"), whose console shows the request on every
// screen and who approves it; a test delivery then goes by fax, as the sandbox outbox shows, and says only whether it
// was reached. axe finds nothing serious on each screen.
import type { Page } from '@playwright/test';
import { test, expect, snap, expectAccessible } from './fixtures';
import { DESKTOP, signInOps } from './ops';

test.use(DESKTOP);

const HOSPITAL_FEED = '/hospital/api/v1/treatments';
let receipt = 0;
const record = () => ({
  records: [
    {
      receiptNo: `E2E-${Date.now()}-${++receipt}`,
      patient: { name: '홍길동', birthDate: '19850101', rrn: '8501011000000' },
      visitDate: '20260110',
      visitType: '외래',
      department: '내과',
      kcdCodes: ['J00'],
      coveredCopay: 12000,
      uncovered: 8000,
      totalPaid: 20000,
    },
  ],
});

test('add a hospital, issue its key (shown once), rotate it, revoke it', async ({ page }) => {
  test.setTimeout(120_000);
  const code = `7${String(Date.now()).slice(-7)}`;
  const feed = (key: string) =>
    page.request.post(HOSPITAL_FEED, { headers: { 'x-hospital-api-key': key }, data: record() });

  await signInOps(page, '/ops/hospitals');
  await expect(page.getByRole('heading', { name: '병원', level: 1 })).toBeFocused();
  await expect(page.getByRole('table', { name: /병원 목록/ })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: '병원 추가' }).click();
  const form = page.getByRole('region', { name: '병원 추가' });
  await form.getByLabel('병원 코드').fill(code);
  await form.getByLabel('병원 이름').fill('이투이내과의원');
  await form.getByLabel('종류').fill('의원');
  await form.getByLabel('주소').fill('서울특별시 중구 세종대로 110');
  await form.getByLabel('전화번호').fill('12');
  await form.getByRole('button', { name: '추가하기' }).click();
  await expect(form.getByText('전화번호는 숫자와 -로 입력해 주세요', { exact: false })).toBeVisible();
  await expect(form.getByLabel('전화번호')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);
  await form.getByLabel('전화번호').fill('02-123-4567');
  await form.getByRole('button', { name: '추가하기' }).click();
  await expect(page.getByRole('status').filter({ hasText: '추가했어요' })).toBeVisible();
  await snap(page, 'ops-hospitals-01-added');

  await page.getByRole('link', { name: 'API 키 발급하러 가기' }).click();
  await expect(page.getByRole('heading', { name: `이투이내과의원 (${code})`, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: '새 키 발급' }).click();
  const shown = page.getByLabel('발급한 API 키');
  await expect(shown).toContainText(`hk_${code}_`);
  const first = (await shown.textContent())!;
  expect((await feed(first)).status()).toBe(200);
  await expectAccessible(page);
  await page.getByRole('button', { name: '전달했어요 (숨기기)' }).click();
  await page.reload();
  await expect(page.getByRole('table', { name: 'API 키 목록' })).toBeVisible();
  // Shown once: never again, not even on the hospital's own page.
  expect(await page.content()).not.toContain(first);
  // The feed at a glance: the record just sent is today's one.
  await expect(page.getByRole('region', { name: '기록 수신' })).toContainText('1건');

  await page.getByRole('button', { name: '교체', exact: true }).click();
  await page.getByLabel('옛 키를 더 쓸 시간 (1~168시간)').fill('1');
  await page.getByRole('button', { name: '교체하기' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '교체한 새 키' })).toBeVisible();
  const second = (await page.getByLabel('발급한 API 키').textContent())!;
  expect(second).not.toBe(first);
  // The overlap: both keys work for the next hour.
  expect((await feed(first)).status()).toBe(200);
  expect((await feed(second)).status()).toBe(200);
  await expect(page.getByRole('cell', { name: /교체됨/ })).toBeVisible();
  await snap(page, 'ops-hospitals-02-rotated');

  // Revoking asks first, and the safe answer is the focused primary button: Esc keeps the key.
  const newRow = page.getByRole('row').filter({ hasText: '사용 중' });
  await newRow.getByRole('button', { name: '폐기' }).click();
  const question = page.getByRole('dialog', { name: /폐기할까요/ });
  await expect(question).toContainText('이 키로 보내는 기록은 바로 거절돼요.');
  await expect(question.getByRole('button', { name: '취소' })).toBeFocused();
  await expect(question.getByRole('button', { name: '취소' })).toHaveClass(/ops-primary/);
  await expect(question.getByRole('button', { name: '폐기하기' })).toHaveClass(/ops-danger/);
  await expectAccessible(page);
  await snap(page, 'ops-hospitals-03-revoke-question');
  await page.keyboard.press('Escape');
  await expect(question).toBeHidden();
  expect((await feed(second)).status()).toBe(200);
  await newRow.getByRole('button', { name: '폐기' }).click();
  await question.getByRole('button', { name: '폐기하기' }).click();
  await expect(page.getByRole('status').filter({ hasText: '폐기했어요' })).toBeVisible();
  expect((await feed(second)).status()).toBe(401);
  await expectAccessible(page);
});

const openInsurer = async (page: Page) => {
  await page.getByLabel('이름 또는 코드').fill('LINALIFE');
  await page.getByRole('button', { name: '찾기' }).click();
  await page.getByRole('link', { name: '라이나생명' }).click();
  await expect(page.getByRole('heading', { name: '라이나생명 (LINALIFE)', level: 1 })).toBeVisible();
};

test('one admin asks to switch an insurer to fax; a second admin approves; the test delivery goes by fax', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signInOps(page, '/ops/insurers');
  await expect(page.getByRole('heading', { name: '보험사', level: 1 })).toBeFocused();
  await openInsurer(page);
  await expectAccessible(page);

  await page.getByRole('radio', { name: '팩스' }).check();
  await page.getByLabel('팩스 번호').fill('010-1234-5678');
  await page.getByRole('button', { name: '저장하기' }).click();
  await expect(page.getByText('국내 팩스 번호가 아니에요', { exact: false }).first()).toBeVisible();
  await page.getByLabel('팩스 번호').fill('02-7777-0101');
  await page.getByRole('button', { name: '저장하기' }).click();
  await expect(page.getByRole('status').filter({ hasText: '다른 관리자가 승인하면' })).toBeVisible();
  const waiting = page.getByRole('region', { name: '승인을 기다리는 전송 주소 변경' });
  await expect(waiting).toContainText('다른 관리자의 승인을 기다려요');
  // The asker cannot approve their own request: there is no button for it.
  await expect(page.getByRole('button', { name: '승인하기' })).toHaveCount(0);
  // Until approved, claims (and a test) still go by API.
  await expect(page.getByRole('group', { name: /전송 방식/ })).not.toContainText('콘솔에서 정함');
  await page.getByRole('button', { name: '시험 전송' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '전달됐어요' })).toContainText('API');
  await snap(page, 'ops-insurers-01-waiting-for-approval');
  await expectAccessible(page);

  // A second admin, in a browser of their own: every screen says a change is waiting.
  const other = await browser.newContext({ ...DESKTOP, locale: 'ko-KR', timezoneId: 'Asia/Seoul' });
  const second = await other.newPage();
  await signInOps(second, '/ops/insurers');
  const banner = second.getByRole('region', { name: '전송 주소 변경 승인 요청' });
  await expect(banner).toContainText('라이나생명');
  await expect(banner).toContainText('전송 방식, 팩스 번호');
  await snap(second, 'ops-insurers-02-banner-for-admins');
  await expectAccessible(second);
  await banner.getByRole('link', { name: '라이나생명' }).click();
  await expect(second.getByRole('heading', { name: '라이나생명 (LINALIFE)', level: 1 })).toBeVisible();
  await expect(second.getByText('팩스 번호', { exact: false }).first()).toBeVisible();
  await second.getByRole('button', { name: '승인하기' }).click();
  await expect(second.getByRole('status').filter({ hasText: '승인했어요' })).toBeVisible();
  await expect(second.getByRole('group', { name: /전송 방식/ })).toContainText('콘솔에서 정함');
  await expect(second.getByRole('region', { name: '전송 주소 변경 승인 요청' })).toHaveCount(0);

  await second.getByRole('button', { name: '시험 전송' }).click();
  await expect(second.getByRole('alert').filter({ hasText: '전달됐어요' })).toContainText('팩스');
  const outbox = await second.request.get('/sandbox/outbox?to=0277770101');
  const sent = (await outbox.json()) as { messages: { channel: string; body: string }[] };
  expect(sent.messages[0]?.channel).toBe('fax');
  expect(JSON.parse(sent.messages[0]!.body)).toMatchObject({ test: true, claimId: null });
  await snap(second, 'ops-insurers-03-approved-test-delivery');

  // Back to the API: asked by the second admin, approved by the first.
  await second.getByRole('radio', { name: 'API' }).check();
  await second.getByRole('button', { name: '저장하기' }).click();
  await expect(second.getByText('다른 관리자의 승인을 기다려요')).toBeVisible();
  await page.reload();
  await page.getByRole('button', { name: '승인하기' }).click();
  await expect(page.getByRole('status').filter({ hasText: '승인했어요' })).toBeVisible();
  await other.close();
});
