// GET /ui/insu/v1/addresses?keyword= (ours; the spec has no address call): road-address search through the address
// provider. The address screen always lets the patient type an address instead, and POST …/addresses/postcode finds
// the postcode of what she typed.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADDRESS_RESULTS_MAX,
  API,
  addressList,
  addressPostcode,
  addressPostcodeBody,
  addressQuery,
} from '@auto-claim/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/errors.js';
import { lookUpPostcode } from './postcode.js';

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

    app.post(
      API.addressPostcode,
      {
        config: {
          auth: 'patient',
          scope: { what: '우편번호를 찾으려면' },
          rateLimit: ADDRESS_RATE_LIMIT,
          problems: ['ADDRESS_SEARCH_UNAVAILABLE'],
        },
        schema: {
          operationId: 'addressPostcode',
          tags: ['address'],
          summary: '직접 입력한 도로명주소의 우편번호',
          description:
            '도로명과 건물 번호로 주소를 검색해, 입력한 주소와 같은 결과의 우편번호가 하나일 때만 돌려줘요. ' +
            '확실하지 않으면 빈 문자열이에요(우편번호 없이도 가입할 수 있어요). 주소 검색을 쓸 수 없으면 503이에요.',
          body: addressPostcodeBody,
          response: { 200: addressPostcode },
        },
      },
      async (req) => {
        const found = await lookUpPostcode(ctx, req.body.userAddr);
        if (found.outcome === 'unavailable') {
          throw new AppError(
            'ADDRESS_SEARCH_UNAVAILABLE',
            '지금은 우편번호를 찾을 수 없어요. 비워 두어도 신청할 수 있어요.',
          );
        }
        return { userPostNo: found.userPostNo };
      },
    );
  };
