// How long an SMS verification is kept (docs/operations.md, "Retention"): its encrypted person and keyed hashes serve
// the daily caps and the addresses a person completed a verification from (TRUSTED_ADDRESS_DAYS, service.ts); a day
// past that they serve nothing, and go (개인정보 보호법 제21조: destroyed once their purpose is met).
import { sql } from 'kysely';
import type { Handle } from '../../db/handle.js';
import { purgeInBatches, type PurgeOptions } from '../../db/purge.js';
import { identityDb } from './tables.js';
import type { JobModule } from '../../jobs/runtime.js';
import { TRUSTED_ADDRESS_DAYS } from './service.js';

export const SMS_VERIFICATION_KEEP_DAYS = TRUSTED_ADDRESS_DAYS + 1;

export async function purgeSmsVerifications(handle: Handle, now: Date, opts?: PurgeOptions) {
  const cutoff = new Date(now.getTime() - SMS_VERIFICATION_KEEP_DAYS * 86_400_000);
  return (await purgeInBatches(identityDb(handle), 'smsVerification', sql`created_at < ${cutoff}`, opts)).deleted;
}

export const identityJobs = (ctx: { db: Handle; clock: { now(): Date } }): JobModule => ({
  async everyMinute() {
    await purgeSmsVerifications(ctx.db, ctx.clock.now());
  },
});
