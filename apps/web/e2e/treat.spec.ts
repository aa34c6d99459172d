// Issue 5 end to end: a subscribed patient's hospital feeds a treatment record (sandbox hospital key), the engine
// claims it and sends an 알림톡 (sandbox outbox) whose link opens /web/treat with the claim; a visit below the
// minimum is claimed by hand there; an insurer asks for an ID copy and the patient submits it on /web/IDPhoto; a
// used link leads to SMS verification instead.
import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { API, HOSPITAL_API, HOSPITAL_KEY_HEADER } from '@auto-claim/contract';
import { test, expect, snap, expectAccessible, testPerson, type TestPerson } from './fixtures';

const HOSPITAL = '90000001';
const SANDBOX_KEY = `sandbox-${HOSPITAL}`;

const dataUrl = (mime: string, b: Buffer) => `data:${mime};base64,${b.toString('base64')}`;

/** A photo-like JPEG (noise, so the compression has work to do). */
async function idPhoto(width = 900, height = 570) {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919 + (i % width) * 3) % 251;
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}
const signature = () =>
  sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="120"><path d="M20 80 C 60 10, 90 110, 130 50 S 200 20, 280 70" stroke="#111" stroke-width="5" fill="none"/></svg>',
    ),
  )
    .png()
    .toBuffer();

async function ok<T>(res: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  expect(res.ok(), `${res.url()} ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/** Verification by SMS and a subscription through the API, as the enrolment screens would do it; answers the CI. */
async function subscribe(request: APIRequestContext, p: TestPerson, minAmt: number) {
  const telecom = await ok<{ list: { termsId: string }[] }>(await request.get('/auth/rest/terms/v2/TELECOM'));
  const started = await ok<{ smsRequestSeq: string; smsResponseSeq: string }>(
    await request.post(API.niceUserAuth, {
      data: {
        korRegId: `${p.birth6}${p.sexDigit}`,
        custName: p.name,
        telecomType: '1',
        custHp: p.phone,
        hospitalCode: HOSPITAL,
        termsIds: telecom.list.map((t) => t.termsId),
      },
    }),
  );
  const outbox = await ok<{ messages: { body: string }[] }>(await request.get(`/sandbox/outbox?to=${p.phone}`));
  const code = outbox.messages[0]!.body.match(/\[(\d{6})\]/)![1]!;
  const { ci } = await ok<{ ci: string }>(
    await request.post(API.niceSmsAuth, { data: { ...started, smsAuthNum: code, hospitalCode: HOSPITAL } }),
  );
  const required: string[] = [];
  for (const group of ['SERVICE', 'LMHC_SUBS']) {
    const list = await ok<{ list: { termsId: string; required: boolean }[] }>(
      await request.get(`/auth/rest/terms/v3/${group}`),
    );
    required.push(...list.list.filter((x) => x.required).map((x) => x.termsId));
  }
  await ok(
    await request.post(API.subscriptions, {
      headers: { 'idempotency-key': `e2e-${p.phone}` },
      data: {
        userCi: ci,
        userNm: p.name,
        birthday: `19${p.birth6}`,
        sex: 'M',
        userIdno2: `${p.sexDigit}234567`,
        userTel: p.phone,
        termsIds: required,
        optTerms: [],
        userEmail: '',
        userPostNo: '04524',
        userAddr: '서울특별시 중구 세종대로 110',
        userAddrDetail: '3층',
        hospitalCd: HOSPITAL,
        multiSubscrib: [],
        jobCd: '',
        minAmt,
        retroMonth: 36,
        signImg: dataUrl('image/png', await signature()),
        idcardImg: dataUrl('image/jpeg', await idPhoto(640, 400)),
        idcardType: 'ic',
        idcardIssueDate: '20200315',
        idcardIssueOrg: '서울특별시 중구청장',
        insuCompCd: 'SAMSUNGFIRE',
        agreeIds: ['INSU_SAMSUNGFIRE_CLAIM'],
        bankCd: '004',
        bankAccount: '123456781234',
        bankAccountHolder: p.name,
        bankAccountRel: '1',
      },
    }),
  );
  return ci;
}

/** The hospital's feed: one record for this patient. */
async function feed(
  request: APIRequestContext,
  p: TestPerson,
  ci: string,
  r: { receiptNo: string; totalPaid: number },
) {
  const copay = Math.floor(r.totalPaid * 0.4);
  await ok(
    await request.post(HOSPITAL_API.treatments, {
      headers: { [HOSPITAL_KEY_HEADER]: SANDBOX_KEY },
      data: {
        records: [
          {
            receiptNo: r.receiptNo,
            patient: { name: p.name, birthDate: `19${p.birth6}`, ci },
            visitDate: (() => {
              const d = new Date(Date.now() + 9 * 3600_000 - 2 * 86_400_000);
              return d.toISOString().slice(0, 10).replaceAll('-', '');
            })(),
            visitType: '외래',
            department: '정형외과',
            kcdCodes: ['M54.5'],
            coveredCopay: copay,
            uncovered: r.totalPaid - copay,
            totalPaid: r.totalPaid,
          },
        ],
      },
    }),
  );
}

/** The newest 알림톡 (or SMS fallback) with a link to `screen`, newer than `after` messages; its path. */
async function linkFromOutbox(page: Page, phone: string, screen: 'treat' | 'IDPhoto', seen = 0) {
  let path = '';
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/sandbox/outbox?to=${phone}`);
        const { messages } = (await res.json()) as { messages: { channel: string; body: string }[] };
        const links = messages
          .filter((m) => m.channel === 'kakao' || m.channel === 'sms')
          .map((m) => m.body.match(new RegExp(`(/ui/insu/vuex/auto-claim/web/${screen}#t=[\\w.%-]+)`))?.[1])
          .filter((x): x is string => Boolean(x));
        path = links.length > seen ? links[0]! : '';
        return path;
      },
      { timeout: 20_000 },
    )
    .not.toBe('');
  return path;
}

test('from a fed record to the 알림톡, its link to /web/treat, a claim by hand and an ID copy', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const p = testPerson();
  const ci = await subscribe(page.request, p, 10_000);
  // The patient's own browser has no session: only the link will open the history.
  await context.clearCookies();

  await feed(page.request, p, ci, { receiptNo: `E2E-${p.phone}-1`, totalPaid: 35_000 });
  const link = await linkFromOutbox(page, p.phone, 'treat');
  expect(link).not.toContain(ci);

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('자동청구 진료 내역');
  await expect(page.getByRole('heading', { name: /병원에서 받은 진료 1건/ })).toBeVisible();
  // the token left the address bar as soon as it was read
  await expect(page).toHaveURL(/\/web\/treat$/);
  const visit = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3 }) })
    .first();
  await expect(visit).toContainText('35,000원');
  await expect(visit).toContainText('삼성화재');
  await expect(visit.locator('.tr-badge')).toHaveText(/청구 준비 중|청구서 작성 완료|보험사에 보냄|보험사 접수 완료/);
  await expect(page.getByRole('heading', { name: '내 진료 기록 열람·전송 기록' })).toBeVisible();
  await expect(page.getByText('본인에게 진료 내역 1건을 보여 드렸어요.').first()).toBeVisible();
  await snap(page, 'treat-01-history');
  await expectAccessible(page);

  // A visit below the minimum: shown, not claimed, and claimable by hand after a confirmation.
  const seen = 1;
  await feed(page.request, p, ci, { receiptNo: `E2E-${p.phone}-2`, totalPaid: 4_000 });
  const link2 = await linkFromOutbox(page, p.phone, 'treat', seen);
  // A new message opens a new page (a same-page fragment change would not load it).
  await page.goto('about:blank');
  await page.goto(link2);
  await expect(page.getByRole('heading', { name: /병원에서 받은 진료 2건/ })).toBeVisible();
  const small = page.getByRole('listitem').filter({ hasText: '4,000원' }).first();
  await expect(small).toContainText('청구 안 함');
  await expect(small).toContainText('최소 청구 금액보다 적어서');
  await small.getByRole('button', { name: '이 진료 청구하기' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('4,000원');
  await snap(page, 'treat-02-confirm');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: '청구하기' }).click();
  await expect(small.getByRole('button', { name: '이 진료 청구하기' })).toHaveCount(0);
  await expect(small).toContainText('삼성화재');
  await expect(small).toContainText('직접 청구');
  await expect(
    page.getByText(/본인이 .*진료를 삼성화재에 청구했어요|청구하려고 서류를 만들었어요/).first(),
  ).toBeVisible();
  await snap(page, 'treat-03-claimed');
  // the engine's workers deliver it like any claim: after a while the history says it was sent
  await expect
    .poll(
      async () => {
        await page.reload();
        return page.getByRole('listitem').filter({ hasText: '직접 청구' }).first().textContent();
      },
      { timeout: 20_000 },
    )
    .toContain('보험사에 보냄');

  // The insurer asks for an ID copy about the first claim.
  const treats = (await (await page.request.get(API.treats)).json()) as {
    list: { paidAmt: number; claims: { claimId: string }[] }[];
  };
  const claimId = treats.list.find((v) => v.paidAmt === 35_000)!.claims[0]!.claimId;
  await ok(await page.request.post('/sandbox/insurers/idCardRequests', { data: { claimId } }));
  const idLink = await linkFromOutbox(page, p.phone, 'IDPhoto');
  await page.goto('about:blank');
  await page.goto(idLink);
  await expect(page.getByRole('heading', { name: '보험사가 신분증 사본을 요청했어요' })).toBeVisible();
  await expect(page.getByText('삼성화재').first()).toBeVisible();
  await page.getByRole('button', { name: '신분증 제출하기' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '입력한 내용을 확인해 주세요' })).toBeVisible();
  await snap(page, 'treat-04-idphoto-errors');
  await expectAccessible(page);
  await page.getByRole('radio', { name: '주민등록증' }).check();
  await page.getByTestId('idp-gallery-input').setInputFiles({
    name: 'id.jpg',
    mimeType: 'image/jpeg',
    buffer: await idPhoto(),
  });
  await expect(page.getByRole('img', { name: '찍은 신분증 사진' })).toBeVisible();
  await page.getByLabel('발급기관').fill('서울특별시 중구청장');
  await page.getByLabel('발급일').fill('20200315');
  await snap(page, 'treat-05-idphoto-filled');
  await page.getByRole('button', { name: '신분증 제출하기' }).click();
  await expect(page).toHaveURL(/\/web\/complete\?type=idSubmit$/);
  await expect(page.getByRole('heading', { name: '신분증을 제출했어요' })).toBeVisible();
  await snap(page, 'treat-06-id-submitted');

  // Back on the history, the release of the ID copy is in the access log.
  await page.goto('/ui/insu/vuex/auto-claim/web/treat');
  await expect(page.getByText('삼성화재에 신분증 사본을 보냈어요.').first()).toBeVisible();

  // A used link opens nothing: the patient is offered SMS verification instead.
  await context.clearCookies();
  await page.goto('about:blank');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: '본인인증이 필요해요' })).toBeVisible();
  await expect(page.getByText(/이미 사용한 링크/)).toBeVisible();
  await snap(page, 'treat-07-link-used');
  await expectAccessible(page);
});

test('at 320 px and 200 % zoom the history still reads and its buttons stay reachable', async ({ page, context }) => {
  test.setTimeout(60_000);
  const p = testPerson();
  const ci = await subscribe(page.request, p, 50_000);
  await context.clearCookies();
  await feed(page.request, p, ci, { receiptNo: `E2E-${p.phone}-Z`, totalPaid: 12_300 });
  const link = await linkFromOutbox(page, p.phone, 'treat');
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto(link);
  await expect(page.getByRole('heading', { name: /병원에서 받은 진료 1건/ })).toBeVisible();
  await page.evaluate(() => {
    document.documentElement.style.fontSize = '200%';
  });
  const button = page.getByRole('button', { name: '이 진료 청구하기' });
  await button.scrollIntoViewIfNeeded();
  await expect(button).toBeInViewport();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await snap(page, 'treat-08-320px-zoom');
});
