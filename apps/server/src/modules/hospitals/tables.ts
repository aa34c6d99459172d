// A hospital's own side of the console (README "Hospital users"): the tables the hospitals module owns
// (docs/architecture.md, table ownership). Its users are operator accounts of role `hospital` (the operators module's).
import type { Kysely } from 'kysely';
import type { HospitalAlertKind } from '@auto-claim/contract/ops';
import { own, type Handed } from '../../db/handle.js';

export interface HospitalsTables {
  hospitalContact: HospitalContactTable;
  hospitalAlert: HospitalAlertTable;
}

export type HospitalsDb = Kysely<HospitalsTables>;
export const hospitalsDb = (from: Handed): HospitalsDb => own<HospitalsTables>(from);

/** Where a hospital's feed alerts go: a mobile number, encrypted (docs/security.md). */
export interface HospitalContactTable {
  hospitalCd: string;
  phoneEnc: string;
  updatedAt: Date;
}

/** An alert sent: one a day for each kind (its key). */
export interface HospitalAlertTable {
  hospitalCd: string;
  /** YYYYMMDD, Korean. */
  day: string;
  kind: HospitalAlertKind;
  sentAt: Date;
}
