// The enrolment funnel: counts only: the tables the funnel module owns (docs/architecture.md, table ownership), in
// camelCase (CamelCasePlugin maps them to snake_case). db/schema.ts composes every owner's; the code here uses
// FunnelDb.
import type { Kysely } from 'kysely';
import { own, type Handed } from '../../db/handle.js';

export interface FunnelTables {
  funnelDay: FunnelDayTable;
  funnelVisitStep: FunnelVisitStepTable;
  funnelStepDay: FunnelStepDayTable;
}

/** The handle funnel code queries with (a transaction of it too): another owner's table does not compile. */
export type FunnelDb = Kysely<FunnelTables>;

/** The funnel code's view of the context's connection (or of a handle handed over): its own tables only. */
export const funnelDb = (from: Handed): FunnelDb => own<FunnelTables>(from);

/** The enrolment funnel: visits per Korean day (YYYYMMDD), hospital and wizard step; counts only. */
export interface FunnelDayTable {
  day: string;
  hospitalCd: string;
  step: string;
  visits: number;
}

/** That a visit (a random per-tab id) was counted at a step on a day: kept until the next day ends. */
export interface FunnelVisitStepTable {
  day: string;
  visitId: string;
  step: string;
}

/** funnel_day over every hospital (migration 0035), kept in the same statement as it (repo.ts, countView; 0044). */
export interface FunnelStepDayTable {
  day: string;
  step: string;
  visits: number;
}
