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
  sandboxOutbox: SandboxOutboxTable;
}

export type HospitalRow = Selectable<HospitalTable>;
export type TermsRow = Selectable<TermsTable>;

export interface SubscriptionTable {
  insuApplyId: string;
  ciHmac: string;
  ciEnc: string;
  status: 'subscribe' | 'cancel';
  prcMode: 'inner' | 'outer';
  personEnc: string;
  insuCompCd: string;
  bankCd: string | null;
  bankAccountEnc: string | null;
  bankAccountLast4: string | null;
  minAmt: number | null;
  retroMonth: number | null;
  jobCd: string | null;
  contractStartDate: string | null;
  contractEndDate: string | null;
  createdAt: Generated<Date>;
  updatedAt: Generated<Date>;
  cancelledAt: Date | null;
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
}

export interface SmsVerificationTable {
  smsRequestSeq: string;
  smsResponseSeq: string;
  codeHash: string;
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

export interface OperatorTable {
  loginId: string;
  passwordHash: string;
  createdAt: Generated<Date>;
}

export interface SandboxOutboxTable {
  id: Generated<number>;
  channel: string;
  to: string;
  body: string;
  createdAt: Date;
}
