// Papers insurers ask of hospitals (README "Documents an insurer asks for"): the table the docrequests module owns
// (docs/architecture.md, table ownership; migration 0064).
import type { Generated, Kysely } from 'kysely';
import type { DocumentRequestState, HospitalDocument } from '@auto-claim/contract';
import { own, type Handed } from '../../db/handle.js';

export interface DocrequestsTables {
  documentRequest: DocumentRequestTable;
}

export type DocrequestsDb = Kysely<DocrequestsTables>;
export const docrequestsDb = (from: Handed): DocrequestsDb => own<DocrequestsTables>(from);

/** One paper asked of a hospital about one claim: asked → the hospital's PDF received → delivered to the insurer. */
export interface DocumentRequestTable {
  id: Generated<number>;
  claimId: number;
  recordId: number;
  hospitalCd: string;
  insuCompCd: string;
  /** What the hospital finds the visit by in its EMR: its receipt number and the visit's date (YYYYMMDD). */
  receiptNo: string;
  visitDate: string;
  /** The patient's name as the hospital sent it, masked (홍*동): the hospital user's screen shows no more. */
  patientMasked: string;
  documentKind: HospitalDocument;
  state: Generated<DocumentRequestState>;
  askedAt: Date;
  receivedAt: Date | null;
  /** Who answered: `key:<id>` (the hospital's EMR) or `user:<loginId>` (its user in the console). */
  receivedBy: string | null;
  deliveredAt: Date | null;
  /** The patient was told (the hospital did not answer in DOCUMENT_REQUEST_PATIENT_DAYS, or cannot be asked). */
  patientToldAt: Date | null;
  /** The PDF in the blob store (ADR 0006): its id, SHA-256, the field key that sealed its data key, its size. */
  fileBlobId: string | null;
  fileSha256: string | null;
  fileKeyId: string | null;
  fileBytes: number | null;
  deliveryAttempts: Generated<number>;
  /** When the next delivery attempt is due; null once delivered, or after the last attempt failed. */
  nextAttemptAt: Date | null;
  lastError: string | null;
  externalRef: string | null;
}
