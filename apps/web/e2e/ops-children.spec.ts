// The console's side of "one person, one subscription" (README "A parent enrols her children"): a child already
// enrolled by one guardian is refused to a second (409 CHILD_NOT_ENROLLABLE, naming no one), which leaves a dispute; an operator
// finds it on 가입 분쟁, is asked which side stays and why, and keeps the holder's. The relation documents' queue and one
// document's decision are walked by children.spec.ts; here, a PDF document opens from the server under its sandbox CSP.
import { PDFDocument } from 'pdf-lib';
import { CHILD_API, kstToday, type ChildrenAnswer } from '@auto-claim/contract';
import { OPS_CHILD_API, type RelationDocumentsPage } from '@auto-claim/contract/ops';
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

test('a relation PDF opens from the server under its sandbox, never through a blob: URL of the console', async ({
  page,
  playwright,
}) => {
  test.setTimeout(120_000);
  const baseURL = `http://localhost:${process.env.E2E_PORT ?? 3100}`;
  const mother = testPerson({ name: '정엄마' });
  const child = {
    userNm: '정하율',
    birthday: '20170303',
    sex: 'F',
    userIdno2: `4${mother.phone.slice(-6)}`,
    guardianRel: 'mother',
  };
  const api = await playwright.request.newContext({ baseURL });
  await subscribe(api, mother, 10_000, mother.rrnBack, 'SAMSUNGFIRE', [], { child, bankAccountRel: '3' });
  const kids = (await (await api.get(CHILD_API.children)).json()) as ChildrenAnswer;
  const insuApplyId = kids.list.find((c) => c.userNm === child.userNm)!.insuApplyId;
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]);
  const pdf = Buffer.from(await doc.save()).toString('base64');
  const sent = await api.post(CHILD_API.relationDocument(insuApplyId), {
    data: { docType: 'family', issueDate: kstToday(new Date()), file: `data:application/pdf;base64,${pdf}` },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  await api.dispose();

  await signInOps(page, '/ops/relation-documents', 'operator');
  const queue = (await (
    await page.request.get(`${OPS_CHILD_API.relationDocuments}?status=pending&size=100`)
  ).json()) as RelationDocumentsPage;
  const docId = queue.list.find((d) => d.insuApplyId === insuApplyId)!.docId;
  await page.goto(`/ops/relation-documents/${docId}`);
  await expect(page.getByRole('heading', { name: `가족관계 서류 확인: ${child.userNm}`, level: 1 })).toBeVisible();
  const open = page.getByRole('link', { name: 'PDF 새 창에서 열기' });
  await expect(open).toHaveAttribute('href', OPS_CHILD_API.relationDocumentFile(docId));
  await expect(open).toHaveAttribute('target', '_blank');
  await expect(open).toHaveAttribute('rel', /noopener/);
  // Nothing of the file is a page of the console's origin: no object URL, no embedded PDF.
  await expect(page.locator('[src^="blob:"], [href^="blob:"], [data^="blob:"], object, embed, iframe')).toHaveCount(0);
  const file = await page.request.get(OPS_CHILD_API.relationDocumentFile(docId));
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('application/pdf');
  expect(file.headers()['content-security-policy']).toMatch(/^sandbox;/);
  expect(file.headers()['content-security-policy']).not.toMatch(/allow-scripts/);
  await snap(page, 'ops-children-04-relation-pdf');
  await expectAccessible(page);
});
