// Terms: every version of every term, and each agreement to one (the evidence): the tables the terms module owns
// (docs/architecture.md, table ownership), in camelCase (CamelCasePlugin maps them to snake_case). db/schema.ts
// composes every owner's; the code here uses TermsDb.
import type { Generated, Kysely, Selectable } from 'kysely';
import { own, type Handed } from '../../db/handle.js';

export interface TermsTables {
  terms: TermsTable;
  termsAgreement: TermsAgreementTable;
}

/** The handle terms code queries with (a transaction of it too): another owner's table does not compile. */
export type TermsDb = Kysely<TermsTables>;

/** The terms code's view of the context's connection (or of a handle handed over): its own tables only. */
export const termsDb = (from: Handed): TermsDb => own<TermsTables>(from);

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

/** One agreement to a term's version: by the verified person (CI hash), or with the SMS request it was sent for. */
export interface TermsAgreementTable {
  id: Generated<number>;
  termsId: string;
  version: string;
  ciHmac: string | null;
  smsRequestSeq: string | null;
  ipHmac: string;
  agreedAt: Date;
}

export type TermsRow = Selectable<TermsTable>;
