// The ID photo's quality rules (contract photoQuality.ts) on real-looking photos, and the server refusing a failing
// photo (422 naming idcardImg, in Korean) on the OCR call and on subscribing, storing nothing; a good photo is stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import sharp from 'sharp';
import { API, photoMetrics, photoProblem, type PhotoProblemCode } from '@auto-claim/contract';
import { build, problemOf, testClock, verifyPatient, type TestApp } from '../helper.js';
import {
  blankPhotoJpeg,
  cardPhotoJpeg,
  dataUrl,
  idPhotoJpeg,
  images,
  ocrTestJpeg,
  ocrTestPng,
  regFor,
  type Images,
} from '../../fixtures/enrolment.js';
import { checkPhotoQuality, checkImage } from '../../src/images/index.js';

/** The grey analysis image, made as the server makes it (images/index.ts checkPhotoQuality). */
async function metricsOf(bytes: Buffer) {
  const { data, info } = await sharp(bytes)
    .rotate()
    .resize({ width: 512, height: 512, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const grey = info.channels === 1 ? data : data.filter((_, i) => i % info.channels === 0);
  return photoMetrics(grey, info.width, info.height);
}

/** The e2e suites' photos, drawn here as they draw them in the browser (wizard-2's light card with text only). */
const textOnLight = () =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"><rect width="100%" height="100%" fill="#f4f6fa"/><text x="420" y="200" font-family="sans-serif" font-size="80" font-weight="bold" fill="#191f28">ID CARD</text><text x="420" y="320" font-family="sans-serif" font-size="50" fill="#191f28">KIM TEST 850101-1******</text></svg>`,
    ),
  )
    .png()
    .toBuffer();
const cardOnNoise = async () => {
  const w = 1200;
  const h = 800;
  const raw = Buffer.alloc(w * h * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = 60 + ((i * 7919) % 16);
  const card = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect x="150" y="125" width="900" height="550" fill="#f4f6fa"/><rect x="190" y="210" width="210" height="270" fill="#c8d6ee"/><text x="440" y="240" font-family="sans-serif" font-size="55" font-weight="bold" fill="#191f28">ID CARD</text><text x="440" y="320" font-family="sans-serif" font-size="35" fill="#191f28">KIM TEST 850101-1******</text><text x="440" y="400" font-family="sans-serif" font-size="35" fill="#191f28">2020. 3. 15.</text></svg>`,
  );
  return sharp(raw, { raw: { width: w, height: h, channels: 3 } })
    .composite([{ input: card }])
    .jpeg({ quality: 80 })
    .toBuffer();
};

describe('the rules on real-looking photos', () => {
  it('passes a sharp card and the fixtures every suite uploads; refuses blurred, dark and blank ones', async () => {
    const cases: [string, Buffer, PhotoProblemCode | undefined][] = [
      ['card 640', await cardPhotoJpeg(), undefined],
      ['card 2000', await cardPhotoJpeg({ width: 2000, height: 1260 }), undefined],
      ['card 320 (OCR png)', await ocrTestPng({ userNm: '김테스트' }), undefined],
      ['card 320 (OCR jpeg)', await ocrTestJpeg({ regNo: 'X' }), undefined],
      ['noise photo (fixtures)', await idPhotoJpeg(), undefined],
      ['e2e text on light', await textOnLight(), undefined],
      ['e2e card on noise', await cardOnNoise(), undefined],
      ['card blurred σ8', await cardPhotoJpeg({ blur: 8 }), 'PHOTO_BLURRY'],
      ['card 2000 blurred σ8', await cardPhotoJpeg({ width: 2000, height: 1260, blur: 8 }), 'PHOTO_BLURRY'],
      ['card blurred σ4', await cardPhotoJpeg({ blur: 4 }), 'PHOTO_BLURRY'],
      ['card dark', await cardPhotoJpeg({ dark: true }), 'PHOTO_TOO_DARK'],
      ['blank', await blankPhotoJpeg(), 'PHOTO_NO_CARD'],
      [
        'black',
        await sharp({ create: { width: 800, height: 500, channels: 3, background: '#050505' } })
          .jpeg()
          .toBuffer(),
        'PHOTO_TOO_DARK',
      ],
      [
        'white',
        await sharp({ create: { width: 800, height: 500, channels: 3, background: '#ffffff' } })
          .jpeg()
          .toBuffer(),
        'PHOTO_NO_CARD',
      ],
    ];
    const seen: Record<string, unknown> = {};
    for (const [name, bytes] of cases) {
      const m = await metricsOf(bytes);
      seen[name] = {
        ...m,
        sharpness: Math.round(m.sharpness),
        edgeShare: +m.edgeShare.toFixed(4),
        got: photoProblem(m),
      };
    }
    for (const [name, , want] of cases)
      expect([name, seen[name]], JSON.stringify(seen[name])).toMatchObject([name, { got: want }]);
  });
});

const clock = testClock(new Date('2026-11-22T16:30:00Z'));
let t: TestApp;
let img: Images;
beforeAll(async () => {
  t = await build({ clock });
  img = await images();
});
afterAll(() => t?.close());

const refusals = async () =>
  [
    [await cardPhotoJpeg({ width: 1000, height: 640, blur: 8 }), 'PHOTO_BLURRY', '사진이 흐려요.'],
    [await cardPhotoJpeg({ width: 1000, height: 640, dark: true }), 'PHOTO_TOO_DARK', '사진이 어두워요.'],
    [
      await blankPhotoJpeg(1000, 640),
      'PHOTO_NO_CARD',
      '신분증이 보이지 않아요. 신분증이 화면을 가득 채우도록 찍어 주세요.',
    ],
  ] as const;

describe('the server refuses a failing photo', () => {
  it('checkPhotoQuality names the field and the Korean reason', async () => {
    const checked = await checkImage(dataUrl('image/jpeg', await blankPhotoJpeg()), {
      field: 'idcardImg',
      what: '신분증 사진',
      maxBytes: 1024 * 1024,
      allow: ['jpeg'],
    });
    await expect(checkPhotoQuality(checked, 'idcardImg')).rejects.toMatchObject({ code: 'PHOTO_NO_CARD' });
  });

  it('on the OCR call (the photo screen): 422 naming idcardImg', async () => {
    const v = await verifyPatient(t);
    for (const [photo, code, detail] of await refusals()) {
      const res = await t.app.inject({
        method: 'POST',
        url: API.ocrIdCard,
        headers: { cookie: v.cookie },
        payload: { userCi: v.ci, idcardType: 'ic', idcardImg: dataUrl('image/jpeg', photo) },
      });
      const p = problemOf(res);
      expect(p).toMatchObject({ status: 422, code });
      expect(p.detail).toContain(detail);
      expect(p.errors).toEqual([{ field: 'idcardImg', message: p.detail }]);
    }
    const good = await t.app.inject({
      method: 'POST',
      url: API.ocrIdCard,
      headers: { cookie: v.cookie },
      payload: { userCi: v.ci, idcardType: 'ic', idcardImg: dataUrl('image/jpeg', await cardPhotoJpeg()) },
    });
    expect(good.statusCode, good.body).toBe(200);
  });

  it('on subscribing: 422 naming idcardImg, no subscription stored; a good photo is stored', async () => {
    const v = await verifyPatient(t);
    const count = async () =>
      Number((await sql<{ n: string }>`select count(*) as n from subscription`.execute(t.db.db)).rows[0]!.n);
    const before = await count();
    for (const [photo, code, detail] of await refusals()) {
      const res = await t.app.inject({
        method: 'POST',
        url: API.subscriptions,
        headers: { cookie: v.cookie },
        payload: await regFor(t, v, img, { idcardImg: dataUrl('image/jpeg', photo) }),
      });
      const p = problemOf(res);
      expect(p).toMatchObject({ status: 422, code });
      expect(p.detail).toContain(detail);
      expect(p.errors?.map((e) => e.field)).toEqual(['idcardImg']);
    }
    expect(await count()).toBe(before);
    const card = await cardPhotoJpeg({ width: 1000, height: 640 });
    const res = await t.app.inject({
      method: 'POST',
      url: API.subscriptions,
      headers: { cookie: v.cookie },
      payload: await regFor(t, v, img, { idcardImg: dataUrl('image/jpeg', card) }),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await count()).toBe(before + 1);
  });
});
