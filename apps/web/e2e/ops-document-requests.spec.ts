// Documents an insurer asks for, fetched from the hospital (README "Documents an insurer asks for"), on a phone (390×844):
// a patient's claim at a hospital with a user in the console; the insurer asks for 진단서; the hospital user finds the
// request on "요청받은 서류", is told in Korean what is wrong with a file that is no PDF, uploads the PDF, and the request
// leaves her list for the answered one; the operator sees the request answered and sent to the insurer; the patient
// heard nothing of it. Screenshots of each screen; axe on each.
import { PDFDocument } from 'pdf-lib';
import { API, type TreatsAnswer } from '@auto-claim/contract';
import { test, expect, snap, expectAccessible, testPerson } from './fixtures';
import { changeIssuedPassword, createHospitalUser, setUpSecondFactor, signInOps, typePassword } from './ops';
import { feed, insurerAnswers, ok, subscribe, textSize } from './patient-api';

// A seeded demo hospital no other browser test feeds: its user makes it one the product can ask.
const HOSPITAL = '90000004';
const INSURER = 'SAMSUNGFIRE';

test('the hospital user uploads the 진단서 an insurer asked for, and the operator sees the request answered', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(150_000);
  const p = testPerson();
  const ci = await subscribe(request, p, 0, p.rrnBack, INSURER, [], { hospitalCd: HOSPITAL });
  const receiptNo = `E2E-DOC-${Date.now().toString(36)}`;
  await feed(request, p, ci, { receiptNo, totalPaid: 31_000 }, `sandbox-${HOSPITAL}`);
  let claimId = 0;
  await expect
    .poll(
      async () => {
        const treats = (await (await request.get(API.treats)).json()) as TreatsAnswer;
        const claim = treats.list.find((v) => v.paidAmt === 31_000)?.claims[0];
        claimId = claim?.status === 'sent' ? Number(claim.claimId) : 0;
        return claimId;
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThan(0);
  const who = await createHospitalUser(HOSPITAL);
  // Her message about the claim goes by the jobs runtime, after the claim: counted before the answer, once it came.
  const outbox = async () => ok<{ messages: { body: string }[] }>(await request.get(`/sandbox/outbox?to=${p.phone}`));
  await expect.poll(async () => (await outbox()).messages.some((m) => m.body.includes('청구할게요'))).toBe(true);
  const before = await outbox();
  await insurerAnswers(request, { claimId, answer: 'documents_requested', documents: ['diagnosis'] });

  await page.goto('/ops');
  await typePassword(page, who);
  await setUpSecondFactor(page);
  await changeIssuedPassword(page, who);
  const nav = page.getByRole('navigation', { name: '운영 메뉴' });
  await nav.getByRole('link', { name: '요청받은 서류' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('보험사가 요청한 서류');
  const table = page.getByRole('table', { name: /보낼 서류/ });
  const row = table.getByRole('row', { name: new RegExp(receiptNo) });
  await expect(row).toContainText('진단서');
  await expect(row).not.toContainText(p.name);
  await snap(page, 'ops-document-requests-01-asked');
  await expectAccessible(page);
  // At 200 % text the request and its upload still read one under another, nothing beside the screen.
  await textSize(page, 200);
  await snap(page, 'ops-document-requests-01b-asked-200');
  // Nothing of the request and its upload runs past the screen's edge (the shared pager's size picker may).
  expect(
    await row.evaluate((r) =>
      [r, ...r.querySelectorAll('*')]
        .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1)
        .map((e) => e.tagName),
    ),
  ).toEqual([]);
  await textSize(page, 100);

  // A file that is no PDF: refused, said beside the upload in Korean, nothing sent.
  const file = row.getByLabel(/진단서 PDF/);
  await file.setInputFiles({ name: 'not.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not a pdf at all') });
  await row.getByRole('button', { name: /보내기/ }).click();
  await expect(row.getByRole('alert')).toHaveText('PDF 파일이 아니에요. 요청한 서류를 PDF로 보내 주세요.');
  await snap(page, 'ops-document-requests-02-refused');
  await expectAccessible(page);

  const doc = await PDFDocument.create();
  doc.addPage([595, 842]);
  await file.setInputFiles({ name: '진단서.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await doc.save()) });
  await row.getByRole('button', { name: /보내기/ }).click();
  await expect(page.getByRole('status').filter({ hasText: '보냈어요' })).toHaveText(
    new RegExp(`영수증 ${receiptNo}의 진단서를 .+에 보냈어요\\.`),
  );
  await expect(table.getByRole('row', { name: new RegExp(receiptNo) })).toHaveCount(0);
  await page.getByRole('button', { name: '보낸 서류' }).click();
  const sent = page.getByRole('table', { name: '보낸 서류' }).getByRole('row', { name: new RegExp(receiptNo) });
  await expect(sent).toContainText('보험사로 보냈어요');
  await snap(page, 'ops-document-requests-03-sent');
  await expectAccessible(page);

  // The patient heard nothing of it.
  const after = await ok<{ messages: unknown[] }>(await request.get(`/sandbox/outbox?to=${p.phone}`));
  expect(after.messages).toHaveLength(before.messages.length);

  // The operator: the request answered, its age, and the claim it belongs to.
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
  });
  const ops = await context.newPage();
  await signInOps(ops, '/ops/document-requests', 'viewer');
  await expect(ops.getByRole('heading', { level: 1 })).toHaveText('병원에 요청한 서류');
  await expect(
    ops.getByRole('table', { name: /답을 기다리는 요청/ }).getByRole('row', { name: new RegExp(receiptNo) }),
  ).toHaveCount(0);
  await ops.getByRole('button', { name: '병원이 답한 요청' }).click();
  const closed = ops.getByRole('table', { name: '병원이 답한 요청' }).getByRole('row', { name: new RegExp(receiptNo) });
  await expect(closed).toContainText('보험사로 보냈어요');
  await expect(closed).toContainText('진단서');
  await expect(closed.getByRole('link', { name: `청구 ${claimId}` })).toBeVisible();
  await snap(ops, 'ops-document-requests-04-operator');
  await expectAccessible(ops);
  await context.close();
});
