// What the patient-side browser tests share: a patient verified and subscribed through the API (as the enrolment
// screens would), a hospital's record fed to the engine, the 알림톡 link read from the sandbox outbox, and the step-up
// sheet walked through (auth/StepUpSheet.tsx).
import { createHmac } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import {
  API,
  HOSPITAL_API,
  HOSPITAL_KEY_HEADER,
  INSURER_API,
  INSURER_SIGNATURE_HEADER,
  INSURER_TIMESTAMP_HEADER,
  SMS_RESEND_INTERVAL_SECONDS,
  type InsurerAnswerBody,
} from '@auto-claim/contract';
import { expect, latestCode, type TestPerson } from './fixtures';

export const HOSPITAL = '90000001';
const SANDBOX_KEY = `sandbox-${HOSPITAL}`;

const dataUrl = (mime: string, b: Buffer) => `data:${mime};base64,${b.toString('base64')}`;

/** A photo-like JPEG (noise, so the compression has work to do). */
export async function idPhoto(width = 900, height = 570) {
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

export async function ok<T>(res: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  expect(res.ok(), `${res.url()} ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/**
 * Verification by SMS and a subscription through the API, as the enrolment screens would do it; answers the CI. Claims go
 * to `insuCompCd` (삼성화재 unless said).
 */
export async function subscribe(
  request: APIRequestContext,
  p: TestPerson,
  minAmt: number,
  rrnBack = p.rrnBack,
  insuCompCd = 'SAMSUNGFIRE',
  /** The optional terms ticked: SUBS_KAKAO_NOTI for 알림톡 (SMS/LMS only without it). */
  optTerms: string[] = [],
  /**
   * More of the body: a child's enrolment adds `child` and the account in the parent's name (bankAccountRel 3); an
   * address typed without a postcode, `userPostNo: ''`.
   */
  extra: Record<string, unknown> = {},
  /** The subscription's answer, whatever it is (a refusal included), instead of requiring success. */
  answered?: (res: Awaited<ReturnType<APIRequestContext['post']>>) => Promise<void>,
) {
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
  const res = await request.post(API.subscriptions, {
    headers: { 'idempotency-key': `e2e-${p.phone}${extra.child ? '-child' : ''}` },
    data: {
      userCi: ci,
      userNm: p.name,
      birthday: `19${p.birth6}`,
      sex: 'M',
      userIdno2: rrnBack,
      userTel: p.phone,
      termsIds: required,
      optTerms,
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
      insuCompCd,
      agreeIds: [`INSU_${insuCompCd}_CLAIM`],
      bankCd: '004',
      bankAccount: '123456781234',
      bankAccountHolder: p.name,
      bankAccountRel: '1',
      ...extra,
    },
  });
  if (answered) await answered(res);
  else await ok(res);
  return ci;
}

/** YYYYMMDD in Korea, `days` ago. */
const kstDaysAgo = (days: number) =>
  new Date(Date.now() + 9 * 3600_000 - days * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');

/** The hospital's feed: one record for this patient, by CI, or by resident number only (`rrn`). */
export async function feed(
  request: APIRequestContext,
  p: TestPerson,
  ci: string,
  r: { receiptNo: string; totalPaid: number; rrn?: string; daysAgo?: number },
  /** The hospital's API key: the sandbox's own unless a test issued one (the console's hospital screen). */
  key = SANDBOX_KEY,
) {
  const copay = Math.floor(r.totalPaid * 0.4);
  await ok(
    await request.post(HOSPITAL_API.treatments, {
      headers: { [HOSPITAL_KEY_HEADER]: key },
      data: {
        records: [
          {
            receiptNo: r.receiptNo,
            patient: { name: p.name, birthDate: `19${p.birth6}`, ...(r.rrn ? { rrn: r.rrn } : { ci }) },
            visitDate: kstDaysAgo(r.daysAgo ?? 2),
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

/** The hospital's feed: `count` visits of this patient in one batch, one a day back from `daysAgo`, each `totalPaid`. */
export async function feedMany(
  request: APIRequestContext,
  p: TestPerson,
  ci: string,
  r: { receiptPrefix: string; count: number; totalPaid: number; daysAgo: number },
) {
  const copay = Math.floor(r.totalPaid * 0.4);
  await ok(
    await request.post(HOSPITAL_API.treatments, {
      headers: { [HOSPITAL_KEY_HEADER]: SANDBOX_KEY },
      data: {
        records: Array.from({ length: r.count }, (_, i) => ({
          receiptNo: `${r.receiptPrefix}-${i}`,
          patient: { name: p.name, birthDate: `19${p.birth6}`, ci },
          visitDate: kstDaysAgo(r.daysAgo + i),
          visitType: '외래',
          department: '정형외과',
          kcdCodes: ['M54.5'],
          coveredCopay: copay,
          uncovered: r.totalPaid - copay,
          totalPaid: r.totalPaid,
        })),
      },
    }),
  );
}

/** The newest 알림톡 (or SMS fallback) with a link to `screen`, newer than `after` messages; its path. */
export async function linkFromOutbox(page: Page, phone: string, screen: 'treat' | 'IDPhoto', seen = 0) {
  let path = '';
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/sandbox/outbox?to=${phone}`);
        const { messages } = (await res.json()) as { messages: { channel: string; body: string }[] };
        const links: string[] = [];
        for (const m of messages.filter((x) => x.channel === 'kakao' || x.channel === 'sms')) {
          let body = m.body;
          // An SMS carries the short link of our origin (/m/<code>): where it redirects is the tokenised link.
          const short = /\/m\/[\w-]{22}$/.exec(body)?.[0];
          if (short) {
            const res = await page.request.get(short, { maxRedirects: 0 });
            body = res.headers().location ?? '';
          }
          const link = body.match(new RegExp(`(/ui/insu/vuex/auto-claim/web/${screen}#t=[\\w.%-]+)`))?.[1];
          if (link) links.push(link);
        }
        path = links.length > seen ? links[0]! : '';
        return path;
      },
      { timeout: 20_000 },
    )
    .not.toBe('');
  return path;
}

/** The step-up sheet (auth/StepUpSheet.tsx) the app opens when a call answers STEP_UP_REQUIRED. */
export const stepUpSheet = (page: Page) => page.getByRole('dialog', { name: '본인인증을 한 번 더 해 주세요' });

/**
 * Walks the step-up sheet: the carrier and the telecom terms, the code from the session's own phone. The resend gap
 * (SMS_RESEND_INTERVAL_SECONDS) since the patient's last code is passed on the sandbox's clock, not waited for.
 */
export async function stepUpThroughSheet(page: Page, phone: string, shot?: (name: string) => Promise<void>) {
  const sheet = stepUpSheet(page);
  await expect(sheet).toBeVisible();
  const moved = await page.request.post('/sandbox/clock', {
    data: { advanceSeconds: SMS_RESEND_INTERVAL_SECONDS + 1 },
  });
  expect(moved.ok()).toBe(true);
  const before = await page.request.get(`/sandbox/outbox?to=${phone}`);
  const lastCode =
    ((await before.json()) as { messages: { body: string }[] }).messages[0]?.body.match(/\[(\d{6})\]/)?.[1] ?? '';
  await sheet.getByRole('radio', { name: 'SKT', exact: true }).check();
  await sheet.getByRole('checkbox', { name: '본인확인 약관에 모두 동의해요' }).check();
  await sheet.getByRole('button', { name: '인증번호 받기' }).click();
  await expect(sheet.getByLabel('인증번호')).toBeVisible();
  await shot?.('code');
  await sheet.getByLabel('인증번호').fill(await latestCode(page, phone, lastCode));
  await sheet.getByRole('button', { name: '확인', exact: true }).click();
  await expect(sheet).toBeHidden();
}

/** Text size as a phone's font setting gives it: every rem scales (the app sizes its text in rem); 100 undoes it. */
export const textSize = (page: Page, percent: number) =>
  page.evaluate((p) => (document.documentElement.style.fontSize = p === 100 ? '' : `${p}%`), percent);

/**
 * The screen as it is now fits a narrow phone or large text (README "Accessibility and older patients"): nothing wider
 * than the screen (nor a phone zooming the page out to fit something wider, which a scrollWidth check alone misses:
 * the page's own width grows with it), every target at least 44 × 44 px (a checkbox or radio by its label), and,
 * scrolled to the end, no line of text under the sticky action bar's buttons.
 */
export async function expectFits(page: Page, where: string) {
  const { width } = page.viewportSize()!;
  const found = await page.evaluate((width) => {
    const bad: string[] = [];
    const shown = (el: Element) => {
      const r = el.getBoundingClientRect();
      if (r.width < 2 || r.height < 2) return false;
      for (let e: Element | null = el; e; e = e.parentElement) {
        const s = getComputedStyle(e);
        if (s.visibility === 'hidden' || s.display === 'none' || s.opacity === '0') return false;
        if (s.clip === 'rect(0px, 0px, 0px, 0px)' || s.clipPath === 'inset(50%)') return false;
        // The inside of a closed <details> is not drawn (its summary is).
        const parent = e.parentElement;
        if (parent instanceof HTMLDetailsElement && !parent.open && e.tagName !== 'SUMMARY') return false;
      }
      return true;
    };
    const name = (el: Element) => `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 24)}"`;
    if (window.innerWidth !== width) bad.push(`zoomed out to fit: the page is ${window.innerWidth} px wide`);
    if (document.documentElement.scrollWidth > window.innerWidth + 1)
      bad.push(`scrolls sideways: ${document.documentElement.scrollWidth} > ${window.innerWidth}`);
    const targets = 'button, a[href], input:not([type=hidden]), select, textarea, [role=button], summary';
    for (const el of document.querySelectorAll(targets)) {
      const input = el as HTMLInputElement;
      const area =
        (input.type === 'checkbox' || input.type === 'radio') && el.closest('label') ? el.closest('label')! : el;
      if (input.type === 'file' || (!shown(el) && !(area !== el && shown(area)))) continue;
      const r = area.getBoundingClientRect();
      if (r.width < 43.5 || r.height < 43.5)
        bad.push(`target ${Math.round(r.width)}×${Math.round(r.height)}: ${name(el)}`);
    }
    const bar = document.querySelector('.bottom-action');
    if (bar && shown(bar)) {
      const scrolled = window.scrollY;
      window.scrollTo(0, document.documentElement.scrollHeight);
      const top = Math.min(...[...bar.querySelectorAll('.btn')].map((b) => b.getBoundingClientRect().top));
      for (const el of document.body.querySelectorAll('*')) {
        // A toast floats above the action bar for its 3 seconds by design (spec §2): it covers nothing for long.
        if (bar.contains(el) || !shown(el) || el.closest('[data-sonner-toaster]')) continue;
        const own = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim() !== '');
        const r = el.getBoundingClientRect();
        if (own && r.bottom > top + 1 && r.top < window.innerHeight) bad.push(`under the action bar: ${name(el)}`);
      }
      window.scrollTo(0, scrolled);
    }
    return bad;
  }, width);
  expect(found, where).toEqual([]);
}

/**
 * The insurer's signed answer (docs/providers/insurer-api.md), timed by the server's own (sandbox) clock, which a test
 * may have moved; signed with the sandbox's secret of `insuCompCd` (삼성화재 unless said). The eventId is made from the
 * claim and the answer unless given, so the same answer sent twice is a duplicate.
 */
export async function insurerAnswers(
  request: APIRequestContext,
  body: Omit<InsurerAnswerBody, 'eventId'> & { eventId?: string },
  insuCompCd = 'SAMSUNGFIRE',
) {
  const { now } = await ok<{ now: string }>(await request.post('/sandbox/clock', { data: { advanceSeconds: 1 } }));
  const raw = JSON.stringify({ eventId: `e2e-${body.claimId}-${body.answer}`, ...body });
  const ts = String(Math.floor(Date.parse(now) / 1000));
  const sig = createHmac('sha256', `sandbox-${insuCompCd}`).update(`answer.v1.${ts}.`).update(raw).digest('hex');
  return ok<{ status: string; duplicate: boolean }>(
    await request.post(INSURER_API.claimAnswers(insuCompCd), {
      headers: {
        'content-type': 'application/json',
        [INSURER_TIMESTAMP_HEADER]: ts,
        [INSURER_SIGNATURE_HEADER]: `v1=${sig}`,
      },
      data: raw,
    }),
  );
}
