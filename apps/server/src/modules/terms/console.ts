// The console's terms calls: GET versions (viewer); a new version previewed (its number, effective date and how many
// must agree again, nothing written), then published (admin, recorded as terms_published in the same transaction); a
// scheduled version corrected or withdrawn before its date (admin, recorded), a version in effect never changed (409);
// and who must agree again: a count (viewer: no person in it) and the masked subscribers (operator).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { formatYmd, kstToday } from '@auto-claim/contract';
import {
  OPS_TERMS_API,
  correctTermsBody,
  previewTermsBody,
  publishTermsBody,
  termsPreview,
  termsVersionParams,
  reagreeCount,
  reagreePage as reagreePageSchema,
  reagreeQuery,
  termsVersionList,
  termsVersionsQuery,
  termsVersion,
  termsVersionWhole,
} from '@auto-claim/contract/ops';
import type { AppContext } from '../../context.js';
import type { Handle } from '../../db/handle.js';
import { operatorRoute } from '../../http/route-contract.js';
import { AppError } from '../../http/problem.js';
import { byOperator, recordOperatorAction } from '../audit/index.js';
import { agreedTo, type AgreedTo } from './agreements.js';
import {
  changeScheduledVersion,
  newerRequiredTerms,
  nextTermsVersion,
  pageTermsVersions,
  publishTermsVersion,
  termsVersionOf,
  type NewerTerms,
  type ScheduledOutcome,
} from './versions.js';

const isRealDate = (d: string) => {
  const t = new Date(Date.UTC(+d.slice(0, 4), +d.slice(4, 6) - 1, +d.slice(6, 8)));
  return t.toISOString().slice(0, 10).replaceAll('-', '') === d;
};

/**
 * Who must agree again: the subscriptions module answers it (its subscribers, their agreements' condition given). It
 * sits above terms, which it asks for the terms it requires, so app.ts hands these in.
 */
export interface Reagree {
  /** Live subscribers whose agreements list `termsId` (all must agree to its next version), from the indexes. */
  listing(handle: Handle, termsId: string): Promise<number>;
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

/** The effective date must be a real day, today in Korea or later. */
function checkEffectiveDate(effectiveDate: string, today: string) {
  if (!isRealDate(effectiveDate)) {
    throw new AppError('VALIDATION_FAILED', '시행일을 확인해 주세요.', [
      { field: 'effectiveDate', message: '없는 날짜예요.' },
    ]);
  }
  if (effectiveDate < today) {
    throw new AppError('VALIDATION_FAILED', '시행일을 확인해 주세요.', [
      { field: 'effectiveDate', message: `시행일은 오늘(${formatYmd(today)})이나 그 뒤여야 해요.` },
    ]);
  }
}

const termsNotFound = () =>
  new AppError('TERMS_NOT_FOUND', '그런 약관이 없어요. 약관을 다시 골라 주세요.', [
    { field: 'termsId', message: '없는 약관이에요.' },
  ]);
const versionScheduled = (version: string, effectiveDate: string) =>
  new AppError(
    'TERMS_VERSION_SCHEDULED',
    `이 약관은 ${formatYmd(effectiveDate)}에 시행될 ${version} 버전이 이미 있어요. 그 버전이 시행된 뒤에 새 버전을 게시하거나, 시행 전에 그 버전을 고쳐 주세요.`,
  );

/** A scheduled version's change went through, or the problem that says why not. */
function scheduledOnly(out: ScheduledOutcome, version: string): asserts out is Extract<ScheduledOutcome, { ok: true }> {
  if (!out.ok && out.reason === 'unknown') {
    throw new AppError('TERMS_NOT_FOUND', '그런 약관 버전이 없어요. 목록을 새로 고쳐 주세요.', [
      { field: 'version', message: '없는 버전이에요.' },
    ]);
  }
  if (!out.ok) {
    throw new AppError(
      'TERMS_VERSION_IN_EFFECT',
      `${version} 버전은 ${formatYmd(out.effectiveDate)}부터 시행되어 바꿀 수 없어요. 고칠 내용은 새 버전으로 게시해 주세요.`,
    );
  }
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
        checkEffectiveDate(b.effectiveDate, today);
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
        if (!out.ok && out.reason === 'unknown') throw termsNotFound();
        if (!out.ok) throw versionScheduled(out.version, out.effectiveDate);
        return { termsId: b.termsId, version: out.version, effectiveDate: b.effectiveDate };
      },
    );

    app.post(
      OPS_TERMS_API.preview,
      {
        config: operatorRoute('admin', 'TERMS_NOT_FOUND', 'TERMS_VERSION_SCHEDULED', 'TERMS_VERSION_IN_EFFECT'),
        schema: {
          operationId: 'opsPreviewTerms',
          tags,
          summary: '약관 새 버전 게시 전 확인 (저장하지 않아요)',
          description:
            '게시하면 몇 버전이 되는지, 언제부터 보이는지, 몇 명이 다시 동의해야 하는지 알려 줘요. 게시와 같은 내용을 ' +
            '같은 규칙으로 확인하지만 아무것도 저장하지 않아요. correcting이 있으면 시행 전 버전을 고칠 때를 확인해요.',
          body: previewTermsBody,
          response: { 200: termsPreview },
        },
      },
      async (req) => {
        const today = kstToday(ctx.clock.now());
        const b = req.body;
        checkEffectiveDate(b.effectiveDate, today);
        const next = await nextTermsVersion(ctx.db, today, b.termsId, b.correcting);
        if (!next.ok && next.reason === 'unknown') throw termsNotFound();
        if (!next.ok && next.reason === 'unknown_version') scheduledOnly({ ok: false, reason: 'unknown' }, '');
        if (!next.ok && next.reason === 'in_effect') scheduledOnly(next, b.correcting ?? '');
        if (!next.ok && next.reason === 'scheduled') throw versionScheduled(next.version, next.effectiveDate);
        if (!next.ok) throw termsNotFound();
        return {
          termsId: b.termsId,
          version: next.version,
          effectiveDate: b.effectiveDate,
          inEffectVersion: next.inEffectVersion,
          reagreeCount: b.required ? await reagree.listing(ctx.db, b.termsId) : 0,
        };
      },
    );

    app.get(
      OPS_TERMS_API.version,
      {
        config: operatorRoute('viewer', 'TERMS_NOT_FOUND'),
        schema: {
          operationId: 'opsGetTermsVersion',
          tags,
          summary: '약관 버전 하나 (내용 포함)',
          params: termsVersionParams,
          response: { 200: termsVersionWhole },
        },
      },
      async (req) => {
        const v = await termsVersionOf(ctx.db, kstToday(ctx.clock.now()), req.params.termsId, req.params.version);
        if (!v) {
          throw new AppError('TERMS_NOT_FOUND', '그런 약관 버전이 없어요. 목록을 새로 고쳐 주세요.', [
            { field: 'version', message: '없는 버전이에요.' },
          ]);
        }
        return v;
      },
    );

    app.put(
      OPS_TERMS_API.version,
      {
        config: operatorRoute('admin', 'TERMS_NOT_FOUND', 'TERMS_VERSION_IN_EFFECT'),
        schema: {
          operationId: 'opsCorrectTerms',
          tags,
          summary: '시행 전 약관 버전 고치기',
          description: '시행일 전인 버전만 고칠 수 있어요. 시행된 버전은 바뀌지 않아요 (409).',
          params: termsVersionParams,
          body: correctTermsBody,
          response: { 200: termsVersion.pick({ termsId: true, version: true, effectiveDate: true }) },
        },
      },
      async (req) => {
        const now = ctx.clock.now();
        const today = kstToday(now);
        const { termsId, version } = req.params;
        const b = req.body;
        checkEffectiveDate(b.effectiveDate, today);
        const out = await changeScheduledVersion(ctx.db, today, { termsId, version }, b, (tx, before) =>
          recordOperatorAction(
            tx,
            {
              ...byOperator(ctx, req),
              action: 'terms_corrected',
              target: termsId,
              detail: `version ${version}, effective ${before.effectiveDate} -> ${b.effectiveDate}`,
            },
            now,
          ),
        );
        scheduledOnly(out, version);
        return { termsId, version, effectiveDate: b.effectiveDate };
      },
    );

    app.delete(
      OPS_TERMS_API.version,
      {
        config: operatorRoute('admin', 'TERMS_NOT_FOUND', 'TERMS_VERSION_IN_EFFECT'),
        schema: {
          operationId: 'opsWithdrawTerms',
          tags,
          summary: '시행 전 약관 버전 게시 철회',
          description:
            '시행일 전인 버전을 환자에게 보이지 않게 해요. 기록으로는 남아요. 시행된 버전은 철회할 수 없어요 (409).',
          params: termsVersionParams,
          response: { 200: termsVersion.pick({ termsId: true, version: true, effectiveDate: true }) },
        },
      },
      async (req) => {
        const now = ctx.clock.now();
        const { termsId, version } = req.params;
        const out = await changeScheduledVersion(ctx.db, kstToday(now), { termsId, version }, undefined, (tx, before) =>
          recordOperatorAction(
            tx,
            {
              ...byOperator(ctx, req),
              action: 'terms_withdrawn',
              target: termsId,
              detail: `version ${version}, effective ${before.effectiveDate}`,
            },
            now,
          ),
        );
        scheduledOnly(out, version);
        return { termsId, version, effectiveDate: out.before.effectiveDate };
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
