// The statements' background work, registered with the jobs runtime (src/jobs/) through index.ts: once a month, on
// the 1st at 10:00 KST (inside the hours patients' messages go out), the month before's statements (send.ts).
import type PgBoss from 'pg-boss';
import type { AppContext } from '../../context.js';
import { work, type JobModule } from '../../jobs/runtime.js';
import { sendMonthlyStatements } from './send.js';

export const MONTHLY_STATEMENTS_QUEUE = 'statements.monthly';
/** One run at a time; a failed run is retried, and sends only what it had not sent (send.ts). */
const MONTHLY: PgBoss.Queue = {
  name: MONTHLY_STATEMENTS_QUEUE,
  policy: 'stately',
  retryLimit: 3,
  retryDelay: 600,
  expireInSeconds: 3600,
};
/** 01:00 UTC on the 1st: 10:00 KST on the 1st. */
export const MONTHLY_STATEMENTS_CRON = '0 1 1 * *';

export const statementJobs = (ctx: AppContext): JobModule => ({
  queues: [MONTHLY],
  async workers(boss) {
    await work(boss, MONTHLY_STATEMENTS_QUEUE, {}, async () => {
      const sent = await sendMonthlyStatements(ctx);
      ctx.log.info({ sent }, 'monthly statements sent');
    });
    await boss.schedule(MONTHLY_STATEMENTS_QUEUE, MONTHLY_STATEMENTS_CRON);
  },
});
