// Every kind of PDF the product makes, judged by its picture and not its text layer (docs/documents.md): the 위임장
// and 동의서 a patient downloads before and after subscribing, and the claim package (claim form, receipt, 위임장,
// 동의서, ID copy) that is faxed to an insurer and that an operator downloads. Each is rendered by poppler and by
// MuPDF; MuPDF must report no glyph error, and OCR of the rendering must read back at least 80 % of the text layer's
// Hangul words. The pages are kept in artifacts/documents/. Needs Debian's poppler-utils, mupdf-tools and
// tesseract-ocr(-kor): CI installs them; elsewhere the suite says what to install and does not run.
import { PDFDocument } from 'pdf-lib';
import fontkit from '@pdf-lib/fontkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  HOSPITAL_API,
  LEGAL_FORM_TITLES,
  HOSPITAL_KEY_HEADER,
  OPERATOR_API,
  kstToday,
  type FeedAnswer,
} from '@auto-claim/contract';
import { fontBytes } from '../../src/documents/fonts.js';
import { build, signInOperator, verifyPatient, type TestApp } from '../helper.js';
import { images, personFields, regFor } from '../../fixtures/enrolment.js';
import { treatmentRecord } from '../../fixtures/factories.js';

import { RENDER_PACKAGES, missingRenderTools, renderAndRead, type RenderReport } from '../pdf-render.js';

const missing = missingRenderTools();
if (missing.length && process.env.CI) {
  throw new Error(`CI must render PDFs: missing ${missing.join(', ')} (apt-get install ${RENDER_PACKAGES})`);
}
if (missing.length) {
  console.warn(`documents-render: not run, missing ${missing.join(', ')} (apt-get install ${RENDER_PACKAGES})`);
}

const MIN_OCR_RATIO = 0.8;

function expectReadable(name: string, r: RenderReport, pages: number, headings: string[]) {
  expect(r.pages, name).toBe(pages);
  // It names itself and is tagged, so a screen reader reads it in order and finds its headings.
  expect(r.title, `${name}: title`).not.toBe('');
  expect(r.tagged, `${name}: tagged`).toBe(true);
  expect(r.headings, `${name}: headings`).toEqual(headings);
  expect(r.mupdfErrors, `${name}: MuPDF`).toEqual([]);
  expect(r.popplerErrors, `${name}: poppler`).toEqual([]);
  expect(r.words.length, `${name}: Hangul words in the text layer`).toBeGreaterThan(40);
  expect(r.ratio, `${name}: OCR missed ${r.notFound.join(' ')}`).toBeGreaterThanOrEqual(MIN_OCR_RATIO);
}

describe.skipIf(missing.length > 0)(
  'the PDFs draw every glyph (rendered by poppler and MuPDF, read back by OCR)',
  () => {
    let t: TestApp;
    let operator: Record<string, string>;
    beforeAll(async () => {
      t = await build();
      operator = (await signInOperator(t, 'admin', { loginId: 'render-ops' })).headers;
    });
    afterAll(async () => {
      await t?.close();
    });

    it('catches a PDF whose glyphs do not draw: pdf-lib’s own font subset, the defect these tests stand guard over', async () => {
      const doc = await PDFDocument.create();
      doc.registerFontkit(fontkit);
      const font = await doc.embedFont(fontBytes('regular'), { subset: true });
      const page = doc.addPage();
      const lines = [
        '진료기록 열람 및 사본발급 위임장',
        '주민등록번호 휴대폰 번호 주소',
        '본인은 위 수임인에게 위임합니다',
      ];
      lines.forEach((text, i) => page.drawText(text, { x: 50, y: 700 - i * 40, size: 20, font }));
      const r = await renderAndRead('control-broken-subset', await doc.save());
      expect(r.mupdfErrors.join('\n')).toMatch(/glyph|outline/);
      expect(r.ratio).toBeLessThan(MIN_OCR_RATIO);
    });

    /** One enrolled patient of SAMSUNGLIFE (which wants the ID copy), signed, with one claim. */
    let patient: { cookie: string; insuApplyId: string; claimId: number };
    const enrolled = async () => {
      if (patient) return patient;
      const v = await verifyPatient(t);
      const sub = await t.app.inject({
        method: 'POST',
        url: API.subscriptions,
        headers: { cookie: v.cookie },
        payload: await regFor(t, v, await images(), {
          insuCompCd: 'SAMSUNGLIFE',
          agreeIds: ['INSU_SAMSUNGLIFE_CLAIM'],
        }),
      });
      expect(sub.statusCode, sub.body).toBe(201);
      const p = personFields(v);
      const feed = await t.app.inject({
        method: 'POST',
        url: HOSPITAL_API.treatments,
        headers: { [HOSPITAL_KEY_HEADER]: 'sandbox-90000001' },
        payload: {
          records: [
            treatmentRecord(
              { ci: v.ci, rrn: `${p.birthday.slice(2)}${p.userIdno2}`, birthDate: p.birthday, userNm: p.userNm },
              { visitDate: kstToday(t.app.ctx.clock.now()), kcdCodes: ['M54.5'] },
            ),
          ],
        },
      });
      expect(feed.statusCode, feed.body).toBe(200);
      await t.app.claimEngine.drain();
      const claim = await t.db.db
        .selectFrom('claim')
        .select('id')
        .where('recordId', '=', (feed.json() as FeedAnswer).results[0]!.recordId)
        .executeTakeFirstOrThrow();
      patient = { cookie: v.cookie, insuApplyId: sub.json().subscription.insuApplyId as string, claimId: claim.id };
      return patient;
    };

    it('a 동의서 before subscribing: unsigned, from the fields sent', { timeout: 60_000 }, async () => {
      const v = await verifyPatient(t);
      const res = await t.app.inject({
        method: 'POST',
        url: API.documentAgree,
        headers: { cookie: v.cookie },
        payload: { hospitalCd: '90000001', insuCompCd: 'SAMSUNGLIFE', userAddr: '서울특별시 중구 세종대로 110' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expectReadable('consent-preview', await renderAndRead('consent-preview', res.rawPayload), 1, [
        LEGAL_FORM_TITLES.agree,
      ]);
    });

    for (const [name, url] of [
      ['commission', API.documentCommission],
      ['consent', API.documentAgree],
    ] as const) {
      it(
        `the ${name === 'commission' ? '위임장' : '동의서'} after subscribing: signed, as stored`,
        { timeout: 60_000 },
        async () => {
          const { cookie, insuApplyId } = await enrolled();
          const res = await t.app.inject({ method: 'POST', url, headers: { cookie }, payload: { insuApplyId } });
          expect(res.statusCode, res.body).toBe(200);
          expectReadable(name, await renderAndRead(name, res.rawPayload), 1, [
            name === 'commission' ? LEGAL_FORM_TITLES.commission : LEGAL_FORM_TITLES.agree,
          ]);
        },
      );
    }

    it(
      'the claim package an operator downloads and a fax carries: claim form, receipt, 위임장, 동의서, ID copy',
      { timeout: 90_000 },
      async () => {
        const { claimId } = await enrolled();
        const res = await t.app.inject({
          method: 'POST',
          url: OPERATOR_API.claimPackage(claimId),
          headers: operator,
          payload: { category: 'insurer_request', reason: '팩스 사본 확인' },
        });
        expect(res.statusCode, res.body).toBe(200);
        expectReadable('claim-package', await renderAndRead('claim-package', res.rawPayload), 5, [
          '실손의료보험 보험금 청구서',
          '진료비 영수증 내역',
          LEGAL_FORM_TITLES.commission,
          LEGAL_FORM_TITLES.agree,
          '신분증 사본',
        ]);
      },
    );
  },
);
