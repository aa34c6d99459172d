// A parent enrols her children (README "A parent enrols her children"), at 390 × 844 as a phone shows it: after her
// SMS verification, "누구의 진료인가요? → 자녀" and her own resident number on the first screen, the child's details (every refusal beside its
// field), the child's insurer, the relation document photographed, the account in the parent's name and the rest of
// the wizard, the guardian's summary, the child's finish; then "다른 자녀도 신청하기" for a brother, who reuses the
// document and the parent's answers. An operator confirms the first child's document in the console and refuses the
// second's with a reason; the hospital feeds a visit for each child; the parent receives one message and one claim,
// for the confirmed child only, and her /web/treat shows each child apart. Every new screen: a screenshot, axe-core
// at 390 and 320 px.
import type { Browser, Page } from '@playwright/test';
import { HOSPITAL_API, HOSPITAL_KEY_HEADER, maskName } from '@auto-claim/contract';
import { test, expect, snap, expectAccessible, testPerson, verifiedPatient } from './fixtures';
import { DESKTOP, signInOps } from './ops';
import { expectFits, ok } from './patient-api';
import { adress, drawSignature, errorSummary, next, onScreen } from './wizard-steps';

const HOSPITAL = '90000001';
const INSURER = 'AIA생명';

/** YYYYMMDD in Korea, `days` from today (negative: before). */
const kstDay = (days = 0) =>
  new Date(Date.now() + 9 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
const dotted = (ymd: string) => `${ymd.slice(0, 4)}.${ymd.slice(4, 6)}.${ymd.slice(6)}`;

/** The screen as it is now: axe-core at 390 px, then fitting and axe-core at 320 px, a screenshot of each. */
async function look(page: Page, shot: string) {
  await snap(page, shot);
  await expectAccessible(page);
  await page.setViewportSize({ width: 320, height: 720 });
  await snap(page, `${shot}-320`);
  await expectFits(page, `${shot} at 320 px`);
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
}

/** A phone photo of a 가족관계증명서: a white page of black text in a grey frame (it passes the photo check). */
async function relationPhoto(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = new OffscreenCanvas(1000, 1400);
    const c = canvas.getContext('2d')!;
    c.fillStyle = '#6b6f76';
    c.fillRect(0, 0, 1000, 1400);
    c.fillStyle = '#ffffff';
    c.fillRect(60, 60, 880, 1280);
    c.fillStyle = '#111111';
    c.font = 'bold 56px sans-serif';
    c.fillText('가족관계증명서', 300, 170);
    c.font = '34px sans-serif';
    const lines = ['본인 김하나 1985년 01월 01일', '자녀 김지민 2015년 03월 01일', '자녀 김서준 2018년 07월 15일'];
    for (let i = 0; i < 24; i++) c.fillText(lines[i % 3]!, 110, 260 + i * 42);
    const bytes = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/png' })).arrayBuffer());
    let s = '';
    for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(s);
  });
  return Buffer.from(base64, 'base64');
}

/** The insurer (its consent was given on the one consent screen, and applied here), as every enrolment walks it. */
async function insurerScreens(page: Page, shot: string, child: string) {
  await onScreen(page, 'insuChoose', '보험사 선택', `${shot}-insuChoose`);
  // Whose enrolment this is, on every question after the child is named.
  await expect(page.getByText(`${child}의 자동청구를 신청하고 있어요`)).toBeVisible();
  const insurer = page.getByRole('checkbox', { name: INSURER, exact: true });
  if (!(await insurer.isChecked())) await insurer.check();
  await next(page);
}

async function signAndDocuments(page: Page, shot: string, child: { name: string }) {
  await onScreen(page, 'signature', '서명', `${shot}-signature`);
  // Read before signing: the child is the patient whose records are asked for; the parent signs as her 법정대리인,
  // the relation written.
  await page.getByRole('button', { name: '위임장 읽기' }).click();
  const doc = page.getByRole('article', { name: '진료기록 열람 및 사본발급 위임장' });
  await expect(doc).toContainText(child.name);
  await expect(doc).toContainText('모 (법정대리인)');
  await expect(doc).toContainText(`${child.name}의 법정대리인(모)`);
  await snap(page, `${shot}-commission`);
  await page.getByRole('button', { name: '닫기' }).click();
  await expect(doc).toHaveCount(0);
  await drawSignature(page);
  await next(page, '서명 완료');
}

async function submitted(page: Page, shot: string, called: string) {
  await expect(page).toHaveURL(/\/security\/applyHistory$/, { timeout: 15_000 });
  await page.locator('.bottom-action').getByRole('button', { name: '자동청구 신청하기' }).click();
  await expect(page).toHaveURL(/\/web\/complete\?type=child$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: `${called}의 자동청구 신청을 마쳤어요` })).toBeVisible();
  await expect(page.getByText('서류 확인 중')).toBeVisible();
  await expect(page.getByText(/담당자가 가족관계 서류를 확인한 뒤부터/)).toBeVisible();
  await look(page, `${shot}-complete`);
}

/** The operator's console in a desktop window of its own. */
async function operator(browser: Browser) {
  const context = await browser.newContext({ ...DESKTOP, locale: 'ko-KR', timezoneId: 'Asia/Seoul' });
  const page = await context.newPage();
  await signInOps(page, '/ops/relation-documents', 'operator');
  return { page, close: () => context.close() };
}

test('a parent enrols two children; an operator confirms one relation and refuses the other; one claim and one message, for the confirmed child only', async ({
  page,
  browser,
}) => {
  test.setTimeout(600_000);
  const parent = testPerson({ name: '김하나', sexDigit: '2' });
  const unique = parent.phone.slice(-6);
  const jimin = { name: '김지민', called: '지민이', birthday: '20150301', back: `4${unique}`, sex: '여자' };
  const seojun = { name: '김서준', called: '서준이', birthday: '20180715', back: `3${unique}`, sex: '남자' };

  // ——— "누구의 진료인가요?" right after the verification; 자녀 ———
  await verifiedPatient(page, { hospitalCd: HOSPITAL, person: parent });
  await onScreen(page, 'jumin', '주민등록번호 입력', 'children-01-jumin');
  await expect(page.getByRole('radio', { name: '본인' })).toBeChecked();
  await page.getByRole('radio', { name: /^자녀/ }).check();
  await look(page, 'children-01-jumin-child');

  // Her own number, said to be hers (the sex digit she typed for the SMS is shown, not asked again).
  await page.getByLabel('보호자 본인의 주민등록번호 나머지 6자리를 입력해 주세요').fill(parent.rrnBack.slice(1));
  await next(page);

  // ——— the child: every refusal beside its field ———
  await onScreen(page, 'childInfo', '자녀 정보', 'children-03-childInfo');
  await look(page, 'children-03-childInfo');
  await next(page);
  await expect(errorSummary(page)).toBeFocused();
  await expect(page.locator('#child-userNm-error')).toHaveText('자녀 이름을 입력해 주세요.');
  await expect(page.locator('#child-sex-error')).toHaveText('자녀 성별을 골라 주세요.');
  await expect(page.locator('#child-rel-error')).toHaveText('자녀와의 관계를 골라 주세요.');
  await look(page, 'children-03-childInfo-errors');
  await page.getByLabel('자녀 이름').fill(jimin.name);
  await page.getByLabel('자녀 생년월일').fill('2005.01.01');
  await page.getByRole('radio', { name: jimin.sex }).check();
  await page.getByLabel('자녀 주민등록번호 뒷자리 7자리').fill(`3${unique}`);
  await page.getByRole('radio', { name: '아버지 (부)' }).check();
  await next(page);
  await expect(page.locator('#child-birthday-error')).toHaveText(/만 19세 이상은 자녀로 가입할 수 없어요/);
  await page.getByLabel('자녀 생년월일').fill(dotted(jimin.birthday));
  await next(page);
  await expect(page.locator('#child-userIdno2-error')).toHaveText(
    '뒷자리 첫 숫자가 자녀의 생년월일·성별과 맞지 않아요. 다시 확인해 주세요.',
  );
  await expect(page.locator('#child-rel-error')).toHaveText(
    '본인인증한 성별과 고른 관계가 맞지 않아요. 다시 골라 주세요.',
  );
  await snap(page, 'children-03-childInfo-refusals');
  await expectAccessible(page);
  await page.getByLabel('자녀 주민등록번호 뒷자리 7자리').fill(jimin.back);
  await page.getByRole('radio', { name: '어머니 (모)' }).check();
  await expect(page.getByText('2034년 3월 1일에 만 19세가 돼요.')).toBeVisible();
  await next(page);

  await insurerScreens(page, 'children-04', jimin.called);

  // ——— the relation document: photographed, its issue date ———
  await onScreen(page, 'relationDoc', '가족관계 서류', 'children-06-relationDoc');
  await expect(page.getByText('3개월 안에 발급한')).toBeVisible();
  await look(page, 'children-06-relationDoc');
  await next(page);
  await expect(errorSummary(page)).toBeFocused();
  await expect(errorSummary(page)).toContainText('어떤 서류를 올릴지 골라 주세요.');
  await expect(errorSummary(page)).toContainText('서류를 찍거나 앨범·파일에서 골라 주세요.');
  await page.getByRole('radio', { name: '가족관계증명서' }).check();
  await page
    .getByTestId('reldoc-camera-input')
    .setInputFiles({ name: 'family.png', mimeType: 'image/png', buffer: await relationPhoto(page) });
  await expect(page.getByRole('img', { name: '찍은 가족관계증명서 사진' })).toBeVisible();
  await page.getByLabel('발급일').fill(dotted(kstDay(-130)));
  await next(page);
  await expect(page.locator('#reldoc-issueDate-error')).toHaveText(/3개월 안에 발급한 서류만 받을 수 있어요/);
  await look(page, 'children-06-relationDoc-refused');
  await page.getByLabel('발급일').fill(dotted(kstDay(-3)));
  await next(page);

  // ——— the payout account: the parent's or the child's ———
  await onScreen(page, 'paymentAccount', '보험금 받을 계좌', 'children-07-paymentAccount');
  await expect(page.getByRole('radio')).toHaveCount(2);
  await page.getByLabel('은행').selectOption({ label: 'KB국민은행' });
  await page.getByLabel('계좌번호').fill('123-456-789012');
  await page.getByRole('radio', { name: '보호자 명의' }).check();
  await expect(page.getByLabel('예금주 이름')).toHaveValue(parent.name);
  await look(page, 'children-07-paymentAccount');
  await next(page, '계좌 확인하고 다음');
  await adress(page, 'children-08');
  await signAndDocuments(page, 'children-09', jimin);

  // ——— the guardian's summary ———
  await onScreen(page, 'applyHistory', '자동청구 신청', 'children-10-summary');
  const childCard = page.getByRole('region', { name: '자녀 정보' });
  await expect(childCard).toContainText(jimin.name);
  await expect(childCard).toContainText('150301-4******');
  await expect(childCard).toContainText('모');
  await expect(page.getByRole('region', { name: '가족관계 서류' })).toContainText('가족관계증명서 사진');
  await expect(page.getByRole('region', { name: '보호자(본인) 정보' })).toContainText(parent.name);
  await look(page, 'children-10-summary');
  await submitted(page, 'children-11', jimin.called);

  // ——— "다른 자녀도 신청하기": the brother, from the parent's answers ———
  await page.getByRole('button', { name: '다른 자녀도 신청하기' }).click();
  await onScreen(page, 'childInfo', '자녀 정보', 'children-12-childInfo');
  await expect(page.getByRole('radio', { name: '어머니 (모)' })).toBeChecked();
  await page.getByLabel('자녀 이름').fill(seojun.name);
  await page.getByLabel('자녀 생년월일').fill(dotted(seojun.birthday));
  await page.getByRole('radio', { name: seojun.sex }).check();
  await page.getByLabel('자녀 주민등록번호 뒷자리 7자리').fill(seojun.back);
  await next(page);
  await insurerScreens(page, 'children-13', seojun.called);
  await onScreen(page, 'relationDoc', '가족관계 서류', 'children-14-relationDoc');
  await expect(page.getByRole('heading', { name: '앞에서 올린 서류를 그대로 쓸 수 있어요' })).toBeVisible();
  await look(page, 'children-14-relationDoc-reuse');
  await page.getByRole('button', { name: '같은 서류 쓰기' }).click();
  await expect(page.getByRole('img', { name: '찍은 가족관계증명서 사진' })).toBeVisible();
  await next(page);
  // The account in her name, the address, amounts and e-mail are carried; the signature is his own.
  await signAndDocuments(page, 'children-16', seojun);
  await onScreen(page, 'applyHistory', '자동청구 신청', 'children-17-summary');
  await expect(page.getByRole('region', { name: '자녀 정보' })).toContainText(seojun.name);
  await expect(page.getByRole('region', { name: '보험금 받을 계좌' })).toContainText('****9012');
  await submitted(page, 'children-18', seojun.called);

  // ——— the operator: confirms 지민's document, refuses 서준's with a reason the parent reads ———
  const ops = await operator(browser);
  const queue = ops.page.getByRole('table', { name: /가족관계 서류/ });
  await expect(queue.getByRole('row').filter({ hasText: '김*민' })).toHaveCount(1);
  await expect(queue.getByRole('row').filter({ hasText: '김*준' })).toHaveCount(1);
  await snap(ops.page, 'children-20-ops-queue');
  await expectAccessible(ops.page);
  await queue
    .getByRole('row')
    .filter({ hasText: '김*민' })
    .getByRole('link', { name: /확인하기/ })
    .click();
  await expect(ops.page.getByRole('heading', { level: 1 })).toHaveText(`가족관계 서류 확인: ${jimin.name}`);
  await expect(ops.page.getByRole('img', { name: '올린 가족관계증명서' })).toBeVisible();
  const childFacts = ops.page.getByRole('region', { name: '자녀 (피보험자)' });
  await expect(childFacts).toContainText('2015.03.01');
  await expect(childFacts).toContainText('150301-4******');
  await expect(ops.page.getByRole('region', { name: '보호자 (법정대리인, 청구인)' })).toContainText(parent.name);
  await snap(ops.page, 'children-21-ops-document');
  await expectAccessible(ops.page);
  await ops.page.getByRole('button', { name: '관계 확인하기' }).click();
  await expect(ops.page.getByRole('status').filter({ hasText: '관계를 확인했어요' })).toBeVisible();
  await ops.page.getByRole('link', { name: '다음 서류 보기' }).click();
  await expect(queue.getByRole('row').filter({ hasText: '김*민' })).toHaveCount(0);
  await queue
    .getByRole('row')
    .filter({ hasText: '김*준' })
    .getByRole('link', { name: /확인하기/ })
    .click();
  await expect(ops.page.getByRole('heading', { level: 1 })).toHaveText(`가족관계 서류 확인: ${seojun.name}`);
  const reason = '서류에 자녀와 보호자가 함께 나와 있지 않아요. 두 분이 함께 나온 서류를 올려 주세요.';
  await ops.page.getByRole('button', { name: '반려하기' }).click();
  await expect(ops.page.getByRole('alert')).toContainText('반려 사유를');
  await ops.page.getByRole('button', { name: '서류에 자녀와 보호자가 함께 나와 있지 않아요' }).click();
  await expect(ops.page.getByRole('textbox', { name: /반려 사유/ })).toHaveValue(reason);
  await ops.page.getByRole('button', { name: '반려하기' }).click();
  const ask = ops.page.getByRole('dialog', { name: '서류를 반려할까요?' });
  await expect(ask).toContainText(reason);
  await snap(ops.page, 'children-22-ops-refuse');
  await expectAccessible(ops.page);
  await ask.getByRole('button', { name: '반려하기' }).click();
  await expect(ops.page.getByRole('status').filter({ hasText: '반려했어요' })).toBeVisible();
  await ops.close();

  // ——— the hospital feeds a visit for each child: her name, birth date and resident number (a child has no CI) ———
  for (const [i, child] of [jimin, seojun].entries()) {
    await ok(
      await page.request.post(HOSPITAL_API.treatments, {
        headers: { [HOSPITAL_KEY_HEADER]: `sandbox-${HOSPITAL}` },
        data: {
          records: [
            {
              receiptNo: `E2E-CHILD-${parent.phone}-${i}`,
              patient: { name: child.name, birthDate: child.birthday, rrn: `${child.birthday.slice(2)}${child.back}` },
              visitDate: kstDay(-1),
              visitType: '외래',
              department: '소아청소년과',
              kcdCodes: ['J00'],
              coveredCopay: 18_000,
              uncovered: 27_000,
              totalPaid: 45_000,
            },
          ],
        },
      }),
    );
  }

  // ——— one message, naming the confirmed child; none of a claim for the other ———
  // Each message to the parent's phone as the sandbox keeps it: the template it goes under and its text.
  const parentMessages = async () => {
    const res = await page.request.get(`/sandbox/outbox?to=${parent.phone}`);
    const { messages } = (await res.json()) as { messages: { body: string }[] };
    return messages.map((m) => {
      try {
        const sent = JSON.parse(m.body) as { template?: string; text?: string; buttons?: { url: string }[] };
        return { template: sent.template ?? '', text: sent.text ?? m.body, link: sent.buttons?.[0]?.url ?? '' };
      } catch {
        return { template: '', text: m.body, link: '' };
      }
    });
  };
  const claimNotices = async () => (await parentMessages()).filter((m) => m.template.startsWith('AUTO_CLAIM'));
  await expect.poll(async () => (await claimNotices()).length, { timeout: 30_000 }).toBe(1);
  const [notice] = await claimNotices();
  expect(notice!.template).toBe('AUTO_CLAIM_CHILD_SENT');
  expect(notice!.text).toContain(`${jimin.called}의 진료비`);
  // The parent was told of each decision, naming the child; 서준's visit waits, unclaimed and unannounced.
  const all = await parentMessages();
  expect(all.filter((m) => m.template === 'CHILD_RELATION_CONFIRMED').map((m) => m.text)).toEqual([
    expect.stringContaining(jimin.called),
  ]);
  expect(all.filter((m) => m.template === 'CHILD_RELATION_REFUSED').map((m) => m.text)).toEqual([
    expect.stringContaining(reason),
  ]);
  expect(all.filter((m) => m.text.includes(`${seojun.called}의 진료비를`) && m.template.startsWith('AUTO'))).toEqual(
    [],
  );

  // ——— the message's link opens her history on 지민's tab; a tab per child; 서준's refusal and nothing claimed ———
  // The link alone (before an SMS step-up) names the children masked, and shows no birth date (docs/security.md).
  expect(notice!.link).toMatch(/\/web\/treat#t=/);
  await page.goto(new URL(notice!.link).pathname + new URL(notice!.link).hash);
  const tabs = page.getByRole('tablist', { name: '누구의 진료 내역을 볼까요?' });
  await expect(tabs.getByRole('tab')).toHaveCount(2);
  await expect(tabs.getByRole('tab', { name: maskName(jimin.name) })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: `${maskName(jimin.name)}의 진료 1건이에요` })).toBeVisible();
  const visit = page.getByRole('tabpanel').getByRole('listitem').filter({ hasText: '45,000원' }).first();
  await expect(visit).toContainText(INSURER);
  await look(page, 'children-30-treat-jimin');
  await tabs.getByRole('tab', { name: maskName(seojun.name) }).click();
  await expect(page.getByRole('heading', { name: '가족관계 서류를 다시 올려 주세요' })).toBeVisible();
  await expect(page.getByText(reason)).toBeVisible();
  await expect(
    page.getByRole('heading', { name: `아직 받은 ${maskName(seojun.name)}의 진료 내역이 없어요` }),
  ).toBeVisible();
  await look(page, 'children-31-treat-seojun');
});
