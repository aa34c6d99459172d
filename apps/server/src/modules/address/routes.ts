// GET /ui/insu/v1/addresses?keyword= (ours; the spec has no address call): road-address search through the address
// provider. The address screen always lets the patient type an address instead.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADDRESS_RESULTS_MAX, API, addressList, addressQuery } from '@auto-claim/contract';
import type { AppContext } from '../../context.js';

export const ADDRESS_RATE_LIMIT = { max: 60, timeWindow: '1 minute' };

export const addressRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      API.addresses,
      {
        config: {
          auth: 'patient',
          scope: { what: '주소를 찾으려면' },
          rateLimit: ADDRESS_RATE_LIMIT,
          problems: ['ADDRESS_SEARCH_UNAVAILABLE'],
          // VALIDATION_FAILED also answers a keyword that finds too many (over 9,000 at juso): naming `keyword`.
        },
        schema: {
          operationId: 'searchAddresses',
          tags: ['address'],
          summary: '도로명주소 검색',
          description: `검색어의 모든 낱말이 들어간 주소를 ${ADDRESS_RESULTS_MAX}개까지 돌려줘요. total은 찾은 전체 개수예요.`,
          querystring: addressQuery,
          response: { 200: addressList },
        },
      },
      async (req) => ctx.providers.address.search(req.query.keyword, ADDRESS_RESULTS_MAX),
    );
  };
