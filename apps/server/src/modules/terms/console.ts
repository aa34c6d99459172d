// The console's terms calls: GET versions (viewer), POST a new version (admin, recorded as terms_published in the same
// transaction), and who must agree again: a count (viewer: no person in it) and the masked subscribers (operator).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { formatYmd, kstToday } from '@auto-claim/contract';
import {
  OPS_TERMS_API,
  publishTermsBody,
  reagreeCount,
  reagreePage as reagreePageSchema,
  reagreeQuery,
  termsVersionList,
  termsVersionsQuery,
  termsVersion,
} from '@auto-claim/contract/ops';
import type { AppContext } from '../../context.js';
import type { Handle } from '../../db/handle.js';
import { operatorRoute } from '../../http/route-contract.js';
import { AppError } from '../../http/problem.js';
import { byOperator, recordOperatorAction } from '../audit/index.js';
import { agreedTo, type AgreedTo } from './agreements.js';
import { newerRequiredTerms, pageTermsVersions, publishTermsVersion, type NewerTerms } from './versions.js';

const isRealDate = (d: string) => {
  const t = new Date(Date.UTC(+d.slice(0, 4), +d.slice(4, 6) - 1, +d.slice(6, 8)));
  return t.toISOString().slice(0, 10).replaceAll('-', '') === d;
};

/**
 * Who must agree again: the subscriptions module answers it (its subscribers, their agreements' condition given). It
 * sits above terms, which it asks for the terms it requires, so app.ts hands these in.
 */
export interface Reagree {
  counts(
    handle: Handle,
    terms: NewerTerms[],
    agreed: AgreedTo,
  ): Promise<{ total: number; perTerm: Map<string, number> }>;
  page(
    ctx: AppContext,
    terms: NewerTerms[],
    agreed: AgreedTo,
    q: z.infer<typeof reagreeQuery>,
  ): Promise<z.infer<typeof reagreePageSchema>>;
}

export const termsAdminRoutes =
  (ctx: AppContext, reagree: Reagree): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['operator'];

    app.get(
      OPS_TERMS_API.terms,
      {
        config: operatorRoute('viewer'),
        schema: {
          operationId: 'opsListTermsVersions',
          tags,
          summary: '약관 버전 목록 (시행 중, 시행 예정, 지난 버전)',
          querystring: termsVersionsQuery,
          response: { 200: termsVersionList },
        },
      },
      async (req) => pageTermsVersions(ctx.db, kstToday(ctx.clock.now()), req.query),
    );

    app.post(
      OPS_TERMS_API.terms,
      {
        config: operatorRoute('admin', 'TERMS_NOT_FOUND', 'TERMS_VERSION_SCHEDULED'),
        schema: {
          operationId: 'opsPublishTerms',
          tags,
          summary: '약관 새 버전 게시',
          description:
            '같은 약관의 새 버전을 시행일과 함께 게시해요. 시행일 전까지는 지금 버전을, 시행일부터는 새 버전을 환자에게 ' +
            '보여 줘요. 지난 버전은 기록으로 남아요.',
          body: publishTermsBody,
          response: { 200: termsVersion.pick({ termsId: true, version: true, effectiveDate: true }) },
        },
      },
      async (req) => {
        const now = ctx.clock.now();
        const today = kstToday(now);
        const b = req.body;
        if (!isRealDate(b.effectiveDate)) {
          throw new AppError('VALIDATION_FAILED', '시행일을 확인해 주세요.', [
            { field: 'effectiveDate', message: '없는 날짜예요.' },
          ]);
        }
        if (b.effectiveDate < today) {
          throw new AppError('VALIDATION_FAILED', '시행일을 확인해 주세요.', [
            { field: 'effectiveDate', message: `시행일은 오늘(${formatYmd(today)})이나 그 뒤여야 해요.` },
          ]);
        }
        const out = await publishTermsVersion(ctx.db, today, b, now, (tx, version) =>
          recordOperatorAction(
            tx,
            {
              ...byOperator(ctx, req),
              action: 'terms_published',
              target: b.termsId,
              detail: `version ${version}, effective ${b.effectiveDate}`,
            },
            now,
          ),
        );
        if (!out.ok && out.reason === 'unknown') {
          throw new AppError('TERMS_NOT_FOUND', '그런 약관이 없어요. 약관을 다시 골라 주세요.', [
            { field: 'termsId', message: '없는 약관이에요.' },
          ]);
        }
        if (!out.ok) {
          throw new AppError(
            'TERMS_VERSION_SCHEDULED',
            `이 약관은 ${formatYmd(out.effectiveDate)}에 시행될 ${out.version} 버전이 이미 있어요. 그 버전이 시행된 뒤에 새 버전을 게시해 주세요.`,
          );
        }
        return { termsId: b.termsId, version: out.version, effectiveDate: b.effectiveDate };
      },
    );

    app.get(
      OPS_TERMS_API.reagreeCount,
      {
        config: operatorRoute('viewer'),
        schema: {
          operationId: 'opsCountReagree',
          tags,
          summary: '약관에 다시 동의해야 하는 가입자 수',
          response: { 200: reagreeCount },
        },
      },
      async () => {
        const terms = await newerRequiredTerms(ctx.db, kstToday(ctx.clock.now()));
        const { total, perTerm } = await reagree.counts(ctx.db, terms, agreedTo);
        return {
          total,
          terms: terms.map((t) => ({
            termsId: t.termsId,
            title: t.title,
            version: t.version,
            count: perTerm.get(t.termsId) ?? 0,
          })),
        };
      },
    );

    app.get(
      OPS_TERMS_API.reagree,
      {
        config: operatorRoute('operator'),
        schema: {
          operationId: 'opsListReagree',
          tags,
          summary: '약관에 다시 동의해야 하는 가입자 (가림 처리)',
          querystring: reagreeQuery,
          response: { 200: reagreePageSchema },
        },
      },
      async (req) => {
        const terms = await newerRequiredTerms(ctx.db, kstToday(ctx.clock.now()));
        return reagree.page(ctx, terms, agreedTo, req.query);
      },
    );
  };
