// Subscriptions: the tables the subscriptions module owns (docs/architecture.md, table ownership), in camelCase
// (CamelCasePlugin maps them to snake_case). db/schema.ts composes every owner's; the code here uses SubscriptionsDb.
import type {
  DISPUTE_STATUSES,
  DisputeKept,
  GuardianRel,
  HelperRel,
  IdcardType,
  Lang,
  PRC_MODES,
  PolicyGeneration,
  PolicyGenerationSource,
  RelationStatus,
  SIGN_METHODS,
  SUBSCRIPTION_STATUSES,
  SubscriptionEndReason,
} from '@auto-claim/contract';
import type { Generated, Kysely } from 'kysely';
import { own, type Handed } from '../../db/handle.js';

export interface SubscriptionsTables {
  subscription: SubscriptionTable;
  subscriptionHospital: SubscriptionHospitalTable;
  subscriptionInsurer: SubscriptionInsurerTable;
  insuredDispute: InsuredDisputeTable;
  subscriptionDayCount: SubscriptionDayCountTable;
  subscriptionHospitalDayCount: SubscriptionHospitalDayCountTable;
  enrolmentDraft: EnrolmentDraftTable;
  deskHandoff: DeskHandoffTable;
}

/** What a verified person typed in the enrolment so far (drafts.ts): one row per person, sealed, for 24 hours. */
export interface EnrolmentDraftTable {
  ciHmac: string;
  /** contract EnrolmentDraftBody as encrypted JSON. */
  draftEnc: string;
  savedAt: Date;
  expiresAt: Date;
}

/**
 * A hospital desk's handoff (desk.ts, migration 0075): the QR code's token, single use for DESK_HANDOFF_TTL_SECONDS,
 * and the grant it was exchanged for, good for one subscription; both as keyed hashes.
 */
export interface DeskHandoffTable {
  handoffId: string;
  tokenHash: string;
  hospitalCd: string;
  /** The clerk's staff account, from her console session. */
  operatorLoginId: string;
  createdAt: Date;
  expiresAt: Date;
  openedAt: Date | null;
  grantHash: string | null;
  grantExpiresAt: Date | null;
  enrolledAt: Date | null;
  insuApplyId: string | null;
}

/** The handle subscriptions code queries with (a transaction of it too): another owner's table does not compile. */
export type SubscriptionsDb = Kysely<SubscriptionsTables>;

/** The subscriptions code's view of the context's connection (or of a handle handed over): its own tables only. */
export const subscriptionsDb = (from: Handed): SubscriptionsDb => own<SubscriptionsTables>(from);

export interface SubscriptionTable {
  insuApplyId: string;
  ciHmac: string;
  ciEnc: string;
  status: (typeof SUBSCRIPTION_STATUSES)[number];
  prcMode: (typeof PRC_MODES)[number];
  /** SubscriptionPerson (modules/subscriptions/repo.ts) as encrypted JSON. */
  personEnc: string;
  /** Keyed lookup hash of the verified phone, normalised (security/person-lookup.ts); null until hashed. */
  phoneHmac: Generated<string | null>;
  insuCompCd: string;
  bankCd: string | null;
  bankAccountEnc: string | null;
  bankAccountLast4: string | null;
  bankAccountRel: string | null;
  minAmt: number;
  retroMonth: number;
  jobCd: string | null;
  idcardType: IdcardType | null;
  /** The kept document fields (spec §3) as encrypted JSON. */
  idcardEnc: string | null;
  /** Before the blob store (migration 0030): the ID photo and signature as encrypted base64, emptied by files.ts. */
  idcardImgEnc: string | null;
  signImgEnc: string | null;
  /**
   * The subscriber's files in the blob store (files.ts): each one's blob id, the SHA-256 of its bytes and the field
   * key id that sealed its data key (key rotation re-seals those not under the current key, security/rekey.ts).
   */
  idcardImgBlobId: string | null;
  idcardImgSha256: string | null;
  idcardImgKeyId: string | null;
  signImgBlobId: string | null;
  signImgSha256: string | null;
  signImgKeyId: string | null;
  /** Drawn on the pad, or typed as the full name. */
  signMethod: Generated<(typeof SIGN_METHODS)[number]>;
  termsIds: Generated<string[]>;
  optTerms: Generated<string[]>;
  goodsSubsId: string | null;
  /** The language she enrolled in (migration 0070): her later messages are in it. */
  lang: Generated<Lang>;
  /** Who walked the screens with her (migration 0075): a relation code, never a name; null: she walked alone. */
  helperRel: Generated<HelperRel | null>;
  /** The hospital desk's handoff she came through (its staff account and hospital). */
  deskHandoffId: Generated<string | null>;
  applyChannel: string | null;
  applyOrg: string | null;
  postCenter: string | null;
  /** The 위임장 and 동의서 as first made (documents.ts, makeDocuments), in the blob store. */
  commissionSha256: string | null;
  commissionBlobId: string | null;
  commissionKeyId: string | null;
  consentSha256: string | null;
  consentBlobId: string | null;
  consentKeyId: string | null;
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
  /** Her rule "비급여는 보내기 전에 물어봐 주세요" (null: her policy's default) and her batch day (1–28; null: none). */
  askUncovered: Generated<boolean | null>;
  batchDay: Generated<number | null>;
  /** The RRN's keyed hash (unique among live subscriptions), and when and by which vendor it
   * was confirmed to be the verified person's (null: records matched only by it are held for the patient). */
  rrnHmac: Generated<string | null>;
  rrnConfirmedAt: Generated<Date | null>;
  rrnCheckVendor: Generated<string | null>;
  /**
   * The child case (migration 0043; README "Children: a guardian claims for a child"): null on a person's own
   * subscription. On a child's, the insured is the child (personEnc: hers, her phone the guardian's) and ciHmac is the
   * key of the guardian and that child (children.ts, childKeyOf), ciEnc the guardian's CI; these say who the
   * guardian is, how she is related, whether an operator confirmed the relation, and when the child turns 19.
   */
  guardianCiHmac: Generated<string | null>;
  guardianCiEnc: Generated<string | null>;
  /** GuardianPerson (person.ts) as encrypted JSON. */
  guardianEnc: Generated<string | null>;
  /** The guardian's keyed lookup hashes (security/person-lookup.ts, migration 0058): she is found by her own name. */
  guardianNameHmac: Generated<string | null>;
  guardianBirthHmac: Generated<string | null>;
  guardianRel: Generated<GuardianRel | null>;
  relationStatus: Generated<RelationStatus | null>;
  /** YYYYMMDD: the child's 19th birthday. */
  adultOn: Generated<string | null>;
  adultNoticeMonthAt: Generated<Date | null>;
  adultNoticeDayAt: Generated<Date | null>;
  endReason: Generated<SubscriptionEndReason | null>;
}

/** Someone refused because another live subscription holds the insured's RRN (migration 0043). */
export interface InsuredDisputeTable {
  id: Generated<number>;
  rrnHmac: string;
  holderInsuApplyId: string;
  claimantCiHmac: string;
  /** DisputeClaimant (disputes.ts) as encrypted JSON. */
  claimantEnc: string;
  status: Generated<(typeof DISPUTE_STATUSES)[number]>;
  kept: DisputeKept | null;
  resolvedBy: string | null;
  resolvedAt: Date | null;
  createdAt: Date;
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
  /** Her contract's 실손 generation (docs/payout-rules.md; migration 0062); null: not known. */
  policyGeneration: Generated<PolicyGeneration | null>;
  /** Who said it: she did, or the insurer's answer did when she did not know. */
  policyGenerationBy: Generated<PolicyGenerationSource | null>;
}

/** Subscriptions made per Korean day, cancelled ones too (migration 0044: kept by a trigger on insert, never lowered). */
export interface SubscriptionDayCountTable {
  day: string;
  n: number;
}

/** The same per hospital the subscription names (migration 0047: kept by triggers, never lowered). */
export interface SubscriptionHospitalDayCountTable {
  hospitalCd: string;
  day: string;
  n: number;
}
