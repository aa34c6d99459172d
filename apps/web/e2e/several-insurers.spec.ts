// A patient with 실손 at one insurer and 단체실손 at another (spec §2 insuChoose) enrols once for both: both are chosen
// on insuChoose, each insurer's consent is asked on claimAgreeInfo, the address is found by a building's name in the
// sandbox's road addresses (README "Sandbox providers") rather than typed, and the status page ("내 자동청구") names
// both insurers. At 390×844, axe on each changed screen.
import { test, expect, snap, expectAccessible, verifiedPatient } from './fixtures';
import {
  idCardPhoto,
  onScreen,
  next,
  expenses,
  retro,
  job,
  email,
  signature,
  submit,
  complete,
  errorSummary,
} from './wizard-steps';

const OUTER = '90000001';

test('two insurers chosen, a consent each, a real address found, and the status page names both', async ({ page }) => {
  test.setTimeout(240_000);
  const person = await verifiedPatient(page, { hospitalCd: OUTER });
  await page.getByLabel('주민등록번호 뒷자리 7자리를 입력해 주세요').fill(person.rrnBack);
  await next(page);

  // insuChoose: more than one insurer.
  await onScreen(page, 'insuChoose', '보험사 선택', 'several-insuChoose');
  await page.getByRole('checkbox', { name: '삼성화재', exact: true }).check();
  await page.getByRole('checkbox', { name: '현대해상', exact: true }).check();
  await expect(page.getByText('2곳을 골랐어요. 병원 진료마다 고른 보험사 모두에 따로 청구해요.')).toBeVisible();
  await snap(page, 'several-insuChoose-two');
  await expectAccessible(page);
  await next(page);

  // claimAgreeInfo: each insurer's own consent; one alone is not enough.
  await onScreen(page, 'claimAgreeInfo', '보험사 약관 동의', 'several-claimAgreeInfo');
  for (const name of ['삼성화재', '현대해상']) {
    await expect(page.getByRole('heading', { name: `${name}에 보험금을 청구하려면 동의가 필요해요` })).toBeVisible();
  }
  await page.getByRole('checkbox', { name: '삼성화재 약관에 모두 동의해요' }).check();
  await next(page, '동의하고 다음');
  await expect(page.getByRole('alert').filter({ hasText: '필수 약관에 모두 동의해 주세요.' })).toBeFocused();
  await page.getByRole('checkbox', { name: '현대해상 약관에 모두 동의해요' }).check();
  await expect(page.getByRole('checkbox', { name: '삼성화재 약관에 모두 동의해요' })).toBeChecked();
  await snap(page, 'several-claimAgreeInfo-both');
  await expectAccessible(page);
  await next(page, '동의하고 다음');

  await onScreen(page, 'document', '제출 서류 안내', 'several-document');
  await expect(page.getByRole('heading', { name: '삼성화재, 현대해상에 이런 서류를 보내요' })).toBeVisible();
  await next(page, '확인했어요');
  await expect(page).toHaveURL(/\/security\/(idPhotoInfo|paymentAccount)$/);
  if (page.url().endsWith('/idPhotoInfo')) await idCardPhoto(page);
  await expect(page).toHaveURL(/\/security\/paymentAccount$/);
  await page.getByLabel('은행').selectOption({ label: 'KB국민은행' });
  await page.getByLabel('계좌번호').fill('123-456-789012');
  await page.getByRole('radio', { name: '본인' }).check();
  await next(page, '계좌 확인하고 다음');
  await onScreen(page, 'paymentCenter', '보험금 지급 안내', 'several-paymentCenter');
  await expect(page.getByRole('heading', { name: /삼성화재, 현대해상에서 직접 보내 드려요/ })).toBeVisible();
  await next(page, '확인했어요');

  await expenses(page, 'several');
  await retro(page, 'several');

  // The address, found by a hospital's name among the sandbox's real road addresses, not typed.
  await expect(page).toHaveURL(/\/security\/adress$/);
  await page.getByRole('searchbox', { name: '주소 검색' }).fill('서울아산병원');
  await page.getByRole('button', { name: '주소 찾기' }).click();
  const hit = page.getByRole('button', { name: /서울특별시 송파구 올림픽로43길 88/ }).first();
  await expect(hit).toBeVisible();
  await snap(page, 'several-adress-results');
  await expectAccessible(page);
  await hit.click();
  await expect(page.getByLabel('우편번호')).toHaveValue('05505');
  await page.getByLabel(/상세 주소/).fill('2층');
  await next(page);
  await expect(errorSummary(page)).toHaveCount(0);

  await job(page, 'several');
  await email(page, 'several');
  await signature(page, 'several');
  await expect(page).toHaveURL(/\/security\/docComissionView$/);
  await expect(page.getByRole('article', { name: '진료기록 열람 및 사본발급 위임장' })).toContainText(
    '올림픽로43길 88',
  );
  await next(page, '확인했어요');
  await expect(page).toHaveURL(/\/security\/docAgreeView$/);
  await page.getByRole('checkbox', { name: '자동청구 가입 약관에 모두 동의해요' }).check();
  await next(page, '동의하고 다음');

  await expect(page).toHaveURL(/\/security\/applyHistory$/);
  await expect(page.getByRole('main')).toContainText('삼성화재, 현대해상');
  await submit(page);
  await complete(page, 'several');

  // The status page: both insurers.
  await page.getByRole('link', { name: '내 자동청구 보기' }).click();
  await expect(page.getByRole('heading', { name: '자동청구에 가입되어 있어요' })).toBeVisible();
  await expect(page.getByText(/삼성화재, 현대해상에 보험금을 자동으로 청구해요/)).toBeVisible();
  await snap(page, 'several-my-subscription');
  await expectAccessible(page);
});
