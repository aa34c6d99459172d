// The console's dashboard (viewer and up): counts only, never a person.
import { z } from 'zod';
import { FUNNEL_STEPS } from './funnel.js';

export const OPS_DASHBOARD_API = { dashboard: '/api/admin/dashboard' } as const;

export const dashboardQuery = z.object({
  /** The funnel of one hospital only. */
  hospitalCd: z
    .string()
    .regex(/^\d{8}$/, { message: '병원 코드는 숫자 8자리여야 해요.' })
    .optional(),
});

/** Today, the last 7 and the last 30 days, counted by Korea's calendar days (today included). */
export const DASHBOARD_PERIODS = ['today', 'd7', 'd30'] as const;
export const DASHBOARD_PERIOD_NM = { today: '오늘', d7: '7일', d30: '30일' } as const;
const counts = z.object({ today: z.number().int(), d7: z.number().int(), d30: z.number().int() });
export type PeriodCounts = z.infer<typeof counts>;

export const dashboardAnswer = z.object({
  /** The KST date "today" means (YYYYMMDD), and when the counts were taken. */
  today: z.string(),
  asOf: z.string(),
  /** Claims made in each period, by their status now. */
  claims: z.array(counts.extend({ status: z.string() })),
  /** Deliveries started in each period, by channel (api, fax) and where they stand. */
  deliveries: z.array(counts.extend({ channel: z.string(), status: z.string() })),
  deadLetters: z.object({ claims: z.number().int(), notifications: z.number().int() }),
  /** Records held now because whose they are is in doubt, by why (OPERATOR_API.heldRecords lists them). */
  held: z.object({
    identity_mismatch: z.number().int(),
    rrn_unconfirmed: z.number().int(),
    not_patients: z.number().int(),
  }),
  /**
   * Relation documents (a parent's 가족관계증명서 …) waiting for an operator's review, and when the oldest was sent
   * (null when none waits); OPS_CHILDREN_API.relationDocuments lists them.
   */
  relationDocuments: z.object({ pending: z.number().int(), oldestPendingAt: z.string().nullable() }),
  /** Seconds the oldest job due in the queue has waited; null when none waits. */
  oldestQueuedJobSeconds: z.number().nullable(),
  /** New subscriptions. */
  enrolments: counts,
  /** Visits that reached each enrolment step, in the wizard's order. */
  funnel: z.array(counts.extend({ step: z.string(), title: z.string() })),
});
export type DashboardAnswer = z.infer<typeof dashboardAnswer>;

export const FUNNEL_STEP_IDS = FUNNEL_STEPS.map((s) => s.step);
