// The jobs runtime of this app (docs/architecture.md, "Jobs"): every module's queues, workers and share of the minute
// tick, in one list. A new job goes in its module's registration (its index.ts exports it), and the module goes here.
// Key rotation (security/rekey.ts), the modules' retention purges and the blob store's orphan sweep (blob-sweep.ts)
// are the work that walks tables across modules; security/rate-limit.ts drops the shared rate-limit windows that ended, security/photo-days.ts the
// week-old ID photo counts.
import type { AppContext } from '../context.js';
import { auditJobs } from '../modules/audit/index.js';
import { claimJobs } from '../modules/claims/index.js';
import { docrequestJobs } from '../modules/docrequests/index.js';
import { funnelJobs } from '../modules/funnel/index.js';
import { guardianJobs } from '../modules/guardians/index.js';
import { hospitalJobs } from '../modules/hospitals/index.js';
import { identityJobs } from '../modules/identity/index.js';
import { operatorJobs } from '../modules/operators/index.js';
import { statementJobs } from '../modules/statements/index.js';
import { subscriptionJobs, subscriptionPurgeJobs } from '../modules/subscriptions/index.js';
import { treatJobs } from '../modules/treats/index.js';
import { idPhotoCountJobs } from '../security/photo-days.js';
import { rateLimitJobs } from '../security/rate-limit.js';
import { keyRotationJobs } from '../security/rekey.js';
import { sessionRetentionJobs } from '../security/retention.js';
import { blobSweepJobs } from './blob-sweep.js';
import { createJobRuntime, type JobRuntime } from './runtime.js';

export { TICK_QUEUE, type JobModule, type JobRuntime } from './runtime.js';

/** The minute runs in this order: documents first (a claim's package needs them), then the engine, then purges. */
export function createJobs(ctx: AppContext): JobRuntime {
  return createJobRuntime(ctx, [
    subscriptionJobs(ctx),
    claimJobs(ctx),
    subscriptionPurgeJobs(ctx),
    treatJobs(ctx),
    guardianJobs(ctx),
    funnelJobs(ctx),
    auditJobs(ctx),
    identityJobs(ctx),
    operatorJobs(ctx),
    hospitalJobs(ctx),
    docrequestJobs(ctx),
    statementJobs(ctx),
    sessionRetentionJobs(ctx),
    keyRotationJobs(ctx),
    rateLimitJobs(ctx),
    idPhotoCountJobs(ctx),
    blobSweepJobs(ctx),
  ]);
}
