// What a patient sees of the open connector's visits (README "EMR vendors", "A pharmacy follows its clinic"): her
// clinic's KR 실손 Claim bundle and the pharmacy's that filled its 처방전 go as one claim, and each visit's card says so
// with the other's name, day and amount; a receipt the clinic cancelled before its claim went shows as not sent,
// with why and whom to ask. At 390×844 and at 200 % text.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { FHIR_JSON, HOSPITAL_API, HOSPITAL_KEY_HEADER, OPERATOR_API } from '@auto-claim/contract';
import { test, expect, expectAccessible, testPerson, SCREENSHOT_DIR } from './fixtures';
import { apiOf } from './ops';
import { HOSPITAL, linkFromOutbox, subscribe, textSize, expectFits } from './patient-api';

const example = (name: string) =>
  readFileSync(path.resolve(import.meta.dirname, `../../../fhir/ig/examples/${name}.json`), 'utf8');
/** The guide's CI naming system (fhir/ig/README.md, "The bundle"). */
const CI_SYSTEM = 'http://auto-claim.kr/fhir/kr-silson-claim/NamingSystem/ci';
type Bundle = { identifier: { value: string }; entry: { resource: Record<string, any> }[] };

/** A guide example as her visit: codes and numbers swapped, the patient her (by CI, name and birth date). */
function hers(name: string, swaps: [string, string][], p: ReturnType<typeof testPerson>, ci: string): Bundle {
  let text = example(name);
  for (const [from, to] of swaps) text = text.replaceAll(from, to);
  const b = JSON.parse(text) as Bundle;
  const patient = b.entry.find((e) => e.resource.resourceType === 'Patient')!.resource;
  patient.identifier = [patient.identifier[0], { system: CI_SYSTEM, value: ci }];
  patient.name = [{ text: p.name }];
  patient.gender = p.sexDigit === '1' ? 'male' : 'female';
  patient.birthDate = `19${p.birth6.slice(0, 2)}-${p.birth6.slice(2, 4)}-${p.birth6.slice(4, 6)}`;
  return b;
}

test('a clinic and its pharmacy in one claim, and a cancelled receipt, as her history shows them', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();
  // A pharmacy beside her clinic, added and given a key as an operator does (console, "병원").
  const pharmacyCd = `99${String(Date.now()).slice(-6)}`;
  const admin = await apiOf('admin');
  const made = await admin.post('/api/admin/hospitals', {
    data: {
      hospitalCd: pharmacyCd,
      hospitalNm: '온누리약국',
      hospitalType: '약국',
      address: '서울특별시 마포구 데모로 103',
      phone: '02-000-0103',
      autoClaimEnabled: false,
    },
  });
  expect(made.ok(), await made.text()).toBe(true);
  const issued = await admin.post(OPERATOR_API.hospitalApiKeys(pharmacyCd), { data: {} });
  expect(issued.ok(), await issued.text()).toBe(true);
  const pharmacyKey = ((await issued.json()) as { apiKey: string }).apiKey;
  await admin.dispose();

  const p = testPerson();
  const ci = await subscribe(page.request, p, 0, p.rrnBack, 'SAMSUNGFIRE', ['SUBS_KAKAO_NOTI']);
  await context.clearCookies();
  const post = async (b: Bundle, key: string) => {
    const res = await page.request.post(HOSPITAL_API.fhirBundle, {
      headers: { [HOSPITAL_KEY_HEADER]: key, 'content-type': FHIR_JSON },
      data: JSON.stringify(b),
    });
    expect(res.status(), await res.text()).toBe(201);
  };
  const clinicKey = `sandbox-${HOSPITAL}`;
  const swaps = (n: string): [string, string][] => [
    ['11100001', HOSPITAL],
    ['11300003', pharmacyCd],
    ['R-20261102-0001', `R-${run}-${n}`],
    ['PH-20261102-031', `PH-${run}-${n}`],
    ['20261102-00017', `${run}-${n}`],
  ];
  // A clinic visit whose claim waits for a pharmacy, then the clinic cancels the receipt: once its claim is made (her
  // 알림톡 about it came; cancelled before the engine decides it, a visit is simply never claimed).
  const second = hers('clinic-outpatient', swaps('2'), p, ci);
  await post(second, clinicKey);
  await linkFromOutbox(page, p.phone, 'treat');
  await post(
    hers(
      'cancelled',
      [
        ['11200002', HOSPITAL],
        ['O-2026-558812', second.identifier.value],
      ],
      p,
      ci,
    ),
    clinicKey,
  );
  // Her clinic visit with a 처방전, then the pharmacy that filled it: one claim.
  await post(hers('clinic-outpatient', swaps('1'), p, ci), clinicKey);
  await post(hers('pharmacy', swaps('1'), p, ci), pharmacyKey);

  await page.goto(await linkFromOutbox(page, p.phone, 'treat'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('자동청구 진료 내역');
  const cards = page.locator('.tr-visits > li');
  const pharmacyCard = cards.filter({ hasText: '온누리약국' }).first();
  // The engine takes the last two in on its own time: the page is opened again until their claim is there.
  await expect(async () => {
    await page.reload();
    await expect(pharmacyCard.locator('.tr-claim__with')).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(pharmacyCard.locator('.tr-claim__with')).toContainText(
    /이 청구에는 한빛정형외과의원 \(데모\)에서 11월 2일에 낸 [\d,]+원도 함께 들어 있어요/,
  );
  const clinicCard = cards.filter({
    has: page.locator('.tr-claim__with', { hasText: '온누리약국에서 11월 2일에 낸' }),
  });
  await expect(clinicCard).toHaveCount(1);
  await expect(clinicCard.locator('.tr-claim__with')).toContainText('청구 금액은 두 영수증을 더한 금액이에요');
  const cancelled = cards.filter({ hasText: '병원 취소로 청구 안 함' });
  await expect(cancelled).toHaveCount(1);
  await expect(cancelled).toContainText('병원이 영수증을 취소해서 보험사에 보내지 않았어요');
  await clinicCard.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENSHOT_DIR}/treat-bundles-01-together.png` });
  await cancelled.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENSHOT_DIR}/treat-bundles-02-cancelled.png` });
  await expectAccessible(page);

  await textSize(page, 200);
  await expectFits(page, 'her history at 200 % text');
  await clinicCard.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENSHOT_DIR}/treat-bundles-03-together-200.png` });
  await expectAccessible(page);
});
