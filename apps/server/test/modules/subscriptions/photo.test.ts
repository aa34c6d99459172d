// The ID photo processed once (docs/performance.md, "The ID photo"): the OCR call checks, re-encodes and stores the
// photo; subscribing with the same bytes in the same session names that copy and decodes nothing; any other photo,
// or the same photo in another session, is checked again.
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { API } from '@auto-claim/contract';
import * as imagesModule from '../../../src/images/index.js';
import { dataUrl, idPhotoJpeg, images, regFor, type Images, type Verified } from '../../../fixtures/enrolment.js';
import { build, testClock, verifyPatient, type TestApp, freshAddress } from '../../helper.js';

vi.mock('../../../src/images/index.js', async (importOriginal) => {
  const real = await importOriginal<typeof imagesModule>();
  return { ...real, checkImage: vi.fn(real.checkImage), reencodePhoto: vi.fn(real.reencodePhoto) };
});
const decoded = () =>
  vi.mocked(imagesModule.checkImage).mock.calls.length + vi.mocked(imagesModule.reencodePhoto).mock.calls.length;

const clock = testClock(new Date('2026-11-22T16:30:00Z'));
let t: TestApp;
let img: Images;

beforeAll(async () => {
  t = await build({ clock });
  img = await images();
});
afterAll(() => t.close());
beforeEach(() => {
  vi.mocked(imagesModule.checkImage).mockClear();
  vi.mocked(imagesModule.reencodePhoto).mockClear();
});

const post = (who: Verified, url: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { cookie: who.cookie },
    remoteAddress: freshAddress(),
  });
const ocr = (who: Verified, photo: Buffer) =>
  post(who, API.ocrIdCard, { idcardType: 'ic', idcardImg: dataUrl('image/jpeg', photo) });
const rowOf = async (insuApplyId: string) =>
  (
    await sql<{ idcardImgBlobId: string; idcardImgSha256: string }>`
      select idcard_img_blob_id, idcard_img_sha256 from subscription where insu_apply_id = ${insuApplyId}`.execute(
      t.db.db,
    )
  ).rows[0]!;

describe('the ID photo the OCR call checked', () => {
  it('is not decoded again when she subscribes with it: the row names the copy the OCR call stored', async () => {
    const v = await verifyPatient(t);
    expect((await ocr(v, img.photo)).statusCode).toBe(200);
    expect(decoded()).toBe(2); // checked and re-encoded, once
    const kept = await sql<{ n: string }>`select count(*) as n from auth_session where checked_photo_enc is not null`
      .execute(t.db.db)
      .then((r) => Number(r.rows[0]!.n));
    expect(kept).toBeGreaterThan(0);

    const res = await post(v, API.subscriptions, await regFor(t, v, img));
    expect(res.statusCode, res.body).toBe(201);
    expect(decoded()).toBe(2);
    const row = await rowOf(res.json().subscription.insuApplyId);
    const stored = await t.app.ctx.blobs.get(row.idcardImgBlobId, { sha256: row.idcardImgSha256 });
    expect(stored.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff])); // the re-encoded JPEG
    // Taken once: the session keeps nothing of it now.
    const left = await sql<{ n: string }>`select count(*) as n from auth_session where checked_photo_enc is not null`
      .execute(t.db.db)
      .then((r) => Number(r.rows[0]!.n));
    expect(left).toBe(kept - 1);
  });

  it('does not stand for another photo: that one is checked and re-encoded as before', async () => {
    const v = await verifyPatient(t);
    expect((await ocr(v, await idPhotoJpeg({ width: 700 }))).statusCode).toBe(200);
    vi.mocked(imagesModule.checkImage).mockClear();
    vi.mocked(imagesModule.reencodePhoto).mockClear();
    const res = await post(v, API.subscriptions, await regFor(t, v, img));
    expect(res.statusCode, res.body).toBe(201);
    expect(vi.mocked(imagesModule.checkImage).mock.calls.length).toBe(1);
    expect(vi.mocked(imagesModule.reencodePhoto).mock.calls.length).toBe(1);
  });

  it('does not stand in another session: the same photo is checked again', async () => {
    const first = await verifyPatient(t);
    expect((await ocr(first, img.photo)).statusCode).toBe(200);
    const other = await verifyPatient(t);
    vi.mocked(imagesModule.reencodePhoto).mockClear();
    const res = await post(other, API.subscriptions, await regFor(t, other, img));
    expect(res.statusCode, res.body).toBe(201);
    expect(vi.mocked(imagesModule.reencodePhoto).mock.calls.length).toBe(1);
  });
});
