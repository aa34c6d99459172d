// HTTP of the claim engine: the hospital feed (HOSPITAL_API), and the registration of the engine with its console
// (console/) and insurers' answers (answers.ts).
import type { FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HOSPITAL_API, HOSPITAL_KEY_HEADER, feedAnswer, feedBody } from '@auto-claim/contract';
import type { AppContext } from '../../context.js';
import type { JobRuntime } from '../../jobs/runtime.js';
import { insurerAnswerRoutes, type AnswerPorts } from './answers.js';
import { engineBacklog } from './backlog.js';
import { claimConsoleRoutes } from './console/routes.js';
import { createClaimEngine, type ClaimEngine } from './engine.js';
import { HOSPITAL_FEED_RATE_LIMIT, ingest } from './feed.js';
import { recordRejections, rejectionsOf } from './rejections.js';

/** The hospitals' feed: records in, refused ones kept for the console, the engine woken when something is new. */
export const claimRoutes =
  (ctx: AppContext, engine: ClaimEngine): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      HOSPITAL_API.treatments,
      {
        // The key is checked first (onRequest, before the body is read); then the calls per key are limited.
        config: { auth: 'hospital', rateLimit: HOSPITAL_FEED_RATE_LIMIT, problems: ['HOSPITAL_KEY_FAILURES'] },
        // A refused body is answered as always, after its records' reasons are kept for the console.
        attachValidation: true,
        schema: {
          operationId: 'sendTreatmentRecords',
          tags: ['hospital'],
          summary: '진료 기록(영수증) 전송: 병원 → 자동청구',
          description:
            `병원마다 발급한 API 키를 \`${HOSPITAL_KEY_HEADER}\` 헤더로 보내요. 같은 병원의 같은 영수증 번호는 ` +
            '한 번만 저장돼요: 같은 내용을 다시 보내면 duplicate, 다른 내용이면 conflict로 답하고 아무것도 바꾸지 않아요.',
          body: feedBody,
          response: { 200: feedAnswer },
        },
      },
      async (req) => {
        const invalid = req.validationError;
        if (invalid) {
          if (hasZodFastifySchemaValidationErrors(invalid)) {
            const errors = invalid.validation.map((v: { instancePath: string; message?: string }) => ({
              field: v.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body',
              message: v.message ?? '값이 올바르지 않아요.',
            }));
            await recordRejections(ctx, req.hospitalCd!, rejectionsOf(req.body, errors, 'VALIDATION_FAILED'));
          }
          throw invalid;
        }
        const answer = await ingest(ctx, req.hospitalCd!, req.body.records);
        const conflicts = answer.results.filter((r) => r.status === 'conflict');
        await recordRejections(
          ctx,
          req.hospitalCd!,
          conflicts.map((r) => ({
            receiptNo: r.receiptNo,
            code: 'RECEIPT_CONFLICT',
            field: 'receiptNo',
            message: '같은 영수증 번호로 다른 내용이 먼저 와 있어요. 아무것도 바꾸지 않았어요.',
          })),
        );
        if (answer.created > 0) await engine.kick();
        return answer;
      },
    );
  };

declare module 'fastify' {
  interface FastifyInstance {
    /** The claim engine: main.ts starts its workers; tests call drain(). */
    claimEngine: ClaimEngine;
  }
}

/**
 * The engine on the app (on the app's jobs runtime, which the app stops), its routes, and insurers' answers; `requestIdCopy` is how an insurer's
 * request for the patient's ID copy reaches the patient (the treats module, which reads this one), `hospitalDocuments`
 * how a paper the hospital issues is asked of it (the docrequests module), `answered` what the payout module keeps of
 * each answer (docs/payout-rules.md).
 */
export async function registerClaims(app: FastifyInstance, ctx: AppContext, opts: { jobs: JobRuntime } & AnswerPorts) {
  const engine = createClaimEngine(ctx, opts.jobs);
  app.decorate('claimEngine', engine);
  ctx.metrics.setBacklogSource(() => engineBacklog(ctx.db, ctx.clock.now()));
  await app.register(claimRoutes(ctx, engine));
  const ports: AnswerPorts = {
    requestIdCopy: opts.requestIdCopy,
    hospitalDocuments: opts.hospitalDocuments,
    answered: opts.answered,
  };
  await app.register(claimConsoleRoutes(ctx, engine, ports));
  await app.register(insurerAnswerRoutes(ctx, ports));
}
