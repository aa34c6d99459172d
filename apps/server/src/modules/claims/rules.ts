// The rules that turn a treatment record into claims (issue 5 §2), as pure functions of the record, the patient's
// live subscription and today's date. Dates are YYYYMMDD text in Korean time, compared as text.
import { CLAIM_LAPSE_MONTHS } from '@auto-claim/contract';
import type { RecordOutcome } from '../../db/schema.js';

export interface RuleSubscription {
  insuApplyId: string;
  minAmt: number | null;
  retroMonth: number | null;
  contractStartDate: string | null;
  contractEndDate: string | null;
  /** Hospitals with a live subscription_hospital row. */
  hospitals: ReadonlySet<string>;
}

export interface RuleRecord {
  hospitalCd: string;
  visitDate: string;
  totalPaid: number;
}

const KST_OFFSET_MS = 9 * 3600_000;

/** Today's date in Korea (YYYYMMDD). */
export function kstDate(now: Date): string {
  return new Date(now.getTime() + KST_OFFSET_MS).toISOString().slice(0, 10).replaceAll('-', '');
}

/** YYYYMMDD minus whole months, clamped to the month's last day (20250331 − 1 month = 20250228). */
export function minusMonths(yyyymmdd: string, months: number): string {
  const y = Number(yyyymmdd.slice(0, 4));
  const m = Number(yyyymmdd.slice(4, 6)) - 1 - months;
  const d = Number(yyyymmdd.slice(6, 8));
  const first = new Date(Date.UTC(y, m, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10).replaceAll('-', '');
}

/**
 * What becomes of a record, in the order a person would check it:
 * 1. no live subscription for the patient → not_subscribed;
 * 2. the hospital is not one of the subscription's → hospital_not_subscribed;
 * 3. the visit is after the contract's end → outside_contract;
 * 4. the visit is older than the three-year lapse, or older than the contract start minus retroMonth months →
 *    too_old (with retroMonth 0 a visit before the start is outside_contract);
 * 5. the patient paid less than minAmt → below_min (kept and shown on /web/treat, not claimed);
 * 6. otherwise → claimed, one claim per insurer of the subscription.
 */
export function decide(record: RuleRecord, sub: RuleSubscription | undefined, today: string): RecordOutcome {
  if (!sub) return 'not_subscribed';
  if (!sub.hospitals.has(record.hospitalCd)) return 'hospital_not_subscribed';
  if (sub.contractEndDate && record.visitDate > sub.contractEndDate) return 'outside_contract';
  if (record.visitDate < minusMonths(today, CLAIM_LAPSE_MONTHS)) return 'too_old';
  const retro = Math.min(Math.max(sub.retroMonth ?? 0, 0), CLAIM_LAPSE_MONTHS);
  if (sub.contractStartDate && record.visitDate < minusMonths(sub.contractStartDate, retro)) {
    return retro === 0 ? 'outside_contract' : 'too_old';
  }
  if (record.totalPaid < (sub.minAmt ?? 0)) return 'below_min';
  return 'claimed';
}

/** The hour (KST) at which scheduled batches go. */
export const BATCH_HOUR_KST = 9;
/** Monday 2024-01-01 00:00 KST: week numbers for repeatWeek count from here. */
const EPOCH_MONDAY_KST = Date.UTC(2024, 0, 1) - KST_OFFSET_MS;
const DAY_MS = 86_400_000;

/**
 * When a claim of a subscription with repeatWeek/repeatDay goes: the next batch at 09:00 KST on ISO weekday
 * repeatDay (1 Mon … 7 Sun; Monday when only repeatWeek is set) in a week whose number since 2024-01-01 is a
 * multiple of repeatWeek (every week when only repeatDay is set), strictly after `now`. Undefined when neither is
 * set: the claim goes at once.
 */
export function nextBatchAt(
  now: Date,
  repeatWeek: number | null | undefined,
  repeatDay: number | null | undefined,
): Date | undefined {
  if (!repeatWeek && !repeatDay) return undefined;
  const every = Math.max(1, repeatWeek ?? 1);
  const weekday = Math.min(7, Math.max(1, repeatDay ?? 1));
  const dayIndex = Math.floor((now.getTime() - EPOCH_MONDAY_KST) / DAY_MS);
  for (let d = dayIndex; d <= dayIndex + 7 * every + 7; d++) {
    const at = EPOCH_MONDAY_KST + d * DAY_MS + BATCH_HOUR_KST * 3600_000;
    const week = Math.floor(d / 7);
    if ((((d % 7) + 7) % 7) + 1 === weekday && week % every === 0 && at > now.getTime()) return new Date(at);
  }
  throw new Error('unreachable: a batch slot exists within repeatWeek + 1 weeks');
}

/** Delivery retries: 30 s, 1 min, 2 min, 4 min … (attempt is the number of attempts made so far, ≥ 1). */
export const RETRY_BASE_MS = 30_000;
export const retryDelayMs = (attempt: number) => RETRY_BASE_MS * 2 ** Math.max(0, attempt - 1);
