// How long the access log and the operators' record are kept (docs/operations.md, "Retention"): three years, then
// deleted in batches by the minute tick. The law's floor is two years for a processor of 민감정보 or of 5만+ people
// (개인정보의 안전성 확보조치 기준 제8조), which the database itself enforces (migration 0033); the third year keeps who
// received a claim's records for as long as the claim can still be disputed (상법 제662조: 3 years).
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Handle } from '../../db/handle.js';
import { purgeInBatches, type PurgeOptions } from '../../db/purge.js';
import { auditDb } from './tables.js';
import type { JobModule } from '../../jobs/runtime.js';

export const AUDIT_KEEP_DAYS = 3 * 365 + 1;

/** Deletes the access log's and the operators' rows older than AUDIT_KEEP_DAYS; answers how many went from each. */
export async function purgeAuditLogs(handle: Handle, now: Date, opts?: PurgeOptions) {
  const cutoff = new Date(now.getTime() - AUDIT_KEEP_DAYS * 86_400_000);
  const access = await purgeInBatches(auditDb(handle), 'accessLog', sql`at < ${cutoff}`, opts);
  const operator = await purgeInBatches(auditDb(handle), 'operatorAction', sql`at < ${cutoff}`, opts);
  return { accessLog: access.deleted, operatorAction: operator.deleted };
}

export const auditJobs = (ctx: AppContext): JobModule => ({
  async everyMinute() {
    await purgeAuditLogs(ctx.db, ctx.clock.now());
  },
});
