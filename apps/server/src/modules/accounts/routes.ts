// POST and GET /ui/insu/v1/claims/users/accounts: the bank-account holder check (spec §7 "GET is the bank account
// check"). GET takes the spec's query form and is an idempotent read: it asks the bank once and answers repeats from
// what it kept (service.ts, checkAccountOnce), so a GET repeated by a browser, a prefetch or a retry spends no paid
// call. POST takes the same fields as a body, which keeps the account number out of URLs (DESIGN §5), asks the bank
// every time and is what our SPA uses. Logs carry the path only, never the query.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API, accountCheck, accountCheckBody } from '@auto-claim/contract';
import type { AppContext } from '../../context.js';
import { perPatientLimit } from '../../security/rate-limit.js';
import { assertOwnCi } from '../../security/session.js';
import { checkAccount, checkAccountOnce } from './service.js';

/**
 * Per IP: a holder check asks a bank, and a name per account number must not be enumerable. An address allowed more
 * identity verifications (a hospital's Wi-Fi) is allowed as many checks (perPatientLimit).
 */
export const ACCOUNT_CHECK_RATE_LIMIT = { max: 20, timeWindow: '10 minutes' };

export const accountRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['accounts'];
    const common = {
      config: {
        auth: 'patient' as const,
        scope: { what: '계좌를 확인하려면' },
        rateLimit: perPatientLimit(ACCOUNT_CHECK_RATE_LIMIT, ctx.config.identityStartsPerAddress),
        problems: ['CI_MISMATCH' as const, 'ACCOUNT_NOT_FOUND' as const, 'BANK_CHECK_UNAVAILABLE' as const],
      },
    };
    app.post(
      API.userAccounts,
      {
        ...common,
        schema: {
          operationId: 'checkAccount',
          tags,
          summary: '계좌 예금주 확인 (본문으로)',
          description:
            '은행에 예금주를 물어 MATCH 또는 MISMATCH로 답해요. 없는 계좌는 422 ACCOUNT_NOT_FOUND, 은행에 물을 수 없을 때는 503 BANK_CHECK_UNAVAILABLE. 샌드박스: …0000 없는 계좌, …9999 다른 사람 계좌.',
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
          operationId: 'checkAccountByQuery',
          tags,
          summary: '계좌 예금주 확인 (spec의 GET 형식)',
          description:
            '같은 환자가 같은 계좌와 예금주를 10분 안에 다시 물으면 은행에 다시 묻지 않고 처음 답을 그대로 돌려줘요 (부작용 없는 조회).',
          querystring: accountCheckBody,
          response: { 200: accountCheck },
        },
      },
      async (req) => checkAccountOnce(ctx, assertOwnCi(req, req.query.userCi), req.query),
    );
  };
