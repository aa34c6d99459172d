// The claim engine (README, claim engine): the tables the claims module owns (docs/architecture.md, table ownership),
// in camelCase (CamelCasePlugin maps them to snake_case). db/schema.ts composes every owner's; the code here uses
// ClaimsDb.
import type { Generated, Kysely } from 'kysely';
import type {
  ClaimNoticeState,
  VisitRevisionKind,
  CLAIM_ORIGINS,
  ClaimDocumentKind,
  ClaimStatus,
  DeliveryAttemptOutcome,
  DeliveryChannel,
  DeliveryState,
  InsurerAnswer,
  NOTICE_CHANNELS,
  RecordOutcome,
  STORED_VISIT_TYPES,
} from '@auto-claim/contract';
import { own, type Handed } from '../../db/handle.js';

// The enumerated columns' codes are the contract's vocabulary (docs/decisions/0009-one-vocabulary.md).
export type { ClaimDocumentKind, ClaimStatus, DeliveryAttemptOutcome, RecordOutcome } from '@auto-claim/contract';

export interface ClaimsTables {
  hospitalApiKey: HospitalApiKeyTable;
  feedRejection: FeedRejectionTable;
  treatmentRecord: TreatmentRecordTable;
  claim: ClaimTable;
  claimStatusHistory: ClaimStatusHistoryTable;
  claimDelivery: ClaimDeliveryTable;
  claimDeliveryAttempt: ClaimDeliveryAttemptTable;
  claimNotice: ClaimNoticeTable;
  claimNote: ClaimNoteTable;
  notificationHandled: NotificationHandledTable;
  insurerAnswer: InsurerAnswerTable;
  answerNotice: AnswerNoticeTable;
  recordNotice: RecordNoticeTable;
  claimDocument: ClaimDocumentTable;
  claimDayCount: ClaimDayCountTable;
  claimDayDelta: ClaimDayCountTable;
  claimStatusDayCount: ClaimStatusDayCountTable;
  claimDeliveryDayCount: ClaimDeliveryDayCountTable;
  claimDeliveryDayDelta: ClaimDeliveryDayCountTable;
  hospitalDayCount: HospitalDayCountTable;
  hospitalDayDelta: HospitalDayCountTable;
}

/**
 * A hospital's day (YYYYMMDD, Korean) as its own month reads it (migration 0061): `record` its records by outcome (day
 * of receipt), `answer` the insurers' answers by kind, `lag` its claims by days from visit to claim. Kept by row
 * triggers through hospital_day_delta, folded by the minute tick (counts.ts), as claim_day_count.
 */
export interface HospitalDayCountTable {
  hospitalCd: string;
  day: string;
  kind: 'record' | 'answer' | 'lag';
  key: string;
  n: number;
}

/** The handle claims code queries with (a transaction of it too): another owner's table does not compile. */
export type ClaimsDb = Kysely<ClaimsTables>;

/** The claims module's view of the context's connection (or of a handle handed over): its own tables only. */
export const claimsDb = (from: Handed): ClaimsDb => own<ClaimsTables>(from);

/** A transaction on the claims module's tables; other owners write in it through their index.ts, handed it. */
export const claimsTransaction = (from: Handed) => claimsDb(from).transaction();

export interface HospitalApiKeyTable {
  id: Generated<number>;
  hospitalCd: string;
  keyHash: string;
  keyPrefix: string;
  label: Generated<string>;
  createdAt: Generated<Date>;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  /** The operator who revoked it. */
  revokedBy: Generated<string | null>;
  /** A rotated key keeps working until then; null: until revoked. */
  expiresAt: Generated<Date | null>;
  /** The operator who issued it. */
  issuedBy: Generated<string | null>;
  /** The key a rotation issued in its place. */
  replacedBy: Generated<string | number | null>;
}

/** A record of the hospital feed that was refused, and why; never the patient. Kept FEED_REJECTION_DAYS. */
export interface FeedRejectionTable {
  id: Generated<string | number>;
  hospitalCd: string;
  at: Date;
  receiptNo: string | null;
  code: string;
  field: string;
  message: string;
}

export type VisitType = (typeof STORED_VISIT_TYPES)[number];

export interface TreatmentRecordTable {
  id: Generated<number>;
  hospitalCd: string;
  receiptNo: string;
  contentHash: string;
  ciHmac: string | null;
  rrnHmac: string | null;
  /** Encrypted JSON {name, birthDate, rrn?, ci?}. */
  personEnc: string;
  /** Keyed lookup hashes of the normalised name and birth date (security/person-lookup.ts); null until hashed. */
  nameHmac: Generated<string | null>;
  birthHmac: Generated<string | null>;
  /** Encrypted JSON {department, kcdCodes}. */
  detailEnc: string;
  /** YYYYMMDD */
  visitDate: string;
  visitType: VisitType;
  coveredCopay: number;
  uncovered: number;
  totalPaid: number;
  insuApplyId: string | null;
  outcome: Generated<RecordOutcome>;
  receivedAt: Date;
  decidedAt: Date | null;
  /** The patient confirmed a held record as theirs (it is then matched like any other). */
  identityConfirmedAt: Generated<Date | null>;
  /** An unlinked record (another hospital's, or one set aside) is deleted then. */
  purgeAt: Generated<Date | null>;
  /** An operator released the held record to its subscriber (the matcher holds it no more), and who. */
  releasedAt: Generated<Date | null>;
  releasedBy: Generated<string | null>;
  /** The 처방전 this visit issued or dispensed, as `{issuer 요양기관기호}:{교부번호}` (follow.ts). */
  prescriptionKey: Generated<string | null>;
  /** The hospital cancelled the receipt before the engine decided the visit (visits.ts): matched, never claimed. */
  cancelledAt: Generated<Date | null>;
  /** A visit claimed together with another's (a pharmacy with its clinic, follow.ts): the record whose claims carry it. */
  joinedRecordId: Generated<number | null>;
  /** Held for her decision on its 비급여 (awaiting_decision): when she was asked, and when it is given up unsent. */
  decisionAskedAt: Generated<Date | null>;
  decisionDueAt: Generated<Date | null>;
  /** She said "보내 주세요" to a held visit: matched again, it is claimed without asking again. */
  uncoveredApprovedAt: Generated<Date | null>;
  /** She said a held record is not hers: the subscription she said it of (the record itself is unlinked). */
  disownedBy: Generated<string | null>;
}

/** An operator's note on a claim: appended, never changed; the text encrypted (migration 0040). */
export interface ClaimNoteTable {
  id: Generated<number>;
  claimId: number;
  loginId: string;
  noteEnc: string;
  at: Date;
}

export interface ClaimTable {
  id: Generated<number>;
  recordId: number;
  /** The record's hospital and visit date (YYYYMMDD), kept on the claim for the console's search and counts. */
  hospitalCd: string;
  visitDate: string;
  insuCompCd: string;
  insuApplyId: string | null;
  ciHmac: string;
  origin: (typeof CLAIM_ORIGINS)[number];
  amount: number;
  status: ClaimStatus;
  rejectReason: string | null;
  paidAmount: number | null;
  scheduledFor: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface ClaimStatusHistoryTable {
  id: Generated<number>;
  claimId: number;
  status: ClaimStatus;
  reason: string | null;
  actor: string;
  at: Date;
}

export interface ClaimDeliveryTable {
  id: Generated<number>;
  claimId: number;
  insuCompCd: string;
  channel: DeliveryChannel;
  destination: string;
  /** awaiting: a fax gateway accepted it; its outcome is asked for at nextAttemptAt. */
  status: DeliveryState;
  attempts: Generated<number>;
  nextAttemptAt: Date;
  lastError: string | null;
  externalRef: string | null;
  createdAt: Date;
  sentAt: Date | null;
  /** Faxes accepted and later reported failed: part of the next fax's request number. */
  failedOutcomes: Generated<number>;
  /** A dead letter an operator has dealt with: it leaves the list; a retry clears these. */
  handledAt: Generated<Date | null>;
  handledBy: Generated<string | null>;
  handledNote: Generated<string | null>;
  /** When it died (the dead letters' failedAt and sort, migration 0035); set again on each death. */
  deadAt: Generated<Date | null>;
}

/** A failed patient message (pg-boss job) an operator closed with a note, for that failure only. */
export interface NotificationHandledTable {
  jobId: string;
  failedAt: Date;
  note: string;
  handledBy: string;
  handledAt: Date;
}

/** A corrected or cancelled receipt told to the insurer of a claim already sent (migration 0067; notices.ts). */
export interface ClaimNoticeTable {
  id: Generated<number>;
  claimId: number;
  insuCompCd: string;
  kind: VisitRevisionKind;
  /** The corrected receipt's number, or the cancelled one's. */
  receiptNo: string;
  state: Generated<ClaimNoticeState>;
  attempts: Generated<number>;
  nextAttemptAt: Date | null;
  lastError: string | null;
  externalRef: string | null;
  createdAt: Date;
  sentAt: Date | null;
}

/** Each delivery attempt and its outcome, for a claim's timeline. */
export interface ClaimDeliveryAttemptTable {
  id: Generated<number>;
  deliveryId: number;
  claimId: number;
  attempt: number;
  channel: DeliveryChannel;
  outcome: DeliveryAttemptOutcome;
  error: string | null;
  externalRef: string | null;
  at: Date;
}

/** An insurer's answer about a claim, once per (insurer, event id). */
export interface InsurerAnswerTable {
  id: Generated<number>;
  insuCompCd: string;
  eventId: string;
  claimId: number;
  answer: InsurerAnswer;
  bodySha256: string;
  statusAfter: ClaimStatus;
  occurredAt: Date | null;
  receivedAt: Date;
}

/**
 * The patient's message about one insurer answer (notify.ts): its unique key, written with the answer; sent once, only
 * between 08:00 and 21:00 KST (due_at).
 */
export interface AnswerNoticeTable {
  insurerAnswerId: number;
  claimId: number;
  /** The answer's reason as the timeline shows it (a rejection's; the papers asked for). */
  reason: string | null;
  dueAt: Date;
  /** Its job was sent (at once in the daytime; by the minute tick once a night answer is due). */
  queuedAt: Date | null;
  sentAt: Date | null;
  channel: (typeof NOTICE_CHANNELS)[number] | null;
}

/** A record's message waiting for the hours patients are told in (notify.ts, deferRecordNotices). */
export interface RecordNoticeTable {
  recordId: number;
  dueAt: Date;
  /** Its job was sent by the minute tick. */
  queuedAt: Date | null;
}

export interface ClaimDocumentTable {
  id: Generated<number>;
  claimId: number;
  kind: ClaimDocumentKind;
  sha256: string;
  bytes: number;
  createdAt: Date;
  /** The package's PDF as sent, in the blob store (migration 0032); null in rows written before, and other kinds. */
  fileBlobId: Generated<string | null>;
  /** The field key that sealed the blob's data key (key rotation re-seals the others). */
  fileKeyId: Generated<string | null>;
}

/**
 * How many claims made on a Korean day (YYYYMMDD) of a hospital and insurer are in each status: the dashboard's
 * counts, as of the last fold. The same shape is claim_day_delta: the +1/−1 lines a row trigger (migration 0031)
 * appends in the transaction of every claim insert, status change and delete, which foldDayCounts (counts.ts) moves
 * into the counts. Code never writes either otherwise.
 */
export interface ClaimDayCountTable {
  day: string;
  hospitalCd: string;
  insuCompCd: string;
  status: ClaimStatus;
  n: number;
}

/** claim_day_count over every hospital and insurer (migration 0035): what the dashboard reads, 8 rows a day. */
export interface ClaimStatusDayCountTable {
  day: string;
  status: ClaimStatus;
  n: number;
}

/** How many deliveries started on a Korean day are on each channel and in each status (as claim_day_count; its
 * lines claim_delivery_day_delta). */
export interface ClaimDeliveryDayCountTable {
  day: string;
  channel: DeliveryChannel;
  status: DeliveryState;
  n: number;
}
