// HTTP of the FHIR intake (fhir/ig/README.md, "Answers"): POST a bundle under the hospital's key, GET the
// CapabilityStatement. The bundle's bytes are read as text here (application/fhir+json or application/json) so that
// unreadable JSON is answered as FHIR answers it, an OperationOutcome, not as the app's problem details.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FHIR_BUNDLE_LIMIT_BYTES,
  FHIR_JSON,
  HOSPITAL_API,
  HOSPITAL_KEY_HEADER,
  operationOutcome,
  withRulesClock,
} from '@auto-claim/contract';
import type { AppContext } from '../../context.js';
import { createPdfWorkers } from '../../documents/index.js';
import { addressKey } from '../../http/client-address.js';
import { capabilityStatement } from './capability.js';
import { answered, type CheckAnswer } from './check-thread.js';
import { outcomeOf, Refusal } from './outcome.js';
import { checkSignature } from './signing.js';
import { check, keep, recordRefusal, type VisitPort } from './receive.js';

/** Bundles per key a minute: one per visit, so far above the JSON feed's calls (each up to 500 records). */
export const FHIR_BUNDLE_RATE_LIMIT = {
  max: 6000,
  timeWindow: '1 minute',
  keyGenerator: (req: FastifyRequest) => `fhir-bundle:${req.hospitalKeyId ?? addressKey(req.ip)}`,
} as const;

export const intakeRoutes =
  (ctx: AppContext, port: VisitPort): FastifyPluginAsyncZod =>
  async (app) => {
    // Bundles are checked in worker threads of the intake's own pool (the documents' pool factory: a burst of bundles
    // holds no 위임장 up), FHIR_CHECK_WORKERS of them; none: on the event loop (docs/performance.md, "The FHIR feed").
    const threads = ctx.config.fhirCheckWorkers ?? 0;
    const pool = threads > 0 ? createPdfWorkers(threads) : undefined;
    const thread = new URL('./check-thread.ts', import.meta.url);
    if (pool) {
      // Each thread reads the R4 definitions (seconds) before the first bundle, not during it.
      for (let i = 0; i < threads; i++) void pool.run(thread, 'warm', null).catch(() => undefined);
      app.addHook('onClose', () => pool.close());
    }
    // The contract's date rules ("not in the future") on the app's clock, as the app's validator has them.
    const checked = async (text: string, hospitalCd: string) =>
      pool
        ? answered(
            await pool.run<CheckAnswer>(thread, 'checkBundle', {
              text,
              hospitalCd,
              now: ctx.clock.now().toISOString(),
            }),
          )
        : withRulesClock(
            () => ctx.clock.now(),
            () => check(text, hospitalCd),
          );

    // In this plugin only: both JSON media types read as text, JSON.parse'd by the route.
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser(
      ['application/json', FHIR_JSON],
      { parseAs: 'string', bodyLimit: FHIR_BUNDLE_LIMIT_BYTES },
      (_req, body, done) => done(null, body),
    );

    app.post(
      HOSPITAL_API.fhirBundle,
      {
        bodyLimit: FHIR_BUNDLE_LIMIT_BYTES,
        config: { auth: 'hospital', rateLimit: FHIR_BUNDLE_RATE_LIMIT, problems: ['HOSPITAL_KEY_FAILURES'] },
        schema: {
          operationId: 'sendSilsonBundle',
          tags: ['hospital'],
          summary: 'KR 실손 Claim 번들 전송 (FHIR R4 create): 병원 → 자동청구',
          description:
            `방문(또는 조제) 한 번의 영수증·세부산정내역·처방전을 KR 실손 Claim 번들로 보내요(\`${FHIR_JSON}\`나 ` +
            `\`application/json\`). 병원마다 발급한 API 키를 \`${HOSPITAL_KEY_HEADER}\` 헤더로 보내고, 키의 요양기관이 ` +
            '영수증을 발행한 요양기관이어야 해요. 답은 FHIR OperationOutcome이에요: 201 받음(정정·취소 포함), 200 같은 ' +
            '번들을 다시 보냄(바뀐 것 없음), 400 JSON이나 FHIR R4 구조 오류, 403 다른 요양기관의 영수증, 409 같은 영수증 ' +
            '번호에 다른 내용, 422 가이드 규칙 위반(서명 키를 등록한 병원의 서명 없는·맞지 않는 번들 포함). 오류마다 expression(FHIRPath)이 요소를 가리키고, details.text는 ' +
            '한국어, diagnostics는 영어예요.',
          body: z.unknown().meta({ description: 'KR 실손 Claim Bundle (FHIR R4 JSON)' }),
          response: {
            200: operationOutcome,
            201: operationOutcome,
            400: operationOutcome,
            403: operationOutcome,
            409: operationOutcome,
            422: operationOutcome,
          },
        },
      },
      async (req, reply) => {
        const hospitalCd = req.hospitalCd!;
        reply.type(FHIR_JSON);
        try {
          const text = typeof req.body === 'string' ? req.body : '';
          const visit = await checked(text, hospitalCd);
          await checkSignature(ctx, text, hospitalCd, visit.record.receiptNo);
          const got = await keep(ctx, port, visit);
          return reply.code(got.status).send(outcomeOf('information', got.issues));
        } catch (error) {
          if (!(error instanceof Refusal)) throw error;
          await recordRefusal(ctx, hospitalCd, error);
          return reply.code(error.status).send(outcomeOf('error', error.issues));
        }
      },
    );

    app.get(
      HOSPITAL_API.fhirMetadata,
      {
        // Public, as FHIR servers' metadata is; limited per address like every public call.
        config: { auth: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: {
          operationId: 'fhirCapabilityStatement',
          tags: ['hospital'],
          summary: 'FHIR CapabilityStatement (KR 실손 Claim 수신)',
          description: 'FHIR R4 4.0.1 서버의 기능 선언: Bundle create 하나, KR 실손 Claim 프로필.',
          response: {
            200: z
              .object({ resourceType: z.literal('CapabilityStatement'), fhirVersion: z.literal('4.0.1') })
              .loose()
              .meta({ description: 'FHIR R4 CapabilityStatement' }),
          },
        },
      },
      async (_req, reply) => {
        reply.type(FHIR_JSON);
        const base = `${(ctx.config.publicUrl ?? '').replace(/\/$/, '')}${HOSPITAL_API.fhirBundle.replace(/\/Bundle$/, '')}`;
        return capabilityStatement(base, '2026-11-01');
      },
    );
  };
