// The reference data: the tables the reference module owns (docs/architecture.md, table ownership), in camelCase
// (CamelCasePlugin maps them to snake_case). db/schema.ts composes every owner's; the code here uses ReferenceDb.
import type { DeliveryChannel, DESTINATION_DECISIONS, INSURER_KINDS } from '@auto-claim/contract';
import type { Generated, Kysely, Selectable } from 'kysely';
import { own, type Handed } from '../../db/handle.js';

export interface ReferenceTables {
  telecom: TelecomTable;
  bank: BankTable;
  insurer: InsurerTable;
  insurerFax: InsurerFaxTable;
  uiControl: UiControlTable;
  insurerDestinationChange: InsurerDestinationChangeTable;
  jobCode: JobCodeTable;
  hospital: HospitalTable;
}

/** The handle reference code queries with (a transaction of it too): another owner's table does not compile. */
export type ReferenceDb = Kysely<ReferenceTables>;

/** The reference code's view of the context's connection (or of a handle handed over): its own tables only. */
export const referenceDb = (from: Handed): ReferenceDb => own<ReferenceTables>(from);

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
  insuKind: (typeof INSURER_KINDS)[number];
  callCenter: string | null;
  homepage: string | null;
  brandColor: string;
  sortOrder: number;
  active: Generated<boolean>;
  /** How claims reach it, as set in the console (which wins); null: as the environment decides. */
  deliveryChannel: Generated<DeliveryChannel | null>;
  /** Its claim API's base URL; null: INSURER_<code>_API_URL. */
  apiUrl: Generated<string | null>;
}

/** A change of where an insurer's claims go, waiting for a second admin (docs/security.md). */
export interface InsurerDestinationChangeTable {
  id: Generated<string>;
  insuCompCd: string;
  deliveryChannel: DeliveryChannel;
  apiUrl: string | null;
  faxNo: string | null;
  fields: string[];
  requestedBy: string;
  requestedAt: Date;
  expiresAt: Date;
  decision: (typeof DESTINATION_DECISIONS)[number] | null;
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

export type HospitalRow = Selectable<HospitalTable>;
