// Sessions, link tokens, the lookup key's fingerprint and the shared rate-limit counters: the tables the security
// layer owns (docs/architecture.md, table ownership), in camelCase (CamelCasePlugin maps them to snake_case).
// db/schema.ts composes every owner's; the code here uses SecurityDb.
import type { OPERATOR_STAGES, SESSION_KINDS } from '@auto-claim/contract';
import type { Generated, Kysely } from 'kysely';
import { own, type Handed } from '../db/handle.js';

export interface SecurityTables {
  authSession: AuthSessionTable;
  linkToken: LinkTokenTable;
  lookupKeyFingerprint: LookupKeyFingerprintTable;
  rateLimitCounter: RateLimitCounterTable;
  idPhotoDayCount: IdPhotoDayCountTable;
}

/** The handle security code queries with (a transaction of it too): another owner's table does not compile. */
export type SecurityDb = Kysely<SecurityTables>;

/** The security code's view of the context's connection (or of a handle handed over): its own tables only. */
export const securityDb = (from: Handed): SecurityDb => own<SecurityTables>(from);

export interface AuthSessionTable {
  idHash: string;
  kind: (typeof SESSION_KINDS)[number];
  subjectEnc: string;
  subjectHmac: string;
  personEnc: string | null;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  /** Sessions: `link` sessions read the visit history only; `full` ones come from SMS. */
  scope: Generated<'full' | 'link'>;
  linkPurpose: 'treat' | 'idCard' | 'statement' | null;
  /** The subscription a link session's link belonged to: cancelled, the session can do nothing more. */
  linkInsuApplyId: string | null;
  /** The last SMS verification of the session's own person (step-up is fresh for STEP_UP_FRESH_SECONDS after). */
  verifiedAt: Date | null;
  /** Operator sessions only. */
  operatorStage: OperatorStage | null;
  /** The ID photo this session's OCR call checked and stored (checked-photo.ts), encrypted; consumed by subscribing. */
  checkedPhotoEnc: string | null;
}

/** An operator session's stage: set-up calls only, the second-factor call only, or everything its role allows. */
export type OperatorStage = (typeof OPERATOR_STAGES)[number];

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

/** One row: the fingerprint of the key every lookup hash (*_hmac) was made with. */
export interface LookupKeyFingerprintTable {
  oneRow: Generated<boolean>;
  fingerprint: string;
  recordedAt: Generated<Date>;
}

/** One limited key's window (security/rate-limit.ts): every web process counts in the same row. */
export interface RateLimitCounterTable {
  /** Keyed hash of the limit's namespace and key (an address or a subject): no address is stored. */
  keyHash: string;
  hits: number;
  resetsAt: Date;
}

/** How many ID photos a patient (her CI's keyed hash) sent on a Korean day (photo-days.ts). */
export interface IdPhotoDayCountTable {
  ciHmac: string;
  /** YYYYMMDD, Korean time. */
  day: string;
  n: number;
}
