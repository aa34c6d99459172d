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
  CHILD_API,
  HOSPITAL_API,
  LEGAL_FORM_TITLES,
  HOSPITAL_KEY_HEADER,
  OPERATOR_API,
  kstToday,
  type FeedAnswer,
} from '@auto-claim/contract';
import { fontBytes } from '../../src/documents/fonts.js';
import { renderReceiptNotice } from '../../src/modules/claims/documents.js';
import { build, signInOperator, verifyPatient, type TestApp } from '../helper.js';
import { dataUrl, images, personFields, regFor } from '../../fixtures/enrolment.js';
import { OPS_CHILD_API, type RelationDocumentsPage } from '@auto-claim/contract/ops';
import { treatmentRecord } from '../../fixtures/factories.js';

import { RENDER_PACKAGES, missingRenderTools, normalise, renderAndRead, type RenderReport } from '../pdf-render.js';

const missing = missingRenderTools();
if (missing.length && process.env.CI) {
  throw new Error(`CI must render PDFs: missing ${missing.join(', ')} (apt-get install ${RENDER_PACKAGES})`);
}
if (missing.length) {
  console.info(`documents-render: not run, missing ${missing.join(', ')} (apt-get install ${RENDER_PACKAGES})`);
}

const MIN_OCR_RATIO = 0.8;

/** Each field is in the text layer and in what OCR read of the picture (README "Children: a guardian claims for a child"). */
function expectFields(name: string, r: RenderReport, fields: string[]) {
  for (const f of fields) {
    expect(r.text, `${name}: text layer has ${f}`).toContain(normalise(f));
    expect(r.ocr, `${name}: OCR reads ${f}`).toContain(normalise(f));
  }
}

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
      'a 위임장 walked with a daughter’s help (README "A helper beside her"): the line of who helped, drawn and read back',
      { timeout: 60_000 },
      async () => {
        const v = await verifyPatient(t);
        const sub = await t.app.inject({
          method: 'POST',
          url: API.subscriptions,
          headers: { cookie: v.cookie },
          payload: await regFor(t, v, await images(), { helperRel: 'child' }),
        });
        expect(sub.statusCode, sub.body).toBe(201);
        const res = await t.app.inject({
          method: 'POST',
          url: API.documentCommission,
          headers: { cookie: v.cookie },
          payload: { insuApplyId: sub.json().subscription.insuApplyId },
        });
        expect(res.statusCode, res.body).toBe(200);
        const r = await renderAndRead('helper-commission', res.rawPayload);
        expectReadable('helper-commission', r, 1, [LEGAL_FORM_TITLES.commission]);
        expectFields('helper-commission', r, ['작성 도움: 자녀', '위임인이 직접 함']);
      },
    );

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

    it(
      'a corrected receipt’s notice that a fax carries to the insurer: the notice, then the receipt as it is now',
      { timeout: 60_000 },
      async () => {
        const { claimId } = await enrolled();
        const pdf = await renderReceiptNotice(
          t.app.ctx,
          t.db.db,
          { kind: 'corrected', receiptNo: 'R-CORRECTED-C1', replaces: 'R-ORIGINAL' },
          claimId,
          t.app.ctx.clock.now(),
        );
        const r = await renderAndRead('receipt-notice', pdf);
        expectReadable('receipt-notice', r, 2, ['진료비 영수증 정정 통지', '진료비 영수증 내역']);
        expectFields('receipt-notice', r, [
          '정정 영수증 번호',
          '처음 보낸 영수증 번호',
          '정정된 영수증과 세부산정내역으로',
        ]);
        // The receipt numbers in Latin letters: in the text layer (the Korean OCR model reads Hangul).
        for (const no of ['R-CORRECTED-C1', 'R-ORIGINAL']) expect(r.text).toContain(normalise(no));
      },
    );

    /** A mother who enrolled her daughter, the relation confirmed, one claim of the daughter's visit. */
    let family: { cookie: string; insuApplyId: string; claimId: number } | undefined;
    const childEnrolled = async () => {
      if (family) return family;
      const v = await verifyPatient(t, { custName: '박엄마', korRegId: '8505052' });
      const child = { userNm: '김지민', birthday: '20150301', sex: 'F', userIdno2: '4123451', guardianRel: 'mother' };
      const sub = await t.app.inject({
        method: 'POST',
        url: API.subscriptions,
        headers: { cookie: v.cookie },
        payload: await regFor(t, v, await images(), {
          insuCompCd: 'SAMSUNGLIFE',
          agreeIds: ['INSU_SAMSUNGLIFE_CLAIM'],
          bankAccountRel: '3',
          child,
        }),
      });
      expect(sub.statusCode, sub.body).toBe(201);
      const insuApplyId = sub.json().subscription.insuApplyId as string;
      const upload = await t.app.inject({
        method: 'POST',
        url: CHILD_API.relationDocument(insuApplyId),
        headers: { cookie: v.cookie },
        payload: {
          docType: 'family',
          issueDate: kstToday(t.app.ctx.clock.now()),
          file: dataUrl('image/jpeg', (await images()).photo),
        },
      });
      expect(upload.statusCode, upload.body).toBe(200);
      const queue = (
        await t.app.inject({ method: 'GET', url: OPS_CHILD_API.relationDocuments, headers: operator })
      ).json() as RelationDocumentsPage;
      const doc = queue.list.find((d) => d.insuApplyId === insuApplyId)!;
      const ok = await t.app.inject({
        method: 'POST',
        url: OPS_CHILD_API.relationDocumentConfirm(doc.docId),
        headers: operator,
        payload: {},
      });
      expect(ok.statusCode, ok.body).toBe(200);
      const feed = await t.app.inject({
        method: 'POST',
        url: HOSPITAL_API.treatments,
        headers: { [HOSPITAL_KEY_HEADER]: 'sandbox-90000001' },
        payload: {
          records: [
            treatmentRecord(
              { ci: '', rrn: '1503014123451', birthDate: child.birthday, userNm: child.userNm },
              { by: 'rrn', visitDate: kstToday(t.app.ctx.clock.now()), kcdCodes: ['J06.9'] },
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
      family = { cookie: v.cookie, insuApplyId, claimId: claim.id };
      return family;
    };

    for (const [name, url] of [
      ['child-commission', API.documentCommission],
      ['child-consent', API.documentAgree],
    ] as const) {
      it(
        `a child's ${name === 'child-commission' ? '위임장' : '동의서'}: the child as the patient, her mother as 법정대리인 who signs`,
        { timeout: 60_000 },
        async () => {
          const { cookie, insuApplyId } = await childEnrolled();
          const res = await t.app.inject({ method: 'POST', url, headers: { cookie }, payload: { insuApplyId } });
          expect(res.statusCode, res.body).toBe(200);
          const r = await renderAndRead(name, res.rawPayload);
          expectReadable(name, r, 1, [
            name === 'child-commission' ? LEGAL_FORM_TITLES.commission : LEGAL_FORM_TITLES.agree,
          ]);
          expectFields(name, r, [
            '김지민',
            '박엄마',
            '모 (법정대리인)',
            '150301-4******',
            name === 'child-commission' ? '김지민의 법정대리인(모)' : '동의인(환자 김지민의 법정대리인, 모)',
          ]);
        },
      );
    }

    it(
      "a child's claim package: the child as 피보험자, her mother as 청구인 with the relation",
      { timeout: 90_000 },
      async () => {
        const { claimId } = await childEnrolled();
        const res = await t.app.inject({
          method: 'POST',
          url: OPERATOR_API.claimPackage(claimId),
          headers: operator,
          payload: { category: 'insurer_request', reason: '팩스 사본 확인' },
        });
        expect(res.statusCode, res.body).toBe(200);
        const r = await renderAndRead('child-claim-package', res.rawPayload);
        expectReadable('child-claim-package', r, 5, [
          '실손의료보험 보험금 청구서',
          '진료비 영수증 내역',
          LEGAL_FORM_TITLES.commission,
          LEGAL_FORM_TITLES.agree,
          '신분증 사본',
        ]);
        expectFields('child-claim-package', r, [
          '피보험자 (환자)',
          '김지민',
          '박엄마',
          // The claimant's statement above her signature (the 청구인 label wraps in two lines in its column).
          '미성년자인 피보험자의 법정대리인(모)으로서 보험금을 청구합니다',
          '모 (법정대리인)',
          '피보험자의 부모',
        ]);
      },
    );
  },
);
