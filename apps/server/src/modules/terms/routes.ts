// The terms' public calls of spec §7: the terms in effect (served from the reference answers' cache, as the other
// data the screens read before anyone has verified), and the patient's agreement to them (the evidence).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API,
  kstToday,
  termsAgreeAnswer,
  termsAgreeBody,
  termsList,
  termsParams,
  termsQuery,
} from '@auto-claim/contract';
import type { AppContext } from '../../context.js';
import { patientOf } from '../../security/session.js';
import { PUBLIC_REFERENCE, keyOf, sent, type ReferenceCache } from '../reference/index.js';
import { recordAgreements } from './agreements.js';
import { listTerms } from './repo.js';

export const termsRoutes =
  (ctx: AppContext, cache: ReferenceCache): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/auth/rest/terms/:version/:termsGroup',
      {
        config: PUBLIC_REFERENCE,
        schema: {
          operationId: 'listTerms',
          tags: ['reference'],
          summary: '약관 (SERVICE, TELECOM, LMHC_SUBS, INSU_CLAIM)',
          params: termsParams,
          querystring: termsQuery,
          response: { 200: termsList },
        },
      },
      (req, reply) => {
        // Which version is in effect depends on the day (KST): a new day, a new entry.
        const today = kstToday(ctx.clock.now());
        return sent(
          cache.send(req, reply, keyOf(req, today), async () => {
            const list = await listTerms(ctx.db, today, req.params.termsGroup, req.query.insuCompCd);
            return { list, total: list.length };
          }),
        );
      },
    );

    app.post(
      API.termsAgree,
      {
        config: { auth: 'patient', scope: { what: '약관 동의를 기록하려면' }, problems: ['TERMS_UNKNOWN'] },
        schema: {
          operationId: 'agreeToTerms',
          tags: ['auth'],
          summary: '약관 동의 기록 (증빙)',
          description: '약관 id와 현재 버전, 시각, 본인인증한 사람을 기록해요.',
          body: termsAgreeBody,
          response: { 200: termsAgreeAnswer },
        },
      },
      async (req) => {
        const agreed = await recordAgreements(ctx, req.body.termsIds, {
          ciHmac: patientOf(req).ciHmac,
          ipHmac: ctx.crypto.hmac('ip', req.ip),
        });
        return { agreed };
      },
    );
  };
