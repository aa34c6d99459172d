// The guardians module's share of the minute (jobs/index.ts): the daily upload counts (relation.ts) are kept a week,
// long enough to answer for any day's limit, and then dropped.
import { kstToday } from '@auto-claim/contract';
import type { AppContext } from '../../context.js';

import type { JobModule } from '../../jobs/runtime.js';
import { guardiansDb } from './tables.js';

/** Days an upload count is kept. */
export const UPLOAD_COUNT_DAYS = 7;

export async function dropOldUploadCounts(ctx: AppContext) {
  const before = kstToday(new Date(ctx.clock.now().getTime() - UPLOAD_COUNT_DAYS * 86_400_000));
  await guardiansDb(ctx.db).deleteFrom('relationUploadDayCount').where('day', '<', before).execute();
}

export const guardianJobs = (ctx: AppContext): JobModule => ({
  async everyMinute() {
    await dropOldUploadCounts(ctx);
  },
});
