// A signature without a finger (README "Accessibility and older patients"): the patient types her full name and
// confirms it as her signature. The server takes it only when it is the verified person's name (spaces aside), draws
// it in the documents' font, keeps how it was signed beside the signature, and the 위임장, 동의서 and a claim's
// package show the typed signature with a hint that says so. A name that is not hers changes nothing.
import { execFileSync } from 'node:child_process';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, HOSPITAL_API, HOSPITAL_KEY_HEADER } from '@auto-claim/contract';
import { buildClaimPackage } from '../../../src/modules/claims/documents.js';
import { makeDocuments } from '../../../src/modules/subscriptions/index.js';
import { build, problemOf, testClock, verifyPatient, type TestApp, freshAddress } from '../../helper.js';
import { images, personFields, regFor, type Images, type Verified } from '../../../fixtures/enrolment.js';
import { treatmentRecord } from '../../../fixtures/factories.js';

const clock = testClock(new Date('2026-11-23T03:00:00Z'));
let t: TestApp;
let img: Images;

beforeAll(async () => {
  t = await build({ clock });
  await t.app.claimEngine.start();
  img = await images();
});
afterAll(() => t?.close());

const post = (v: Verified, url: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { cookie: v.cookie },
    remoteAddress: freshAddress(),
  });
/** The text layer as poppler reads it (CI installs poppler-utils: README "Tests"). */
const textOf = (pdf: Uint8Array) =>
  execFileSync('pdftotext', ['-', '-'], { input: Buffer.from(pdf) })
    .toString('utf8')
    .replace(/\s+/g, ' ');
const imagesIn = (pdf: Uint8Array) => Buffer.from(pdf).toString('latin1').split('/Subtype /Image').length - 1;

const rowsOf = (v: Verified) =>
  t.db.db
    .selectFrom('subscription')
    .select(['insuApplyId', 'signMethod', 'signImgBlobId', 'signImgSha256'])
    .where('ciHmac', '=', t.app.ctx.crypto.hmac('ci', v.ci))
    .execute();

describe('a typed signature', () => {
  it('is taken when it is her name, drawn by the server, kept as typed, and shown so in the documents', async () => {
    const v = await verifyPatient(t);
    const name = personFields(v).userNm;
    // Spaced out as some people type a name: the same letters are the same name.
    const typed = [...name].join(' ');
    const res = await post(v, API.subscriptions, { ...(await regFor(t, v, img)), signImg: '', signTypedNm: typed });
    expect(res.statusCode, res.body).toBe(201);

    const [row] = await rowsOf(v);
    expect(row!.signMethod).toBe('typed');
    // The stored signature is a PNG the size of the pad with ink on it: the name, drawn in the documents' font.
    const png = await t.app.ctx.blobs.get(row!.signImgBlobId!, { sha256: row!.signImgSha256! });
    const meta = await sharp(png).metadata();
    expect(meta.format).toBe('png');
    expect(meta.width).toBeLessThanOrEqual(560);
    const { data } = await sharp(png).flatten({ background: '#ffffff' }).greyscale().raw().toBuffer({
      resolveWithObject: true,
    });
    expect(data.filter((p) => p < 160).length).toBeGreaterThan(200);

    // The 위임장 and 동의서 as signed: the signature is there, and the hint says it was typed.
    const made = (await makeDocuments(t.app.ctx, row!.insuApplyId))!;
    for (const pdf of [made.commission, made.agree]) {
      expect(textOf(pdf)).toContain('(이름 입력 서명)');
      expect(textOf(pdf)).not.toContain('(서명 또는 인)');
      expect(imagesIn(pdf)).toBeGreaterThan(0);
    }

    // A claim's package: the claim form, 위임장 and 동의서 each with the typed signature and its hint.
    const fed = await t.app.inject({
      method: 'POST',
      url: HOSPITAL_API.treatments,
      headers: { [HOSPITAL_KEY_HEADER]: 'sandbox-90000001' },
      payload: {
        records: [treatmentRecord({ userNm: name, birthDate: personFields(v).birthday, ci: v.ci, rrn: '' })],
      },
    });
    expect(fed.statusCode, fed.body).toBe(200);
    await t.app.claimEngine.drain();
    const claim = await t.db.db
      .selectFrom('claim')
      .select('id')
      .where('insuApplyId', '=', row!.insuApplyId)
      .executeTakeFirstOrThrow();
    const { pdf } = await buildClaimPackage(t.app.ctx, t.db.db, claim.id);
    expect(textOf(pdf).split('(이름 입력 서명)').length - 1).toBe(3);
    expect(imagesIn(pdf)).toBeGreaterThanOrEqual(1);
  });

  it('that is not her name is refused, naming the field, and nothing is stored', async () => {
    const v = await verifyPatient(t);
    const res = await post(v, API.subscriptions, {
      ...(await regFor(t, v, img)),
      signImg: '',
      signTypedNm: '김아무개',
    });
    expect(res.statusCode).toBe(400);
    const problem = problemOf(res);
    expect(problem.errors).toEqual([
      {
        field: 'signTypedNm',
        message: '서명으로 입력한 이름이 본인인증한 이름과 달라요. 이름을 그대로 입력해 주세요.',
      },
    ]);
    expect(await rowsOf(v)).toEqual([]);
  });

  it('or a drawn one is needed: a body with neither is refused, naming the signature', async () => {
    const v = await verifyPatient(t);
    const res = await post(v, API.subscriptions, { ...(await regFor(t, v, img)), signImg: '' });
    expect(res.statusCode).toBe(400);
    expect(problemOf(res).errors).toEqual([{ field: 'signImg', message: '서명해 주세요.' }]);
    expect(await rowsOf(v)).toEqual([]);
  });

  it('shows in the documents previewed before submitting, and only when it is her name', async () => {
    const v = await verifyPatient(t);
    const preview = { userCi: v.ci, hospitalCd: '90000001', insuCompCd: 'SAMSUNGFIRE' };
    const ok = await post(v, API.documentCommission, { ...preview, signTypedNm: personFields(v).userNm });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(textOf(ok.rawPayload)).toContain('(이름 입력 서명)');
    expect(imagesIn(ok.rawPayload)).toBeGreaterThan(0);
    // Unsigned, the same preview has no signature image at all.
    const unsigned = await post(v, API.documentCommission, preview);
    expect(imagesIn(unsigned.rawPayload)).toBe(0);
    const wrong = await post(v, API.documentAgree, { ...preview, signTypedNm: '김아무개' });
    expect(wrong.statusCode).toBe(400);
    expect(problemOf(wrong).errors?.[0]?.field).toBe('signTypedNm');
  });
});
