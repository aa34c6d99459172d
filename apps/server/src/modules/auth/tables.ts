// SMS identity verification, terms agreements and operators: the tables the auth module owns (docs/architecture.md,
// table ownership), in camelCase (CamelCasePlugin maps them to snake_case). db/schema.ts composes every owner's; the
// code here uses AuthDb.
import type { Generated, Kysely } from 'kysely';

export interface AuthTables {
  smsVerification: SmsVerificationTable;
  termsAgreement: TermsAgreementTable;
  operator: OperatorTable;
  operatorSignInGuard: OperatorSignInGuardTable;
  operatorLockout: OperatorLockoutTable;
  operatorKnownAddress: OperatorKnownAddressTable;
  operatorRecoveryCode: OperatorRecoveryCodeTable;
}

/** The handle auth code queries with (a transaction of it too): another owner's table does not compile. */
export type AuthDb = Kysely<AuthTables>;

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
