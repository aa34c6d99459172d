// The console's dashboard and terms at a desktop: the admin reads the counts (the funnel included, fed by a patient's
// visit in this test), publishes a new version of a term from the list through its preview (the patient's own reading
// of it, a past date refused in Korean) and a confirmation naming its date and who must agree again; keyboard-usable
// and axe-clean.
import { test, expect, appPath, snap, expectAccessible } from './fixtures';
import { DESKTOP, signInOps } from './ops';

test.use(DESKTOP);

test('the dashboard counts, and a new terms version published with its effective date', async ({ page, browser }) => {
  test.setTimeout(120_000);
  // A patient's visit first (its own context, a phone), so the funnel has a landing to count.
  const patient = await browser.newContext();
  const phone = await patient.newPage();
  const sent = phone.waitForResponse((r) => r.url().endsWith('/api/admin/appMenuLogs') && r.status() === 200);
  await phone.goto(appPath('/90000001'));
  await sent;
  await patient.close();

  await signInOps(page, '/ops/dashboard');
  await expect(page.getByRole('heading', { name: '대시보드', level: 1 })).toBeFocused();
  const funnel = page.getByRole('table', { name: /가입 단계별 방문 수/ });
  await expect(funnel.getByRole('row', { name: /시작 화면/ })).toContainText(/시작 화면\s*[1-9]/);
  await expect(page.getByRole('table', { name: /청구/ }).first()).toBeVisible();
  await expect(page.getByRole('main').getByText('보내지 못한 청구')).toBeVisible();
  // The relation documents a parent sent, waiting for an operator's review: counted, and a link to their queue.
  const relation = page
    .locator('dt', { hasText: '검토를 기다리는 관계 서류' })
    .locator('xpath=following-sibling::dd[1]')
    .getByRole('link', { name: /^[\d,]+건$/ });
  await expect(relation).toHaveAttribute('href', '/ops/relation-documents');
  await snap(page, 'ops-dashboard');
  await expectAccessible(page);

  // One hospital's funnel, by keyboard: the one the patient above visited (other tests visit others in the same run).
  await page.getByLabel('병원 코드 (비우면 전체)').fill('90000001');
  await page.getByLabel('병원 코드 (비우면 전체)').press('Enter');
  await expect(page).toHaveURL(/hospitalCd=90000001/);
  await expect(
    page.getByRole('table', { name: /병원 90000001/ }).getByRole('row', { name: /시작 화면/ }),
  ).toContainText(/시작 화면\s*[1-9]/);

  await page.getByRole('navigation', { name: '운영 메뉴' }).getByRole('link', { name: '약관' }).click();
  await expect(page.getByRole('heading', { name: '약관', level: 1 })).toBeFocused();
  await expect(page.getByRole('heading', { name: /다시 동의해야 하는 가입자 0명/ })).toBeVisible();
  await page.getByLabel('종류').selectOption('SERVICE');
  await expect(page).toHaveURL(/termsGroup=SERVICE/);
  const table = page.getByRole('table', { name: /약관 버전/ });
  await expect(table.getByRole('row', { name: /SVC_USE/ })).toContainText('시행 중');
  await snap(page, 'ops-terms');
  await expectAccessible(page);

  await table.getByRole('button', { name: '서비스 이용약관 새 버전' }).click();
  const form = page.getByRole('form', { name: /새 버전 게시/ });
  await form.getByLabel('내용').fill('제1조 (목적)\n개정한 이용약관이에요.');
  await form.getByLabel(/시행일/).fill('2020-01-01');
  await form.getByRole('button', { name: '미리 보기' }).click();
  await expect(form.getByText(/시행일은 오늘\(.+\)이나 그 뒤여야 해요/)).toBeVisible();
  await expectAccessible(page);
  const later = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
  await form.getByLabel(/시행일/).fill(later);
  await form.getByRole('button', { name: '미리 보기' }).click();

  // The preview: the patient's own reading of a term, at a phone's width, and the facts of publishing it.
  const preview = page.getByRole('region', { name: /미리 보기/ });
  await expect(preview.getByRole('heading', { level: 2 })).toBeFocused();
  const patientView = preview.getByRole('group', { name: '환자 화면 미리 보기' });
  await expect(patientView).toContainText('(필수) 서비스 이용약관');
  await expect(patientView).toContainText(`버전 2.0 · 시행일 ${later.replaceAll('-', '.')}`);
  await expect(patientView).toContainText('개정한 이용약관이에요.');
  expect((await patientView.boundingBox())!.width).toBeLessThanOrEqual(390);
  await expect(preview).toContainText(/가입자 [\d,]+명이 다시 동의해야 해요|다시 동의해야 하는 가입자는 없어요/);
  await snap(page, 'ops-terms-preview');
  await expectAccessible(page);

  // Publishing asks once more, naming the date and how many must agree again; "취소" is the focused choice.
  await preview.getByRole('button', { name: '게시하기' }).click();
  const dialog = page.getByRole('dialog', { name: '약관을 게시할까요?' });
  await expect(dialog).toContainText(`${later.replaceAll('-', '.')}부터 환자에게 보여요`);
  await expect(dialog).toContainText(
    /이미 가입한 [\d,]+명은 그날부터 다시 동의해야 해요|다시 동의해야 하는 가입자는 없어요/,
  );
  await expect(dialog.getByRole('button', { name: '취소' })).toBeFocused();
  await snap(page, 'ops-terms-confirm');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: '게시하기' }).click();
  await expect(page.getByRole('status').filter({ hasText: /2\.0 버전을 게시했어요/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /SVC_USE 2\.0 / })).toContainText('시행 예정');
  await expect(table.getByRole('row', { name: /SVC_USE 1\.0 / })).toContainText('시행 중');
  await snap(page, 'ops-terms-published');
  await expectAccessible(page);
});
