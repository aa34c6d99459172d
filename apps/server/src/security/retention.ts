// How long sessions and link tokens are kept (docs/operations.md, "Retention"): an expired one opens nothing (a
// missing row answers as an expired one does, sessions.ts and linkToken.ts), so a day past its expiry it goes, with
// the encrypted person a session carries (개인정보 보호법 제21조).
import { sql } from 'kysely';
import type { Handle } from '../db/handle.js';
import { purgeInBatches, type PurgeOptions } from '../db/purge.js';
import { securityDb } from './tables.js';

export const EXPIRED_KEEP_DAYS = 1;

export async function purgeExpiredSessions(handle: Handle, now: Date, opts?: PurgeOptions) {
  const cutoff = new Date(now.getTime() - EXPIRED_KEEP_DAYS * 86_400_000);
  const sessions = await purgeInBatches(securityDb(handle), 'authSession', sql`expires_at < ${cutoff}`, opts);
  const links = await purgeInBatches(securityDb(handle), 'linkToken', sql`expires_at < ${cutoff}`, opts);
  return { sessions: sessions.deleted, linkTokens: links.deleted };
}

export const sessionRetentionJobs = (ctx: { db: Handle; clock: { now(): Date } }) => ({
  async everyMinute() {
    await purgeExpiredSessions(ctx.db, ctx.clock.now());
  },
});
