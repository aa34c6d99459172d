// What the engine's steps share: the receipt columns a claim's documents read, the sealed parts of a record, batch
// sizes and the hash every document is recorded by.
import { createHash } from 'node:crypto';
import type { AppContext } from '../../context.js';
import { FAX_OUTCOME_POLL_MS } from './rules.js';

/** What a claim's documents need of its treatment record (alias `r`): the receipt, and the person and detail sealed. */
export const RECEIPT_COLUMNS = [
  'r.receiptNo',
  'r.visitDate',
  'r.visitType',
  'r.coveredCopay',
  'r.uncovered',
  'r.totalPaid',
  'r.personEnc',
  'r.detailEnc',
] as const;

/** Those columns as a row carries them. */
export interface ReceiptFields {
  receiptNo: string;
  visitDate: string;
  visitType: string;
  coveredCopay: number;
  uncovered: number;
  totalPaid: number;
  personEnc: string;
  detailEnc: string;
}

/** Records per match transaction and deliveries per delivery transaction. */
export const MATCH_BATCH = 500;
export const DELIVER_BATCH = 500;

/** How long until a fax the gateway accepted is asked about (again): FAX_OUTCOME_POLL_SECONDS, a minute by default. */
export const faxOutcomePollMs = (ctx: Pick<AppContext, 'config'>) => ctx.config.faxOutcomePollMs ?? FAX_OUTCOME_POLL_MS;

export const sha256Hex = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

/** Who the record is about, as the hospital sent it (treatment_record.person_enc). */
export interface RecordPerson {
  name: string;
  birthDate: string;
  rrn?: string;
  ci?: string;
}
/** The medical part of a record (treatment_record.detail_enc). */
export interface RecordDetail {
  department: string;
  kcdCodes: string[];
}

/** The subscriber's verified identity as the subscription keeps it (subscriptions' insuredPersonsOf). */
export interface SubscriberIdentity {
  userNm: string;
  /** YYYYMMDD */
  birthday: string;
  /** The RRN's back part (7 digits), or ''. */
  userIdno2: string;
}

/** Who a claim's documents name as the insured (피보험자), and the record's own identity where it differs. */
export interface InsuredIdentity {
  name: string;
  birthDate: string;
  rrn?: string;
  ci?: string;
  /** The name and birth date as the hospital sent them, when they are not the subscriber's (a released record). */
  recordedAs?: { name: string; birthDate: string };
}

/**
 * The insured of a claim (README "Operator console", "Held records"): always the subscriber's verified name and birth
 * date, never the record's spelling, which an operator may have released to her with a typo in it; the record's own
 * name and birth date beside it when they differ, as the hospital sent them. The RRN is the subscriber's when the
 * subscription keeps its back part, else the record's when it is of her birth date. Without a subscription (none
 * left), the record's.
 */
export function insuredOf(recorded: RecordPerson, sub: SubscriberIdentity | undefined): InsuredIdentity {
  if (!sub?.userNm || !/^\d{8}$/.test(sub.birthday)) {
    return { name: recorded.name, birthDate: recorded.birthDate, rrn: recorded.rrn, ci: recorded.ci };
  }
  const front = sub.birthday.slice(2);
  const rrn = /^\d{7}$/.test(sub.userIdno2)
    ? front + sub.userIdno2
    : recorded.rrn?.startsWith(front)
      ? recorded.rrn
      : undefined;
  const differs = recorded.name.trim() !== sub.userNm.trim() || recorded.birthDate !== sub.birthday;
  return {
    name: sub.userNm.trim(),
    birthDate: sub.birthday,
    rrn,
    ci: recorded.ci,
    ...(differs ? { recordedAs: { name: recorded.name.trim(), birthDate: recorded.birthDate } } : {}),
  };
}

/**
 * Who wrote the reason of a claim's current `status` (rejected, documents_requested), from its status history: an
 * operator who recorded the insurer's answer by hand (actor operator:<id>), else the insurer (its answer, or its API's
 * answer to the delivery).
 */
export function reasonByOf(history: { status: string; actor: string }[], status: string): 'insurer' | 'operator' {
  const last = history.filter((h) => h.status === status).at(-1);
  return last?.actor.startsWith('operator:') ? 'operator' : 'insurer';
}
