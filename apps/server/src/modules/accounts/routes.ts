// POST and GET /ui/insu/v1/claims/users/accounts: the bank-account holder check (spec §7 "GET is the bank account
// check"). GET takes the spec's query form; POST takes the same fields as a body, which keeps the account number out
// of URLs (DESIGN §5) and is what our SPA uses. Logs carry the path only, never the query.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API, accountCheck, accountCheckBody } from '@auto-claim/contract';
import type { AppContext } from '../../context.js';
import { assertOwnCi, requirePatient } from '../../security/session.js';
import { checkAccount } from './service.js';

/** Per IP: a holder check asks a bank, and a name per account number must not be enumerable. */
export const ACCOUNT_CHECK_RATE_LIMIT = { max: 20, timeWindow: '10 minutes' };

export const accountRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['accounts'];
    const common = {
      onRequest: requirePatient(ctx),
      config: { rateLimit: ACCOUNT_CHECK_RATE_LIMIT },
    };
    app.post(
      API.userAccounts,
      {
        ...common,
        schema: {
          tags,
          summary: '계좌 예금주 확인 (본문으로)',
          description:
            '은행에 예금주를 물어 MATCH 또는 MISMATCH로 답해요. 없는 계좌는 422 ACCOUNT_NOT_FOUND. 샌드박스: …0000 없는 계좌, …9999 다른 사람 계좌.',
          body: accountCheckBody,
          response: { 200: accountCheck },
        },
      },
      async (req) => checkAccount(ctx, assertOwnCi(req, req.body.userCi), req.body),
    );
    app.get(
      API.userAccounts,
      {
        ...common,
        schema: {
          tags,
          summary: '계좌 예금주 확인 (spec의 GET 형식)',
          querystring: accountCheckBody,
          response: { 200: accountCheck },
        },
      },
      async (req) => checkAccount(ctx, assertOwnCi(req, req.query.userCi), req.query),
    );
  };
