// ID photos per patient per Korean day (docs/security.md, "Uploads"; security/photo-days.ts): OCR reads and ID copies
// together, counted before the photo is decoded, refused ones too; past MAX_ID_PHOTOS_PER_DAY a Korean 429
// UPLOAD_DAILY_LIMIT naming idcardImg until the next Korean day. The ID copies' share is in modules/treats/treats.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@auto-claim/contract';
import { cardPhotoJpeg, dataUrl } from '../../fixtures/enrolment.js';
import { MAX_ID_PHOTOS_PER_DAY, idPhotoCountJobs } from '../../src/security/photo-days.js';
import { build, problemOf, testClock, verifyPatient, type TestApp, freshAddress } from '../helper.js';

// 2026-06-15 23:55 KST: the next Korean day starts five minutes later.
const START = new Date('2026-06-15T14:55:00Z');
const clock = testClock(START);
let t: TestApp;

beforeAll(async () => {
  t = await build({ clock });
}, 180_000);
afterAll(() => t?.close());

type V = Awaited<ReturnType<typeof verifyPatient>>;
const ocr = (v: V, idcardImg: string) =>
  t.app.inject({
    method: 'POST',
    url: API.ocrIdCard,
    headers: { cookie: v.cookie },
    // Each call from its own address: the per-address limit is not what this test is about.
    remoteAddress: freshAddress(),
    payload: { userCi: v.ci, idcardType: 'ic', idcardImg },
  });

describe('ID photos a patient sends a Korean day', () => {
  it(`answers ${MAX_ID_PHOTOS_PER_DAY} OCR calls of one patient, refused photos counted, then 429 until the next Korean day; others are served`, async () => {
    const v = await verifyPatient(t);
    const unreadable = dataUrl('image/jpeg', Buffer.from('not a photo at all'));
    for (let i = 0; i < MAX_ID_PHOTOS_PER_DAY - 1; i++) {
      const res = await ocr(v, unreadable);
      expect(res.statusCode, `call ${i + 1}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `call ${i + 1}: ${res.body}`).toBeLessThan(429);
    }
    const card = dataUrl('image/jpeg', await cardPhotoJpeg());
    const last = await ocr(v, card);
    expect(last.statusCode, last.body).toBe(200);

    const over = await ocr(v, card);
    const p = problemOf(over);
    expect(p).toMatchObject({ status: 429, code: 'UPLOAD_DAILY_LIMIT' });
    expect(p.detail).toBe(`신분증 사진은 하루에 ${MAX_ID_PHOTOS_PER_DAY}번까지 올릴 수 있어요. 내일 다시 올려 주세요.`);
    expect(p.errors).toEqual([
      { field: 'idcardImg', message: `오늘은 신분증 사진을 ${MAX_ID_PHOTOS_PER_DAY}번 올렸어요.` },
    ]);

    // Another patient is served.
    const other = await verifyPatient(t);
    expect((await ocr(other, card)).statusCode).toBe(200);

    // The next Korean day (00:00:01 KST), the same session reads again.
    clock.set(new Date('2026-06-15T15:00:01Z'));
    const next = await ocr(v, card);
    expect(next.statusCode, next.body).toBe(200);

    // The count is kept a week, its CI's keyed hash only, then the minute job drops it.
    const rows = await t.db.db.selectFrom('idPhotoDayCount').selectAll().orderBy('day').execute();
    expect(rows.every((r) => !JSON.stringify(r).includes(v.ci))).toBe(true);
    expect(rows.map((r) => [r.day, r.n])).toEqual(
      expect.arrayContaining([
        ['20260615', MAX_ID_PHOTOS_PER_DAY + 1],
        ['20260616', 1],
      ]),
    );
    clock.set(new Date('2026-06-22T15:00:01Z'));
    await idPhotoCountJobs(t.app.ctx).everyMinute();
    expect(await t.db.db.selectFrom('idPhotoDayCount').select('day').execute()).toEqual([{ day: '20260616' }]);
    clock.set(START);
  });
});
