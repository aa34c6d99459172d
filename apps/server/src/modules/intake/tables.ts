// The FHIR intake (fhir/ig/README.md): the tables the intake module owns (docs/architecture.md, table ownership).
import type { Generated, Kysely } from 'kysely';
import { own, type Handed } from '../../db/handle.js';
import type { BundleKind, VisitRevisionKind } from '@auto-claim/contract';

export interface IntakeTables {
  fhirBundle: FhirBundleTable;
  fhirRefusal: FhirRefusalTable;
  visitLine: VisitLineTable;
  visitRevision: VisitRevisionTable;
  hospitalSigningKey: HospitalSigningKeyTable;
}

/** The handle intake code queries with: another owner's table does not compile. */
export type IntakeDb = Kysely<IntakeTables>;

/** The intake code's view of the context's connection (or of a handle handed over): its own tables only. */
export const intakeDb = (from: Handed): IntakeDb => own<IntakeTables>(from);

/** A bundle a hospital sent and we kept: one per (hospital, receipt number), and the treatment record it became. */
export interface FhirBundleTable {
  id: Generated<number>;
  hospitalCd: string;
  receiptNo: string;
  /** SHA-256 of the visit as read from the bundle (record and lines): the same again is a resend. */
  contentHash: string;
  /** The claims module's treatment record (no foreign key: another owner's row, purged on its own terms). */
  recordId: number;
  kind: BundleKind;
  /** The patient's 등록번호 at the hospital, encrypted (docs/security.md). */
  patientNoEnc: string;
  receivedAt: Date;
}

/** A refused bundle, for the hospital's view: what was wrong, as codes and FHIRPath only (no values, no person). */
export interface FhirRefusalTable {
  id: Generated<number>;
  hospitalCd: string;
  at: Date;
  status: number;
  receiptNo: string | null;
  issues: { code: string; rule: string; expression: string }[];
}

/** One 세부산정내역 line, compact: numbers fixed-width, the code system one byte, the count in thousandths. */
export interface VisitLineTable {
  recordId: number;
  seq: number;
  /** The line's date (일자). */
  day: string;
  unitPrice: number;
  total: number;
  copay: number;
  insurer: number;
  fullCopay: number;
  uncovered: number;
  countMilli: number;
  days: number;
  /** p procedure, m medication, t material (HIRA EDI). */
  codeSystem: string;
  code: string;
  category: string;
  name: string;
}

/** A corrected or cancelled receipt's effect on a visit, and how many of its claims had already gone. */
export interface VisitRevisionTable {
  id: Generated<number>;
  recordId: number;
  kind: VisitRevisionKind;
  receiptNo: string;
  sentClaims: number;
  at: Date;
}

/** A hospital's Ed25519 public key for signing its bundles (fhir/ig/README.md, "Signing"): not personal data. */
export interface HospitalSigningKeyTable {
  id: Generated<number>;
  hospitalCd: string;
  /** RFC 7638 thumbprint of the key: the JWS header's `kid`. */
  kid: string;
  publicJwk: { kty: 'OKP'; crv: 'Ed25519'; x: string };
  createdAt: Date;
  /** The hospital user's login id. */
  createdBy: string;
  revokedAt: Date | null;
  revokedBy: string | null;
}
