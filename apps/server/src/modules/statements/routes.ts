// The monthly statement's page call (README "The monthly statement"): GET STATEMENT_API.statement, her session (a link
// session of a message included), her own subscription or, with insuApplyId, a child of hers.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { STATEMENT_API, statementAnswer, statementQuery } from '@auto-claim/contract';
import type { AppContext } from '../../context.js';
import { assertOwnCi } from '../../security/session.js';
import { asGuardianOf } from '../subscriptions/index.js';
import { statementOf } from './page.js';

export const statementRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      STATEMENT_API.statement,
      {
        schema: {
          operationId: 'getStatement',
          tags: ['treats'],
          summary: '한 달 자동청구 명세 (청구, 지급, 심사 중, 청구하지 않은 진료와 이유, 올해 받은 보험금)',
          querystring: statementQuery,
          response: { 200: statementAnswer },
        },
        config: {
          auth: 'patient',
          scope: { link: ['statement', 'treat'], what: '명세를 보려면' },
          problems: ['CI_MISMATCH', 'NOT_SUBSCRIBED', 'CHILD_NOT_FOUND'],
        },
      },
      async (req) => {
        const own = assertOwnCi(req, req.query.userCi);
        const child = req.query.insuApplyId;
        const patient = child ? await asGuardianOf(ctx, own, child) : own;
        return statementOf(ctx, patient, req.query, child ? '보호자' : '본인');
      },
    );
  };
