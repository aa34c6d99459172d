// The patient's side of the claim engine: insurers' requests for an ID copy and the answers: the tables the treats
// module owns (docs/architecture.md, table ownership), in camelCase (CamelCasePlugin maps them to snake_case).
// db/schema.ts composes every owner's; the code here uses TreatsDb.
import type { Generated, Kysely } from 'kysely';

export interface TreatsTables {
  idCardSubmission: IdCardSubmissionTable;
  idCardRequest: IdCardRequestTable;
}

/** The handle treats code queries with (a transaction of it too): another owner's table does not compile. */
export type TreatsDb = Kysely<TreatsTables>;

export interface IdCardSubmissionTable {
  id: Generated<number>;
  ciHmac: string;
  idcardType: 'ic' | 'dl' | 'pp';
  /** The re-encoded image as a data URL, encrypted. */
  imageEnc: string;
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
