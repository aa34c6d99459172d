// One subscriber in the operator console (README "Operator console", "A subscriber's page"): her subscriptions, her
// children when she enrolled them as their guardian, her claims (paged by key, newest first), the operators' notes on
// them and her access log, every person masked. Opening it is written down in the operators' record and in her own
// access log; her unmasked details only through a claim's reveal (with a reason, within the release budget).
import { z } from 'zod';
import { guardianRel, relationStatus } from '../children.js';
import { pathParam } from '../paths.js';
import { NOT_CLAIMED_REASONS, SUBSCRIPTION_END_REASONS, SUBSCRIPTION_STATUSES } from '../vocabulary.js';
import { maskedPatient, opsClaimRow, patientAccessRow } from './claims.js';
import { cursorPageOf, cursorQuery } from './page.js';

export const OPS_SUBSCRIBER_API = {
  /** GET: the page (its first claims and access-log lines); recorded. */
  subscriber: (insuApplyId: string) => `/api/admin/subscribers/${pathParam('insuApplyId', insuApplyId)}`,
  /** GET subscriberClaimsQuery: her claims' next pages. */
  claims: (insuApplyId: string) => `/api/admin/subscribers/${pathParam('insuApplyId', insuApplyId)}/claims`,
} as const;

/** A subscription's number in a path: letters, digits and hyphens (enrolment makes AC + its day + 10 hex). */
export const subscriberParams = z.object({
  insuApplyId: z
    .string({ message: '가입 번호를 알려 주세요.' })
    .regex(/^[A-Za-z0-9-]{1,40}$/, { message: '가입 번호가 올바르지 않아요.' }),
});

/** Her claims, newest first (by when each was made), a page at a time. */
export const subscriberClaimsQuery = cursorQuery(['createdAt'] as const);
export type SubscriberClaimsQuery = z.input<typeof subscriberClaimsQuery>;
export const subscriberClaimsPage = cursorPageOf(opsClaimRow);

/** How many of her notes and access-log lines the page shows (newest first). */
export const SUBSCRIBER_NOTES_SHOWN = 20;
export const SUBSCRIBER_ACCESS_SHOWN = 20;
/** How many of her visits not claimed the page shows (newest visit first). */
export const SUBSCRIBER_NOT_CLAIMED_SHOWN = 20;

export const subscriberDetail = z.object({
  insuApplyId: z.string(),
  /** The insured person of this subscription as verified, masked (홍*동, 010-****-5678). */
  person: maskedPatient,
  /** A child's subscription: her guardian, masked, and how the relation stands. */
  guardian: z.object({ name: z.string(), phone: z.string().nullable(), rel: guardianRel, relationStatus }).nullable(),
  subscriptions: z.array(
    z.object({
      insuApplyId: z.string(),
      status: z.enum(SUBSCRIPTION_STATUSES),
      insuCompCd: z.string(),
      insuCompNm: z.string().nullable(),
      createdAt: z.string(),
      cancelledAt: z.string().nullable(),
      endReason: z.enum(SUBSCRIPTION_END_REASONS).nullable(),
      /** ****1234 */
      accountMasked: z.string().nullable(),
      /** Who helped her walk the enrolment (README "A helper beside her"): "자녀", "○○병원 직원 계정 desk01"; null: alone. */
      helpedBy: z.string().nullable().default(null),
    }),
  ),
  /** The children she enrolled as their guardian (live first), masked. */
  children: z.array(
    z.object({
      insuApplyId: z.string(),
      name: z.string(),
      rel: guardianRel,
      status: z.enum(SUBSCRIPTION_STATUSES),
      relationStatus,
      /** YYYYMMDD: her 19th birthday. */
      adultOn: z.string(),
    }),
  ),
  claims: subscriberClaimsPage,
  /**
   * Her newest visits that ended without a claim, each with the reason (README "Nothing silently unclaimed"): the same
   * reasons her history and her statement give, those she said are not hers included.
   */
  notClaimed: z
    .array(
      z.object({
        recordId: z.number().int(),
        hospitalCd: z.string(),
        /** YYYYMMDD */
        visitDate: z.string(),
        totalPaid: z.number().int(),
        reason: z.enum(NOT_CLAIMED_REASONS),
      }),
    )
    .default([]),
  notes: z.array(
    z.object({
      id: z.number().int(),
      claimId: z.number().int(),
      loginId: z.string(),
      note: z.string(),
      at: z.string(),
    }),
  ),
  accessLog: z.object({ list: z.array(patientAccessRow), total: z.number().int() }),
});
export type SubscriberDetail = z.infer<typeof subscriberDetail>;
