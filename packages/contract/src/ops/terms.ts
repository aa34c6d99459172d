// Terms in the console (admin publishes; operators may see who must agree again): versions per group, publishing a
// new version with its effective date, and the subscribers whose agreement is to an older version.
import { z } from 'zod';
import { cursorPageOf, cursorQuery, pageQuery } from './page.js';
import { multiline } from '../formats.js';

export const OPS_TERMS_API = {
  terms: '/api/admin/terms',
  /** What publishing would do, nothing written: the version number, its effective date, who must agree again. */
  preview: '/api/admin/terms/preview',
  /** One version with its text (GET); a scheduled one corrected (PUT) or withdrawn (DELETE) before its date. */
  version: '/api/admin/terms/:termsId/versions/:version',
  /** Subscribers who agreed to an older version of a required term now in effect: a count (viewer) … */
  reagreeCount: '/api/admin/terms/reagree/count',
  /** … and who they are, masked (operator). */
  reagree: '/api/admin/terms/reagree',
} as const;

export const OPS_TERMS_GROUPS = ['SERVICE', 'TELECOM', 'LMHC_SUBS', 'INSU_CLAIM'] as const;
export const OPS_TERMS_GROUP_NM: Record<(typeof OPS_TERMS_GROUPS)[number], string> = {
  SERVICE: '서비스',
  TELECOM: '통신사 본인확인',
  LMHC_SUBS: '자동청구 가입',
  INSU_CLAIM: '보험사 청구',
};

const ymd = z.string().regex(/^\d{8}$/, { message: '날짜는 YYYYMMDD 8자리로 입력해 주세요.' });

export const termsVersionsQuery = pageQuery(['termsId'] as const).extend({
  termsGroup: z.enum(OPS_TERMS_GROUPS, { message: '약관 종류가 올바르지 않아요.' }).optional(),
});

export const termsVersion = z.object({
  termsId: z.string(),
  termsGroup: z.enum(OPS_TERMS_GROUPS),
  insuCompCd: z.string().nullable(),
  title: z.string(),
  version: z.string(),
  required: z.boolean(),
  effectiveDate: z.string(),
  /** in_effect: what patients are offered now; scheduled: effective later; superseded: kept for the record. */
  state: z.enum(['in_effect', 'scheduled', 'superseded']),
  publishedAt: z.string().nullable(),
});
export type TermsVersion = z.infer<typeof termsVersion>;
export const termsVersionList = z.object({ list: z.array(termsVersion), total: z.number().int() });
/** One version with its text: for reading it, or correcting it before its date. */
export const termsVersionWhole = termsVersion.extend({ content: z.string() });
export type TermsVersionWhole = z.infer<typeof termsVersionWhole>;

export const publishTermsBody = z
  .object({
    termsId: z.string().min(1, { message: '어느 약관인지 골라 주세요.' }).max(64),
    title: z.string().trim().min(1, { message: '제목을 입력해 주세요.' }).max(200),
    content: multiline(z.string().trim().min(1, { message: '내용을 입력해 주세요.' }).max(200_000)),
    required: z.boolean({ message: '필수 여부를 골라 주세요.' }),
    /** Not before today in Korea. */
    effectiveDate: ymd,
  })
  .strict();
export type PublishTermsBody = z.infer<typeof publishTermsBody>;
export const opsTermsVersionPath = (termsId: string, version: string) =>
  `/api/admin/terms/${encodeURIComponent(termsId)}/versions/${encodeURIComponent(version)}`;

export const termsVersionParams = z.object({
  termsId: z.string().min(1).max(64),
  version: z.string().regex(/^\d{1,4}\.\d{1,4}$/, { message: '약관 버전이 올바르지 않아요.' }),
});
/** What a preview checks: a new version's body, or a correction's (`correcting`: the scheduled version's number). */
export const previewTermsBody = publishTermsBody.extend({
  correcting: z
    .string()
    .regex(/^\d{1,4}\.\d{1,4}$/, { message: '약관 버전이 올바르지 않아요.' })
    .optional(),
});
export type PreviewTermsBody = z.infer<typeof previewTermsBody>;
/** A scheduled version corrected: what the publishing said, the term itself unchanged. */
export const correctTermsBody = publishTermsBody.omit({ termsId: true });
export type CorrectTermsBody = z.infer<typeof correctTermsBody>;

/** The confirmation's facts: which version it becomes, from when, and how many must agree again. */
export const termsPreview = z.object({
  termsId: z.string(),
  version: z.string(),
  effectiveDate: z.string(),
  /** The version patients are offered until then. */
  inEffectVersion: z.string(),
  /**
   * Live subscribers whose agreements list this term and who must agree to the new version once it is in effect (0
   * for an optional term): counted with the subscriptions' indexes.
   */
  reagreeCount: z.number().int(),
});
export type TermsPreview = z.infer<typeof termsPreview>;

/** Keyset-paged (ops/page.ts, cursorQuery): the subscribers to ask grow with the subscribers. */
export const reagreeQuery = cursorQuery(['subscribedAt'] as const, { textId: true }).extend({
  termsId: z.string().min(1).max(64).optional(),
});
export const reagreeCount = z.object({
  total: z.number().int(),
  /** Per term whose version in effect is newer than what some subscribers agreed to. */
  terms: z.array(z.object({ termsId: z.string(), title: z.string(), version: z.string(), count: z.number().int() })),
});
export type ReagreeCount = z.infer<typeof reagreeCount>;
export const reagreeRow = z.object({
  insuApplyId: z.string(),
  /** Masked: 홍*동, 010-****-5678. */
  userNm: z.string(),
  userTel: z.string(),
  subscribedAt: z.string(),
  termsIds: z.array(z.string()),
});
export type ReagreeRow = z.infer<typeof reagreeRow>;
export const reagreePage = cursorPageOf(reagreeRow);
