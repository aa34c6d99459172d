// GET /api/admin/dashboard: claims by status, deliveries by channel and outcome, dead letters, held records, the oldest
// waiting job, relation documents awaiting review, enrolments and the funnel's drop-off, for today, 7 and 30 days as Korea counts its days. Counts only: a
// viewer reads it.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { KST_OFFSET_MS, kstToday } from '@auto-claim/contract';
import { OPS_DASHBOARD_API, dashboardAnswer, dashboardQuery } from '@auto-claim/contract/ops';
import type { AppContext } from '../../context.js';
import { operatorRoute } from '../../http/route-contract.js';
import { claimCounts, deadLetterCounts, deliveryCounts, heldCounts, oldestQueuedJobSeconds } from '../claims/index.js';
import { enrolmentCounts } from '../subscriptions/index.js';
import { funnelStepCounts } from '../funnel/index.js';
import { relationDocumentCounts } from '../guardians/index.js';

const DAY_MS = 86_400_000;

/** The start (00:00 KST) of today, of the day 6 days before and of the day 29 days before. */
export function periodStarts(now: Date) {
  const t = kstToday(now);
  const today = new Date(Date.UTC(+t.slice(0, 4), +t.slice(4, 6) - 1, +t.slice(6, 8)) - KST_OFFSET_MS);
  return {
    today,
    d7: new Date(today.getTime() - 6 * DAY_MS),
    d30: new Date(today.getTime() - 29 * DAY_MS),
  };
}

export const dashboardRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      OPS_DASHBOARD_API.dashboard,
      {
        config: operatorRoute('viewer'),
        schema: {
          operationId: 'opsDashboard',
          tags: ['operator'],
          summary: '대시보드: 청구·전송·dead letter·대기 작업·가입·단계별 이탈',
          querystring: dashboardQuery,
          response: { 200: dashboardAnswer },
        },
      },
      async (req) => {
        const now = ctx.clock.now();
        const since = periodStarts(now);
        const { hospitalCd } = req.query;
        const [claims, deliveries, deadLetters, held, oldestQueuedJobSeconds_, enrolments, funnel, relationDocuments] =
          await Promise.all([
            claimCounts(ctx.db, since),
            deliveryCounts(ctx.db, since),
            deadLetterCounts(ctx.db),
            heldCounts(ctx.db),
            oldestQueuedJobSeconds(ctx.db, now),
            enrolmentCounts(ctx.db, since, hospitalCd),
            funnelStepCounts(ctx.db, since, hospitalCd),
            relationDocumentCounts(ctx.db),
          ]);
        return {
          today: kstToday(now),
          asOf: now.toISOString(),
          claims,
          deliveries,
          deadLetters,
          held,
          relationDocuments,
          oldestQueuedJobSeconds: oldestQueuedJobSeconds_,
          enrolments,
          funnel,
        };
      },
    );
  };
