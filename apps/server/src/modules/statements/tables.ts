// The monthly statement (README "The monthly statement"): the table the statements module owns (docs/architecture.md,
// table ownership), in camelCase (CamelCasePlugin maps it to snake_case). db/schema.ts composes every owner's.
import type { Kysely } from 'kysely';
import type { NOTICE_CHANNELS } from '@auto-claim/contract';
import { own, type Handed } from '../../db/handle.js';

export interface StatementsTables {
  monthlyStatement: MonthlyStatementTable;
}

/** The handle statements code queries with (a transaction of it too): another owner's table does not compile. */
export type StatementsDb = Kysely<StatementsTables>;

/** The statements module's view of the context's connection (or of a handle handed over): its own tables only. */
export const statementsDb = (from: Handed): StatementsDb => own<StatementsTables>(from);

/**
 * A month's statement sent to one subscription (migration 0063): written in the transaction that sends it, its key
 * (insu_apply_id, month) the guard that it goes at most once. channel: how it went ('none': she could not be reached).
 */
export interface MonthlyStatementTable {
  insuApplyId: string;
  /** YYYY-MM, the Korean calendar's. */
  month: string;
  sentAt: Date;
  channel: (typeof NOTICE_CHANNELS)[number];
}
