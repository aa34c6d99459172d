// The one Database type (camelCase here; CamelCasePlugin maps to snake_case columns).
import type { Generated, Selectable } from 'kysely';

export interface TelecomTable {
  telecomType: string;
  telecomNm: string;
  isMvno: boolean;
  sortOrder: number;
}

export interface BankTable {
  bankCd: string;
  bankNm: string;
  bankKind: 'COMMERCIAL' | 'REGIONAL' | 'INTERNET' | 'SPECIAL' | 'COOPERATIVE' | 'POST' | 'SAVINGS';
  sortOrder: number;
  active: Generated<boolean>;
}

export interface InsurerTable {
  insuCompCd: string;
  insuCompNm: string;
  insuKind: 'LIFE' | 'NONLIFE';
  callCenter: string | null;
  homepage: string | null;
  brandColor: string;
  sortOrder: number;
  active: Generated<boolean>;
  /** How claims reach it, as set in the console (which wins); null: as the environment decides. */
  deliveryChannel: Generated<'api' | 'fax' | null>;
  /** Its claim API's base URL; null: INSURER_<code>_API_URL. */
  apiUrl: Generated<string | null>;
}

/** A change of where an insurer's claims go, waiting for a second admin (docs/security.md). */
export interface InsurerDestinationChangeTable {
  id: Generated<string>;
  insuCompCd: string;
  deliveryChannel: 'api' | 'fax';
  apiUrl: string | null;
  faxNo: string | null;
  fields: string[];
  requestedBy: string;
  requestedAt: Date;
  expiresAt: Date;
  decision: 'approved' | 'rejected' | 'replaced' | null;
  decidedBy: string | null;
  decidedAt: Date | null;
}

export interface InsurerFaxTable {
  id: Generated<number>;
  insuCompCd: string;
  faxNo: string;
  label: string;
  verified: boolean;
}

export interface UiControlTable {
  compCd: string;
  compType: string;
  ctrlKey: string;
  /** JSON text (spec §3). */
  ctrlVal: string;
}

export interface JobCodeTable {
  jobCd: string;
  jobNm: string;
  parentCd: string | null;
  level: number;
  riskGrade: number | null;
  sortOrder: number;
}

export interface TermsTable {
  termsId: string;
  version: string;
  termsGroup: 'SERVICE' | 'TELECOM' | 'LMHC_SUBS' | 'INSU_CLAIM';
  insuCompCd: string | null;
  title: string;
  required: boolean;
  effectiveDate: string;
  content: string;
  sortOrder: number;
  active: Generated<boolean>;
  /** When an operator published this version; null for the seeded ones. */
  publishedAt: Date | null;
}

export interface HospitalTable {
  hospitalCd: string;
  hospitalNm: string;
  hospitalType: string;
  address: string;
  phone: string;
  introText: string;
  thumbnailPath: string;
  androidPackage: string | null;
  iosPackage: string | null;
  autoClaimEnabled: boolean;
  isDemo: boolean;
  sortOrder: number;
}

export interface Database {
  telecom: TelecomTable;
  bank: BankTable;
  insurer: InsurerTable;
  insurerFax: InsurerFaxTable;
  uiControl: UiControlTable;
  insurerDestinationChange: InsurerDestinationChangeTable;
  jobCode: JobCodeTable;
  terms: TermsTable;
  hospital: HospitalTable;
  subscription: SubscriptionTable;
  subscriptionHospital: SubscriptionHospitalTable;
  subscriptionInsurer: SubscriptionInsurerTable;
  smsVerification: SmsVerificationTable;
  authSession: AuthSessionTable;
  termsAgreement: TermsAgreementTable;
  operator: OperatorTable;
  operatorSignInGuard: OperatorSignInGuardTable;
  operatorLockout: OperatorLockoutTable;
  operatorKnownAddress: OperatorKnownAddressTable;
  operatorRecoveryCode: OperatorRecoveryCodeTable;
  sandboxOutbox: SandboxOutboxTable;
  idCardRequest: IdCardRequestTable;
  idCardSubmission: IdCardSubmissionTable;
  hospitalApiKey: HospitalApiKeyTable;
  feedRejection: FeedRejectionTable;
  treatmentRecord: TreatmentRecordTable;
  claim: ClaimTable;
  claimStatusHistory: ClaimStatusHistoryTable;
  claimDelivery: ClaimDeliveryTable;
  claimDeliveryAttempt: ClaimDeliveryAttemptTable;
  notificationHandled: NotificationHandledTable;
  claimDocument: ClaimDocumentTable;
  insurerAnswer: InsurerAnswerTable;
  accessLog: AccessLogTable;
  operatorAction: OperatorActionTable;
  accountCheck: AccountCheckTable;
  linkToken: LinkTokenTable;
  lookupKeyFingerprint: LookupKeyFingerprintTable;
  funnelDay: FunnelDayTable;
  funnelVisitStep: FunnelVisitStepTable;
}

export type HospitalRow = Selectable<HospitalTable>;
export type TermsRow = Selectable<TermsTable>;

export interface SubscriptionTable {
  insuApplyId: string;
  ciHmac: string;
  ciEnc: string;
  status: 'subscribe' | 'cancel';
  prcMode: 'inner' | 'outer';
  /** SubscriptionPerson (modules/subscriptions/repo.ts) as encrypted JSON. */
  personEnc: string;
  insuCompCd: string;
  bankCd: string | null;
  bankAccountEnc: string | null;
  bankAccountLast4: string | null;
  bankAccountRel: string | null;
  minAmt: number;
  retroMonth: number;
  jobCd: string | null;
  idcardType: 'ic' | 'dl' | 'pp' | null;
  /** The kept document fields (spec §3) as encrypted JSON. */
  idcardEnc: string | null;
  idcardImgEnc: string | null;
  signImgEnc: string | null;
  /** Drawn on the pad, or typed as the full name. */
  signMethod: Generated<'drawn' | 'typed'>;
  termsIds: Generated<string[]>;
  optTerms: Generated<string[]>;
  goodsSubsId: string | null;
  applyChannel: string | null;
  applyOrg: string | null;
  postCenter: string | null;
  commissionSha256: string | null;
  consentSha256: string | null;
  idempotencyKeyHmac: string | null;
  /** YYYYMMDD, KST. */
  contractStartDate: string;
  contractEndDate: string;
  createdAt: Generated<Date>;
  updatedAt: Generated<Date>;
  cancelledAt: Date | null;
  purgeAt: Date | null;
  /** Batch claims every repeatWeek weeks on ISO weekday repeatDay (1 Mon … 7 Sun). */
  repeatWeek: Generated<number | null>;
  repeatDay: Generated<number | null>;
  /** The RRN's keyed hash (unique among live subscriptions), and when and by which vendor it
   * was confirmed to be the verified person's (null: records matched only by it are held for the patient). */
  rrnHmac: Generated<string | null>;
  rrnConfirmedAt: Generated<Date | null>;
  rrnCheckVendor: Generated<string | null>;
}

export interface SubscriptionHospitalTable {
  insuApplyId: string;
  hospitalCd: string;
  agreeId: string | null;
  subscribedAt: Generated<Date>;
  cancelledAt: Date | null;
}

export interface SubscriptionInsurerTable {
  insuApplyId: string;
  insuCompCd: string;
  agreeIds: Generated<string[]>;
  idcardTypeCode: string | null;
}

export interface SmsVerificationTable {
  smsRequestSeq: string;
  smsResponseSeq: string;
  /** The identity vendor's { vendor, id } for this request, encrypted; null while the vendor is being asked. */
  vendorRefEnc: string | null;
  personHash: string;
  personEnc: string;
  phoneHmac: string;
  ipHmac: string;
  hospitalCd: string;
  attempts: Generated<number>;
  createdAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
  lockedAt: Date | null;
  /** Keyed hash of name, birth date, sex digit and phone: the daily cap counts per phone and person. */
  personKey: string | null;
  /** When the code was confirmed for the person named: a completed verification, not counted by the caps. */
  verifiedAt: Date | null;
  /** Sent from where this person completed a verification before, or from their verified session. */
  trusted: Generated<boolean>;
}

export interface AuthSessionTable {
  idHash: string;
  kind: 'patient' | 'operator';
  subjectEnc: string;
  subjectHmac: string;
  personEnc: string | null;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  /** Sessions: `link` sessions read the visit history only; `full` ones come from SMS. */
  scope: Generated<'full' | 'link'>;
  linkPurpose: 'treat' | 'idCard' | null;
  /** The subscription a link session's link belonged to: cancelled, the session can do nothing more. */
  linkInsuApplyId: string | null;
  /** The last SMS verification of the session's own person (step-up is fresh for STEP_UP_FRESH_SECONDS after). */
  verifiedAt: Date | null;
  /** Operator sessions only. */
  operatorStage: OperatorStage | null;
}

export interface TermsAgreementTable {
  id: Generated<number>;
  termsId: string;
  version: string;
  ciHmac: string | null;
  smsRequestSeq: string | null;
  ipHmac: string;
  agreedAt: Date;
}

export type OperatorRole = 'viewer' | 'operator' | 'admin';

export interface OperatorTable {
  loginId: string;
  passwordHash: string;
  createdAt: Generated<Date>;
  role: Generated<OperatorRole>;
  disabledAt: Date | null;
  /** The TOTP secret, encrypted; null until the second factor is set up. */
  totpSecretEnc: string | null;
  totpPendingEnc: string | null;
  totpSetAt: Date | null;
  totpLastStep: string | number | null;
  lastSignInAt: Date | null;
}

export interface OperatorRecoveryCodeTable {
  id: Generated<string>;
  loginId: string;
  codeHmac: string;
  usedAt: Date | null;
}

/** An operator session's stage: set-up calls only, the second-factor call only, or everything its role allows. */
export type OperatorStage = 'setup' | 'password' | 'full';

export interface OperatorActionTable {
  id: Generated<string>;
  at: Date;
  loginId: string;
  ipEnc: string;
  action: string;
  ciHmac: string | null;
  recordId: string | number | null;
  claimId: string | number | null;
  target: string | null;
  reason: string | null;
  detail: string | null;
}

export interface OperatorSignInGuardTable {
  loginHmac: string;
  /** The address's keyed hash; '*' counts every address the operator never signed in from. */
  ipHmac: string;
  tries: number;
  windowStartedAt: Date;
  lockedUntil: Date | null;
}

/** An address (keyed hash) an operator completed a sign-in from. */
export interface OperatorKnownAddressTable {
  loginId: string;
  ipHmac: string;
  firstAt: Generated<Date>;
  lastAt: Date;
}

export interface OperatorLockoutTable {
  id: Generated<number>;
  loginHmac: string;
  loginIdEnc: string;
  ipHmac: string;
  tries: number;
  lockedAt: Date;
  lockedUntil: Date;
}

export interface SandboxOutboxTable {
  id: Generated<number>;
  channel: string;
  to: string;
  body: string;
  createdAt: Date;
}

// The claim engine (README, claim engine).

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

export type VisitType = '외래' | '입원' | '약국';
export type RecordOutcome =
  | 'pending'
  | 'claimed'
  | 'below_min'
  | 'not_subscribed'
  | 'hospital_not_subscribed'
  | 'outside_contract'
  | 'too_old'
  /** Matched only by an RRN not yet confirmed: held for the patient to confirm on /web/treat. */
  | 'rrn_unconfirmed'
  /** The record's name or birth date is not the subscriber's: held for an operator, never shown. */
  | 'identity_mismatch'
  /** The patient said a held record is not theirs: unlinked, held for an operator. */
  | 'not_patients';

export interface TreatmentRecordTable {
  id: Generated<number>;
  hospitalCd: string;
  receiptNo: string;
  contentHash: string;
  ciHmac: string | null;
  rrnHmac: string | null;
  /** Encrypted JSON {name, birthDate, rrn?, ci?}. */
  personEnc: string;
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
  /** An unlinked record (another hospital's) is deleted then. */
  purgeAt: Generated<Date | null>;
}

export type ClaimStatus =
  'received' | 'claimed' | 'sent' | 'accepted' | 'documents_requested' | 'rejected' | 'paid' | 'failed';

export interface ClaimTable {
  id: Generated<number>;
  recordId: number;
  insuCompCd: string;
  insuApplyId: string | null;
  ciHmac: string;
  origin: 'auto' | 'patient';
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
  channel: 'api' | 'fax';
  destination: string;
  /** awaiting: a fax gateway accepted it; its outcome is asked for at nextAttemptAt. */
  status: 'pending' | 'awaiting' | 'sent' | 'dead';
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
}

export type DeliveryAttemptOutcome = 'sent' | 'accepted' | 'delivered' | 'failed' | 'dead';

/** A failed patient message (pg-boss job) an operator closed with a note, for that failure only. */
export interface NotificationHandledTable {
  jobId: string;
  failedAt: Date;
  note: string;
  handledBy: string;
  handledAt: Date;
}

/** Each delivery attempt and its outcome, for a claim's timeline. */
export interface ClaimDeliveryAttemptTable {
  id: Generated<number>;
  deliveryId: number;
  claimId: number;
  attempt: number;
  channel: 'api' | 'fax';
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
  answer: 'received' | 'documents_requested' | 'paid' | 'rejected';
  bodySha256: string;
  statusAfter: ClaimStatus;
  occurredAt: Date | null;
  receivedAt: Date;
}

export type ClaimDocumentKind = 'package' | 'claim_form' | 'receipt' | 'power_of_attorney' | 'consent' | 'id_copy';

export interface ClaimDocumentTable {
  id: Generated<number>;
  claimId: number;
  kind: ClaimDocumentKind;
  sha256: string;
  bytes: number;
  createdAt: Date;
}

/** Append-only (a trigger refuses update, delete and truncate). */
export interface AccessLogTable {
  id: Generated<number>;
  ciHmac: string;
  action: string;
  actor: string;
  recordId: number | null;
  claimId: number | null;
  detail: string | null;
  at: Date;
}

export interface LinkTokenTable {
  jti: string;
  purpose: string;
  ciHmac: string;
  insuApplyId: string | null;
  recordId: number | null;
  createdAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
  /** Keyed hash of the device cookie of the first exchange: the one device that may open the link again. */
  deviceHash: string | null;
}

// The patient's side of the engine: an insurer's request for an ID copy and the answer.

export interface IdCardSubmissionTable {
  id: Generated<number>;
  ciHmac: string;
  idcardType: 'ic' | 'dl' | 'pp';
  /** The re-encoded image as a data URL, encrypted. */
  imageEnc: string;
  imageSha256: string;
  imageBytes: number;
  width: number;
  height: number;
  /** Encrypted JSON of the type's fields (spec §3). */
  fieldsEnc: string;
  submittedAt: Date;
}

export interface IdCardRequestTable {
  id: Generated<number>;
  ciHmac: string;
  insuCompCd: string;
  claimId: number | null;
  reason: string;
  requestedAt: Date;
  submissionId: number | null;
  submittedAt: Date | null;
}

// Field keys (docs/providers/key-rotation.md).

/** One row: the fingerprint of the key every lookup hash (*_hmac) was made with. */
export interface LookupKeyFingerprintTable {
  oneRow: Generated<boolean>;
  fingerprint: string;
  recordedAt: Generated<Date>;
}

// Holder checks asked by GET, answered again from here for a few minutes (accounts module).
export interface AccountCheckTable {
  keyHmac: string;
  answerEnc: string;
  createdAt: Generated<Date>;
  expiresAt: Date;
}

/** The enrolment funnel: visits per Korean day (YYYYMMDD), hospital and wizard step; counts only. */
export interface FunnelDayTable {
  day: string;
  hospitalCd: string;
  step: string;
  visits: number;
}

/** That a visit (a random per-tab id) was counted at a step on a day: kept until the next day ends. */
export interface FunnelVisitStepTable {
  day: string;
  visitId: string;
  step: string;
}
