// Guardians: the tables the guardians module owns (docs/architecture.md, table ownership).
import type { RELATION_DOCUMENT_CONTENT_TYPES, RelationDocType, RelationDocumentStatus } from '@auto-claim/contract';
import type { Generated, Kysely } from 'kysely';
import { own, type Handed } from '../../db/handle.js';

export interface GuardiansTables {
  relationDocument: RelationDocumentTable;
  relationUploadDayCount: RelationUploadDayCountTable;
}

/** The handle guardians code queries with. */
export type GuardiansDb = Kysely<GuardiansTables>;

/** The guardians code's view of the context's connection (or of a handle handed over): its own tables only. */
export const guardiansDb = (from: Handed): GuardiansDb => own<GuardiansTables>(from);

/** A 가족관계증명서 or 주민등록등본 a guardian uploaded for a child (migration 0043). */
export interface RelationDocumentTable {
  id: Generated<number>;
  insuApplyId: string;
  docType: RelationDocType;
  /** YYYYMMDD, as the guardian read it on the document. */
  issueDate: string;
  contentType: (typeof RELATION_DOCUMENT_CONTENT_TYPES)[number];
  fileBytes: number;
  /** The file in the blob store: its id, SHA-256 and the field key id that sealed its data key. */
  fileBlobId: string | null;
  fileSha256: string | null;
  fileKeyId: string | null;
  status: Generated<RelationDocumentStatus>;
  refuseReasonEnc: string | null;
  decidedBy: string | null;
  decidedAt: Date | null;
  submittedAt: Date;
}

/** How many relation documents a guardian sent on a Korean day, refused ones included (migration 0050). */
export interface RelationUploadDayCountTable {
  guardianCiHmac: string;
  /** YYYYMMDD, Korea's day. */
  day: string;
  n: number;
}
