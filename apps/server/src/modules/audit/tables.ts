// The access log and the operators' own record: the tables the audit module owns (docs/architecture.md, table
// ownership), in camelCase (CamelCasePlugin maps them to snake_case). db/schema.ts composes every owner's; the code
// here uses AuditDb.
import type { Generated, Kysely } from 'kysely';
import { own, type Handed } from '../../db/handle.js';

export interface AuditTables {
  accessLog: AccessLogTable;
  operatorAction: OperatorActionTable;
}

/** The handle audit code queries with (a transaction of it too): another owner's table does not compile. */
export type AuditDb = Kysely<AuditTables>;

/** The audit code's view of the context's connection (or of a handle handed over): its own tables only. */
export const auditDb = (from: Handed): AuditDb => own<AuditTables>(from);

export interface OperatorActionTable {
  id: Generated<string>;
  at: Date;
  loginId: string;
  ipEnc: string;
  action: string;
  ciHmac: string | null;
  recordId: string | number | null;
  claimId: string | number | null;
  target: string | null;
  reason: string | null;
  detail: string | null;
}

/** Append-only (a trigger refuses update, delete and truncate). */
export interface AccessLogTable {
  id: Generated<number>;
  ciHmac: string;
  action: string;
  actor: string;
  recordId: number | null;
  claimId: number | null;
  detail: string | null;
  at: Date;
}
