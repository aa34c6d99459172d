// A hospital user (README "Hospital users") at 1280×800: an admin makes her for a hospital; she signs in with the
// issued password, sets up her second factor and her own password, and lands on her hospital's month: what her feed
// brought, a refused bundle with the element (FHIRPath) and what is wrong, her records masked; she downloads the
// month as CSV (UTF-8 with BOM), and registers (then revokes) the key her EMR signs bundles with. She sees nothing of
// the operators' console.
import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { FHIR_JSON, HOSPITAL_API, HOSPITAL_KEY_HEADER, KST_OFFSET_MS, withParticle } from '@auto-claim/contract';
import { test, expect, snap, expectAccessible } from './fixtures';
import { DESKTOP, changeIssuedPassword, createHospitalUser, setUpSecondFactor, signInOps, typePassword } from './ops';

test.use(DESKTOP);

// A seeded hospital no other browser test feeds, under its sandbox key.
const HOSPITAL = '90000005';
const KEY = `sandbox-${HOSPITAL}`;
const kstDay = (daysAgo: number) =>
  new Date(Date.now() + KST_OFFSET_MS - daysAgo * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');

test('a hospital user signs in with a second factor, reads her month with a refused bundle’s element, and exports it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  // Her feed: one record (no subscriber: not claimed) and one bundle whose line total is wrong.
  const fed = await page.request.post(HOSPITAL_API.treatments, {
    headers: { [HOSPITAL_KEY_HEADER]: KEY },
    data: {
      records: [
        {
          receiptNo: `E2E-HU-${run}`,
          patient: { name: '홍길동', birthDate: '19800101', rrn: '8001011234567' },
          visitDate: kstDay(1),
          visitType: '외래',
          department: '내과',
          kcdCodes: ['J00'],
          coveredCopay: 12_000,
          uncovered: 8_000,
          totalPaid: 20_000,
        },
      ],
    },
  });
  expect(fed.ok(), await fed.text()).toBe(true);
  const bundle = JSON.parse(
    readFileSync(path.resolve(import.meta.dirname, '../../../fhir/ig/examples/clinic-outpatient.json'), 'utf8'),
  );
  bundle.identifier.value = `E2E-HU-R-${run}`;
  const i = bundle.entry.findIndex(
    (e: { resource: { resourceType: string } }) => e.resource.resourceType === 'Invoice',
  );
  bundle.entry[i].resource.lineItem[0].priceComponent[0].amount.value += 10;
  const element = `Bundle.entry[${i}].resource.lineItem[0].priceComponent[0].amount.value`;
  const refused = await page.request.post(HOSPITAL_API.fhirBundle, {
    headers: { [HOSPITAL_KEY_HEADER]: KEY, 'content-type': FHIR_JSON },
    data: JSON.stringify(bundle),
  });
  expect(refused.status()).toBe(422);

  const who = await createHospitalUser(HOSPITAL, '010-5555-0101');
  await page.goto('/ops');
  await typePassword(page, who);
  await setUpSecondFactor(page);
  await changeIssuedPassword(page, who);

  const nav = page.getByRole('navigation', { name: '운영 메뉴' });
  await expect(nav).toBeVisible();
  await expect(page).toHaveURL(/\/ops\/my-hospital/);
  await expect(nav.getByRole('link')).toHaveText(['우리 병원', '요청받은 서류', '접수대 모드']);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/진료 기록 전송 현황$/);
  await expect(page.getByText(`${who.loginId} (병원 사용자)`)).toBeVisible();
  const month = new Date(Date.now() + KST_OFFSET_MS).toISOString().slice(0, 7);
  const picker = page.getByRole('combobox', { name: '조회할 달' });
  await expect(picker).toHaveValue(month);

  const refusals = page.getByRole('table', { name: /에 거절된 번들/ });
  const row = refusals.getByRole('row', { name: new RegExp(`E2E-HU-R-${run}`) });
  await expect(row).toBeVisible();
  await expect(row).toContainText(element);
  await expect(row).toContainText('세부산정내역 줄의 금액 합계가 맞지 않아요');
  const records = page.getByRole('table', { name: /에 받은 진료 기록/ });
  const mine = records.getByRole('row', { name: new RegExp(`E2E-HU-${run}`) });
  await expect(mine).toContainText('홍*동');
  await expect(mine).not.toContainText('홍길동');
  await snap(page, 'ops-hospital-user-01-month');
  await expectAccessible(page);

  // None of the operators' calls is hers.
  expect((await page.request.get('/api/admin/claims')).status()).toBe(403);

  const saving = page.waitForEvent('download');
  await page.getByRole('button', { name: '엑셀로 내려받기 (CSV)' }).click();
  const download = await saving;
  expect(download.suggestedFilename()).toMatch(/^병원 월간 진료 기록-\d{8}-\d{4}\.csv$/);
  const bytes = await readFile((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.subarray(3).toString('utf8');
  expect(text.split('\r\n')[0]).toBe(
    '받은 일시,영수증 번호,진료일,환자 (가림),처리 결과,사유,청구 상태,보험사,보험사 답',
  );
  expect(text).toContain(`E2E-HU-${run}`);
  expect(text).toContain('홍*동');
  expect(text).not.toContain('홍길동');
  await expect(page.getByText(/파일로 내려받았어요/)).toBeVisible();
  await snap(page, 'ops-hospital-user-02-exported');
  await expectAccessible(page);

  // Her bundle signing key (fhir/ig/README.md, "Signing"): a private key is refused in Korean; the public key the kit
  // printed is registered, and from then on an unsigned bundle is refused; revoking it lifts that.
  const { privateKey } = generateKeyPairSync('ed25519');
  const keys = page.getByRole('region', { name: '번들 서명 키' });
  const field = keys.getByRole('textbox', { name: '공개 키 (JWK)' });
  await field.fill(JSON.stringify(privateKey.export({ format: 'jwk' })));
  await keys.getByRole('button', { name: '서명 키 등록' }).click();
  await expect(keys.getByRole('alert')).toContainText('개인 키는 넣지 마세요');
  // The public JWK as keygen prints it: kty, crv, x.
  await field.fill(JSON.stringify(createPublicKey(privateKey).export({ format: 'jwk' })));
  await keys.getByRole('button', { name: '서명 키 등록' }).click();
  await expect(keys.getByRole('status')).toContainText('이제 이 키로 서명한 번들만 받아요');
  const registered = keys.getByRole('table', { name: /등록된 서명 키 \(1\/5\)/ });
  await expect(registered.getByRole('row')).toHaveCount(2);
  await keys.scrollIntoViewIfNeeded();
  await snap(page, 'ops-hospital-user-03-signing-key');
  await expectAccessible(page);
  // The guide's clinic visit as her hospital's own receipt, correct but unsigned.
  bundle.entry[i].resource.lineItem[0].priceComponent[0].amount.value -= 10;
  bundle.identifier.value = `E2E-HU-S-${run}`;
  const unsigned = await page.request.post(HOSPITAL_API.fhirBundle, {
    headers: { [HOSPITAL_KEY_HEADER]: KEY, 'content-type': FHIR_JSON },
    data: JSON.stringify(bundle).replaceAll('11100001', HOSPITAL),
  });
  expect(unsigned.status(), await unsigned.text()).toBe(422);
  expect(await unsigned.text()).toContain('Bundle.signature');

  await registered.getByRole('button', { name: /폐기$/ }).click();
  const dialog = page.getByRole('dialog', { name: /폐기할까요/ });
  await expect(dialog).toContainText('마지막 키예요');
  await dialog.getByRole('button', { name: '폐기하기' }).click();
  await expect(keys.getByRole('status')).toContainText('폐기했어요');
  await expect(keys.getByRole('table', { name: /등록된 서명 키 \(0\/5\)/ })).toContainText('등록된 서명 키가 없어요');
});

test('an admin makes a hospital user on the hospital’s screen: the password shown once, a bad phone refused in Korean', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInOps(page, `/ops/hospitals/${HOSPITAL}`, 'admin');
  const panel = page.getByRole('region', { name: '병원 사용자' });
  await expect(panel).toBeVisible();
  const form = panel.getByRole('form', { name: '병원 사용자 만들기' });
  const loginId = `e2e-hu-${Date.now().toString(36)}`;
  await form.getByLabel('아이디').fill(loginId);
  await form.getByLabel('알림 받을 휴대폰 (선택)').fill('02-123-4567');
  await form.getByRole('button', { name: '병원 사용자 만들기' }).click();
  await expect(panel.getByRole('alert')).toContainText('알림 받을 휴대폰 번호를 010-1234-5678처럼 입력해 주세요.');
  await form.getByLabel('알림 받을 휴대폰 (선택)').fill('010-5555-0102');
  await form.getByRole('button', { name: '병원 사용자 만들기' }).click();
  const secret = panel.getByLabel('발급한 비밀번호');
  await expect(secret).toHaveText(/^[A-Za-z0-9]{16}$/);
  await expect(panel.getByRole('alert')).toContainText(`병원 사용자 ${withParticle(loginId, '을/를')} 만들었어요.`);
  await snap(page, 'ops-hospital-user-00-made');
  await expectAccessible(page);
  await panel.getByRole('button', { name: '전달했어요 (숨기기)' }).click();
  await expect(secret).toHaveCount(0);
});
