// The one Database type, composed of every owner's tables (docs/architecture.md, table ownership): each module, the
// security layer and the sandbox outbox declare theirs in their own tables.ts. The whole Database is for the wiring
// and the cross-cutting walkers db/cross-cutting.ts names; everyone else queries with their own handle.
import type { AccountsTables } from '../modules/accounts/tables.js';
import type { AuditTables } from '../modules/audit/tables.js';
import type { ClaimsTables } from '../modules/claims/tables.js';
import type { DocrequestsTables } from '../modules/docrequests/tables.js';
import type { FunnelTables } from '../modules/funnel/tables.js';
import type { GuardiansTables } from '../modules/guardians/tables.js';
import type { HospitalsTables } from '../modules/hospitals/tables.js';
import type { IdentityTables } from '../modules/identity/tables.js';
import type { IntakeTables } from '../modules/intake/tables.js';
import type { OperatorsTables } from '../modules/operators/tables.js';
import type { PayoutTables } from '../modules/payout/tables.js';
import type { ReferenceTables } from '../modules/reference/tables.js';
import type { SubscriptionsTables } from '../modules/subscriptions/tables.js';
import type { StatementsTables } from '../modules/statements/tables.js';
import type { TermsTables } from '../modules/terms/tables.js';
import type { TreatsTables } from '../modules/treats/tables.js';
import type { ProvidersTables } from '../providers/tables.js';
import type { SecurityTables } from '../security/tables.js';

export interface Database
  extends
    ReferenceTables,
    TermsTables,
    SubscriptionsTables,
    IdentityTables,
    OperatorsTables,
    SecurityTables,
    ProvidersTables,
    ClaimsTables,
    TreatsTables,
    AuditTables,
    AccountsTables,
    FunnelTables,
    GuardiansTables,
    IntakeTables,
    HospitalsTables,
    PayoutTables,
    DocrequestsTables,
    StatementsTables {}

// Row types, where code outside their owner names them.
export type * from '../modules/accounts/tables.js';
export type * from '../modules/audit/tables.js';
export type * from '../modules/claims/tables.js';
export type * from '../modules/docrequests/tables.js';
export type * from '../modules/funnel/tables.js';
export type * from '../modules/guardians/tables.js';
export type * from '../modules/hospitals/tables.js';
export type * from '../modules/identity/tables.js';
export type * from '../modules/intake/tables.js';
export type * from '../modules/operators/tables.js';
export type * from '../modules/payout/tables.js';
export type * from '../modules/reference/tables.js';
export type * from '../modules/subscriptions/tables.js';
export type * from '../modules/terms/tables.js';
export type * from '../modules/treats/tables.js';
export type * from '../providers/tables.js';
export type * from '../security/tables.js';
