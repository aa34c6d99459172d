// A patient with 실손 at one insurer and 단체실손 at another (spec §2 insuChoose) enrols once for both: both are chosen
// on insuChoose, where the insurer consent given on the consent screen is applied to each and recorded as each one's
// own term; claimAgreeInfo, opened from the summary, shows each insurer's consent and refuses one alone; the address
// is found by a building's name in the sandbox's road addresses (README "Sandbox providers") rather than typed, and
// the status page ("내 자동청구") names both insurers. At 390×844, axe on each changed screen.
import { test, expect, snap, expectAccessible, verifiedPatient } from './fixtures';
import {
  account,
  atSummary,
  fromSummary,
  idCardPhoto,
  jumin,
  onScreen,
  next,
  drawSignature,
  submit,
  complete,
  errorSummary,
} from './wizard-steps';

const OUTER = '90000001';

test('two insurers chosen, a consent each, a real address found, and the status page names both', async ({ page }) => {
  test.setTimeout(240_000);
  const person = await verifiedPatient(page, { hospitalCd: OUTER });
  await jumin(page, person);

  // insuChoose: more than one insurer, the consent applied to both and recorded as each one's own.
  await onScreen(page, 'insuChoose', '보험사 선택', 'several-insuChoose');
  await page.getByRole('checkbox', { name: '삼성화재', exact: true }).check();
  await page.getByRole('checkbox', { name: '현대해상', exact: true }).check();
  await expect(page.getByText('2곳을 골랐어요. 병원 진료마다 고른 보험사 모두에 따로 청구해요.')).toBeVisible();
  await expect(
    page.getByRole('heading', { name: '앞에서 하신 보험사 동의를 삼성화재, 현대해상에 적용해요' }),
  ).toBeVisible();
  await snap(page, 'several-insuChoose-two');
  await expectAccessible(page);
  const recorded = page.waitForRequest(
    (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/auth/rest/terms',
  );
  await next(page);
  expect((await recorded).postDataJSON()).toEqual({ termsIds: ['INSU_SAMSUNGFIRE_CLAIM', 'INSU_HYUNDAIMARINE_CLAIM'] });

  await expect(page).toHaveURL(/\/security\/(photo|paymentAccount)$/);
  if (page.url().endsWith('/photo')) await idCardPhoto(page);
  await account(page);

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

  await expect(page).toHaveURL(/\/security\/signature$/);
  await page.getByRole('button', { name: '위임장 읽기' }).click();
  await expect(page.getByRole('dialog', { name: '서명할 위임장' })).toContainText('올림픽로43길 88');
  await page.getByRole('dialog', { name: '서명할 위임장' }).getByRole('button', { name: '닫기' }).click();
  await drawSignature(page);
  await next(page, '서명 완료');
  await atSummary(page);
  await expect(page.getByRole('main')).toContainText('삼성화재, 현대해상');

  // claimAgreeInfo from the summary: each insurer's own consent, agreed; one alone is not enough.
  await fromSummary(page, '보기 보험사 동의', 'claimAgreeInfo', '보험사 약관 동의', 'several-claimAgreeInfo');
  for (const name of ['삼성화재', '현대해상']) {
    await expect(page.getByRole('heading', { name: `${name}에 보험금을 청구하려면 동의가 필요해요` })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: `${name} 약관에 모두 동의해요` })).toBeChecked();
  }
  await page.getByRole('checkbox', { name: '현대해상 약관에 모두 동의해요' }).uncheck();
  await next(page, '동의하고 다음');
  await expect(page.getByRole('alert').filter({ hasText: '필수 약관에 모두 동의해 주세요.' })).toBeFocused();
  await page.getByRole('checkbox', { name: '현대해상 약관에 모두 동의해요' }).check();
  await expect(page.getByRole('checkbox', { name: '삼성화재 약관에 모두 동의해요' })).toBeChecked();
  await snap(page, 'several-claimAgreeInfo-both');
  await expectAccessible(page);
  await next(page, '동의하고 다음');
  await atSummary(page);

  await submit(page);
  await complete(page, 'several');

  // The status page: both insurers.
  await page.getByRole('link', { name: '내 자동청구 보기' }).click();
  await expect(page.getByRole('heading', { name: '자동청구에 가입되어 있어요' })).toBeVisible();
  await expect(page.getByText(/삼성화재, 현대해상에 보험금을 자동으로 청구해요/)).toBeVisible();
  await snap(page, 'several-my-subscription');
  await expectAccessible(page);
});
