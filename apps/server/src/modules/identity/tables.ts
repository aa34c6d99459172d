// Patient identity verification by SMS: the tables the identity module owns
// (docs/architecture.md, table ownership), in camelCase (CamelCasePlugin maps them to snake_case). db/schema.ts composes
// every owner's; the code here uses IdentityDb.
import type { Generated, Kysely } from 'kysely';
import { own, type Handed } from '../../db/handle.js';

export interface IdentityTables {
  smsVerification: SmsVerificationTable;
}

/** The handle identity code queries with (a transaction of it too): another owner's table does not compile. */
export type IdentityDb = Kysely<IdentityTables>;

/** The identity code's view of the context's connection (or of a handle handed over): its own tables only. */
export const identityDb = (from: Handed): IdentityDb => own<IdentityTables>(from);

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
