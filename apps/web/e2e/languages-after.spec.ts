// After the enrolment, in her language (docs/decisions/0010-message-catalogs.md): a subscriber whose phone reads
// English or Vietnamese, and whose subscription keeps that language, is told of her claims by SMS in it (the 알림톡
// templates are Korean), and reads 내 자동청구, her monthly statement, her treatment history with its claims, the
// step-up sheet and the insurer's request for an ID copy in it: axe-clean, fitting 390 px and 320 px, a screenshot of each
// (artifacts/screenshots/lang-after-<lang>-NN-<screen>.png).
import type { Page } from '@playwright/test';
import { API, type TreatsAnswer } from '@auto-claim/contract';
import { test, expect, appPath, expectAccessible, snap, testPerson } from './fixtures';
import { expectFits, feed, idPhoto, insurerAnswers, linkFromOutbox, ok, stepUpSheet, subscribe } from './patient-api';
import { words } from './catalogs';

type Lang = 'en' | 'vi';

/** What each language says where a number or an amount is in the sentence. */
const SAID = {
  en: {
    visits: '2 visits from your hospitals',
    claimedSms: "We're claiming your visit to",
    paidSms: /will pay ₩23,000 for your visit to/,
    paid: '₩23,000',
    shownLog: 'We showed you 2 visits of the treatment history.',
    you: 'You',
  },
  vi: {
    visits: '2 lần khám bệnh viện gửi',
    claimedSms: 'Chúng tôi sẽ tự động yêu cầu bồi thường cho lần khám tại',
    paidSms: /sẽ chi trả 23\.000\s₩ cho lần khám tại/,
    paid: '23.000\u00a0₩',
    shownLog: 'Chúng tôi đã cho bạn xem 2 lần khám trong lịch sử khám.',
    you: 'Bạn',
  },
} as const;

async function check(page: Page, lang: Lang, n: number, name: string) {
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.locator('.loading--on')).toHaveCount(0, { timeout: 20_000 });
  await expectAccessible(page);
  await expectFits(page, `${lang} ${name} at 390 px`);
  await snap(page, `lang-after-${lang}-${String(n).padStart(2, '0')}-${name}-390`);
  await page.setViewportSize({ width: 320, height: 700 });
  await expectFits(page, `${lang} ${name} at 320 px`);
  await snap(page, `lang-after-${lang}-${String(n).padStart(2, '0')}-${name}-320`);
  await page.setViewportSize({ width: 390, height: 844 });
}

for (const [lang, locale] of [
  ['en', 'en-US'],
  ['vi', 'vi-VN'],
] as const) {
  test.describe(`${lang}, after the enrolment`, () => {
    test.use({ locale });
    test(`her messages, 내 자동청구, statement, history, step-up and ID copy in ${lang}`, async ({ page }) => {
      test.setTimeout(150_000);
      const m = words(lang);
      const said = SAID[lang];
      const p = testPerson();
      // Enrolled in her language, with the 알림톡 consent.
      const ci = await subscribe(page.request, p, 10_000, p.rrnBack, 'SAMSUNGFIRE', ['SUBS_KAKAO_NOTI'], { lang });
      await feed(page.request, p, ci, { receiptNo: `E2E-LA-1-${p.phone}`, totalPaid: 35_000, daysAgo: 0 });
      await feed(page.request, p, ci, { receiptNo: `E2E-LA-2-${p.phone}`, totalPaid: 4_000, daysAgo: 0 });
      let claimId = 0;
      await expect
        .poll(
          async () => {
            const treats = (await (await page.request.get(API.treats)).json()) as TreatsAnswer;
            claimId = Number(treats.list.find((v) => v.claims[0]?.status === 'sent')?.claims[0]?.claimId ?? 0);
            return claimId;
          },
          { timeout: 20_000 },
        )
        .toBeGreaterThan(0);
      await insurerAnswers(page.request, { claimId, answer: 'paid', paidAmount: 23_000 });

      // Her messages: by SMS, in her language.
      await expect
        .poll(
          async () => {
            const res = await page.request.get(`/sandbox/outbox?to=${p.phone}`);
            const { messages } = (await res.json()) as { messages: { channel: string; body: string }[] };
            return messages.filter((x) => /\/m\/[\w-]{22}$/.test(x.body));
          },
          { timeout: 20_000 },
        )
        .toEqual(
          expect.arrayContaining([
            expect.objectContaining({ channel: 'sms', body: expect.stringContaining(said.claimedSms) }),
            expect.objectContaining({ channel: 'sms', body: expect.stringMatching(said.paidSms) }),
          ]),
        );

      // 내 자동청구, opened by the session the enrolment left.
      await page.goto(appPath('/security/applyHistory'));
      await expect(page.getByRole('heading', { name: m('mine.subscribed') })).toBeVisible({ timeout: 15_000 });
      await expect(page.getByRole('heading', { name: m('mine.policies') })).toBeVisible();
      await expect(page.getByRole('heading', { name: m('rules.title') })).toBeVisible();
      await expect(page.getByRole('button', { name: m('mine.cancel.open') })).toBeVisible();
      await check(page, lang, 1, 'mine');

      // Her month.
      await page.goto(appPath('/web/statement'));
      const months = page.getByRole('navigation', { name: m('statement.months') });
      await expect(months).toBeVisible();
      await months.getByRole('button', { name: m('statement.next') }).click();
      const figures = page.getByRole('region', { name: m('statement.summary') });
      await expect(figures).toContainText(m('statementState.paid'));
      await expect(figures).toContainText(said.paid);
      await expect(page.getByRole('region', { name: m('statement.visits') })).toContainText(
        m('notClaimed.BELOW_MIN_AMT'),
      );
      await check(page, lang, 2, 'statement');

      // Her history: the paid claim and the visit below her minimum, in her words.
      await page.goto(appPath('/web/treat'));
      await expect(page.getByRole('heading', { name: said.visits })).toBeVisible({ timeout: 15_000 });
      const paid = page
        .getByRole('listitem')
        .filter({ has: page.locator('.tr-badge--done') })
        .first();
      await expect(paid.locator('.tr-badge')).toHaveText(m('claimStatus.paid'));
      await expect(paid).toContainText(m('term.paid'));
      await expect(paid).toContainText(said.paid);
      // Why, folded: the payout's explanation in her words too (her generation not known: how to tell it).
      await paid.getByText(m('claim.reckoning.unknown')).click();
      await expect(paid).toContainText(m('payout.unknownGeneration'));
      const small = page
        .getByRole('listitem')
        .filter({ hasText: m('visit.notClaimed') })
        .first();
      await expect(small).toContainText(m('notClaimed.BELOW_MIN_AMT'));
      await expect(small.getByRole('button', { name: m('visit.claim') })).toBeVisible();
      await expect(page.getByRole('heading', { name: m('accessLog.title') })).toBeVisible();
      // Her access log's lines in her words, as the server wrote them; in Korean when she switches, and back.
      const shown = (text: string) => page.locator('.tr-log__item').filter({ hasText: text }).first();
      await expect(shown(said.shownLog)).toContainText(said.you);
      const langSwitch = page.getByRole('combobox', { name: 'Language · 언어 · 语言 · Ngôn ngữ' });
      await langSwitch.selectOption('ko');
      await expect(shown('본인에게 진료 내역 2건을 보여 드렸어요.')).toContainText('본인');
      await langSwitch.selectOption(lang);
      await expect(shown(said.shownLog)).toBeVisible();
      await page.getByText(m('glossary.title')).click();
      await expect(page.getByText(m('term.deductible.meaning'))).toBeVisible();
      await check(page, lang, 3, 'history');

      // Opened from her message's link, the history asks her to verify once more before 내 자동청구: in her words.
      await page.goto('about:blank');
      await page.goto(await linkFromOutbox(page, p.phone, 'treat'));
      await expect(page.getByRole('heading', { name: said.visits })).toBeVisible({ timeout: 15_000 });
      await page.getByRole('button', { name: m('treat.mine.open') }).click();
      const sheet = page.getByRole('dialog', { name: m('stepUp.title') });
      await expect(sheet).toBeVisible();
      await expect(sheet).toContainText(m('stepUp.why.mine'));
      await expect(sheet).toContainText(m('stepUp.noRetype'));
      await expect(sheet.getByRole('button', { name: m('identity.send') })).toBeVisible();
      await expect(stepUpSheet(page)).toHaveCount(0);
      await check(page, lang, 4, 'step-up');
      await page.keyboard.press('Escape');
      await expect(sheet).toBeHidden();

      // The insurer asks for a copy of her ID: the screen its link opens, with the type, the photo and its fields.
      await ok(await page.request.post('/sandbox/insurers/idCardRequests', { data: { claimId: String(claimId) } }));
      const idLink = await linkFromOutbox(page, p.phone, 'IDPhoto');
      await page.goto('about:blank');
      await page.goto(idLink);
      await expect(page.getByRole('heading', { name: m('idPhoto.title') })).toBeVisible({ timeout: 15_000 });
      await page.getByRole('radio', { name: m('idcard.ic') }).check();
      await page.getByTestId('idp-gallery-input').setInputFiles({
        name: 'id.jpg',
        mimeType: 'image/jpeg',
        buffer: await idPhoto(),
      });
      await expect(page.getByRole('img', { name: m('photo.alt', { name: m('idPhoto.name') }) })).toBeVisible();
      await expect(page.getByLabel(m('idcardField.issueOrg'))).toBeVisible();
      await expect(page.getByRole('button', { name: m('treat.idRequest.submit') })).toBeVisible();
      await check(page, lang, 5, 'id-photo');
    });
  });
}
