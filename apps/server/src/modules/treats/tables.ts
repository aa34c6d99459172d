// The patient's side of the claim engine: insurers' requests for an ID copy and the answers: the tables the treats
// module owns (docs/architecture.md, table ownership), in camelCase (CamelCasePlugin maps them to snake_case).
// db/schema.ts composes every owner's; the code here uses TreatsDb.
import type { IdcardType } from '@auto-claim/contract';
import type { Generated, Kysely } from 'kysely';
import { own, type Handed } from '../../db/handle.js';

export interface TreatsTables {
  idCardSubmission: IdCardSubmissionTable;
  idCardRequest: IdCardRequestTable;
}

/** The handle treats code queries with (a transaction of it too): another owner's table does not compile. */
export type TreatsDb = Kysely<TreatsTables>;

/** The treats code's view of the context's connection (or of a handle handed over): its own tables only. */
export const treatsDb = (from: Handed): TreatsDb => own<TreatsTables>(from);

export interface IdCardSubmissionTable {
  id: Generated<number>;
  ciHmac: string;
  idcardType: IdcardType;
  /** The re-encoded image as a data URL, encrypted: rows written before migration 0032, until the move empties it. */
  imageEnc: string | null;
  /** The re-encoded image's bytes in the blob store (ADR 0006), their SHA-256 and the key that sealed its data key. */
  imageBlobId: Generated<string | null>;
  imageKeyId: Generated<string | null>;
  imageSha256: string;
  imageBytes: number;
  width: number;
  height: number;
  /** Encrypted JSON of the type's fields (spec §3). */
  fieldsEnc: string;
  submittedAt: Date;
}

export interface IdCardRequestTable {
  id: Generated<number>;
  ciHmac: string;
  insuCompCd: string;
  claimId: number | null;
  reason: string;
  requestedAt: Date;
  submissionId: number | null;
  submittedAt: Date | null;
}
