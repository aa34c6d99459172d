// What is over its bound now (docs/operations.md, "Alerts"): the console's banner and the shipped Prometheus rules
// (ops/prometheus/alerts.yml) use the same bounds, these; apps/server/test/metrics/alerts.test.ts checks that every
// rule compares with the number named here.
import { z } from 'zod';

export const OPS_ALERTS_API = { alerts: '/api/admin/alerts' } as const;

export const ALERT_BOUNDS = {
  /** Dead letters (claims and 알림톡 that failed every attempt) waiting for an operator: more than this is an alert. */
  deadLettersWaiting: 0,
  /** Seconds the oldest due item of a queue (records to match, deliveries due, pg-boss jobs) may wait. */
  queueOldestAgeSeconds: 600,
  /** Seconds a fax may wait for its gateway's outcome (after a day it becomes a dead letter by itself). */
  faxOutcomeAgeSeconds: 3600,
  /** The share of one vendor's calls that may fail, over 10 minutes. */
  providerErrorRatio: 0.1,
  /** Web and worker processes that must answer Prometheus's scrape (`up`): fewer is an alert. */
  processesUp: 1,
} as const;
export type AlertBound = keyof typeof ALERT_BOUNDS;

/** A queue's age bound: faxes wait for their gateway longer; dead letters are counted, not aged. */
export const queueAgeBound = (queue: string) =>
  queue === 'faxes_awaiting_outcome' ? ALERT_BOUNDS.faxOutcomeAgeSeconds : ALERT_BOUNDS.queueOldestAgeSeconds;

export const DEAD_LETTER_KINDS = ['claims', 'notifications'] as const;

/** Only what is over its bound now; both lists empty: nothing to show. */
export const alertsAnswer = z.object({
  asOf: z.string(),
  deadLetters: z.array(z.object({ kind: z.enum(DEAD_LETTER_KINDS), count: z.number().int(), bound: z.number().int() })),
  queues: z.array(z.object({ queue: z.string(), oldestAgeSeconds: z.number(), bound: z.number() })),
  /** Hospitals whose feed alert went out today (quiet feed, refusal spike: modules/hospitals/alerts.ts). */
  hospitals: z
    .array(z.object({ hospitalCd: z.string(), hospitalNm: z.string(), kind: z.enum(['feed_quiet', 'refusal_spike']) }))
    .default([]),
});
export type AlertsAnswer = z.infer<typeof alertsAnswer>;
