// The console's side of "one person, one subscription" (README "A parent enrols her children"): a child already
// enrolled by one guardian is refused to a second (409 CHILD_NOT_ENROLLABLE, naming no one), which leaves a dispute; an operator
// finds it on 가입 분쟁, is asked which side stays and why, and keeps the holder's. The relation documents' queue and one
// document's decision are walked by children.spec.ts.
import { test, expect, snap, expectAccessible, testPerson } from './fixtures';
import { DESKTOP, signInOps } from './ops';
import { subscribe } from './patient-api';

test.use(DESKTOP);

test('a second guardian enrolling the same child is refused; the dispute is resolved on 가입 분쟁', async ({
  page,
  playwright,
}) => {
  test.setTimeout(120_000);
  const baseURL = `http://localhost:${process.env.E2E_PORT ?? 3100}`;
  const father = testPerson({ name: '이아빠' });
  const uncle = testPerson({ name: '박삼촌' });
  const child = {
    userNm: '이서아',
    birthday: '20160505',
    sex: 'F',
    userIdno2: `4${father.phone.slice(-6)}`,
    guardianRel: 'father',
  };
  // Each guardian verified in a client of his own, and the child's account in his name (bankAccountRel 3).
  const first = await playwright.request.newContext({ baseURL });
  await subscribe(first, father, 10_000, father.rrnBack, 'SAMSUNGFIRE', [], { child, bankAccountRel: '3' });
  const second = await playwright.request.newContext({ baseURL });
  let refused: { status: number; code: string; detail: string } | undefined;
  await subscribe(
    second,
    uncle,
    10_000,
    uncle.rrnBack,
    'SAMSUNGFIRE',
    [],
    { child: { ...child, guardianRel: 'guardian' }, bankAccountRel: '3' },
    async (res) => {
      const body = (await res.json()) as { code: string; detail: string };
      refused = { status: res.status(), code: body.code, detail: body.detail };
    },
  );
  expect(refused).toMatchObject({ status: 409, code: 'CHILD_NOT_ENROLLABLE' });
  expect(refused!.detail).not.toMatch(/보호자|운영자|접수/);
  await first.dispose();
  await second.dispose();

  await signInOps(page, '/ops/insured-disputes', 'operator');
  await expect(page.getByRole('heading', { name: '가입 분쟁', level: 1 })).toBeFocused();
  const table = page.getByRole('table', { name: /가입 분쟁/ });
  const row = table.getByRole('row').filter({ hasText: '이*아' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('보호자 이*빠, 부');
  await expect(row).toContainText('보호자 박*촌, 법정대리인');
  await expect(row).toContainText('처리 전');
  await snap(page, 'ops-children-01-disputes');
  await expectAccessible(page);

  await row.getByRole('button', { name: /처리하기/ }).click();
  const dialog = page.getByRole('dialog', { name: '가입 분쟁 처리' });
  await dialog.getByRole('button', { name: '처리하기' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('어느 쪽 가입을 유지할지 골라 주세요.');
  await dialog.getByRole('radio', { name: /가입 중인 쪽 유지/ }).check();
  await dialog.getByLabel(/처리하는 이유/).fill('두 분께 전화해 아버지가 먼저 가입한 것을 확인했어요.');
  await snap(page, 'ops-children-02-resolve');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: '처리하기' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: '먼저 가입한 쪽 유지' })).toBeVisible();
  await expect(row).toHaveCount(0);

  await page.getByLabel('상태').selectOption('resolved');
  await expect(page).toHaveURL(/status=resolved/);
  const resolved = table.getByRole('row').filter({ hasText: '이*아' });
  await expect(resolved).toContainText('먼저 가입한 쪽 유지');
  await snap(page, 'ops-children-03-resolved');
  await expectAccessible(page);
});
