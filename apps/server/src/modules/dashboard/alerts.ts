// GET /api/admin/alerts: what is over its bound now, for the console's banner (docs/operations.md, "Alerts"): dead
// letters waiting for an operator, and queues whose oldest due item waited too long. The bounds are the shipped
// Prometheus rules' (ALERT_BOUNDS), and the numbers are the metrics' own (engineBacklog). Counts only: a viewer reads it.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ALERT_BOUNDS, OPS_ALERTS_API, alertsAnswer, queueAgeBound } from '@auto-claim/contract/ops';
import type { AppContext } from '../../context.js';
import { operatorRoute } from '../../http/route-contract.js';
import { kstToday } from '@auto-claim/contract';
import { engineBacklog } from '../claims/index.js';
import { hospitalAlertsOn } from '../hospitals/index.js';

export const alertsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      OPS_ALERTS_API.alerts,
      {
        config: operatorRoute('viewer'),
        schema: {
          operationId: 'opsAlerts',
          tags: ['operator'],
          summary: '기준을 넘은 것: 처리를 기다리는 dead letter, 너무 오래 기다린 대기열',
          response: { 200: alertsAnswer },
        },
      },
      async () => {
        const now = ctx.clock.now();
        const backlog = await engineBacklog(ctx.db, now);
        const bound = ALERT_BOUNDS.deadLettersWaiting;
        const hospitals = await hospitalAlertsOn(ctx.db, kstToday(now));
        return {
          asOf: now.toISOString(),
          hospitals,
          deadLetters: backlog.deadLetters.filter((d) => d.count > bound).map((d) => ({ ...d, bound })),
          queues: backlog.queues
            .filter((q) => !q.queue.startsWith('dead:') && q.oldestAgeSeconds > queueAgeBound(q.queue))
            .map((q) => ({
              queue: q.queue,
              oldestAgeSeconds: Math.round(q.oldestAgeSeconds),
              bound: queueAgeBound(q.queue),
            })),
        };
      },
    );
  };
