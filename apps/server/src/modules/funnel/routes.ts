// POST /api/admin/appMenuLogs (spec §7; the payload is ours): one screen view of the patient app. Public, because the
// app calls it before anyone has verified, so it takes only what the dashboard counts: a screen that is a step of the
// enrolment (FUNNEL_SCREENS), a hospital that takes automatic claims (or the inner landing's DEFAULT_HOSPITAL_CD),
// and a view is a count, not a row (repo.ts). Limited per address and per visit; the body small and strict.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { API, DEFAULT_HOSPITAL_CD } from '@auto-claim/contract';
import {
  APP_MENU_LOG_MAX_BYTES,
  FUNNEL_VISIT_RATE_LIMIT,
  appMenuLogBody,
  type AppMenuLogBody,
} from '@auto-claim/contract/ops';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/problem.js';
import { hospitalsByCode } from '../reference/index.js';
import { countView } from './repo.js';

/** Per address: a hospital's lobby shares one, and a patient walking the wizard sends a view a screen. */
export const APP_MENU_LOG_RATE_LIMIT = { max: 300, timeWindow: '1 minute' };

const NO_HOSPITAL = '자동청구를 받는 병원의 코드가 아니에요.';

export const funnelRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // Per visit, once the body is read (the route's own limit, per address, runs before): a script reusing one visit
    // id gets 429, and one minting ids is held by the address's limit.
    const visitLimit = app.createRateLimit({
      ...FUNNEL_VISIT_RATE_LIMIT,
      keyGenerator: (req) => `funnel-visit:${(req.body as AppMenuLogBody).visitId}`,
    });
    const perVisit: preHandlerAsyncHookHandler = async (req, reply) => {
      const limit = await visitLimit(req);
      if (!limit.isAllowed && limit.isExceeded) {
        reply.header('retry-after', limit.ttlInSeconds);
        throw Object.assign(new Error('screen views of this visit over the limit'), { statusCode: 429 });
      }
    };

    app.post(
      API.appMenuLogs,
      {
        bodyLimit: APP_MENU_LOG_MAX_BYTES,
        config: { auth: 'public', rateLimit: APP_MENU_LOG_RATE_LIMIT },
        preHandler: perVisit,
        schema: {
          operationId: 'logAppMenuView',
          tags: ['funnel'],
          summary: '화면 조회 기록 (가입 퍼널)',
          description:
            '환자용 화면이 가입 단계의 화면마다 한 번 보내요: 화면의 경로 패턴, 병원 코드, 시각, 방문마다 새로 만든 임의의 id. ' +
            '이름·전화번호·CI·주민등록번호는 받지 않아요. 기록은 남기지 않고 날짜·병원·단계별 방문 수에 더해요 (한 방문은 ' +
            '단계마다 하루 한 번). 가입 단계가 아닌 화면이나 자동청구를 받지 않는 병원은 400이에요.',
          body: appMenuLogBody,
          response: { 200: z.object({ ok: z.literal(true) }) },
        },
      },
      async (req) => {
        const { hospitalCd } = req.body;
        if (hospitalCd !== DEFAULT_HOSPITAL_CD) {
          const [hospital] = await hospitalsByCode(ctx.db, [hospitalCd]);
          if (!hospital?.autoClaimEnabled) {
            throw new AppError('VALIDATION_FAILED', NO_HOSPITAL, [{ field: 'hospitalCd', message: NO_HOSPITAL }]);
          }
        }
        await countView(ctx.db, req.body, ctx.clock.now());
        return { ok: true as const };
      },
    );
  };
