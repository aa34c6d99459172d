// HTTP of the payout module: the console's view of a claim's estimate beside the insurer's answer (docs/payout-rules.md).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { claimIdParams } from '@auto-claim/contract';
import { OPS_PAYOUT_API, operatorClaimPayout } from '@auto-claim/contract/ops';
import type { AppContext } from '../../context.js';
import { notFound } from '../../http/problem.js';
import { operatorRoute } from '../../http/route-contract.js';
import { payoutsOf } from './estimates.js';

export const payoutRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      OPS_PAYOUT_API.claimPayout(':claimId'),
      {
        config: operatorRoute('operator', 'CLAIM_NOT_FOUND'),
        schema: {
          operationId: 'getClaimPayout',
          tags: ['operator'],
          summary: '청구 한 건의 예상 금액과 설명, 보험사 지급액과의 비교, 보험사의 항목별 심사 결과',
          params: claimIdParams,
          response: { 200: operatorClaimPayout },
        },
      },
      async (req) => {
        const payout = (await payoutsOf(ctx.db, [req.params.claimId], ctx.clock.now())).get(req.params.claimId);
        if (!payout) throw notFound('청구를 찾을 수 없어요.', 'CLAIM_NOT_FOUND');
        return payout;
      },
    );
  };
