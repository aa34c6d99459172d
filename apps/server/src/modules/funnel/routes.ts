// POST /api/admin/appMenuLogs (spec §7; the payload is ours): one screen view of the patient app. Public, because the
// app calls it before anyone has verified; limited per address; the body small and strict (unknown keys refused).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API } from '@auto-claim/contract';
import { APP_MENU_LOG_MAX_BYTES, appMenuLogBody } from '@auto-claim/contract/ops';
import type { AppContext } from '../../context.js';
import { insertView } from './repo.js';

/** Per address: a hospital's lobby shares one, and a patient walking the wizard sends a view a screen. */
export const APP_MENU_LOG_RATE_LIMIT = { max: 300, timeWindow: '1 minute' };

export const funnelRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      API.appMenuLogs,
      {
        bodyLimit: APP_MENU_LOG_MAX_BYTES,
        config: { auth: 'public', rateLimit: APP_MENU_LOG_RATE_LIMIT },
        schema: {
          operationId: 'logAppMenuView',
          tags: ['funnel'],
          summary: '화면 조회 기록 (가입 퍼널)',
          description:
            '환자용 화면이 화면마다 한 번 보내요: 화면의 경로 패턴, 병원 코드, 시각, 방문마다 새로 만든 임의의 id. ' +
            '이름·전화번호·CI·주민등록번호는 받지 않아요. 기록은 운영자 대시보드의 단계별 집계로만 보여요.',
          body: appMenuLogBody,
          response: { 200: z.object({ ok: z.literal(true) }) },
        },
      },
      async (req) => {
        await insertView(ctx.db, req.body, ctx.clock.now());
        return { ok: true as const };
      },
    );
  };
