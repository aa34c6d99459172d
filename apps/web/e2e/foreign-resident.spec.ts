// A foreign resident enrols exactly as a citizen does (README "Foreign residents"): her Latin name and the first seven
// digits of her 외국인등록번호 (6: a woman born in the 1900s) on the identity screen, the number's own name on the
// resident-number screen, her 외국인등록증 photographed and read (the sandbox OCR reads the tagged photo: her name as
// the card prints it and the date of issue), her account checked, signed, submitted. At 390×844, every screen axe-clean,
// screenshots of the identity (personal details) and ID steps kept.
import { test, expect } from './fixtures';
import * as fx from './fixtures';
import * as steps from './wizard-steps';
import { idImage, withOcrText } from './wizard-steps';

test.describe.configure({ timeout: 240_000 });

test('a foreign resident enrols with her 외국인등록증, on to /web/complete', async ({ page }) => {
  const person = fx.testPerson({ name: 'NGUYEN THI LAN', birth6: '950315', sexDigit: '6' });
  await page.goto(fx.appPath('/90000001'));
  await page.getByRole('link', { name: '자동청구 시작하기' }).first().click();
  await fx.consentToAll(page);

  // The identity screen takes her Latin name; nonsense is refused in polite Korean, naming what to fix.
  await fx.fillIdentity(page, { ...person, name: 'NGUYEN 2' });
  await page.getByRole('button', { name: '인증번호 받기' }).click();
  await expect(page.getByText('이름에는 숫자를 쓸 수 없어요.', { exact: false }).first()).toBeVisible();
  await page.getByLabel('이름').fill('Nguyễn Thị Lan');
  await expect(page.getByText('외국인은 외국인등록증에 적힌 대로 입력해 주세요.')).toBeVisible();
  await fx.snap(page, 'foreign-identity');
  await fx.expectAccessible(page);
  await page.getByRole('button', { name: '인증번호 받기' }).click();
  await expect(page).toHaveURL(/\/certInput$/);
  await page.getByLabel('인증번호').fill(await fx.latestCode(page, person.phone));
  await page.getByRole('button', { name: '확인', exact: true }).click();

  // Her number is called a 외국인등록번호; its first digit, verified by SMS, is shown.
  await expect(page).toHaveURL(/\/security\/jumin$/, { timeout: 15_000 });
  await expect(page.locator('.jumin')).toContainText('950315–6');
  await page.getByLabel('외국인등록번호 나머지 6자리를 입력해 주세요').fill(person.rrnBack.slice(1));
  await fx.snap(page, 'foreign-jumin');
  await fx.expectAccessible(page);
  await steps.next(page);

  await steps.onScreen(page, 'insuChoose', '보험사 선택', 'foreign-insuChoose');
  // An insurer that takes no card of hers (ABL생명: 주민등록증 and 운전면허증 only) is said so on the ID step, with the
  // way back, rather than refused after she has signed.
  await page.getByRole('checkbox', { name: 'ABL생명', exact: true }).check();
  await page.getByRole('checkbox', { name: '삼성생명', exact: true }).check();
  await steps.next(page);
  await expect(page).toHaveURL(/\/security\/photo$/);
  await expect(page.getByRole('heading', { name: '고르신 보험사에 낼 수 있는 신분증이 없어요' })).toBeVisible();
  await expect(
    page.getByText('고르신 보험사는 외국인등록증, 영주증 사진을 받지 않아요.', { exact: false }),
  ).toBeVisible();
  await expect(page.getByRole('radio')).toHaveCount(0);
  await fx.snap(page, 'foreign-photo-none-of-hers');
  await fx.expectAccessible(page);
  await page.locator('.bottom-action').getByRole('link', { name: '보험사 다시 고르기' }).click();
  await expect(page).toHaveURL(/\/security\/insuChoose$/);
  await page.getByRole('checkbox', { name: 'ABL생명', exact: true }).uncheck();
  await steps.next(page);

  // The ID step: 외국인등록증 among the documents, its photo read, its date of issue the one field to confirm.
  await steps.onScreen(page, 'photo', '신분증 촬영', 'foreign-photo');
  await expect(page.getByRole('radio', { name: '영주증' })).toBeVisible();
  // Only the cards that carry a 외국인등록번호: a 주민등록증, 운전면허증 or 여권 would be refused at the end.
  for (const citizenCard of ['주민등록증', '운전면허증', '여권'])
    await expect(page.getByRole('radio', { name: citizenCard })).toHaveCount(0);
  // Chosen to begin with: the number she verified is a 외국인등록번호.
  await expect(page.getByRole('radio', { name: '외국인등록증' })).toBeChecked();
  const image = withOcrText(
    await idImage(page, '외국인등록증', false, ['NGUYEN THI LAN  950315-6******', '2024. 5. 20.']),
    {
      userNm: 'NGUYEN THI LAN',
      idcardIssueDate: '20240520',
    },
  );
  const request = page.waitForRequest((r) => r.url().includes('/ui/insu/v1/ocr/document/id-card'));
  await page
    .getByTestId('photo-gallery-input')
    .setInputFiles({ name: 'arc.jpg', mimeType: 'image/jpeg', buffer: image });
  expect(((await request).postDataJSON() as { idcardType: string }).idcardType).toBe('ac');
  await expect(page.getByRole('img', { name: '찍은 외국인등록증 사진' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '외국인등록증에서 읽은 내용을 확인해 주세요' })).toBeInViewport();
  await expect(page.getByLabel('발급일자', { exact: true })).not.toHaveValue('');
  for (const hidden of ['발급기관', '운전면허번호', '여권번호'])
    await expect(page.getByLabel(hidden, { exact: true })).toHaveCount(0);
  await fx.snap(page, 'foreign-photo-read');
  await fx.expectAccessible(page);
  await steps.next(page);

  // The account in her own name: the holder is her verified name, as she typed it.
  await steps.onScreen(page, 'paymentAccount', '보험금 받을 계좌', 'foreign-paymentAccount');
  await expect(page.getByLabel('예금주 이름')).toHaveValue('Nguyễn Thị Lan');
  await page.getByLabel('은행').selectOption({ label: 'KB국민은행' });
  await page.getByLabel('계좌번호').fill('123-456-789012');
  await steps.next(page, '계좌 확인하고 다음');

  await steps.adress(page, 'foreign');
  await steps.signature(page, 'foreign', { ...person, name: 'Nguyễn Thị Lan' });
  await steps.onScreen(page, 'applyHistory', '자동청구 신청', 'foreign-applyHistory');
  await expect(page.getByRole('main')).toContainText('외국인등록증 사진');
  await expect(page.getByRole('term').filter({ hasText: '외국인등록번호' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('950315-6******');
  await steps.submit(page);
  await steps.complete(page, 'foreign');
});

test('after a reload her number is still called a 외국인등록번호, asked whole, from what the server verified', async ({
  page,
}) => {
  const person = await fx.verifiedPatient(page, {
    person: fx.testPerson({ name: 'TRAN THI MAI', birth6: '960412', sexDigit: '6' }),
  });
  await expect(page).toHaveURL(/\/security\/jumin$/);
  await page.reload();
  await expect(page).toHaveURL(/\/security\/jumin$/);
  // The digit typed for the SMS is gone with the tab's memory; the session says she is a foreign resident.
  const field = page.getByLabel('외국인등록번호 뒷자리 7자리를 입력해 주세요');
  await expect(field).toBeVisible();
  await expect(page.getByText('주민등록번호', { exact: false })).toHaveCount(0);
  await fx.snap(page, 'foreign-jumin-after-reload');
  await fx.expectAccessible(page);
  await field.fill(person.rrnBack);
  await steps.next(page);
  await steps.onScreen(page, 'insuChoose', '보험사 선택', 'foreign-insuChoose-after-reload');
});
