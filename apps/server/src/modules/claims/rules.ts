// The rules that turn a treatment record into claims (README, claim engine), as pure functions of the record, the patient's
// live subscription and today's date. Dates are YYYYMMDD text in Korean time, compared as text.
import { CLAIM_LAPSE_MONTHS, KST_OFFSET_MS, addMonths, sameName } from '@auto-claim/contract';
import type { ClaimStatus, RecordOutcome } from './tables.js';

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
  /**
   * Her rule "비급여는 보내기 전에 물어봐 주세요" applies to this visit (it has 비급여, she asks or her policy's default
   * does: uncovered.ts) and she has not yet said "보내 주세요".
   */
  askFirst?: boolean;
  /** A visit with a 처방전: `{issuing clinic's 요양기관기호}:{교부번호}` (follow.ts), else null. */
  prescriptionKey?: string | null;
  /** The hospital cancelled its receipt before the visit was decided (visits.ts, withdraw). */
  cancelled?: boolean;
}

/**
 * Is the record's 요양기관 one she chose? Her chosen hospital, or a pharmacy filling a 처방전 one of them issued (README
 * "A pharmacy follows its clinic"): she chose the clinic, and its prescription's bill is the rest of that visit — the
 * item most often left unclaimed. A pharmacy she never chose, filling another clinic's 처방전, is not hers to claim.
 */
export function chosenHospital(record: RuleRecord, sub: Pick<RuleSubscription, 'hospitals'>): boolean {
  if (sub.hospitals.has(record.hospitalCd)) return true;
  const issuer = record.prescriptionKey?.split(':')[0];
  return issuer !== undefined && sub.hospitals.has(issuer);
}

/**
 * What becomes of a record, in the order a person would check it:
 * 1. no live subscription for the patient → not_subscribed;
 * 2. the hospital is not one of the subscription's (nor a pharmacy filling one's 처방전) → hospital_not_subscribed;
 * 2a. the hospital cancelled the receipt → receipt_cancelled (hers, shown with its reason, never claimed);
 * 3. the visit is after the contract's end → outside_contract;
 * 4. the visit is older than the three-year lapse, or older than the contract start minus retroMonth months →
 *    too_old (with retroMonth 0 a visit before the start is outside_contract);
 * 5. the patient paid less than minAmt → below_min (kept and shown on /web/treat, not claimed);
 * 6. her rule asks before a 비급여 is sent → awaiting_decision (asked once; claimed when she says so);
 * 7. otherwise → claimed, one claim per insurer of the subscription.
 */
export function decide(record: RuleRecord, sub: RuleSubscription | undefined, today: string): RecordOutcome {
  if (!sub) return 'not_subscribed';
  if (!chosenHospital(record, sub)) return 'hospital_not_subscribed';
  if (record.cancelled) return 'receipt_cancelled';
  if (sub.contractEndDate && record.visitDate > sub.contractEndDate) return 'outside_contract';
  if (record.visitDate < addMonths(today, -CLAIM_LAPSE_MONTHS)) return 'too_old';
  const retro = Math.min(Math.max(sub.retroMonth ?? 0, 0), CLAIM_LAPSE_MONTHS);
  if (sub.contractStartDate && record.visitDate < addMonths(sub.contractStartDate, -retro)) {
    return retro === 0 ? 'outside_contract' : 'too_old';
  }
  if (record.totalPaid < (sub.minAmt ?? 0)) return 'below_min';
  if (record.askFirst) return 'awaiting_decision';
  return 'claimed';
}

/** What the matcher knows of whose record it is: the subscriber's identity and how the record found them. */
export interface RuleMatch {
  sub: RuleSubscription & {
    userNm: string;
    birthday: string;
    rrnConfirmed: boolean;
    /** A child's subscription (README "Children: a guardian claims for a child"): her guardian's relation to her
     * confirmed by an operator, and her 19th birthday (YYYYMMDD). */
    child?: { relationConfirmed: boolean; adultOn: string } | undefined;
  };
  /** The record carried the subscriber's CI, or only their RRN. */
  by: 'ci' | 'rrn';
}

/**
 * What becomes of a record matched to a subscription, before the claim rules (docs/hospital-integration.md,
 * "Matching"), in this order (a record an operator released to the subscriber skips 1 and 3: they checked whose it is):
 * 1. its name (normalised) or birth date is not the subscriber's → identity_mismatch: held for an operator, never
 *    claimed or shown, however it matched (an RRN or CI typed or sent wrong);
 * 2. its hospital is not one the patient chose (chosenHospital) → hospital_not_subscribed: kept unlinked, purged later;
 * 3. a child's subscription: a visit on or after her 19th birthday → insured_adult (hers to claim, not her
 *    guardian's: unlinked, purged later); while an operator has not confirmed her guardian's relation document →
 *    relation_unconfirmed: held, never claimed or shown, until the confirmation matches it again;
 * 4. it matched only by an RRN not yet confirmed to be the subscriber's, and the patient has not confirmed the
 *    record → rrn_unconfirmed: held for the patient to confirm on /web/treat;
 * 5. otherwise the claim rules (decide).
 */
export function outcomeOf(
  record: RuleRecord & { name: string; birthDate: string; patientConfirmed: boolean; operatorReleased?: boolean },
  match: RuleMatch | undefined,
  today: string,
): RecordOutcome {
  if (!match) return decide(record, undefined, today);
  const { sub, by } = match;
  const released = record.operatorReleased === true;
  if (!released && (!sameName(record.name, sub.userNm) || record.birthDate !== sub.birthday)) {
    return 'identity_mismatch';
  }
  if (!chosenHospital(record, sub)) return 'hospital_not_subscribed';
  if (sub.child && sub.child.adultOn && record.visitDate >= sub.child.adultOn) return 'insured_adult';
  if (sub.child && !sub.child.relationConfirmed) return 'relation_unconfirmed';
  if (by === 'rrn' && !sub.rrnConfirmed && !record.patientConfirmed && !released) return 'rrn_unconfirmed';
  return decide(record, sub, today);
}

/** Outcomes that keep a record away from the patient's history and claims (history.ts reads only the others). */
export const HIDDEN_OUTCOMES = [
  'identity_mismatch',
  'hospital_not_subscribed',
  'not_patients',
  'rrn_unconfirmed',
  'set_aside',
  'relation_unconfirmed',
  'insured_adult',
] as const;
/** Outcomes of records that no subscription owns: unlinked (insu_apply_id null). */
export const UNLINKED_OUTCOMES: readonly RecordOutcome[] = [
  'not_subscribed',
  'hospital_not_subscribed',
  'not_patients',
  'set_aside',
  'insured_adult',
];
/** How long a record from a hospital the patient never chose is kept before it is deleted. */
export const UNLINKED_RECORD_PURGE_DAYS = 90;

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

/**
 * Her batch day (README "Her rules for what is sent"): the next 09:00 KST on day `batchDay` (1–28) of a month,
 * strictly after `now`; her claims of the month wait for it and go together.
 */
export function nextBatchDayAt(now: Date, batchDay: number): Date {
  const day = Math.min(28, Math.max(1, Math.trunc(batchDay)));
  const k = new Date(now.getTime() + KST_OFFSET_MS);
  for (let m = 0; m < 2; m++) {
    const at = new Date(Date.UTC(k.getUTCFullYear(), k.getUTCMonth() + m, day, BATCH_HOUR_KST) - KST_OFFSET_MS);
    if (at.getTime() > now.getTime()) return at;
  }
  throw new Error('unreachable: the day comes within two months');
}

/** When a claim of this subscription goes: her batch day, else the weekly slot (nextBatchAt), else undefined (now). */
export const claimSlotOf = (
  now: Date,
  sub: { batchDay?: number | null; repeatWeek?: number | null; repeatDay?: number | null },
) => (sub.batchDay ? nextBatchDayAt(now, sub.batchDay) : nextBatchAt(now, sub.repeatWeek, sub.repeatDay));

/** Delivery retries: 30 s, 1 min, 2 min, 4 min … (attempt is the number of attempts made so far, ≥ 1). */
export const RETRY_BASE_MS = 30_000;
export const retryDelayMs = (attempt: number) => RETRY_BASE_MS * 2 ** Math.max(0, attempt - 1);

/**
 * A fax the gateway accepted: asked about every minute (unless FAX_OUTCOME_POLL_SECONDS says otherwise), and given up
 * (dead letter) after a day without an outcome.
 */
export const FAX_OUTCOME_POLL_MS = 60_000;
export const FAX_OUTCOME_GIVE_UP_MS = 24 * 3600_000;

/**
 * Which insurer answer may follow which claim status, whether an operator enters it or the insurer posts it: only a
 * claim that reached the insurer (sent) gets answers, and paid and rejected are final.
 */
export const ANSWER_NEXT: Record<ClaimStatus, readonly ClaimStatus[]> = {
  received: [],
  claimed: [],
  sent: ['accepted', 'documents_requested', 'rejected', 'paid'],
  accepted: ['documents_requested', 'rejected', 'paid'],
  // The papers came (accepted again), or the insurer asks for more.
  documents_requested: ['accepted', 'documents_requested', 'rejected', 'paid'],
  rejected: [],
  paid: [],
  failed: [],
  withdrawn: [],
};
