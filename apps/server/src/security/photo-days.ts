// ID photos per patient per Korean day (docs/security.md, "Uploads"): the OCR read of an ID photo and an ID copy for an
// insurer each decode a photo of up to MAX_IMAGE_PIXELS; a verified patient sends at most MAX_ID_PHOTOS_PER_DAY of
// them a Korean day, both kinds together, counted before the photo is looked at (a refused photo counts too). The
// shape of the relation documents' limit (modules/guardians/relation.ts), with its problem code. Generous: a patient
// retaking a blurry photo a few times, for herself and her children, never reaches it.
import { kstToday } from '@auto-claim/contract';
import type { AppContext } from '../context.js';
import type { Handle } from '../db/handle.js';
import { AppError } from '../http/problem.js';
import { securityDb } from './tables.js';

/** How many ID photos (OCR reads and ID copies together) one patient may send a Korean day. */
export const MAX_ID_PHOTOS_PER_DAY = 20;
/** Days a count is kept: long enough to answer for any day's limit. */
export const ID_PHOTO_COUNT_DAYS = 7;

/** Counts one ID photo of the patient's (her CI's keyed hash) today; past MAX_ID_PHOTOS_PER_DAY, refused (429). */
export async function countIdPhoto(ctx: AppContext, ciHmac: string, field: string) {
  const { n } = await securityDb(ctx.db)
    .insertInto('idPhotoDayCount')
    .values({ ciHmac, day: kstToday(ctx.clock.now()), n: 1 })
    .onConflict((oc) => oc.columns(['ciHmac', 'day']).doUpdateSet((eb) => ({ n: eb('idPhotoDayCount.n', '+', 1) })))
    .returning('n')
    .executeTakeFirstOrThrow();
  if (n > MAX_ID_PHOTOS_PER_DAY) {
    throw new AppError(
      'UPLOAD_DAILY_LIMIT',
      `신분증 사진은 하루에 ${MAX_ID_PHOTOS_PER_DAY}번까지 올릴 수 있어요. 내일 다시 올려 주세요.`,
      [{ field, message: `오늘은 신분증 사진을 ${MAX_ID_PHOTOS_PER_DAY}번 올렸어요.` }],
    );
  }
}

/** Its share of the minute tick (jobs/index.ts lists it): counts older than ID_PHOTO_COUNT_DAYS go. */
export const idPhotoCountJobs = (ctx: { db: Handle; clock: AppContext['clock'] }) => ({
  async everyMinute() {
    const before = kstToday(new Date(ctx.clock.now().getTime() - ID_PHOTO_COUNT_DAYS * 86_400_000));
    await securityDb(ctx.db).deleteFrom('idPhotoDayCount').where('day', '<', before).execute();
  },
});
