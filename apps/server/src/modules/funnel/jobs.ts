// The funnel's housekeeping on the jobs runtime's minute (src/jobs/): visit marks after their day, counts past their
// keeping period.
import type { AppContext } from '../../context.js';
import type { JobModule } from '../../jobs/runtime.js';
import { purgeOldViews } from './repo.js';

export const funnelJobs = (ctx: AppContext): JobModule => ({
  async everyMinute() {
    await purgeOldViews(ctx.db, ctx.clock.now());
  },
});
