// Operator accounts, their second factor and sign-in guard: the tables the operators module owns (docs/architecture.md,
// table ownership), in camelCase (CamelCasePlugin maps them to snake_case). db/schema.ts composes every owner's; the
// code here uses OperatorsDb.
import type { ACCOUNT_CHANGE_ROW_KINDS, OPERATOR_ROLES } from '@auto-claim/contract';
import type { ACCOUNT_CHANGE_STATUS } from '@auto-claim/contract/ops';
import type { Generated, Kysely } from 'kysely';
import { own, type Handed } from '../../db/handle.js';

export interface OperatorsTables {
  operator: OperatorTable;
  operatorSignInGuard: OperatorSignInGuardTable;
  operatorLockout: OperatorLockoutTable;
  operatorKnownAddress: OperatorKnownAddressTable;
  operatorRecoveryCode: OperatorRecoveryCodeTable;
  operatorAccountChange: OperatorAccountChangeTable;
}

/** A console change of an operator account; those of admins wait for a second admin and a hold (account-changes.ts). */
export interface OperatorAccountChangeTable {
  id: Generated<string>;
  kind: (typeof ACCOUNT_CHANGE_ROW_KINDS)[number];
  targetLoginId: string;
  role: OperatorRole | null;
  passwordHash: string | null;
  requestedBy: string;
  requestedAt: Date;
  needsApproval: boolean;
  status: (typeof ACCOUNT_CHANGE_STATUS)[number];
  expiresAt: Date | null;
  decidedBy: string | null;
  decidedAt: Date | null;
  effectiveAt: Date | null;
  appliedAt: Date | null;
}

/** The handle operators code queries with (a transaction of it too): another owner's table does not compile. */
export type OperatorsDb = Kysely<OperatorsTables>;

/** The operators code's view of the context's connection (or of a handle handed over): its own tables only. */
export const operatorsDb = (from: Handed): OperatorsDb => own<OperatorsTables>(from);

export type OperatorRole = (typeof OPERATOR_ROLES)[number];

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
  /**
   * A password an admin issued through the console (a new account): the console answers nothing but its change until
   * the operator sets her own (security/operator-session.ts).
   */
  mustChangePassword: Generated<boolean>;
  /** A hospital user's hospital (role `hospital`, and only then: a CHECK holds it): the one hospital she sees. */
  hospitalCd: string | null;
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
